/**
 * The web pages, rendered on the server in the session's locale with the chat's Fluent messages. Every value is
 * escaped by {@link html}; no token, key or session id is ever written into a page (the form token is the only
 * secret-derived value, and it opens nothing by itself).
 */
import { t } from '../core/i18n/catalog.js';
import { html, type Html } from './html.js';

/** The page being shown, for the navigation's `aria-current`. */
export type PageId = 'gallery' | 'balance' | 'settings' | 'failures' | 'admin' | 'owner' | 'none';

/** What the layout needs to know about the signed-in browser. */
export interface PageSession {
  locale: string;
  csrf: string;
  admin: boolean;
  /** A bot owner (`OWNER_IDS`): the navigation shows the owner page. */
  owner?: boolean;
}

/** A whole document: skip link, navigation (when signed in), the sign-out form, and `body`. */
export function layout(locale: string, title: string, body: Html, session?: PageSession, current: PageId = 'none'): string {
  const nav = (id: PageId, href: string, word: string) => html`<a href="${href}"${current === id ? html` aria-current="page"` : ''}>${t(locale, word)}</a>`;
  const header = session
    ? html`<header><nav aria-label="${t(locale, 'web-nav-gallery')}">${nav('gallery', '/', 'web-nav-gallery')}${nav('balance', '/balance', 'web-nav-balance')}${nav('settings', '/settings', 'web-nav-settings')}${nav('failures', '/failures', 'web-nav-failures')}${session.admin ? nav('admin', '/admin', 'web-nav-admin') : ''}${session.owner ? nav('owner', '/owner', 'web-nav-owner') : ''}</nav><form method="post" action="/out"><input type="hidden" name="csrf" value="${session.csrf}"><button class="link" type="submit">${t(locale, 'web-sign-out')}</button></form></header>`
    : '';
  return `<!doctype html>${html`<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><link rel="stylesheet" href="/assets/app.css"></head><body><a class="skip" href="#main">${t(locale, 'web-skip')}</a>${header}<main id="main"><h1>${title}</h1>${body}</main></body></html>`.value}`;
}

/** A page that only says something (signed out, link not valid, not found, forbidden). */
export function messagePage(locale: string, title: string, text: string, session?: PageSession, error = false): string {
  return layout(locale, title, html`<p class="notice${error ? ' error' : ''}" role="${error ? 'alert' : 'status'}">${text}</p>`, session);
}
