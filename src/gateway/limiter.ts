import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type Bottleneck from 'bottleneck';
import type { Redis as RedisClient } from 'ioredis';

// Bottleneck and ioredis are loaded only by a limiter that uses them (spacing or REDIS_URL): with the defaults a bot
// never needs them, and loading them cost ~10 MiB of memory and ~0.1-0.3 s of start-up (bench: startup).
const load = createRequire(import.meta.url);
const bottleneck = (): typeof Bottleneck => load('bottleneck') as typeof Bottleneck;
const redisClass = (): typeof RedisClient => (load('ioredis') as { Redis: typeof RedisClient }).Redis;

/** Limits per token. Defaults (in the client): concurrency 4, minTimeMs 0. */
export interface LimiterOptions {
  concurrency: number;
  minTimeMs: number;
  /**
   * Share the limits with every process on the same Redis and prefix (Bottleneck's clustering). Default: none, the
   * limits are this process's own.
   */
  shared?: SharedLimits;
  /** Told about Redis connection errors of a shared limiter (the calls waiting on it fail meanwhile). */
  onError?: (e: unknown) => void;
}

/** {@link LimiterOptions.shared}: where the shared per-token limits live. */
export interface SharedLimits {
  /** `REDIS_URL`. */
  redisUrl: string;
  /** `REDIS_PREFIX`; the limiters' Bottleneck ids are `<prefix>gateway-<token hash>`. */
  prefix: string;
  /**
   * Longest a call may hold its slot, ms (the gateway client's overall deadline and a margin): a process that dies
   * mid-call frees its slot then at the latest (Bottleneck also frees the slots of a client silent for 10 s).
   */
  expirationMs: number;
}

/** A FIFO counting semaphore: the whole of what a per-token limit needs when no spacing is asked for. */
class Slots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  lastUsed = Date.now();

  constructor(private readonly max: number) {}

  get idle(): boolean {
    return this.active === 0 && this.waiting.length === 0;
  }

  async run<T>(signal: AbortSignal, fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) {
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          const i = this.waiting.indexOf(go);
          if (i >= 0) this.waiting.splice(i, 1);
          reject(signal.reason);
        };
        const go = () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        };
        signal.addEventListener('abort', onAbort, { once: true });
        this.waiting.push(go);
      });
    } else {
      this.active += 1;
    }
    try {
      if (signal.aborted) throw signal.reason;
      return await fn();
    } finally {
      this.lastUsed = Date.now();
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter (active stays the same), keeping FIFO order.
      if (next) next();
      else this.active -= 1;
    }
  }
}

/**
 * Per-token limits, keyed by a SHA-256 of the token (the token itself is never a key, so it never sits in a map,
 * an event or Redis). Calls without a token (foreign image URLs) share the key `anonymous`.
 *
 * With `shared` (`REDIS_URL`), each token gets a Bottleneck limiter clustered over Redis as Bottleneck's README
 * describes (`datastore: 'ioredis'`, one shared `IORedisConnection`, id `<prefix>gateway-<hash>`,
 * `clearDatastore: false`, an `expiration` on every job): the concurrency and spacing hold across every process.
 * Otherwise, with `minTimeMs > 0` each token gets a local Bottleneck limiter (concurrency and spacing; idle keys
 * dropped after 5 minutes), and with `minTimeMs = 0` (the default) a small FIFO semaphore does it: Bottleneck's
 * datastore waits on a `setTimeout(0)` at each step, which measured ~4.6 ms per call here, the largest share of the
 * bot's per-job overhead (bench: overhead), while the semaphore adds microseconds.
 */
export class TokenLimiter {
  private readonly group: Bottleneck.Group | undefined;
  private readonly connection: Bottleneck.IORedisConnection | undefined;
  private readonly slots = new Map<string, Slots>();

  constructor(private readonly opts: LimiterOptions) {
    const shared = opts.shared;
    if (shared) {
      const Redis = redisClass();
      const B = bottleneck();
      const client = new Redis(shared.redisUrl, { maxRetriesPerRequest: 1 });
      this.connection = new B.IORedisConnection({ client, Redis });
      this.connection.on('error', (e) => opts.onError?.(e));
      this.group = new B.Group({
        id: `${shared.prefix}gateway`,
        datastore: 'ioredis',
        connection: this.connection,
        clearDatastore: false,
        maxConcurrent: opts.concurrency,
        minTime: opts.minTimeMs,
      });
      this.group.on('created', (limiter) => limiter.on('error', (e) => opts.onError?.(e)));
    } else if (opts.minTimeMs > 0) {
      this.group = new (bottleneck().Group)({ maxConcurrent: opts.concurrency, minTime: opts.minTimeMs });
    }
  }

  /** The key used for `token` (exported for tests: it must not contain the token). */
  static keyFor(token: string | undefined): string {
    return token === undefined ? 'anonymous' : createHash('sha256').update(token).digest('hex');
  }

  /**
   * Runs `fn` when the token's limiter allows. Rejects with `signal.reason` if `signal` aborts while queued
   * (the queued job is dropped, or with Bottleneck runs as a no-op at its turn).
   */
  run<T>(token: string | undefined, signal: AbortSignal, fn: () => Promise<T>): Promise<T> {
    if (signal.aborted) return Promise.reject(signal.reason);
    const key = TokenLimiter.keyFor(token);
    if (!this.group) return this.slotsFor(key).run(signal, fn);
    const limiter = this.group.key(key);
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      limiter
        .schedule(this.opts.shared ? { expiration: this.opts.shared.expirationMs } : {}, async () => {
          if (signal.aborted) throw signal.reason;
          return fn();
        })
        .then(resolve, reject)
        .finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  /** Stops every per-token limiter (pending Bottleneck jobs are dropped) and closes the shared connection. */
  async stop(): Promise<void> {
    this.slots.clear();
    if (!this.group) return;
    await Promise.all(this.group.limiters().map(({ limiter }) => limiter.stop({ dropWaitingJobs: true }).catch(() => undefined)));
    await this.connection?.disconnect(true).catch(() => undefined);
  }

  private slotsFor(key: string): Slots {
    let s = this.slots.get(key);
    if (!s) {
      if (this.slots.size > 1000) this.evictIdle();
      s = new Slots(this.opts.concurrency);
      this.slots.set(key, s);
    }
    return s;
  }

  /** Forgets idle tokens unused for 5 minutes (as Bottleneck.Group does), so the map stays bounded. */
  private evictIdle(): void {
    const cutoff = Date.now() - 300_000;
    for (const [k, s] of this.slots) if (s.idle && s.lastUsed < cutoff) this.slots.delete(k);
  }
}
