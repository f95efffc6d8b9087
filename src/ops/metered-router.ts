import { DeliveryError, type Delivery } from '../core/api.js';
import { DeliveryRouter } from '../jobs/delivery-router.js';
import type { BotMetrics } from './metrics.js';

/**
 * Wraps a {@link Delivery} so each `deliverVideo` is counted (`mediabot_deliveries_total` by platform and outcome)
 * and an attempt for a job whose previous attempt failed in this process counts as a retry.
 */
export function meteredDelivery(d: Delivery, metrics: Pick<BotMetrics, 'deliveries' | 'deliveryRetries'>): Delivery {
  const failedBefore = new Set<string>();
  const platform = d.platform;
  return {
    platform,
    progress: (t, job) => d.progress(t, job),
    notifyFailure: (t, job, f) => d.notifyFailure(t, job, f),
    uploadLimitBytes: (t) => d.uploadLimitBytes(t),
    async deliverVideo(t, job, file) {
      if (failedBefore.has(job.id)) metrics.deliveryRetries.inc({ platform });
      try {
        const r = await d.deliverVideo(t, job, file);
        failedBefore.delete(job.id);
        metrics.deliveries.inc({ platform, outcome: 'ok' });
        return r;
      } catch (e) {
        failedBefore.add(job.id);
        metrics.deliveries.inc({ platform, outcome: e instanceof DeliveryError ? e.kind : 'transient' });
        throw e;
      }
    },
  };
}

/** A {@link DeliveryRouter} whose registered deliveries are all {@link meteredDelivery metered}. */
export class MeteredDeliveryRouter extends DeliveryRouter {
  constructor(private readonly metrics: Pick<BotMetrics, 'deliveries' | 'deliveryRetries'>) {
    super();
  }

  override register(d: Delivery): void {
    super.register(meteredDelivery(d, this.metrics));
  }
}
