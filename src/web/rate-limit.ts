/**
 * Rate limits of the web pages: a fixed-window counter per key (a client address for sign-in attempts, a session
 * for job-starting POSTs), kept in this process's memory. Trade-off: with several bot processes behind one address
 * each process counts on its own (a client may get `limit × processes` per window); a restart forgets the counts.
 * Both are acceptable for what it guards (guessing sign-in secrets, a burst of paid jobs, which the budgets and the
 * fair-use gate bound anyway).
 *
 * The client address is the socket's; `X-Forwarded-For` (its last hop, the one the proxy added) is believed only
 * with `WEB_TRUST_PROXY=1`, since any client can send that header.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** One limit: at most `limit` hits per key in each `windowMs`. */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

/** The outcome of one hit: allowed, or refused with the seconds until the window turns. */
export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Sign-in attempts (link use, widget, OAuth callback) per client address: 10 a minute. */
export const SIGN_IN_LIMIT: RateLimitRule = { limit: 10, windowMs: 60_000 };
/** POSTs that start a job, per session: 6 a minute. */
export const JOB_START_LIMIT: RateLimitRule = { limit: 6, windowMs: 60_000 };

/** Most keys one limiter keeps; past it, expired windows are swept and, if still full, the oldest key goes. */
const MAX_KEYS = 50_000;

/** A fixed-window counter per key, in memory. `now` is injectable for tests (default `Date.now`). */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    readonly rule: RateLimitRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit of `key` and says whether it is within the limit. */
  hit(key: string): RateDecision {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || now - w.start >= this.rule.windowMs) {
      if (!w && this.windows.size >= MAX_KEYS) this.sweep(now);
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    w.count++;
    if (w.count <= this.rule.limit) return { ok: true };
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((w.start + this.rule.windowMs - now) / 1000)) };
  }

  private sweep(now: number): void {
    for (const [k, w] of this.windows) if (now - w.start >= this.rule.windowMs) this.windows.delete(k);
    if (this.windows.size >= MAX_KEYS) {
      const oldest = this.windows.keys().next();
      if (!oldest.done) this.windows.delete(oldest.value);
    }
  }
}

/**
 * The client's address: the socket's, or with `trustProxy` the last `X-Forwarded-For` entry (the address the proxy
 * in front of the bot saw). `unknown` when neither is available (e.g. `app.request` in tests).
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    if (hops.length > 0) return hops[hops.length - 1]!;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * A middleware counting each request against `limiter` under `keyOf(c)` (no key: not counted), and answering with
 * `refused(c, retryAfterSeconds)` (which should be a 429 page) when over the limit. The `Retry-After` header is set here.
 */
export function rateLimited(limiter: RateLimiter, keyOf: (c: Context) => string | undefined | Promise<string | undefined>, refused: (c: Context, retryAfterSeconds: number) => Response | Promise<Response>): MiddlewareHandler {
  return async (c, next) => {
    const key = await keyOf(c);
    if (key !== undefined) {
      const d = limiter.hit(key);
      if (!d.ok) {
        const res = await refused(c, d.retryAfterSeconds);
        res.headers.set('Retry-After', String(d.retryAfterSeconds));
        return res;
      }
    }
    await next();
  };
}
