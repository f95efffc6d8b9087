/**
 * The web pages as a Hono app (server-rendered HTML, no client script): sign-in with a one-time link from `/web`,
 * a member's gallery, file downloads and balance, and an admin's budgets page. It talks to the core only through
 * its facades and the command dispatcher (the admin's change runs the chat's own `/budget set`, with its role check,
 * validation and audit). Authorization comes from the session, never from the URL: another member's or community's
 * job id answers 404, a member's session on the admin page 403.
 *
 * Sessions: cookie `mediabot_session` (HttpOnly, SameSite=Lax, Secure when the public address is https, Path=/, 7 days)
 * holding a random id whose hash the store keeps; signing in always makes a new id (no fixation) and ends the one
 * the browser had. Every POST carries the session's form token (`csrf`), compared in constant time. Responses carry a
 * strict Content-Security-Policy, `no-referrer` (the sign-in URL holds a token) and `no-store`.
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { DEFAULT_LOCALE, t } from '../core/i18n/catalog.js';
import type { CommandDispatcher } from '../core/commands/dispatch.js';
import type { CoreApi, Reply } from '../core/api/surface.js';
import type { WebSessionView } from '../core/api/web.js';
import type { Logger } from '../log.js';
import { APP_CSS } from './assets.js';
import { adminPage, balancePage, galleryPage, messagePage, type PageSession } from './pages.js';
import { WebRequest } from './request.js';
import { ZIP_MAX_BYTES, zipStream, type ZipEntry } from './zip.js';

/** The session cookie's name. */
export const SESSION_COOKIE = 'mediabot_session';

/** What the web app needs. */
export interface WebAppDeps {
  core: Pick<CoreApi, 'webSignIn' | 'webSession' | 'webSignOut' | 'webGallery' | 'webFile'>;
  dispatcher: Pick<CommandDispatcher, 'run'>;
  logger: Logger;
  /** Mark the session cookie `Secure` (the public address is https). */
  secureCookie: boolean;
}

type Signed = { session: WebSessionView; id: string; page: PageSession };

const HEADERS: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
};

const replyText = (r: Reply) => [...r.blocks, ...(r.fields ?? []).map((f) => `${f.name}: ${f.value}`)].join('\n');

/** Builds the web app over the core (see the module comment for its rules). */
export function createWebApp(deps: WebAppDeps): Hono {
  const app = new Hono();
  const { core } = deps;

  app.use('*', async (c, next) => {
    await next();
    for (const [k, v] of Object.entries(HEADERS)) if (!c.res.headers.has(k) || k !== 'Cache-Control') c.res.headers.set(k, v);
  });

  const signedIn = async (c: Context): Promise<Signed | undefined> => {
    const id = getCookie(c, SESSION_COOKIE);
    if (!id) return undefined;
    const session = await core.webSession(id);
    if (!session) return undefined;
    return { session, id, page: { locale: session.locale, csrf: session.csrf, admin: session.admin } };
  };
  const community = (s: WebSessionView) => s.actor.scope.title ?? t(s.locale, 'web-this-chat');
  const notSignedIn = (c: Context) => c.html(messagePage(DEFAULT_LOCALE, t(DEFAULT_LOCALE, 'web-nav-gallery'), t(DEFAULT_LOCALE, 'web-not-signed-in'), undefined, true), 401);
  const notFound = (c: Context, s?: Signed) => {
    const l = s?.session.locale ?? DEFAULT_LOCALE;
    return c.html(messagePage(l, t(l, 'web-not-found'), t(l, 'web-not-found'), s?.page, true), 404);
  };
  /** The form token of a POST matches the session's; otherwise a 403 page and nothing done. */
  const formOf = async (c: Context, s: Signed): Promise<Record<string, string> | undefined> => {
    const body = await c.req.parseBody();
    const form: Record<string, string> = {};
    for (const [k, v] of Object.entries(body)) if (typeof v === 'string') form[k] = v;
    return csrfOk(s.session.csrf, form.csrf) ? form : undefined;
  };
  const csrfFailed = (c: Context, s: Signed) => c.html(messagePage(s.session.locale, t(s.session.locale, 'web-csrf'), t(s.session.locale, 'web-csrf'), s.page, true), 403);

  app.get('/assets/app.css', (c) => {
    c.header('Content-Type', 'text/css; charset=utf-8');
    return c.body(APP_CSS);
  });

  app.get('/in/:token', async (c) => {
    const opened = await core.webSignIn(c.req.param('token'));
    if (!opened) return c.html(messagePage(DEFAULT_LOCALE, t(DEFAULT_LOCALE, 'web-nav-gallery'), t(DEFAULT_LOCALE, 'web-link-invalid'), undefined, true), 410);
    const previous = getCookie(c, SESSION_COOKIE);
    if (previous) await core.webSignOut(previous);
    setCookie(c, SESSION_COOKIE, opened.sessionId, { httpOnly: true, sameSite: 'Lax', secure: deps.secureCookie, path: '/', expires: new Date(opened.expiresAt) });
    return c.redirect('/', 303);
  });

  app.post('/out', async (c) => {
    const s = await signedIn(c);
    if (!s) return notSignedIn(c);
    if (!(await formOf(c, s))) return csrfFailed(c, s);
    await core.webSignOut(s.id);
    deleteCookie(c, SESSION_COOKIE, { path: '/', secure: deps.secureCookie });
    const l = s.session.locale;
    return c.html(messagePage(l, t(l, 'web-sign-out'), t(l, 'web-signed-out')));
  });

  app.get('/', async (c) => {
    const s = await signedIn(c);
    if (!s) return notSignedIn(c);
    const k = c.req.query('kind');
    const kind = k === 'image' || k === 'video' ? k : undefined;
    const limit = Number(c.req.query('limit'));
    const jobs = await core.webGallery(s.session.actor, { ...(kind ? { kind } : {}), ...(Number.isInteger(limit) && limit > 0 ? { limit } : {}) });
    return c.html(galleryPage(s.page, community(s.session), kind, jobs));
  });

  app.get('/jobs/:id/files/:n', async (c) => {
    const s = await signedIn(c);
    if (!s) return notSignedIn(c);
    const n = Number(c.req.param('n'));
    const f = await core.webFile(s.session.actor, c.req.param('id').toLowerCase(), n);
    if (!f) return notFound(c, s);
    const disposition = c.req.query('download') !== undefined ? 'attachment' : 'inline';
    c.header('Content-Type', f.mime);
    c.header('Content-Length', String(f.bytes));
    c.header('Content-Disposition', `${disposition}; filename="${f.filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
    c.header('Cache-Control', 'private, max-age=3600');
    return c.body(Readable.toWeb(createReadStream(f.path)) as unknown as ReadableStream);
  });

  // Every file of the shown results (the same filter) as one store-only ZIP, up to ZIP_MAX_BYTES.
  app.get('/zip', async (c) => {
    const s = await signedIn(c);
    if (!s) return notSignedIn(c);
    const k = c.req.query('kind');
    const kind = k === 'image' || k === 'video' ? k : undefined;
    const jobs = await core.webGallery(s.session.actor, { ...(kind ? { kind } : {}), limit: 1_000 });
    const entries: ZipEntry[] = [];
    let total = 0;
    for (const j of jobs) {
      for (const o of j.outputs ?? []) {
        if (total + o.bytes > ZIP_MAX_BYTES) break;
        total += o.bytes;
        entries.push({ name: `${j.id}-${o.filename}`, path: o.path });
      }
    }
    c.header('Content-Type', 'application/zip');
    c.header('Content-Disposition', `attachment; filename="results${kind ? `-${kind}` : ''}.zip"`);
    return c.body(zipStream(entries));
  });

  app.get('/balance', async (c) => {
    const s = await signedIn(c);
    if (!s) return notSignedIn(c);
    const reply = await deps.dispatcher.run({ command: 'balance', args: {}, request: new WebRequest(s.session.actor, s.session.admin) });
    return c.html(balancePage(s.page, community(s.session), reply.blocks.join('\n'), reply.fields ?? []));
  });

  const adminView = async (c: Context, s: Signed, outcome?: { text: string; error: boolean }) => {
    const request = new WebRequest(s.session.actor, s.session.admin);
    const budgets = await deps.dispatcher.run({ command: 'budget', subcommand: 'show', args: {}, request });
    const usage = await deps.dispatcher.run({ command: 'usage', args: {}, request });
    return c.html(adminPage(s.page, community(s.session), replyText(budgets), replyText(usage), outcome), outcome?.error ? 400 : 200);
  };
  const forbidden = (c: Context, s: Signed) => c.html(messagePage(s.session.locale, t(s.session.locale, 'web-nav-admin'), t(s.session.locale, 'web-forbidden'), s.page, true), 403);

  app.get('/admin', async (c) => {
    const s = await signedIn(c);
    if (!s) return notSignedIn(c);
    if (!s.session.admin) return forbidden(c, s);
    return adminView(c, s);
  });

  app.post('/admin/budget', async (c) => {
    const s = await signedIn(c);
    if (!s) return notSignedIn(c);
    const form = await formOf(c, s);
    if (!form) return csrfFailed(c, s);
    if (!s.session.admin) return forbidden(c, s);
    const args = { user: form.user ?? '', amount: form.amount ?? '', ...(form.period ? { period: form.period } : {}) };
    const reply = await deps.dispatcher.run({ command: 'budget', subcommand: 'set', args, request: new WebRequest(s.session.actor, s.session.admin) });
    return adminView(c, s, { text: replyText(reply), error: reply.tone === 'error' });
  });

  app.notFound(async (c) => notFound(c, await signedIn(c)));
  app.onError((e, c) => {
    // The route's pattern, never the path: a sign-in path holds its token.
    deps.logger.error({ err: e, route: c.req.routePath }, 'web page failed');
    return c.text('Internal error', 500);
  });
  return app;
}

function csrfOk(expected: string, given: string | undefined): boolean {
  if (given === undefined || given.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ given.charCodeAt(i);
  return diff === 0;
}
