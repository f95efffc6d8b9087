/**
 * Real sign-in for public deployments, behind settings (`WEB_TELEGRAM_LOGIN`, `WEB_DISCORD_CLIENT_*`): the sign-in
 * page (`/sign-in`), the Telegram Login Widget's callback (`/auth/telegram`), Discord OAuth2 (`/auth/discord`,
 * `/auth/discord/callback`) and the community pick (`POST /auth/pick`). The provider proves who the person is; they
 * then choose one of the communities the bot saw them in, and the session is that chat identity's, with the admin
 * answer of the chat's own check. Like a `/web` link, signing in makes a new session id and ends the one the browser
 * had; the only place it goes afterwards is `/`.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { t } from '../../core/i18n/catalog.js';
import { discordAuthorizeUrl, discordIdentity } from '../discord-oauth.js';
import { browserLocale, SESSION_COOKIE, type WebKit } from '../kit.js';
import { pickCommunityPage, scopeKey, signInPage } from '../owner-pages.js';
import { PRESIGN_COOKIE, PRESIGN_MS, PreSessions, presignCsrf, type PickableScope, type PreSession } from '../pre-sessions.js';
import { ReplayGuard, TELEGRAM_LOGIN_MAX_AGE_S, verifyTelegramLogin } from '../telegram-login.js';

/** The sign-in page's policy with Telegram's widget: its script from telegram.org, its frame from oauth.telegram.org. */
export const TELEGRAM_WIDGET_CSP = "default-src 'none'; script-src https://telegram.org; frame-src https://oauth.telegram.org; img-src 'self'; style-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export function signInRoutes(app: Hono, kit: WebKit, now: () => number = Date.now): void {
  const { core, secureCookie, logger } = kit.deps;
  const o = kit.deps.signIn ?? {};
  const pre = new PreSessions(now);
  const replays = new ReplayGuard(TELEGRAM_LOGIN_MAX_AGE_S * 1000, now);
  const cookie = { httpOnly: true, sameSite: 'Lax', secure: secureCookie, path: '/' } as const;

  const page = (c: Context, status: 200 | 400 | 403 = 200, error?: string) => {
    const l = browserLocale(c);
    if (o.telegram) c.header('Content-Security-Policy', TELEGRAM_WIDGET_CSP);
    return c.html(signInPage(l, { ...(o.telegram ? { telegramBot: o.telegram.botUsername } : {}), discord: o.discord !== undefined, ...(error ? { error: t(l, error) } : {}) }), status);
  };

  /** Stores who the provider vouched for and shows the communities to choose from. */
  const picker = async (c: Context, p: Omit<PreSession, 'expiresAt'>) => {
    if (!p.scopes || p.scopes.length === 0) return page(c, 403, 'web-sign-in-no-community');
    const old = getCookie(c, PRESIGN_COOKIE);
    pre.end(old);
    const id = pre.open(p);
    setCookie(c, PRESIGN_COOKIE, id, { ...cookie, maxAge: PRESIGN_MS / 1000 });
    return c.html(pickCommunityPage(browserLocale(c), presignCsrf(id), p.scopes.map((s) => s.scope)));
  };

  app.get('/sign-in', (c) => page(c));

  app.get('/auth/telegram', async (c) => {
    if (!o.telegram) return kit.notFound(c);
    const check = verifyTelegramLogin(c.req.query(), o.telegram.botToken, now());
    if (!check.ok || !replays.first(check.hash)) {
      logger.info({ reason: check.ok ? 'replayed' : check.reason }, 'web sign-in with Telegram refused');
      return page(c, 403, 'web-sign-in-failed');
    }
    const user = { platform: 'telegram', externalId: check.user.id, ...(check.user.username ? { username: check.user.username } : {}), ...(check.user.displayName ? { displayName: check.user.displayName } : {}) };
    const scopes = (await core.webCommunities(user)).map((scope): PickableScope => ({ scope }));
    return picker(c, { user, scopes });
  });

  app.get('/auth/discord', (c) => {
    if (!o.discord) return kit.notFound(c);
    pre.end(getCookie(c, PRESIGN_COOKIE));
    const state = randomBytes(24).toString('base64url');
    const id = pre.open({ state });
    setCookie(c, PRESIGN_COOKIE, id, { ...cookie, maxAge: PRESIGN_MS / 1000 });
    return c.redirect(discordAuthorizeUrl(o.discord, state), 302);
  });

  app.get('/auth/discord/callback', async (c) => {
    if (!o.discord) return kit.notFound(c);
    const id = getCookie(c, PRESIGN_COOKIE);
    const code = c.req.query('code');
    // The state must be the one this browser's pre-session expects (a login another site started is refused).
    if (!pre.takeState(id, c.req.query('state')) || !code) {
      logger.info({ reason: 'state' }, 'web sign-in with Discord refused');
      return page(c, 403, 'web-sign-in-failed');
    }
    pre.end(id);
    let who;
    try {
      who = await discordIdentity(o.discord, code);
    } catch (e) {
      logger.warn({ reason: (e as Error).message }, 'web sign-in with Discord failed');
      return page(c, 403, 'web-sign-in-failed');
    }
    const user = { platform: 'discord', externalId: who.id, username: who.username.toLowerCase(), ...(who.displayName ? { displayName: who.displayName } : {}) };
    const guilds = new Map(who.guilds.map((g) => [g.id, g]));
    // Only guilds the bot saw them in and that Discord still lists as theirs.
    const scopes = (await core.webCommunities(user)).flatMap((scope): PickableScope[] => {
      const g = guilds.get(scope.externalId);
      return g ? [{ scope: { ...scope, title: scope.title ?? g.name }, admin: g.manages }] : [];
    });
    return picker(c, { user, scopes });
  });

  app.post('/auth/pick', async (c) => {
    const id = getCookie(c, PRESIGN_COOKIE);
    const p = pre.get(id);
    const body = await c.req.parseBody();
    const csrf = typeof body.csrf === 'string' ? body.csrf : '';
    if (!id || !p?.user || !p.scopes || !sameText(csrf, presignCsrf(id))) return page(c, 403, 'web-sign-in-failed');
    const picked = p.scopes.find((s) => scopeKey(s.scope) === body.scope);
    if (!picked) return page(c, 400, 'web-sign-in-failed');
    const actor = { scope: picked.scope, user: p.user };
    let admin = picked.admin;
    if (admin === undefined && p.user.platform === 'telegram' && o.telegram) admin = await o.telegram.isAdmin(picked.scope.externalId, p.user.externalId).catch(() => false);
    const opened = await core.webOpenSession(actor, admin === true);
    pre.end(id);
    deleteCookie(c, PRESIGN_COOKIE, { path: '/', secure: secureCookie });
    const previous = getCookie(c, SESSION_COOKIE);
    if (previous) await core.webSignOut(previous);
    setCookie(c, SESSION_COOKIE, opened.sessionId, { ...cookie, expires: new Date(opened.expiresAt) });
    return c.redirect('/', 303);
  });
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
