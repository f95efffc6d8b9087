import type { RouteResult } from './http.js';
import type { RouteMatcher } from './types.js';

function matches(matcher: RouteMatcher, method: string, path: string): boolean {
  const key = `${method} ${path}`;
  return typeof matcher === 'string' ? key.includes(matcher) : matcher instanceof RegExp ? matcher.test(key) : matcher({ method, path });
}

/**
 * Injected slow answers: the next matching request is handled at once (a message is created) but its response is
 * held for `ms`, the way a slow upload link looks to a client whose timeout is shorter.
 */
export class ResponseDelays {
  private readonly armed: Array<{ matcher: RouteMatcher; ms: number }> = [];

  arm(matcher: RouteMatcher, ms: number): void {
    this.armed.push({ matcher, ms });
  }

  /** The delay for this request if one is armed for it (consuming it), else 0. */
  take(method: string, path: string): number {
    const i = this.armed.findIndex(({ matcher }) => matches(matcher, method, path));
    return i < 0 ? 0 : (this.armed.splice(i, 1)[0]?.ms ?? 0);
  }
}

/** Injected 429s: each armed entry answers the next matching request once, then is gone. */
export class RateLimiter {
  private readonly armed: Array<{ matcher: RouteMatcher; retryAfter: number }> = [];

  arm(matcher: RouteMatcher, retryAfterSeconds: number): void {
    this.armed.push({ matcher, retryAfter: retryAfterSeconds });
  }

  /** The 429 for this request if one is armed for it (consuming it), else undefined. */
  take(method: string, path: string): RouteResult | undefined {
    const i = this.armed.findIndex(({ matcher }) => matches(matcher, method, path));
    if (i < 0) return undefined;
    const retryAfter = this.armed.splice(i, 1)[0]?.retryAfter ?? 1;
    return {
      status: 429,
      headers: {
        'retry-after': String(retryAfter),
        'x-ratelimit-limit': '5',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(Date.now() / 1000 + retryAfter),
        'x-ratelimit-reset-after': String(retryAfter),
        'x-ratelimit-bucket': 'fake-bucket',
        'x-ratelimit-scope': 'user',
      },
      body: { message: 'You are being rate limited.', retry_after: retryAfter, global: false },
    };
  }
}
