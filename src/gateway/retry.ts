import { GatewayError, PRE_SEND_CODES } from './errors.js';

/**
 * Which failures a call may re-send after.
 * - `idempotent`: GETs, image POSTs (no image, no charge) and chat POSTs: 408/429/500/502/503/504 and network errors,
 *   never a routing answer (`no_channel`, `model_not_found`).
 * - `create`: the video create POST (no idempotency key): only 429, or a connection that failed before the
 *   request was sent (ECONNREFUSED, connect timeout, DNS). Never after the body may have gone out.
 * Under both, a `concurrency` answer (the gateway's gate: nothing processed) is re-sent, and a `violation_fee.*`
 * refusal never is. The transport retries `concurrency` answers until the call's deadline, not a count of attempts.
 */
export type RetryPolicy = 'idempotent' | 'create';

const RETRY_STATUSES = new Set([408, 429, 500, 502, 503, 504]);

/** True when `err` may be retried under `policy` (ignores attempt counts and deadlines). */
export function isRetryable(err: GatewayError, policy: RetryPolicy): boolean {
  if (err.kind === 'no_channel' || err.kind === 'model_not_found') return false;
  if (err.kind === 'concurrency') return true;
  if (err.code !== undefined && /^violation_fee\./i.test(err.code)) return false;
  if (policy === 'create') {
    if (err.kind === 'rate_limited') return true;
    return err.kind === 'network' && err.code !== undefined && PRE_SEND_CODES.has(err.code);
  }
  if (err.kind === 'network') return true;
  return err.status !== undefined && RETRY_STATUSES.has(err.status);
}

/** Backoff settings; see {@link backoffDelay}. */
export interface BackoffOptions {
  /** Base delay in ms (default in the client: 500). */
  baseMs: number;
  /** Upper bound of one computed wait; default 30 000 ms. A server's Retry-After may exceed it. */
  capMs?: number;
  /** Random source in [0,1); injectable for tests. Default `Math.random`. */
  random?: () => number;
}

/**
 * Exponential backoff with full jitter: a uniform wait in [0, min(cap, base·2^attempt)], but never less than
 * the server's `retryAfterMs`. `attempt` counts from 0 (the wait before the second request).
 */
export function backoffDelay(attempt: number, retryAfterMs: number | undefined, opts: BackoffOptions): number {
  const cap = opts.capMs ?? 30_000;
  const ceiling = Math.min(cap, opts.baseMs * 2 ** attempt);
  const jitter = Math.floor((opts.random ?? Math.random)() * ceiling);
  return Math.max(jitter, retryAfterMs ?? 0);
}

/** Resolves after `ms`, or rejects with `signal.reason` as soon as `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
