import type { Transformer } from 'grammy';

/** The part of an abort signal the waits use (grammY passes its own AbortSignal polyfill type). */
export interface AbortLike {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** Options of {@link retryAfterTransformer}. */
export interface RetryAfterOptions {
  /** Total attempts including the first; default 3. */
  maxAttempts?: number;
  /** Longest wait honoured, in seconds; a 429 asking for more is returned to the caller at once. Default 30. */
  maxDelaySeconds?: number;
  /** Waits `ms` (resolves early when `signal` aborts); injectable for tests. Default: a real timer. */
  sleep?: (ms: number, signal?: AbortLike) => Promise<void>;
  /** Called before each wait (for logs and metrics); receives no payload, so no secrets or user text. */
  onRetry?: (info: { method: string; retryAfterSeconds: number; attempt: number }) => void;
}

/**
 * A grammY API transformer that waits out `429 Too Many Requests` (`parameters.retry_after` seconds) and repeats the
 * call, so a message still arrives after Telegram's flood control. Install with `bot.api.config.use(...)`.
 * Trade-offs: only 429 is retried (other errors are answers, network failures belong to the caller); waits longer
 * than `maxDelaySeconds` are not attempted, since a user-facing update that late is better reported than delivered;
 * a retried upload re-reads its `InputFile`, which works for buffers and paths but not one-shot streams.
 */
export function retryAfterTransformer(opts: RetryAfterOptions = {}): Transformer {
  const maxAttempts = Math.max(1, opts.maxAttempts ?? 3);
  const maxDelay = opts.maxDelaySeconds ?? 30;
  const sleep = opts.sleep ?? defaultSleep;
  return async (prev, method, payload, signal) => {
    for (let attempt = 1; ; attempt++) {
      const res = await prev(method, payload, signal);
      if (res.ok || res.error_code !== 429 || attempt >= maxAttempts || signal?.aborted) return res;
      const retryAfter = res.parameters?.retry_after;
      if (retryAfter === undefined || !Number.isFinite(retryAfter) || retryAfter < 0 || retryAfter > maxDelay) return res;
      opts.onRetry?.({ method, retryAfterSeconds: retryAfter, attempt });
      await sleep(retryAfter * 1000, signal);
      if (signal?.aborted) return res;
    }
  };
}

function defaultSleep(ms: number, signal?: AbortLike): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done);
  });
}
