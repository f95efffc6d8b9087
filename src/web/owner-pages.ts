/**
 * The owner page and the sign-in pages, rendered on the server in the reader's locale. Every value is escaped by
 * {@link html}; the pages show figures and names only (no token, key or session id: a reconciliation names a
 * token as `operator` or `…abcd`, never more).
 */
import { t } from '../core/i18n/catalog.js';
import { formatMoment, formatMoney } from '../core/i18n/format.js';
import type { ScopeRef } from '../core/api/actor.js';
import type { OwnerOverview } from '../core/api/owner.js';
import type { BotProcess } from '../core/ports/bot-processes.js';
import type { ReadinessReport } from '../ops/readiness.js';
import { html, type Html } from './html.js';
import type { DriftView } from './owner-ops.js';
import { layout, type PageSession } from './pages.js';

/** What the owner page shows besides the core's figures (`undefined` parts: not available in this process). */
export interface OwnerExtras {
  processes?: BotProcess[];
  readiness?: ReadinessReport;
  drift?: DriftView;
  /** The gateway balance's words, or the reason it is missing. */
  balance: { ok: boolean; text: string };
  now: number;
}

/** `platform:externalId`, how forms and the operator CLI name a community. */
export const scopeKey = (s: Pick<ScopeRef, 'platform' | 'externalId'>): string => `${s.platform}:${s.externalId}`;

const money = (l: string, m: number) => formatMoney(l, m);
const when = (l: string, ms: number, now: number) => formatMoment(l, ms, now, 'UTC');

function communities(s: PageSession, o: OwnerOverview): Html {
  const l = s.locale;
  if (o.communities.length === 0) return html`<p class="notice" role="status">${t(l, 'web-owner-none')}</p>`;
  const access = (approved: boolean) => (o.operatorTokenAccess === 'open' ? t(l, 'web-owner-open') : approved ? t(l, 'web-owner-approved') : t(l, 'web-owner-pending'));
  const rows = o.communities.map((c) => {
    const name = c.scope.title ?? scopeKey(c.scope);
    // `/approve` is for communities; a private chat is approved from the operator CLI.
    const form =
      c.scope.kind === 'guild' || c.scope.kind === 'group'
        ? html`<form method="post" action="/owner/approve" class="inline"><input type="hidden" name="csrf" value="${s.csrf}"><input type="hidden" name="scope" value="${scopeKey(c.scope)}"><input type="hidden" name="state" value="${c.approved ? 'off' : 'on'}"><button type="submit"${c.approved ? html` class="secondary"` : ''}>${t(l, c.approved ? 'web-owner-deny' : 'web-owner-approve')}<span class="sr"> ${name}</span></button></form>`
        : '—';
    return html`<tr><th scope="row">${name}<br><small>${scopeKey(c.scope)} · ${t(l, 'web-owner-kind', { kind: c.scope.kind })}</small></th><td class="num">${money(l, c.spent.day)}</td><td class="num">${money(l, c.spent.week)}</td><td class="num">${money(l, c.spent.month)}</td><td>${access(c.approved)}</td><td>${form}</td></tr>`;
  });
  return html`<div class="scroll" tabindex="0" role="region" aria-labelledby="owner-communities"><table><thead><tr><th scope="col">${t(l, 'web-owner-col-community')}</th><th scope="col">${t(l, 'web-owner-col-day')}</th><th scope="col">${t(l, 'web-owner-col-week')}</th><th scope="col">${t(l, 'web-owner-col-month')}</th><th scope="col">${t(l, 'web-owner-col-access')}</th><th scope="col">${t(l, 'web-owner-col-action')}</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function operatorDay(l: string, o: OwnerOverview, now: number): Html {
  const d = o.operatorDay;
  const cap = d.capMicros === null ? t(l, 'web-owner-cap-off') : money(l, d.capMicros);
  const left = d.capMicros === null ? '' : html`<dt>${t(l, 'web-owner-left')}</dt><dd>${money(l, Math.max(0, d.capMicros - d.spentMicros - d.heldMicros))}</dd>`;
  return html`<dl class="fields"><dt>${t(l, 'web-owner-cap')}</dt><dd>${cap}</dd><dt>${t(l, 'web-owner-spent')}</dt><dd>${money(l, d.spentMicros)}</dd><dt>${t(l, 'web-owner-held')}</dt><dd>${money(l, d.heldMicros)}</dd>${left}<dt>${t(l, 'web-owner-resets')}</dt><dd>${when(l, d.resetsAt, now)}</dd></dl>`;
}

function drift(l: string, v: DriftView | undefined): Html {
  if (!v || !v.available) return html`<p>${t(l, 'web-owner-drift-off')}</p>`;
  const rows: Html[] = [];
  const notes: Html[] = [];
  for (const r of v.reports) {
    if (!r.ok) notes.push(html`<li>${t(l, 'web-owner-drift-failed', { token: r.name })}</li>`);
    else for (const d of r.days) rows.push(html`<tr><th scope="row">${r.name}</th><td>${d.day}</td><td class="num">${money(l, d.botMicros)}</td><td class="num">${money(l, d.gatewayMicros)}</td><td class="num">${money(l, d.driftMicros)}</td><td class="num">${d.unmatched.length}</td></tr>`);
  }
  const table =
    rows.length === 0
      ? html`<p>${t(l, 'web-owner-drift-none')}</p>`
      : html`<div class="scroll" tabindex="0" role="region" aria-labelledby="owner-drift"><table><thead><tr><th scope="col">${t(l, 'web-owner-col-token')}</th><th scope="col">${t(l, 'web-owner-col-utc-day')}</th><th scope="col">${t(l, 'web-owner-col-bot')}</th><th scope="col">${t(l, 'web-owner-col-gateway')}</th><th scope="col">${t(l, 'web-owner-col-drift')}</th><th scope="col">${t(l, 'web-owner-col-unmatched')}</th></tr></thead><tbody>${rows}</tbody></table></div>`;
  return html`${table}${notes.length ? html`<ul>${notes}</ul>` : ''}`;
}

function health(l: string, x: OwnerExtras): Html {
  if (!x.processes && !x.readiness) return html`<p>${t(l, 'web-owner-ops-off')}</p>`;
  const ready = x.readiness
    ? html`<p>${t(l, 'web-owner-ready', { state: x.readiness.ok ? 'ok' : x.readiness.stopping ? 'stopping' : 'failing' })}</p><ul>${Object.entries(x.readiness.checks).map(([name, c]) => html`<li><strong>${name}</strong>: ${c.ok ? t(l, 'web-owner-check-ok') : t(l, 'web-owner-check-failed')} <small>(${c.detail})</small></li>`)}</ul>`
    : '';
  const procs = x.processes
    ? html`<div class="scroll" tabindex="0" role="region" aria-labelledby="owner-health"><table><thead><tr><th scope="col">${t(l, 'web-owner-col-role')}</th><th scope="col">${t(l, 'web-owner-col-host')}</th><th scope="col">${t(l, 'web-owner-col-started')}</th><th scope="col">${t(l, 'web-owner-col-seen')}</th></tr></thead><tbody>${x.processes.map((p) => html`<tr><th scope="row">${p.role}</th><td>${p.host} · ${p.pid}</td><td>${when(l, p.startedAt, x.now)}</td><td>${when(l, p.seenAt, x.now)}</td></tr>`)}</tbody></table></div>`
    : '';
  return html`${ready}${procs}`;
}

/** The owner page: communities with spend and approvals, the operator's day, the gateway balance, drift, processes. */
export function ownerPage(s: PageSession, o: OwnerOverview, x: OwnerExtras, outcome?: { text: string; error: boolean }): string {
  const l = s.locale;
  const result = outcome ? html`<p class="notice${outcome.error ? ' error' : ''}" role="${outcome.error ? 'alert' : 'status'}">${outcome.text}</p>` : '';
  const body = html`${result}<h2 id="owner-communities">${t(l, 'web-owner-communities')}</h2>${communities(s, o)}<h2>${t(l, 'web-owner-operator')}</h2>${operatorDay(l, o, x.now)}<h2>${t(l, 'web-owner-balance')}</h2><p>${x.balance.text}</p><h2 id="owner-drift">${t(l, 'web-owner-drift')}</h2>${drift(l, x.drift)}<h2 id="owner-health">${t(l, 'web-owner-health')}</h2>${health(l, x)}`;
  return layout(l, t(l, 'web-owner-title'), body, s, 'owner');
}

/** The signed-out sign-in page: how to get a link, and the providers that are on (Telegram's widget, Discord). */
export function signInPage(locale: string, o: { telegramBot?: string; discord: boolean; error?: string }): string {
  const l = locale;
  const err = o.error ? html`<p class="notice error" role="alert">${o.error}</p>` : '';
  const tg = o.telegramBot
    ? html`<h2>${t(l, 'web-sign-in-telegram')}</h2><div class="widget"><script async src="https://telegram.org/js/telegram-widget.js?22" data-telegram-login="${o.telegramBot}" data-size="large" data-auth-url="/auth/telegram" data-request-access="write"></script></div>`
    : '';
  const dc = o.discord ? html`<h2>${t(l, 'web-sign-in-discord-title')}</h2><p><a class="button" href="/auth/discord">${t(l, 'web-sign-in-discord')}</a></p>` : '';
  return layout(l, t(l, 'web-sign-in-title'), html`${err}<p>${t(l, 'web-sign-in-intro')}</p>${tg}${dc}`);
}

/** After a provider verified the person: the communities to sign in to (a POST each, with the pre-session's token). */
export function pickCommunityPage(locale: string, csrf: string, scopes: readonly ScopeRef[]): string {
  const l = locale;
  const items = scopes.map(
    (s) => html`<li><form method="post" action="/auth/pick" class="inline"><input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="scope" value="${scopeKey(s)}"><button type="submit">${s.title ?? scopeKey(s)}</button></form></li>`,
  );
  return layout(l, t(l, 'web-sign-in-pick'), html`<ul class="picks">${items}</ul>`);
}

/** 429: too many attempts, with how long to wait. */
export function tooManyPage(locale: string, seconds: number, session?: PageSession): string {
  return layout(locale, t(locale, 'web-too-many-title'), html`<p class="notice error" role="alert">${t(locale, 'web-too-many', { seconds })}</p>`, session);
}
