import type { Coordination } from '../../core/ports/coordination.js';
import type { Logger } from '../../log.js';

/** Options of {@link PollingLeader}. */
export interface PollingLeaderOptions {
  coordination: Coordination;
  /** Starts long polling; resolves once it runs (grammY's `onStart`), rejects when it could not start. */
  startPolling: () => Promise<void>;
  /** Resolves when the polling started last stopped by itself (an error such as 409 Conflict) or was stopped. */
  pollingEnded: () => Promise<void>;
  /** Stops long polling (grammY's `bot.stop()`: confirms the updates handled so far). */
  stopPolling: () => Promise<void>;
  logger: Logger;
  /** This process in the lease; default `<pid>:<random>`. */
  owner?: string;
  /** Lease name; default `polling` (the Telegram surface scopes it to the bot). */
  name?: string;
  /** Life of the lease, ms; default 10 000. Another process takes over at most this long after this one died. */
  leaseMs?: number;
  /** How often the lease is renewed (or, by a standby process, tried), ms; default 3 000. */
  renewMs?: number;
}

/**
 * Long polling by exactly one process: `getUpdates` is called only by the holder of a lease in the coordination
 * port (Redis when shared). The holder renews it every `renewMs`; a standby process tries to take it at the same
 * pace, so when the holder dies another one polls within `leaseMs` + `renewMs`. A holder that loses the lease, or
 * cannot confirm it before it would expire (Redis unreachable), stops polling at once; Telegram keeps the updates
 * it did not confirm, and the next holder receives them (the once-only claim on `update_id` keeps them from being
 * handled twice). With in-memory coordination the lease is always this process's, as before.
 */
export class PollingLeader {
  private readonly name: string;
  private readonly owner: string;
  private readonly leaseMs: number;
  private readonly renewMs: number;
  private timer: NodeJS.Timeout | undefined;
  private polling = false;
  /** Until when the lease is known to be ours (clock of this process, measured from before the renewal call). */
  private heldUntil = 0;
  private stopped = false;
  private busy: Promise<void> = Promise.resolve();

  constructor(private readonly opts: PollingLeaderOptions) {
    this.name = opts.name ?? 'polling';
    this.owner = opts.owner ?? `${process.pid}:${Math.random().toString(36).slice(2, 10)}`;
    this.leaseMs = opts.leaseMs ?? 10_000;
    this.renewMs = Math.min(opts.renewMs ?? 3_000, Math.floor(this.leaseMs / 2));
  }

  /** Whether this process polls now. */
  get isPolling(): boolean {
    return this.polling;
  }

  /**
   * Tries the lease once (polling when it is ours; resolves once polling runs), then keeps renewing or trying in the
   * background. Resolves with whether this process polls; rejects (lease given back) when polling fails to start
   * at this first try, so a bad start fails the bot's start as before.
   */
  async start(): Promise<boolean> {
    this.busy = this.step(true);
    await this.busy;
    this.timer = setInterval(() => void this.tick(), this.renewMs);
    this.timer.unref();
    return this.polling;
  }

  /** Stops polling (when this process polls) and gives the lease up, so a standby process takes over at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.busy;
    if (this.polling) await this.halt('stopping');
    await this.opts.coordination.releaseLease(this.name, this.owner).catch(() => undefined);
  }

  /** One renewal or attempt; serialized, so a slow Redis never overlaps two. */
  private tick(): Promise<void> {
    this.busy = this.busy.then(() => this.step());
    return this.busy;
  }

  private async step(first = false): Promise<void> {
    if (this.stopped) return;
    const asked = Date.now();
    let held: boolean;
    try {
      held = await this.opts.coordination.holdLease(this.name, this.owner, this.leaseMs);
    } catch (e) {
      // Without an answer the lease may run out elsewhere: stop polling a renewal before it would.
      if (this.polling && Date.now() >= this.heldUntil - this.renewMs) {
        this.opts.logger.warn({ err: e }, 'telegram long polling: the lease cannot be renewed (Redis unreachable); stopping polling so two processes never poll');
        await this.halt('lease unconfirmed');
      }
      return;
    }
    if (held) {
      this.heldUntil = asked + this.leaseMs;
      if (!this.polling && !this.stopped) await this.begin(first);
    } else if (this.polling) {
      this.opts.logger.warn('telegram long polling: another process holds the lease now; stopping polling here');
      await this.halt('lease lost');
    }
  }

  private async begin(first: boolean): Promise<void> {
    try {
      await this.opts.startPolling();
    } catch (e) {
      if (first) {
        await this.opts.coordination.releaseLease(this.name, this.owner).catch(() => undefined);
        throw e;
      }
      this.opts.logger.error({ err: e }, 'telegram long polling could not start; trying again at the next renewal');
      return;
    }
    this.polling = true;
    this.opts.logger.info({ owner: this.owner }, 'telegram long polling: this process polls');
    void this.opts.pollingEnded().then(() => {
      // Polling ended by itself (e.g. 409 Conflict) while the lease is ours: start again at the next renewal.
      if (this.polling && !this.stopped) {
        this.polling = false;
        this.opts.logger.warn('telegram long polling stopped by itself; restarting it at the next renewal');
      }
    });
  }

  private async halt(why: string): Promise<void> {
    this.polling = false;
    try {
      await this.opts.stopPolling();
    } catch (e) {
      this.opts.logger.warn({ err: e, why }, 'telegram long polling did not stop cleanly');
    }
  }
}
