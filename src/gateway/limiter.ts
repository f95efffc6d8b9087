import { createHash } from 'node:crypto';
import Bottleneck from 'bottleneck';

/** Limits per token. Defaults (in the client): concurrency 4, minTimeMs 0. */
export interface LimiterOptions {
  concurrency: number;
  minTimeMs: number;
}

/**
 * One Bottleneck limiter per token, keyed by a SHA-256 of the token (the token itself is never a key, so it
 * never sits in Bottleneck's maps or events). Idle keys are dropped by Bottleneck after 5 minutes.
 * Calls without a token (foreign image URLs) share the key `anonymous`.
 */
export class TokenLimiter {
  private readonly group: Bottleneck.Group;

  constructor(opts: LimiterOptions) {
    this.group = new Bottleneck.Group({ maxConcurrent: opts.concurrency, minTime: opts.minTimeMs });
  }

  /** The key used for `token` (exported for tests: it must not contain the token). */
  static keyFor(token: string | undefined): string {
    return token === undefined ? 'anonymous' : createHash('sha256').update(token).digest('hex');
  }

  /**
   * Runs `fn` when the token's limiter allows. Rejects with `signal.reason` if `signal` aborts while queued;
   * the queued job then runs as a no-op as soon as it gets its turn.
   */
  run<T>(token: string | undefined, signal: AbortSignal, fn: () => Promise<T>): Promise<T> {
    if (signal.aborted) return Promise.reject(signal.reason);
    const limiter = this.group.key(TokenLimiter.keyFor(token));
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      limiter
        .schedule(async () => {
          if (signal.aborted) throw signal.reason;
          return fn();
        })
        .then(resolve, reject)
        .finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  /** Stops every per-token limiter (pending jobs are dropped). */
  async stop(): Promise<void> {
    await Promise.all(this.group.limiters().map(({ limiter }) => limiter.stop({ dropWaitingJobs: true }).catch(() => undefined)));
  }
}
