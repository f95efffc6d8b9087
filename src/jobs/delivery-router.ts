import type { Delivery, Platform } from '../core/api.js';

/**
 * Maps a platform to its {@link Delivery} (one per platform). The poller asks it for the delivery of each
 * job's target; a job whose platform has no delivery registered (that adapter is not running in this
 * process) is retried later rather than failed, so it is delivered once that adapter is back.
 */
export class DeliveryRouter {
  private readonly byPlatform = new Map<Platform, Delivery>();

  /** Registers (or replaces) the delivery of `d.platform`. */
  register(d: Delivery): void {
    this.byPlatform.set(d.platform, d);
  }

  for(platform: Platform): Delivery | undefined {
    return this.byPlatform.get(platform);
  }
}
