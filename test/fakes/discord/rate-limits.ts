import type { RouteResult } from './http.js';
import type { RouteMatcher } from './types.js';

/** Injected 429s: each armed entry answers the next matching request once, then is gone. */
export class RateLimiter {
  private readonly armed: Array<{ matcher: RouteMatcher; retryAfter: number }> = [];

  arm(matcher: RouteMatcher, retryAfterSeconds: number): void {
    this.armed.push({ matcher, retryAfter: retryAfterSeconds });
  }

  /** The 429 for this request if one is armed for it (consuming it), else undefined. */
  take(method: string, path: string): RouteResult | undefined {
    const key = `${method} ${path}`;
    const i = this.armed.findIndex(({ matcher }) =>
      typeof matcher === 'string' ? key.includes(matcher) : matcher instanceof RegExp ? matcher.test(key) : matcher({ method, path }),
    );
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
