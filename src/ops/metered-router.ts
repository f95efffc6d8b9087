import { DeliveryError, type Delivery } from '../core/ports/delivery.js';
import { DeliveryRouter } from '../jobs/delivery-router.js';
import type { BotMetrics } from './metrics.js';

/**
 * Wraps a {@link Delivery} so each post of a result (a video, a kept image/edit/ask result; not a failure notice) is
 * counted (`mediabot_deliveries_total` by surface and outcome) and an attempt for a job whose previous attempt failed in
 * this process counts as a retry. Everything else, `accepts` included (when the delivery has it), passes through unchanged.
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
    ...(d.commandHint ? { commandHint: (c: string, s?: string) => d.commandHint!(c, s) } : {}),
    ...(d.readerIsAdmin !== undefined ? { readerIsAdmin: d.readerIsAdmin } : {}),
    progress: (address, job) => d.progress(address, job),
    uploadLimitBytes: (address) => d.uploadLimitBytes(address),
    ...(d.accepts ? { accepts: (address: Parameters<NonNullable<Delivery['accepts']>>[0]) => d.accepts!(address) } : {}),
    post: (address, reply) => (reply.tone === 'error' ? d.post(address, reply) : counted(reply.jobId ?? '', () => d.post(address, reply))),
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
