import type { Delivery } from '../core/ports/delivery.js';

/**
 * Maps a surface id to its {@link Delivery} (one per surface). The poller asks it for the delivery of each job's
 * address (`address.surface`); a job whose surface has no delivery registered (that surface is not running in
 * this process) is retried later rather than failed, so it is delivered once that surface is back.
 */
export class DeliveryRouter {
  private readonly bySurface = new Map<string, Delivery>();

  /** Registers (or replaces) the delivery of `d.surface`. */
  register(d: Delivery): void {
    this.bySurface.set(d.surface, d);
  }

  /** The delivery of `surface`, or undefined when none is registered in this process. */
  for(surface: string): Delivery | undefined {
    return this.bySurface.get(surface);
  }
}
