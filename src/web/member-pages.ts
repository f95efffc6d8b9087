/**
 * A member's pages, rendered on the server in the session's locale: the gallery (filters as a plain GET form, one
 * card per result with its files while kept, "Run again" and "Vary" as POST forms with the form token, a "More"
 * link past each page), the outcome of a job started from the web, the balance, the settings (one form per key,
 * through the chat's `/settings`) and the member's failure references. Every value is escaped by {@link html}.
 */
import type { FailureRefView } from '../core/api/failure-refs.js';
import type { SettingsInEffect } from '../core/api/settings.js';
import type { GalleryPage } from '../core/api/web.js';
import { t } from '../core/i18n/catalog.js';
import { formatMoney } from '../core/i18n/format.js';
import type { JobView, ReplyField } from '../core/api/surface.js';
import { SETTING_KEYS } from '../core/ports/settings-store.js';
import { html, type Html } from './html.js';
import { layout, type PageSession } from './pages.js';

/** The gallery's filters as the page read them from its query (each absent when not set or not valid). */
export interface GalleryFilters {
  kind?: 'image' | 'video';
  model?: string;
  /** `YYYY-MM-DD`. */
  from?: string;
  /** `YYYY-MM-DD`. */
  to?: string;
}

/** The filters as a query string (`kind=…&model=…`), empty when none is set; used by the ZIP and "More" links. */
export function filterQuery(f: GalleryFilters, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...f, ...extra })) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
}

const fileUrl = (jobId: string, index: number) => `/jobs/${jobId}/files/${index}`;

function costOf(locale: string, v: JobView): string {
  if (v.money.outcome === 'none') return '—';
  return formatMoney(locale, v.money.micros);
}

/** A job-starting button: a POST form with the form token, described by the card's prompt. */
function actionForm(s: PageSession, jobId: string, action: 'again' | 'vary', word: string): Html {
  return html`<form method="post" action="/jobs/${jobId}/${action}"><input type="hidden" name="csrf" value="${s.csrf}"><button type="submit" aria-describedby="prompt-${jobId}">${t(s.locale, word)}</button></form>`;
}

function card(s: PageSession, v: JobView): Html {
  const locale = s.locale;
  const first = v.outputs?.[0];
  const dateIso = new Date(v.createdAt).toISOString();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(v.createdAt);
  const media =
    first && first.mime.startsWith('video/')
      ? html`<video controls preload="none" src="${fileUrl(v.id, 0)}" aria-label="${v.prompt}"></video>`
      : first
        ? html`<a href="${fileUrl(v.id, 0)}" title="${t(locale, 'web-full-size')}"><img loading="lazy" src="${fileUrl(v.id, 0)}" alt="${v.prompt}"></a>`
        : html`<p class="gone">${t(locale, 'web-file-gone')}</p>`;
  const size = v.media ? `${v.media.width}×${v.media.height}` : (v.size ?? '—');
  const downloads = (v.outputs ?? []).map((o, i) => html`<a href="${fileUrl(v.id, i)}?download=1" download="${o.filename}">${t(locale, 'web-download')}${(v.outputs?.length ?? 0) > 1 ? ` ${i + 1}` : ''}</a> `);
  const canVary = (v.kind === 'imagine' || v.kind === 'edit') && (v.outputs?.length ?? 0) > 0;
  const actions = html`<div class="actions">${actionForm(s, v.id, 'again', 'web-run-again')}${canVary ? actionForm(s, v.id, 'vary', 'web-vary') : ''}</div>`;
  return html`<li class="card" data-job="${v.id}">${media}<div class="meta"><p class="prompt" id="prompt-${v.id}">${v.prompt}</p><dl><dt>${t(locale, 'web-col-model')}</dt><dd>${v.model}</dd><dt>${t(locale, 'web-col-size')}</dt><dd>${size}</dd><dt>${t(locale, 'web-col-cost')}</dt><dd>${costOf(locale, v)}</dd><dt>${t(locale, 'web-col-date')}</dt><dd><time datetime="${dateIso}">${date} UTC</time></dd></dl>${downloads}${actions}</div></li>`;
}

function filterForm(l: string, f: GalleryFilters, models: readonly string[]): Html {
  const option = (value: string, label: string, current: string | undefined) => html`<option value="${value}"${(current ?? '') === value ? html` selected` : ''}>${label}</option>`;
  const kinds = [option('', t(l, 'web-filter-all'), f.kind), option('image', t(l, 'web-filter-images'), f.kind), option('video', t(l, 'web-filter-videos'), f.kind)];
  const modelOptions = [option('', t(l, 'web-filter-all-models'), f.model), ...models.map((m) => option(m, m, f.model))];
  const clear = f.kind || f.model || f.from || f.to ? html`<a href="/">${t(l, 'web-filter-clear')}</a>` : '';
  return html`<form class="filters" method="get" action="/"><div><label for="kind">${t(l, 'web-filter-label')}</label><select id="kind" name="kind">${kinds}</select></div><div><label for="model">${t(l, 'web-filter-model')}</label><select id="model" name="model">${modelOptions}</select></div><div><label for="from">${t(l, 'web-filter-from')}</label><input type="date" id="from" name="from" value="${f.from ?? ''}"></div><div><label for="to">${t(l, 'web-filter-to')}</label><input type="date" id="to" name="to" value="${f.to ?? ''}"></div><button type="submit">${t(l, 'web-filter-apply')}</button>${clear}</form>`;
}

/**
 * The gallery: the filters, the ZIP of what is shown, one card per result, and a "More" link to the next page (with
 * the same filters and `pageSize`, when one was asked for).
 */
export function galleryPage(s: PageSession, community: string, f: GalleryFilters, page: GalleryPage, pageSize?: number): string {
  const l = s.locale;
  const { jobs } = page;
  const zip = jobs.some((j) => (j.outputs?.length ?? 0) > 0) ? html`<p><a href="/zip${filterQuery(f)}" download>${t(l, 'web-download-zip', { count: jobs.length })}</a></p>` : '';
  const list = jobs.length === 0 ? html`<p class="notice" role="status">${t(l, 'web-gallery-empty')}</p>` : html`<ul class="gallery">${jobs.map((j) => card(s, j))}</ul>`;
  const more = page.next ? html`<p class="more"><a href="/${filterQuery(f, { ...(pageSize ? { limit: String(pageSize) } : {}), after: page.next })}">${t(l, 'web-gallery-more')}</a></p>` : '';
  return layout(l, t(l, 'web-gallery-title', { community }), html`${filterForm(l, f, page.models)}${zip}${list}${more}`, s, 'gallery');
}

/** What became of "Run again"/"Vary": started in the chat, or the chat's own refusal. */
export function startedPage(s: PageSession, text: string, error: boolean): string {
  const l = s.locale;
  return layout(l, t(l, 'web-run-title'), html`<p class="notice${error ? ' error' : ''}" role="${error ? 'alert' : 'status'}">${text}</p><p><a href="/">${t(l, 'web-back-gallery')}</a></p>`, s, 'gallery');
}

/** The balance: the chat's `/balance` fields and sentence, as a definition list. */
export function balancePage(s: PageSession, community: string, text: string, fields: readonly ReplyField[], chart?: Html): string {
  const l = s.locale;
  return layout(l, t(l, 'web-balance-title', { community }), html`<p>${text}</p><dl class="fields">${fields.map((f) => html`<dt>${f.name}</dt><dd>${f.value}</dd>`)}</dl>${chart ?? ''}`, s, 'balance');
}

/**
 * The settings: the chat's `/settings` answer as written, the outcome of the last change (if any), then one form per
 * key (its stored value, where to store it) posting the chat's `/settings <key> <value> <where>`.
 */
export function settingsPage(s: PageSession, community: string, text: string, current: SettingsInEffect, outcome?: { text: string; error: boolean }): string {
  const l = s.locale;
  const result = outcome ? html`<p class="notice${outcome.error ? ' error' : ''}" role="${outcome.error ? 'alert' : 'status'}">${outcome.text}</p>` : '';
  const forms = SETTING_KEYS.map((key) => {
    const value = current[key];
    const where = value?.source === 'personal' ? 'everywhere' : 'here';
    const opt = (v: string, word: string) => html`<option value="${v}"${where === v ? html` selected` : ''}>${t(l, word)}</option>`;
    return html`<form class="setting" method="post" action="/settings"><input type="hidden" name="csrf" value="${s.csrf}"><input type="hidden" name="key" value="${key}"><div><label for="value-${key}">${key}</label><input id="value-${key}" name="value" value="${value?.value ?? ''}" required maxlength="100" autocomplete="off" aria-describedby="settings-hint"></div><div><label for="where-${key}">${t(l, 'web-settings-where')}</label><select id="where-${key}" name="where">${opt('here', 'web-settings-here')}${opt('everywhere', 'web-settings-everywhere')}</select></div><button type="submit">${t(l, 'web-settings-save', { key })}</button></form>`;
  });
  return layout(
    l,
    t(l, 'web-settings-title', { community }),
    html`${result}<pre class="text">${text}</pre><h2>${t(l, 'web-settings-change')}</h2><p id="settings-hint">${t(l, 'web-settings-hint')}</p>${forms}`,
    s,
    'settings',
  );
}

/** The member's own failure references, newest first, with the words the chat showed. */
export function failuresPage(s: PageSession, community: string, refs: readonly FailureRefView[]): string {
  const l = s.locale;
  const fmt = new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  const list =
    refs.length === 0
      ? html`<p class="notice" role="status">${t(l, 'web-failures-empty')}</p>`
      : html`<ul class="refs">${refs.map(
          (r) =>
            html`<li><dl class="fields"><dt>${t(l, 'web-failures-ref')}</dt><dd><code>${r.ref}</code></dd><dt>${t(l, 'web-col-date')}</dt><dd><time datetime="${new Date(r.createdAt).toISOString()}">${fmt.format(r.createdAt)} UTC</time></dd>${r.jobId ? html`<dt>${t(l, 'web-failures-job')}</dt><dd><code>${r.jobId}</code></dd>` : ''}</dl><p>${r.outcome}</p></li>`,
        )}</ul>`;
  return layout(l, t(l, 'web-failures-title', { community }), html`<p>${t(l, 'web-failures-intro')}</p>${list}`, s, 'failures');
}
