import { DeliveryError, type Delivery } from '../core/api.js';
import { DeliveryRouter } from '../jobs/delivery-router.js';
import type { BotMetrics } from './metrics.js';

/**
 * Wraps a {@link Delivery} so each `deliverVideo` and each `deliver` of a kept image/edit/ask result is counted
 * (`mediabot_deliveries_total` by surface and outcome) and an attempt for a job whose previous attempt failed in this
 * process counts as a retry. Everything else, `accepts` included (when the delivery has it), passes through unchanged.
 */
export function meteredDelivery(d: Delivery, metrics: Pick<BotMetrics, 'deliveries' | 'deliveryRetries'>): Delivery {
  const failedBefore = new Set<string>();
  const surface = d.surface;
  async function counted<T>(jobId: string, attempt: () => Promise<T>): Promise<T> {
    if (failedBefore.has(jobId)) metrics.deliveryRetries.inc({ surface });
    try {
      const r = await attempt();
      failedBefore.delete(jobId);
      metrics.deliveries.inc({ surface, outcome: 'ok' });
      return r;
    } catch (e) {
      failedBefore.add(jobId);
      metrics.deliveries.inc({ surface, outcome: e instanceof DeliveryError ? e.kind : 'transient' });
      throw e;
    }
  }
  return {
    surface,
    progress: (address, job) => d.progress(address, job),
    notifyFailure: (address, job, f) => d.notifyFailure(address, job, f),
    uploadLimitBytes: (address) => d.uploadLimitBytes(address),
    ...(d.accepts ? { accepts: (address: Parameters<NonNullable<Delivery['accepts']>>[0]) => d.accepts!(address) } : {}),
    deliverVideo: (address, job, file) => counted(job.id, () => d.deliverVideo(address, job, file)),
    deliver: (address, job, result) => counted(job.id, () => d.deliver(address, job, result)),
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
