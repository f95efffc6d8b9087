/** Sign-in with a one-time link (`/in/:token`) and sign-out (`POST /out`). */
import type { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { DEFAULT_LOCALE, t } from '../../core/i18n/catalog.js';
import { SESSION_COOKIE, type WebKit } from '../kit.js';
import { messagePage } from '../pages.js';

/** Signing in always makes a new session id (no fixation) and ends the one the browser had. */
export function sessionRoutes(app: Hono, kit: WebKit): void {
  const { core, secureCookie } = kit.deps;

  app.get('/in/:token', async (c) => {
    const opened = await core.webSignIn(c.req.param('token'));
    if (!opened) return c.html(messagePage(DEFAULT_LOCALE, t(DEFAULT_LOCALE, 'web-nav-gallery'), t(DEFAULT_LOCALE, 'web-link-invalid'), undefined, true), 410);
    const previous = getCookie(c, SESSION_COOKIE);
    if (previous) await core.webSignOut(previous);
    setCookie(c, SESSION_COOKIE, opened.sessionId, { httpOnly: true, sameSite: 'Lax', secure: secureCookie, path: '/', expires: new Date(opened.expiresAt) });
    return c.redirect('/', 303);
  });

  app.post('/out', async (c) => {
    const s = await kit.signedIn(c);
    if (!s) return kit.notSignedIn(c);
    if (!(await kit.formOf(c, s))) return kit.csrfFailed(c, s);
    await core.webSignOut(s.id);
    deleteCookie(c, SESSION_COOKIE, { path: '/', secure: secureCookie });
    const l = s.session.locale;
    return c.html(messagePage(l, t(l, 'web-sign-out'), t(l, 'web-signed-out')));
  });
}
