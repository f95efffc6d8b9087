import { fail, ok, err, type Result } from '../failures.js';
import { MemoryCoordination } from '../coordination/memory-coordination.js';
import type { Clock } from '../ports/clock.js';
import { isCoordinationUnavailable, type Coordination } from '../ports/coordination.js';

/** Options of {@link FairUseGate}. */
export interface FairUseOptions {
  /** Jobs one user may run at once (across scopes). Default 1. */
  maxPerUser?: number;
  /** Jobs one scope (guild, chat) may run at once. Default 3. */
  maxPerScope?: number;
  /** Minimum time between two starts by one user, measured from the last start. Default 0 (off). */
  cooldownMs?: number;
  /** Requests that may wait per scope in this process before new ones are refused (`queue_full`). Default 50. */
  maxQueue?: number;
  clock: Clock;
  /** Where the running counts and cooldowns live. Default: in memory on `clock` (one process). */
  coordination?: Coordination;
  /** Life of a running job's slots; renewed every third of it while the job runs, so a dead process's expire. Default 60 000. */
  slotTtlMs?: number;
  /** With shared coordination, how often waiters look for slots freed by other processes, ms. Default 500. */
  retryMs?: number;
  /** Told when renewing or releasing slots failed (they then expire by their TTL). */
  onError?: (e: unknown, what: string) => void;
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
  settle: (r: Result<Lease>) => void;
  detach?: () => void;
}

const userSlot = (req: FairUseRequest) => `fair-use:user:${req.userKey}`;
const scopeSlot = (req: FairUseRequest) => `fair-use:scope:${req.scopeKey}`;
const cooldownKey = (req: FairUseRequest) => `fair-use:cooldown:${req.userKey}`;

/**
 * Fair use among the people of a community: per-user and per-scope concurrency, a per-user cooldown between starts,
 * and a bounded FIFO line per scope. A request is either started, queued (told its position through `onQueued`),
 * or refused at once with a typed failure (`cooldown` with retryAfterMs, `queue_full` with the position it would
 * have had, `coordination_unavailable` when the shared state cannot be reached; waiters get that too when it is lost
 * while they wait). A waiting request whose user is at their own limit does not block the ones behind it.
 *
 * The running counts and the cooldowns live in the {@link Coordination} port: in memory for one process, or in
 * Redis, where the limits hold across every process. Each running job holds one slot on its user's counter and one
 * on its scope's, taken together or not at all, with a TTL renewed while it runs: a process that dies frees its
 * slots within `slotTtlMs`. The line itself is per process (FIFO among this process's waiters, positions counted
 * there): waiters take slots freed here at once, and slots freed by other processes within `retryMs`.
 * Trade-off: across processes the order is first come at the next try, not strict FIFO. A restart forgets the line
 * (nothing queued was charged: holds are placed after the lease).
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
  private readonly slotTtlMs: number;
  private readonly retryMs: number;
  private readonly coord: Coordination;
  private readonly queues = new Map<string, Waiter[]>();
  /** Slots this process holds, by holder id, for renewal. */
  private readonly held = new Map<string, string[]>();
  private readonly holderPrefix = `fu:${Math.random().toString(36).slice(2, 10)}:`;
  private nextHolder = 0;
  private pumping: Promise<void> | undefined;
  private pumpAgain = false;
  private renewTimer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(private readonly opts: FairUseOptions) {
    this.maxPerUser = Math.max(1, opts.maxPerUser ?? 1);
    this.maxPerScope = Math.max(1, opts.maxPerScope ?? 3);
    this.cooldownMs = Math.max(0, opts.cooldownMs ?? 0);
    this.maxQueue = Math.max(0, opts.maxQueue ?? 50);
    this.slotTtlMs = Math.max(1_000, opts.slotTtlMs ?? 60_000);
    this.retryMs = Math.max(10, opts.retryMs ?? 500);
    this.coord = opts.coordination ?? new MemoryCoordination({ now: () => opts.clock.now() });
  }

  /** Starts, queues, or refuses a request (see the class description). */
  async acquire(req: FairUseRequest, options?: AcquireOptions): Promise<Result<Lease>> {
    if (options?.signal?.aborted) throw options.signal.reason;
    const now = this.opts.clock.now();
    try {
      // A queued request counts as a start for the cooldown: it stops one user from filling the line.
      if (this.cooldownMs > 0) {
        const left = await this.coord.claim(cooldownKey(req), this.cooldownMs);
        if (left > 0) return err(fail('cooldown', { retryAfterMs: left }));
      }
      // Waiters of this scope go first when slots came free meanwhile (elsewhere, or while we awaited).
      if ((this.queues.get(req.scopeKey)?.length ?? 0) > 0) await this.pump();
      const started = await this.tryStart(req, now);
      if (!('full' in started)) return ok(started);
    } catch (e) {
      if (isCoordinationUnavailable(e)) return err(fail('coordination_unavailable'));
      throw e;
    }
    const queue = this.queues.get(req.scopeKey) ?? [];
    if (queue.length >= this.maxQueue) {
      if (this.cooldownMs > 0) await this.coord.delete(cooldownKey(req)).catch(() => undefined);
      return err(fail('queue_full', { position: queue.length + 1 }));
    }
    if (options?.signal?.aborted) throw options.signal.reason;
    return new Promise<Result<Lease>>((resolve, reject) => {
      const waiter: Waiter = { req, enqueuedAt: now, position: queue.length + 1, settle: resolve };
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
      // A slot may have come free while this request was being checked: look again now.
      void this.pump();
      this.armRetry();
    });
  }

  /** Requests waiting in `scopeKey`'s line in this process. */
  queued(scopeKey: string): number {
    return this.queues.get(scopeKey)?.length ?? 0;
  }

  /** Jobs running for a user and for a scope (in every process sharing the coordination). */
  async running(req: FairUseRequest): Promise<{ user: number; scope: number }> {
    const [user, scope] = await Promise.all([this.coord.countSlots(userSlot(req)), this.coord.countSlots(scopeSlot(req))]);
    return { user, scope };
  }

  /** Stops the renewal and retry timers (shutdown); leases still held expire by their TTL. */
  close(): void {
    clearInterval(this.renewTimer);
    clearInterval(this.retryTimer);
    this.renewTimer = this.retryTimer = undefined;
  }

  /** Takes the two slots of `req`: a lease when both were free, else the slot keys at their limit. */
  private async tryStart(req: FairUseRequest, enqueuedAt: number): Promise<Lease | { full: string[] }> {
    const holder = `${this.holderPrefix}${++this.nextHolder}`;
    const keys = [userSlot(req), scopeSlot(req)];
    const full = await this.coord.takeSlots(
      [
        { key: keys[0]!, limit: this.maxPerUser },
        { key: keys[1]!, limit: this.maxPerScope },
      ],
      holder,
      this.slotTtlMs,
    );
    if (full.length > 0) return { full };
    const startedAt = this.opts.clock.now();
    this.held.set(holder, keys);
    this.armRenewal();
    if (this.cooldownMs > 0) await this.coord.put(cooldownKey(req), '1', this.cooldownMs).catch((e: unknown) => this.opts.onError?.(e, 'cooldown'));
    let released = false;
    return {
      startedAt,
      waitedMs: startedAt - enqueuedAt,
      release: () => {
        if (released) return;
        released = true;
        this.held.delete(holder);
        if (this.held.size === 0) {
          clearInterval(this.renewTimer);
          this.renewTimer = undefined;
        }
        this.coord.releaseSlots(keys, holder).then(
          () => this.pump(),
          (e: unknown) => this.opts.onError?.(e, 'release'),
        );
      },
    };
  }

  /**
   * Starts every waiter that can start now, in FIFO order per scope, telling the rest their new place. One pump runs
   * at a time; a call during a pump makes it go round once more, so no wake-up is lost.
   */
  private pump(): Promise<void> {
    this.pumpAgain = true;
    // Started a microtask later so `pumping` is set before the run can finish and clear it.
    this.pumping ??= Promise.resolve().then(() => this.runPump());
    return this.pumping;
  }

  private async runPump(): Promise<void> {
    try {
      while (this.pumpAgain) {
        this.pumpAgain = false;
        for (const [scopeKey, queue] of [...this.queues]) await this.pumpScope(scopeKey, queue);
      }
    } catch (e) {
      this.opts.onError?.(e, 'queue');
      if (isCoordinationUnavailable(e)) this.refuseWaiters();
    } finally {
      this.pumping = undefined;
      if (this.queues.size === 0) {
        clearInterval(this.retryTimer);
        this.retryTimer = undefined;
      }
    }
  }

  private async pumpScope(scopeKey: string, queue: Waiter[]): Promise<void> {
    for (let i = 0; i < queue.length; ) {
      const w = queue[i]!;
      const started = await this.tryStart(w.req, w.enqueuedAt);
      const at = queue.indexOf(w);
      if ('full' in started) {
        if (started.full.includes(scopeSlot(w.req))) break; // the scope is full: nobody behind can start either
        i = at < 0 ? i : at + 1;
        continue;
      }
      if (at < 0) {
        started.release(); // it left the line (aborted) meanwhile
        continue;
      }
      queue.splice(at, 1);
      w.detach?.();
      w.settle(ok(started));
      this.renumber(queue);
      i = at;
    }
    if (queue.length === 0 && this.queues.get(scopeKey) === queue) this.queues.delete(scopeKey);
  }

  /** The shared state is out of reach: every waiter is told to try again in a moment rather than wait blind. */
  private refuseWaiters(): void {
    for (const queue of this.queues.values()) {
      for (const w of queue) {
        w.detach?.();
        w.settle(err(fail('coordination_unavailable')));
      }
    }
    this.queues.clear();
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

  /** Keeps the slots of running jobs alive (every third of their TTL) while any is held. */
  private armRenewal(): void {
    if (this.renewTimer) return;
    this.renewTimer = setInterval(() => {
      for (const [holder, keys] of this.held) this.coord.renewSlots(keys, holder, this.slotTtlMs).catch((e: unknown) => this.opts.onError?.(e, 'renew'));
    }, Math.floor(this.slotTtlMs / 3));
    this.renewTimer.unref();
  }

  /** With shared coordination, other processes free slots without telling us: waiters look again every `retryMs`. */
  private armRetry(): void {
    if (!this.coord.shared || this.retryTimer) return;
    this.retryTimer = setInterval(() => void this.pump(), this.retryMs);
    this.retryTimer.unref();
  }
}
