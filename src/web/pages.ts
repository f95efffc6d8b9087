/**
 * The web pages, rendered on the server in the session's locale with the chat's Fluent messages. Every value is
 * escaped by {@link html}; no token, key or session id is ever written into a page (the form token is the only
 * secret-derived value, and it opens nothing by itself).
 */
import { t } from '../core/i18n/catalog.js';
import { formatMoney } from '../core/i18n/format.js';
import type { JobView, ReplyField } from '../core/api/surface.js';
import { html, type Html } from './html.js';

/** The page being shown, for the navigation's `aria-current`. */
export type PageId = 'gallery' | 'balance' | 'admin' | 'none';

/** What the layout needs to know about the signed-in browser. */
export interface PageSession {
  locale: string;
  csrf: string;
  admin: boolean;
}

/** A whole document: skip link, navigation (when signed in), the sign-out form, and `body`. */
export function layout(locale: string, title: string, body: Html, session?: PageSession, current: PageId = 'none'): string {
  const nav = (id: PageId, href: string, word: string) => html`<a href="${href}"${current === id ? html` aria-current="page"` : ''}>${t(locale, word)}</a>`;
  const header = session
    ? html`<header><nav aria-label="${t(locale, 'web-nav-gallery')}">${nav('gallery', '/', 'web-nav-gallery')}${nav('balance', '/balance', 'web-nav-balance')}${session.admin ? nav('admin', '/admin', 'web-nav-admin') : ''}</nav><form method="post" action="/out"><input type="hidden" name="csrf" value="${session.csrf}"><button class="link" type="submit">${t(locale, 'web-sign-out')}</button></form></header>`
    : '';
  return `<!doctype html>${html`<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><link rel="stylesheet" href="/assets/app.css"></head><body><a class="skip" href="#main">${t(locale, 'web-skip')}</a>${header}<main id="main"><h1>${title}</h1>${body}</main></body></html>`.value}`;
}

/** A page that only says something (signed out, link not valid, not found, forbidden). */
export function messagePage(locale: string, title: string, text: string, session?: PageSession, error = false): string {
  return layout(locale, title, html`<p class="notice${error ? ' error' : ''}" role="${error ? 'alert' : 'status'}">${text}</p>`, session);
}

const fileUrl = (jobId: string, index: number) => `/jobs/${jobId}/files/${index}`;

function costOf(locale: string, v: JobView): string {
  if (v.money.outcome === 'none') return '—';
  return formatMoney(locale, v.money.micros);
}

function card(locale: string, v: JobView): Html {
  const first = v.outputs?.[0];
  const dateIso = new Date(v.createdAt).toISOString();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(v.createdAt);
  const media =
    first && first.mime.startsWith('video/')
      ? html`<video controls preload="none" src="${fileUrl(v.id, 0)}" aria-label="${v.prompt}"></video>`
      : first
        ? html`<a href="${fileUrl(v.id, 0)}" title="${t(locale, 'web-full-size')}"><img loading="lazy" src="${fileUrl(v.id, 0)}" alt="${v.prompt}"></a>`
        : '';
  const size = v.media ? `${v.media.width}×${v.media.height}` : (v.size ?? '—');
  const downloads = (v.outputs ?? []).map((o, i) => html`<a href="${fileUrl(v.id, i)}?download=1" download="${o.filename}">${t(locale, 'web-download')}${(v.outputs?.length ?? 0) > 1 ? ` ${i + 1}` : ''}</a> `);
  return html`<li class="card" data-job="${v.id}">${media}<div class="meta"><p class="prompt">${v.prompt}</p><dl><dt>${t(locale, 'web-col-model')}</dt><dd>${v.model}</dd><dt>${t(locale, 'web-col-size')}</dt><dd>${size}</dd><dt>${t(locale, 'web-col-cost')}</dt><dd>${costOf(locale, v)}</dd><dt>${t(locale, 'web-col-date')}</dt><dd><time datetime="${dateIso}">${date} UTC</time></dd></dl>${downloads}</div></li>`;
}

/** The gallery: a kind filter (a plain GET form, works without script) and one card per result. */
export function galleryPage(s: PageSession, community: string, kind: 'image' | 'video' | undefined, jobs: readonly JobView[]): string {
  const l = s.locale;
  const option = (value: string, word: string) => html`<option value="${value}"${(kind ?? '') === value ? html` selected` : ''}>${t(l, word)}</option>`;
  const filter = html`<form class="filters" method="get" action="/"><div><label for="kind">${t(l, 'web-filter-label')}</label><select id="kind" name="kind">${option('', 'web-filter-all')}${option('image', 'web-filter-images')}${option('video', 'web-filter-videos')}</select></div><button type="submit">${t(l, 'web-filter-apply')}</button></form>`;
  const zip = jobs.length === 0 ? '' : html`<p><a href="/zip${kind ? `?kind=${kind}` : ''}" download>${t(l, 'web-download-zip', { count: jobs.length })}</a></p>`;
  const list = jobs.length === 0 ? html`<p class="notice" role="status">${t(l, 'web-gallery-empty')}</p>` : html`<ul class="gallery">${jobs.map((j) => card(l, j))}</ul>`;
  return layout(l, t(l, 'web-gallery-title', { community }), html`${filter}${zip}${list}`, s, 'gallery');
}

/** The balance: the chat's `/balance` fields and sentence, as a definition list, then `chart` (when given). */
export function balancePage(s: PageSession, community: string, text: string, fields: readonly ReplyField[], chart?: Html): string {
  const l = s.locale;
  return layout(l, t(l, 'web-balance-title', { community }), html`<p>${text}</p><dl class="fields">${fields.map((f) => html`<dt>${f.name}</dt><dd>${f.value}</dd>`)}</dl>${chart}`, s, 'balance');
}
