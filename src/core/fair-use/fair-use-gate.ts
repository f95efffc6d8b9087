import { fail, ok, err, type Result } from '../failures.js';
import type { Clock } from '../ports/clock.js';

/** Options of {@link FairUseGate}. */
export interface FairUseOptions {
  /** Jobs one user may run at once (across scopes). Default 1. */
  maxPerUser?: number;
  /** Jobs one scope (guild, chat) may run at once. Default 3. */
  maxPerScope?: number;
  /** Minimum time between two starts by one user, measured from the last start. Default 0 (off). */
  cooldownMs?: number;
  /** Requests that may wait per scope before new ones are refused (`queue_full`). Default 50. */
  maxQueue?: number;
  clock: Clock;
}

/** Who is asking, as opaque keys (e.g. `discord:123`, `telegram:-100…`). */
export interface FairUseRequest {
  userKey: string;
  scopeKey: string;
}

/** Options of one {@link FairUseGate.acquire} call. */
export interface AcquireOptions {
  /** Called with the 1-based place in line when the request has to wait, and again each time it moves up. */
  onQueued?: (position: number) => void;
  /** Leaves the line; the returned promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** Permission to run one job. `release()` is idempotent; call it in `finally`. */
export interface Lease {
  readonly startedAt: number;
  /** How long the request waited in line (0 when it started at once). */
  readonly waitedMs: number;
  release(): void;
}

interface Waiter {
  req: FairUseRequest;
  enqueuedAt: number;
  position: number;
  onQueued?: (position: number) => void;
  resolve: (lease: Lease) => void;
  detach?: () => void;
}

/**
 * Fair use among the people of a community: per-user and per-scope concurrency, a per-user cooldown between starts,
 * and a bounded FIFO line per scope. A request is either started, queued (told its position through `onQueued`),
 * or refused at once with a typed failure (`cooldown` with retryAfterMs, `queue_full` with the position it would
 * have had). A waiting request whose user is at their own limit does not block the ones behind it.
 *
 * Trade-off: the state is in memory, per process. Running several bot processes multiplies the limits, and a
 * restart forgets cooldowns and the line (nothing queued was charged: holds are placed after the lease).
 *
 * Trade-off (videos): a lease covers only the START of a video job — validation, the hold and the gateway's create
 * call — and is released as soon as the task exists (`startVideo` returns then; the poller does the rest). So
 * `maxPerUser`/`maxPerScope` bound how many video *starts* run at once, not how many videos render at once: a user
 * can have several videos rendering in a row, limited by their budget (each holds its full price until it ends),
 * `cooldownMs`, and the gateway's own rate limits. Holding the lease for minutes of rendering would block that
 * user's images and questions behind it and would not survive a restart (the poller resumes jobs, not leases).
 */
export class FairUseGate {
  private readonly maxPerUser: number;
  private readonly maxPerScope: number;
  private readonly cooldownMs: number;
  private readonly maxQueue: number;
  private readonly runningByUser = new Map<string, number>();
  private readonly runningByScope = new Map<string, number>();
  private readonly lastStart = new Map<string, number>();
  private readonly queues = new Map<string, Waiter[]>();

  constructor(private readonly opts: FairUseOptions) {
    this.maxPerUser = Math.max(1, opts.maxPerUser ?? 1);
    this.maxPerScope = Math.max(1, opts.maxPerScope ?? 3);
    this.cooldownMs = Math.max(0, opts.cooldownMs ?? 0);
    this.maxQueue = Math.max(0, opts.maxQueue ?? 50);
  }

  /** Starts, queues, or refuses a request (see the class description). */
  acquire(req: FairUseRequest, options?: AcquireOptions): Promise<Result<Lease>> {
    const now = this.opts.clock.now();
    if (options?.signal?.aborted) return Promise.reject(options.signal.reason);
    const last = this.lastStart.get(req.userKey);
    if (this.cooldownMs > 0 && last !== undefined && now - last < this.cooldownMs) {
      return Promise.resolve(err(fail('cooldown', { retryAfterMs: this.cooldownMs - (now - last) })));
    }
    const queue = this.queues.get(req.scopeKey) ?? [];
    // Invariant: after every pump no waiter can start, so a request that can start now overtakes only
    // waiters blocked by their own user's limit (FIFO among those able to run).
    if (this.canStart(req)) return Promise.resolve(ok(this.start(req, now)));
    if (queue.length >= this.maxQueue) return Promise.resolve(err(fail('queue_full', { position: queue.length + 1 })));
    // A queued request counts as a start for the cooldown: it stops one user from filling the line.
    this.lastStart.set(req.userKey, now);
    return new Promise<Result<Lease>>((resolve, reject) => {
      const waiter: Waiter = { req, enqueuedAt: now, position: queue.length + 1, resolve: (lease) => resolve(ok(lease)) };
      if (options?.onQueued) waiter.onQueued = options.onQueued;
      const signal = options?.signal;
      if (signal) {
        const onAbort = () => {
          this.remove(waiter);
          reject(signal.reason);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        waiter.detach = () => signal.removeEventListener('abort', onAbort);
      }
      queue.push(waiter);
      this.queues.set(req.scopeKey, queue);
      waiter.onQueued?.(waiter.position);
    });
  }

  /** Requests waiting in `scopeKey`'s line. */
  queued(scopeKey: string): number {
    return this.queues.get(scopeKey)?.length ?? 0;
  }

  /** Jobs running for a user and for a scope. */
  running(req: FairUseRequest): { user: number; scope: number } {
    return { user: this.runningByUser.get(req.userKey) ?? 0, scope: this.runningByScope.get(req.scopeKey) ?? 0 };
  }

  private canStart(req: FairUseRequest): boolean {
    return (this.runningByUser.get(req.userKey) ?? 0) < this.maxPerUser && (this.runningByScope.get(req.scopeKey) ?? 0) < this.maxPerScope;
  }

  private start(req: FairUseRequest, enqueuedAt: number): Lease {
    const startedAt = this.opts.clock.now();
    bump(this.runningByUser, req.userKey, 1);
    bump(this.runningByScope, req.scopeKey, 1);
    this.lastStart.set(req.userKey, startedAt);
    this.prune(startedAt);
    let released = false;
    return {
      startedAt,
      waitedMs: startedAt - enqueuedAt,
      release: () => {
        if (released) return;
        released = true;
        bump(this.runningByUser, req.userKey, -1);
        bump(this.runningByScope, req.scopeKey, -1);
        this.pump();
      },
    };
  }

  /** Starts every waiter that can start now, in FIFO order per scope; then tells the rest their new place. */
  private pump(): void {
    for (const [scopeKey, queue] of this.queues) {
      let moved = false;
      for (let i = 0; i < queue.length && (this.runningByScope.get(scopeKey) ?? 0) < this.maxPerScope; ) {
        const w = queue[i]!;
        if (!this.canStart(w.req)) {
          i++;
          continue;
        }
        queue.splice(i, 1);
        w.detach?.();
        w.resolve(this.start(w.req, w.enqueuedAt));
        moved = true;
      }
      if (queue.length === 0) this.queues.delete(scopeKey);
      else if (moved) this.renumber(queue);
    }
  }

  private remove(w: Waiter): void {
    const queue = this.queues.get(w.req.scopeKey);
    const i = queue?.indexOf(w) ?? -1;
    if (!queue || i < 0) return;
    queue.splice(i, 1);
    if (queue.length === 0) this.queues.delete(w.req.scopeKey);
    else this.renumber(queue);
  }

  private renumber(queue: Waiter[]): void {
    queue.forEach((w, i) => {
      if (w.position !== i + 1) {
        w.position = i + 1;
        w.onQueued?.(w.position);
      }
    });
  }

  /** Drops cooldown entries that no longer matter, so memory stays bounded by recent users. */
  private prune(now: number): void {
    if (this.lastStart.size < 10_000) return;
    for (const [k, t] of this.lastStart) if (now - t >= this.cooldownMs) this.lastStart.delete(k);
  }
}

function bump(m: Map<string, number>, key: string, by: number): void {
  const v = (m.get(key) ?? 0) + by;
  if (v <= 0) m.delete(key);
  else m.set(key, v);
}
