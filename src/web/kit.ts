/**
 * What every web route shares: the signed-in session from its cookie, the form-token check of a POST, and the
 * standard answers (not signed in 401, not found 404, forbidden 403, form token missing 403). Route files
 * (`./routes/*.ts`) receive one {@link WebKit} and add their pages to the app.
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { t } from '../core/i18n/catalog.js';
import { negotiateLocale } from '../core/i18n/negotiate.js';
import type { CommandDispatcher } from '../core/commands/dispatch.js';
import type { CoreApi, Reply } from '../core/api/surface.js';
import type { WebSessionView } from '../core/api/web.js';
import type { Logger } from '../log.js';
import { messagePage, type PageSession } from './pages.js';
import { WebRequest } from './request.js';
import type { OwnerOps } from './owner-ops.js';
import type { WebSignInOptions } from './sign-in-options.js';
import type { AdminRecheck } from './admin-recheck.js';

/** The session cookie's name. */
export const SESSION_COOKIE = 'mediabot_session';

/** What the web app needs. */
export interface WebAppDeps {
  core: Pick<CoreApi, 'webSignIn' | 'webSession' | 'webSignOut' | 'webGallery' | 'webFile' | 'webJobOrigin' | 'webFailureRefs' | 'settingsInEffect' | 'handOver' | 'ownerOverview' | 'webCommunities' | 'webOpenSession' | 'explain' | 'webUsage' | 'webBudgets' | 'webAudit' | 'webBalanceChart' | 'webCommunityFailureRefs'>;
  dispatcher: Pick<CommandDispatcher, 'run'>;
  logger: Logger;
  /** Mark the session cookie `Secure` (the public address is https). */
  secureCookie: boolean;
  /** The owner page's process figures (bot processes, readiness, reconciliation); absent: the page says they are not available. */
  ops?: OwnerOps;
  /** Rate limits, real sign-in providers, proxy trust (see `./sign-in-options.ts`); absent: links only, default limits. */
  signIn?: WebSignInOptions;
  /**
   * Asks the session's platform whether an admin session's user is still an admin (`./admin-recheck.ts`); absent:
   * a session keeps the admin right its `/web` link granted until it ends (7 days).
   */
  adminRecheck?: AdminRecheck;
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

/** The browser's first `Accept-Language` among the shipped locales (English otherwise): the words of signed-out pages. */
export function browserLocale(c: Context): string {
  return negotiateLocale((c.req.header('accept-language') ?? '').split(',')[0]?.split(';')[0]?.trim());
}

/** A reply as plain text lines (its blocks, then its fields as `name: value`). */
export const replyText = (r: Reply): string => [...r.blocks, ...(r.fields ?? []).map((f) => `${f.name}: ${f.value}`)].join('\n');

/** Builds the kit over the app's dependencies. */
export function webKit(deps: WebAppDeps): WebKit {
  const { core } = deps;
  return {
    deps,
    async signedIn(c) {
      const id = getCookie(c, SESSION_COOKIE);
      if (!id) return undefined;
      const granted = await core.webSession(id);
      if (!granted) return undefined;
      // An owner (OWNER_IDS, checked per request) administers every community; anyone else as the chat says now.
      const still = granted.admin && !granted.owner && deps.adminRecheck ? await deps.adminRecheck(granted.actor) : undefined;
      const session = still === false ? { ...granted, admin: false } : granted;
      return { session, id, page: { locale: session.locale, csrf: session.csrf, admin: session.admin, owner: session.owner } };
    },
    community: (s) => s.actor.scope.title ?? t(s.locale, 'web-this-chat'),
    request: (s) => new WebRequest(s.session.actor, s.session.admin),
    notSignedIn(c) {
      const l = browserLocale(c);
      return c.html(messagePage(l, t(l, 'web-nav-gallery'), t(l, 'web-not-signed-in'), undefined, true), 401);
    },
    notFound(c, s) {
      const l = s?.session.locale ?? browserLocale(c);
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
