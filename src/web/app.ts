/**
 * The web pages as a Hono app (server-rendered HTML; the only script draws the charts, `./charts.ts`): sign-in with a one-time link from `/web`,
 * a member's gallery, file downloads and balance, and an admin's pages (`./routes/admin.ts`). It talks to the core only through
 * its facades and the command dispatcher (the admin's change runs the chat's own `/budget set`, with its role check,
 * validation and audit). Authorization comes from the session, never from the URL: another member's or community's
 * job id answers 404, a member's session on the admin page 403.
 *
 * Sessions: cookie `mediabot_session` (HttpOnly, SameSite=Lax, Secure when the public address is https, Path=/, 7 days)
 * holding a random id whose hash the store keeps; signing in always makes a new id (no fixation) and ends the one
 * the browser had. Every POST carries the session's form token (`csrf`), compared in constant time. Responses carry a
 * strict Content-Security-Policy, `no-referrer` (the sign-in URL holds a token) and `no-store`.
 */
import { gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { APP_CSS } from './assets.js';
import { CHARTS_JS, echartsBrowserBuild } from './charts.js';
import { webKit, type WebAppDeps } from './kit.js';
import { adminRoutes } from './routes/admin.js';
import { rateLimitRoutes } from './routes/limits.js';
import { memberRoutes } from './routes/member.js';
import { ownerRoutes } from './routes/owner.js';
import { sessionRoutes } from './routes/session.js';
import { signInRoutes } from './routes/sign-in.js';

export { SESSION_COOKIE, type WebAppDeps } from './kit.js';

const HEADERS: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; script-src 'self'; img-src 'self'; media-src 'self'; style-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
};

/** Builds the web app over the core (see the module comment for its rules); each route file adds its pages. */
export function createWebApp(deps: WebAppDeps): Hono {
  const app = new Hono();
  const kit = webKit(deps);

  app.use('*', async (c, next) => {
    await next();
    // A route may set its own Cache-Control and Content-Security-Policy (the sign-in page with Telegram's widget).
    for (const [k, v] of Object.entries(HEADERS)) if (!c.res.headers.has(k) || (k !== 'Cache-Control' && k !== 'Content-Security-Policy')) c.res.headers.set(k, v);
  });

  app.get('/assets/app.css', (c) => {
    c.header('Content-Type', 'text/css; charset=utf-8');
    return c.body(APP_CSS);
  });

  rateLimitRoutes(app, kit);
  // The interactive charts: echarts' browser build from the installed package, and the page starter (./charts.ts).
  // Gzipped once at start (1.1 MB → about 0.36 MB on the wire), sent as is to every browser that accepts gzip.
  const echarts = echartsBrowserBuild();
  const echartsGz = gzipSync(echarts, { level: 9 });
  app.get('/assets/echarts.min.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=86400');
    c.header('Vary', 'Accept-Encoding');
    if (/\bgzip\b/.test(c.req.header('Accept-Encoding') ?? '')) {
      c.header('Content-Encoding', 'gzip');
      return c.body(new Uint8Array(echartsGz));
    }
    return c.body(echarts);
  });
  app.get('/assets/charts.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    return c.body(CHARTS_JS);
  });

  sessionRoutes(app, kit);
  signInRoutes(app, kit);
  memberRoutes(app, kit);
  adminRoutes(app, kit);
  ownerRoutes(app, kit);

  app.notFound(async (c) => kit.notFound(c, await kit.signedIn(c)));
  app.onError((e, c) => {
    // The route's pattern, never the path: a sign-in path holds its token.
    deps.logger.error({ err: e, route: c.req.routePath }, 'web page failed');
    return c.text('Internal error', 500);
  });
  return app;
}
