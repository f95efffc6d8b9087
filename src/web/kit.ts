/**
 * What every web route shares: the signed-in session from its cookie, the form-token check of a POST, and the
 * standard answers (not signed in 401, not found 404, forbidden 403, form token missing 403). Route files
 * (`./routes/*.ts`) receive one {@link WebKit} and add their pages to the app.
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { DEFAULT_LOCALE, t } from '../core/i18n/catalog.js';
import type { CommandDispatcher } from '../core/commands/dispatch.js';
import type { CoreApi } from '../core/api/surface.js';
import type { WebSessionView } from '../core/api/web.js';
import type { Logger } from '../log.js';
import { messagePage, type PageSession } from './pages.js';
import { WebRequest } from './request.js';

/** The session cookie's name. */
export const SESSION_COOKIE = 'mediabot_session';

/** What the web app needs. */
export interface WebAppDeps {
  core: Pick<CoreApi, 'webSignIn' | 'webSession' | 'webSignOut' | 'webGallery' | 'webFile' | 'webUsage' | 'webBudgets' | 'webAudit' | 'webBalanceChart' | 'webFailureRefs'>;
  dispatcher: Pick<CommandDispatcher, 'run'>;
  logger: Logger;
  /** Mark the session cookie `Secure` (the public address is https). */
  secureCookie: boolean;
}

/** A browser with a live session. */
export interface Signed {
  session: WebSessionView;
  /** The session id from the cookie (never rendered). */
  id: string;
  page: PageSession;
}

/** The shared helpers of every route file. */
export interface WebKit {
  deps: WebAppDeps;
  signedIn(c: Context): Promise<Signed | undefined>;
  /** The community's title for page headings ("this chat" when it has none). */
  community(s: WebSessionView): string;
  /** The dispatcher request of this session (the chat's own commands, role and audit). */
  request(s: Signed): WebRequest;
  notSignedIn(c: Context): Response;
  notFound(c: Context, s?: Signed): Response;
  forbidden(c: Context, s: Signed, titleWord?: string): Response;
  csrfFailed(c: Context, s: Signed): Response;
  /** The POST's string fields when its form token matches the session's; `undefined` otherwise (nothing may be done). */
  formOf(c: Context, s: Signed): Promise<Record<string, string> | undefined>;
}

/** Builds the kit over the app's dependencies. */
export function webKit(deps: WebAppDeps): WebKit {
  const { core } = deps;
  return {
    deps,
    async signedIn(c) {
      const id = getCookie(c, SESSION_COOKIE);
      if (!id) return undefined;
      const session = await core.webSession(id);
      if (!session) return undefined;
      return { session, id, page: { locale: session.locale, csrf: session.csrf, admin: session.admin } };
    },
    community: (s) => s.actor.scope.title ?? t(s.locale, 'web-this-chat'),
    request: (s) => new WebRequest(s.session.actor, s.session.admin),
    notSignedIn: (c) => c.html(messagePage(DEFAULT_LOCALE, t(DEFAULT_LOCALE, 'web-nav-gallery'), t(DEFAULT_LOCALE, 'web-not-signed-in'), undefined, true), 401),
    notFound(c, s) {
      const l = s?.session.locale ?? DEFAULT_LOCALE;
      return c.html(messagePage(l, t(l, 'web-not-found'), t(l, 'web-not-found'), s?.page, true), 404);
    },
    forbidden: (c, s, titleWord = 'web-nav-admin') => c.html(messagePage(s.session.locale, t(s.session.locale, titleWord), t(s.session.locale, 'web-forbidden'), s.page, true), 403),
    csrfFailed: (c, s) => c.html(messagePage(s.session.locale, t(s.session.locale, 'web-csrf'), t(s.session.locale, 'web-csrf'), s.page, true), 403),
    async formOf(c, s) {
      const body = await c.req.parseBody();
      const form: Record<string, string> = {};
      for (const [k, v] of Object.entries(body)) if (typeof v === 'string') form[k] = v;
      return csrfOk(s.session.csrf, form.csrf) ? form : undefined;
    },
  };
}

function csrfOk(expected: string, given: string | undefined): boolean {
  if (given === undefined || given.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ given.charCodeAt(i);
  return diff === 0;
}
