/**
 * The web's rate limits (see `../rate-limit.ts`): sign-in attempts per client address on every sign-in path (`/in/…`
 * links, `/auth/…` widget, OAuth and community pick), and job-starting POSTs per session on every POST under
 * `/jobs/` (run again, vary: whatever a route adds there is covered). Registered before the routes, so a refused
 * request never reaches them. Over the limit: 429, a localized page, `Retry-After`.
 */
import type { Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { browserLocale, SESSION_COOKIE, type WebKit } from '../kit.js';
import { tooManyPage } from '../owner-pages.js';
import { clientAddress, JOB_START_LIMIT, RateLimiter, rateLimited, SIGN_IN_LIMIT } from '../rate-limit.js';

/** POST paths that start a job: anything under `/jobs/<id>/` (the member pages' "run again" and "vary"). */
export const JOB_START_POST = /^\/jobs\/[^/]+\/[^/]+\/?$/;

export function rateLimitRoutes(app: Hono, kit: WebKit, now: () => number = Date.now): void {
  const o = kit.deps.signIn ?? {};
  const signIn = new RateLimiter(o.limits?.signIn ?? SIGN_IN_LIMIT, now);
  const jobStart = new RateLimiter(o.limits?.jobStart ?? JOB_START_LIMIT, now);
  const refused = async (c: Context, seconds: number) => {
    const s = await kit.signedIn(c);
    return c.html(tooManyPage(s?.session.locale ?? browserLocale(c), seconds, s?.page), 429);
  };
  const byAddress = rateLimited(signIn, (c) => clientAddress(c, o.trustProxy === true), refused);
  app.use('/in/*', byAddress);
  app.use('/auth/*', byAddress);
  app.use(
    '/jobs/*',
    rateLimited(
      jobStart,
      (c) => (c.req.method === 'POST' && JOB_START_POST.test(c.req.path) ? `s:${getCookie(c, SESSION_COOKIE) ?? `ip:${clientAddress(c, o.trustProxy === true)}`}` : undefined),
      refused,
    ),
  );
}
