/**
 * A community admin's pages, rendered on the server in the session's locale: budgets (the landing page), usage
 * (interactive chart, its table, per member and per model, CSV), prices and kinds, channel and word rules, the queue,
 * failure references and the audit log. Every form posts to `/admin/run/<action>` (budget set also to `/admin/budget`)
 * with the session's form token; the route runs the chat's own command for it. Each input has a visible label.
 */
import { t } from '../core/i18n/catalog.js';
import { formatMoney, formatNumber } from '../core/i18n/format.js';
import type { Period } from '../core/budget/periods.js';
import type { Reply } from '../core/api/surface.js';
import type { FailureRefView } from '../core/api/failure-refs.js';
import type { AuditRowView, BudgetsOverview, UsageOverview } from '../core/api/web-admin.js';
import { chartBlock, chartScripts, chartTable } from './charts.js';
import { html, type Html } from './html.js';
import { layout, type PageSession } from './pages.js';

/** The admin sub-pages, in navigation order, with their paths. */
export const ADMIN_PAGES = {
  budgets: '/admin',
  usage: '/admin/usage',
  prices: '/admin/prices',
  rules: '/admin/rules',
  queue: '/admin/queue',
  refs: '/admin/refs',
  audit: '/admin/audit',
} as const;

/** One admin sub-page. */
export type AdminPageId = keyof typeof ADMIN_PAGES;

/** What the last form did: the command's reply as the chat would show it. */
export interface Outcome {
  reply: Reply;
}

/** The periods a usage page can show. */
export const USAGE_PERIODS: readonly Period[] = ['day', 'week', 'month', 'total'];

const PERIODS: readonly Period[] = ['day', 'week', 'month', 'total'];

function outcomeBlock(o: Outcome | undefined): Html | '' {
  if (!o) return '';
  const error = o.reply.tone === 'error';
  const r = o.reply;
  return html`<div class="notice${error ? ' error' : ''}" role="${error ? 'alert' : 'status'}">${r.title ? html`<p><strong>${r.title}</strong></p>` : ''}${r.blocks.map((b) => html`<p class="reply">${b}</p>`)}${r.fields?.length ? html`<dl class="fields">${r.fields.map((f) => html`<dt>${f.name}</dt><dd>${f.value}</dd>`)}</dl>` : ''}</div>`;
}

/** The page frame: the admin navigation, the last form's outcome, the content. */
function adminLayout(s: PageSession, page: AdminPageId, title: string, body: Html, outcome?: Outcome): string {
  const l = s.locale;
  const links = (Object.keys(ADMIN_PAGES) as AdminPageId[]).map(
    (id) => html`<li><a href="${ADMIN_PAGES[id]}"${id === page ? html` aria-current="page"` : ''}>${t(l, `web-admin-nav-${id}`)}</a></li>`,
  );
  return layout(l, title, html`<nav class="subnav" aria-label="${t(l, 'web-admin-nav')}"><ul>${links}</ul></nav>${outcomeBlock(outcome)}${body}`, s, 'admin');
}

/** A POST form to `/admin/run/<action>` with the form token and `inner` fields. */
function form(s: PageSession, action: string, inner: Html | readonly Html[], submit: string, cls = 'admin-form'): Html {
  return html`<form method="post" action="/admin/run/${action}" class="${cls}"><input type="hidden" name="csrf" value="${s.csrf}">${inner}<button type="submit">${submit}</button></form>`;
}

const hidden = (name: string, value: string) => html`<input type="hidden" name="${name}" value="${value}">`;

/** A labelled text input. */
function input(id: string, name: string, label: string, o: { required?: boolean; decimal?: boolean; value?: string } = {}): Html {
  return html`<div class="field"><label for="${id}">${label}</label><input id="${id}" name="${name}"${o.required ? html` required` : ''}${o.decimal ? html` inputmode="decimal"` : ''}${o.value ? html` value="${o.value}"` : ''} autocomplete="off"></div>`;
}

/** A labelled select of `options` (value, words). */
function select(id: string, name: string, label: string, options: readonly (readonly [string, string])[], selected?: string): Html {
  return html`<div class="field"><label for="${id}">${label}</label><select id="${id}" name="${name}">${options.map(([v, w]) => html`<option value="${v}"${v === selected ? html` selected` : ''}>${w}</option>`)}</select></div>`;
}

/** Periods of a usage view ("This month"). */
const shownOptions = (l: string) => PERIODS.map((p) => [p, t(l, 'web-admin-period-word', { period: p })] as const);
/** Periods of an allowance ("Per month"). */
const periodOptions = (l: string) => PERIODS.map((p) => [p, t(l, 'web-admin-period-every', { period: p })] as const);
const money = (l: string, m: number) => formatMoney(l, m);
const allowance = (l: string, micros: number | null, period: Period) => (micros === null ? t(l, 'web-admin-unlimited') : t(l, 'web-admin-allowance', { amount: money(l, micros), period }));

/** Budgets: the community's limits, then a table of members, each row with its forms, then the set form. */
export function budgetsPage(s: PageSession, community: string, b: BudgetsOverview, outcome?: Outcome): string {
  const l = s.locale;
  const limits = html`<h2>${t(l, 'web-admin-community-limits')}</h2><ul class="facts"><li>${t(l, 'web-admin-default', { allowance: allowance(l, b.defaultAllowance.micros, b.defaultAllowance.period) })}${b.defaultAllowance.fromOperator ? html` ${t(l, 'web-admin-default-operator')}` : ''}</li><li>${b.pool ? t(l, 'web-admin-pool', { allowance: allowance(l, b.pool.micros, b.pool.period) }) : t(l, 'web-admin-no-pool')}</li></ul><div class="form-row">${form(s, 'budget-default', [input('default-amount', 'amount', t(l, 'web-admin-default-amount'), { required: true, decimal: true }), select('default-period', 'period', t(l, 'web-admin-default-period'), periodOptions(l), b.defaultAllowance.period)], t(l, 'web-admin-default-submit'))}${form(s, 'budget-pool', [input('pool-amount', 'amount', t(l, 'web-admin-pool-amount'), { required: true, decimal: true }), select('pool-period', 'period', t(l, 'web-admin-pool-period'), periodOptions(l), b.pool?.period ?? 'month')], t(l, 'web-admin-pool-submit'))}</div>`;
  const rows = b.members.map((m, i) => {
    const who = hidden('user', m.target);
    const own = m.own ? allowance(l, m.own.micros, m.own.period) : t(l, 'web-admin-uses-default');
    const adjust = form(s, 'budget-adjust', [who, input(`adj-amount-${i}`, 'amount', t(l, 'web-admin-adjust-amount'), { required: true, decimal: true }), input(`adj-note-${i}`, 'note', t(l, 'web-admin-adjust-note'), { required: true })], t(l, 'web-admin-adjust'), 'admin-form compact');
    const block = form(s, m.blocked ? 'budget-unblock' : 'budget-block', who, t(l, m.blocked ? 'web-admin-unblock-member' : 'web-admin-block-member', { member: m.name }), 'inline');
    const clear = m.own ? form(s, 'budget-clear', who, t(l, 'web-admin-clear-member', { member: m.name }), 'inline') : '';
    return html`<tr><th scope="row">${m.name}</th><td>${own}</td><td>${t(l, m.blocked ? 'web-admin-yes' : 'web-admin-no')}</td><td class="num">${money(l, m.spentThisMonthMicros)}</td><td class="actions">${block}${clear}${adjust}</td></tr>`;
  });
  const table = b.members.length
    ? html`<div class="table-wrap"><table class="data" aria-labelledby="members"><thead><tr><th scope="col">${t(l, 'web-admin-col-member')}</th><th scope="col">${t(l, 'web-admin-col-own')}</th><th scope="col">${t(l, 'web-admin-col-blocked')}</th><th scope="col" class="num">${t(l, 'web-admin-col-spent-month')}</th><th scope="col">${t(l, 'web-admin-col-actions')}</th></tr></thead><tbody>${rows}</tbody></table></div>`
    : html`<p>${t(l, 'web-admin-no-members')}</p>`;
  const set = html`<form method="post" action="/admin/budget" class="admin-form"><h2>${t(l, 'web-admin-set')}</h2><input type="hidden" name="csrf" value="${s.csrf}"><label for="user">${t(l, 'web-admin-member')}</label><input id="user" name="user" required autocomplete="off"><label for="amount">${t(l, 'web-admin-amount')}</label><input id="amount" name="amount" required inputmode="decimal" autocomplete="off"><label for="period">${t(l, 'web-admin-period')}</label><select id="period" name="period">${periodOptions(l).map(([p, w]) => html`<option value="${p}">${w}</option>`)}</select><p><button type="submit">${t(l, 'web-admin-submit')}</button></p></form>`;
  return adminLayout(s, 'budgets', t(l, 'web-admin-title', { community }), html`${limits}<h2 id="members">${t(l, 'web-admin-members')}</h2>${table}${set}`, outcome);
}

/** Usage: the period picker, the chart with its table, per member and per model, the CSV link. */
export function usagePage(s: PageSession, community: string, u: UsageOverview): string {
  const l = s.locale;
  const picker = html`<form class="filters" method="get" action="/admin/usage">${select('usage-period', 'period', t(l, 'web-admin-show-period'), shownOptions(l), u.period)}<button type="submit">${t(l, 'web-admin-show')}</button></form>`;
  const csv = html`<p><a href="/admin/usage.csv?period=${u.period}" download="${u.csv.filename}">${t(l, 'web-admin-csv')}</a></p>`;
  const n = (x: number) => formatNumber(l, x);
  const cols = ['web-admin-col-jobs', 'web-admin-col-images', 'web-admin-col-seconds', 'web-admin-col-tokens', 'web-admin-col-spent'];
  const head = (first: string) => html`<tr><th scope="col">${first}</th>${cols.map((c) => html`<th scope="col" class="num">${t(l, c)}</th>`)}</tr>`;
  const cells = (r: UsageOverview['totals']) => html`<td class="num">${n(r.jobs)}</td><td class="num">${n(r.images)}</td><td class="num">${n(r.videoSeconds)}</td><td class="num">${n(r.tokens)}</td><td class="num">${money(l, r.spentMicros)}</td>`;
  const total = html`<tr class="total"><th scope="row">${t(l, 'web-admin-col-total')}</th>${cells(u.totals)}</tr>`;
  const members = html`<h2 id="by-member">${t(l, 'web-admin-by-member')}</h2><div class="table-wrap"><table class="data" aria-labelledby="by-member"><thead>${head(t(l, 'web-admin-col-member'))}</thead><tbody>${u.members.map((m) => html`<tr><th scope="row">${m.name}</th>${cells(m)}</tr>`)}${total}</tbody></table></div>`;
  const models = html`<h2 id="by-model">${t(l, 'web-admin-by-model')}</h2><div class="table-wrap"><table class="data" aria-labelledby="by-model"><thead>${head(t(l, 'web-admin-col-model'))}</thead><tbody>${u.models.map((m) => html`<tr><th scope="row">${m.model || t(l, 'web-admin-no-model')}</th>${cells(m)}</tr>`)}${total}</tbody></table></div>`;
  const byDay = html`<h2>${t(l, 'web-admin-by-day')}</h2>${chartBlock('usage-chart', u.chart)}${chartTable(l, u.chart, t(l, 'web-admin-col-day'), t(l, 'web-admin-col-total'))}`;
  const body = u.members.length === 0 ? html`${picker}<p class="notice">${t(l, 'web-admin-no-usage')}</p>` : html`${picker}${csv}${byDay}${members}${models}${chartScripts()}`;
  return adminLayout(s, 'usage', t(l, 'web-admin-usage-title', { community }), body);
}

/** Prices: the `/prices list` answer, then the set, clear and kind forms. */
export function pricesPage(s: PageSession, community: string, list: Reply, outcome?: Outcome): string {
  const l = s.locale;
  const per = [['', t(l, 'web-admin-per-default')], ...['image', 'second', '1k'].map((p) => [p, t(l, `web-admin-per-${p}`)] as const)] as const;
  const kinds = ['image', 'video', 'text', 'auto'].map((k) => [k, t(l, `web-admin-kind-${k}`)] as const);
  const body = html`<h2>${t(l, 'web-admin-prices-now')}</h2><pre class="text">${list.blocks.join('\n')}</pre><div class="form-row">${form(s, 'prices-set', [input('price-model', 'model', t(l, 'web-admin-price-model'), { required: true }), input('price-usd', 'usd', t(l, 'web-admin-price-usd'), { required: true, decimal: true }), select('price-per', 'per', t(l, 'web-admin-price-per'), per)], t(l, 'web-admin-price-set'))}${form(s, 'prices-clear', input('clear-model', 'model', t(l, 'web-admin-clear-model'), { required: true }), t(l, 'web-admin-price-clear'))}${form(s, 'prices-kind', [input('kind-model', 'model', t(l, 'web-admin-kind-model'), { required: true }), select('kind-kind', 'kind', t(l, 'web-admin-kind'), kinds)], t(l, 'web-admin-kind-set'))}</div>`;
  return adminLayout(s, 'prices', t(l, 'web-admin-prices-title', { community }), body, outcome);
}

/** Rules: the word rules and the channel rules as the chat lists them, each with its forms. */
export function rulesPage(s: PageSession, community: string, words: Reply, channel: Reply, outcome?: Outcome): string {
  const l = s.locale;
  const rules = ['allow', 'only', 'silent', 'reset'].map((r) => [r, t(l, `web-admin-rule-${r}`)] as const);
  const body = html`<h2>${t(l, 'web-admin-words')}</h2><pre class="text">${words.blocks.join('\n')}</pre><div class="form-row">${form(s, 'words-add', [input('word-pattern', 'pattern', t(l, 'web-admin-word-pattern'), { required: true }), input('word-message', 'message', t(l, 'web-admin-word-message'))], t(l, 'web-admin-word-add'))}${form(s, 'words-remove', input('word-remove', 'pattern', t(l, 'web-admin-word-remove-pattern'), { required: true }), t(l, 'web-admin-word-remove'))}${form(s, 'words-clear', [], t(l, 'web-admin-word-clear'))}</div><h2>${t(l, 'web-admin-channel')}</h2><pre class="text">${channel.blocks.join('\n')}</pre>${form(s, 'channel', [select('channel-rule', 'rule', t(l, 'web-admin-channel-rule'), rules), input('channel-commands', 'commands', t(l, 'web-admin-channel-commands'))], t(l, 'web-admin-channel-submit'))}`;
  return adminLayout(s, 'rules', t(l, 'web-admin-rules-title', { community }), body, outcome);
}

/** The queue: each waiting or running job with a cancel form (the chat's `/queue cancel` says why it cannot). */
export function queuePage(s: PageSession, community: string, queue: Reply, outcome?: Outcome): string {
  const l = s.locale;
  const items = queue.fields ?? [];
  const table = items.length
    ? html`<div class="table-wrap"><table class="data"><caption>${queue.title ?? ''}</caption><thead><tr><th scope="col">${t(l, 'web-admin-col-job')}</th><th scope="col">${t(l, 'web-admin-col-state')}</th><th scope="col">${t(l, 'web-admin-col-actions')}</th></tr></thead><tbody>${items.map((f) => html`<tr><th scope="row"><code>${f.name}</code></th><td>${f.value}</td><td>${form(s, 'queue-cancel', hidden('job', f.name), t(l, 'web-admin-cancel', { id: f.name }), 'inline')}</td></tr>`)}</tbody></table></div>`
    : '';
  const body = html`${queue.blocks.map((b) => html`<p>${b}</p>`)}${table}${form(s, 'queue-cancel', input('cancel-job', 'job', t(l, 'web-admin-cancel-id'), { required: true }), t(l, 'web-admin-cancel-submit'))}`;
  return adminLayout(s, 'queue', t(l, 'web-admin-queue-title', { community }), body, outcome);
}

/**
 * Failure references: look one up (the chat's `/job <ref>`), and the latest ones as `/job <ref>` shows them to an
 * admin, each with its logged detail (scrubbed when it was stored) behind a disclosure.
 */
export function refsPage(s: PageSession, community: string, refs: readonly FailureRefView[], outcome?: Outcome): string {
  const l = s.locale;
  const when = new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  const table = refs.length
    ? html`<div class="table-wrap"><table class="data refs" aria-labelledby="recent-refs"><thead><tr><th scope="col">${t(l, 'web-admin-col-ref')}</th><th scope="col">${t(l, 'web-admin-col-when')}</th><th scope="col">${t(l, 'web-admin-col-outcome')}</th><th scope="col">${t(l, 'web-admin-col-detail')}</th></tr></thead><tbody>${refs.map((r) => html`<tr><th scope="row"><code>${r.ref}</code></th><td><time datetime="${new Date(r.createdAt).toISOString()}">${when.format(r.createdAt)} UTC</time></td><td>${r.outcome}${r.jobId ? html` <code>${r.jobId}</code>` : ''}</td><td><details><summary>${r.code}</summary><code class="json">${r.detail ?? ''}</code></details></td></tr>`)}</tbody></table></div>`
    : html`<p>${t(l, 'web-admin-refs-none')}</p>`;
  const body = html`<p>${t(l, 'web-admin-refs-help')}</p>${form(s, 'ref', input('ref', 'job', t(l, 'web-admin-ref'), { required: true }), t(l, 'web-admin-ref-submit'))}<h2 id="recent-refs">${t(l, 'web-admin-refs-recent')}</h2>${table}`;
  return adminLayout(s, 'refs', t(l, 'web-admin-refs-title', { community }), body, outcome);
}

/** The audit log, newest first, one page of rows with links to newer and older pages. */
export function auditPage(s: PageSession, community: string, page: number, rows: readonly AuditRowView[], more: boolean): string {
  const l = s.locale;
  const when = new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });
  const table = rows.length
    ? html`<div class="table-wrap"><table class="data audit"><caption>${t(l, 'web-admin-page', { n: page + 1 })}</caption><thead><tr><th scope="col">${t(l, 'web-admin-col-when')}</th><th scope="col">${t(l, 'web-admin-col-who')}</th><th scope="col">${t(l, 'web-admin-col-action')}</th><th scope="col">${t(l, 'web-admin-col-before')}</th><th scope="col">${t(l, 'web-admin-col-after')}</th></tr></thead><tbody>${rows.map((r) => html`<tr><td><time datetime="${new Date(r.at).toISOString()}">${when.format(r.at)} UTC</time></td><td>${r.actor}</td><td><code>${r.action}</code></td><td><code class="json">${r.before}</code></td><td><code class="json">${r.after}</code></td></tr>`)}</tbody></table></div>`
    : html`<p>${t(l, 'web-admin-audit-empty')}</p>`;
  const pager = html`<nav class="pager" aria-label="${t(l, 'web-admin-pages')}">${page > 0 ? html`<a href="/admin/audit?page=${page - 1}" rel="prev">${t(l, 'web-admin-newer')}</a>` : ''}${more ? html`<a href="/admin/audit?page=${page + 1}" rel="next">${t(l, 'web-admin-older')}</a>` : ''}</nav>`;
  return adminLayout(s, 'audit', t(l, 'web-admin-audit-title', { community }), html`${table}${pager}`);
}
