import type { Period } from '../budget/periods.js';
import { t } from '../i18n/catalog.js';
import { formatMoney, formatMoment, formatPrice } from '../i18n/format.js';
import type { Micros } from '../money.js';
import type { PriceUnit } from '../pricing.js';

/**
 * The words of the account and admin answers (token link/unlink, budget changes, usage), from
 * `locales/<code>/admin.ftl`, in the reader's `locale`. Plain text; amounts to the cent (sub-cent only below a
 * cent), unit prices to the micro; tokens only ever in their masked form.
 */

/** "$0.01 / image", "$0.015 / image", "$0.05 / second", "$0.002 / 1K tokens": the price to the micro ({@link formatPrice}). */
export function priceText(locale: string, unitMicros: Micros, unit: PriceUnit): string {
  return t(locale, 'price-per-unit', { amount: formatPrice(locale, unitMicros), unit: unit === '1k_tokens' ? 'tokens' : unit });
}

/** "$1.00 per day", "no limit", "$5.00 in total". */
export function allowanceText(locale: string, micros: Micros | null, period: Period): string {
  return t(locale, 'allowance', { amount: micros === null ? 'none' : formatMoney(locale, micros), period });
}

/** After `/token` or `/setup`: which token now pays (masked) and how many models it reaches. */
export function tokenLinkedText(locale: string, masked: string, personal: boolean, modelCount: number): string {
  return t(locale, 'token-linked', { masked, personal: personal ? 'yes' : 'no', models: modelCount });
}

/** After an unlink: what was removed (masked), or that nothing was linked; jobs still running on it are said. */
export function tokenUnlinkedText(locale: string, masked: string | null, personal: boolean, runningJobs = 0): string {
  const p = personal ? 'yes' : 'no';
  if (!masked) return t(locale, 'token-none-linked', { personal: p });
  const base = t(locale, 'token-unlinked', { masked, personal: p });
  return runningJobs > 0 ? `${base} ${runningJobsText(locale, runningJobs)}` : base;
}

/** Said on unlink when jobs still run on the removed token: they keep it (and are charged on it) until they end. */
export function runningJobsText(locale: string, n: number): string {
  return t(locale, 'token-running-jobs', { jobs: n });
}

/** The community's token, masked, and when it was linked (in the community's `timeZone`). */
export function tokenShowText(locale: string, info: { masked: string; createdAt: number } | null, now: number, timeZone: string): string {
  return info ? t(locale, 'token-show', { masked: info.masked, when: formatMoment(locale, info.createdAt, now, timeZone) }) : t(locale, 'token-none-linked', { personal: 'no' });
}

/** After `/budget default`. */
export function defaultSetText(locale: string, micros: Micros | null, period: Period): string {
  return t(locale, 'budget-default-set', { allowance: allowanceText(locale, micros, period) });
}

/** After `/budget set` for one member. */
export function userSetText(locale: string, who: string, micros: Micros | null, period: Period): string {
  return t(locale, 'budget-user-set', { who, allowance: allowanceText(locale, micros, period) });
}

/** After `/budget clear` for one member. */
export function userClearedText(locale: string, who: string): string {
  return t(locale, 'budget-user-cleared', { who });
}

/** After `/budget pool` (null = cap removed). */
export function poolSetText(locale: string, micros: Micros | null, period: Period): string {
  return micros === null ? t(locale, 'budget-pool-removed') : t(locale, 'budget-pool-set', { allowance: allowanceText(locale, micros, period) });
}

/** After `/budget block` or `unblock`. */
export function blockedText(locale: string, who: string, blocked: boolean): string {
  return t(locale, blocked ? 'budget-blocked' : 'budget-unblocked', { who });
}

/** After `/budget adjust` (positive gives room, negative takes it). */
export function adjustedText(locale: string, who: string, micros: Micros): string {
  return micros >= 0 ? t(locale, 'budget-adjusted-up', { who, amount: formatMoney(locale, micros) }) : t(locale, 'budget-adjusted-down', { who, amount: formatMoney(locale, -micros) });
}

/** After `/budget timezone`. */
export function timezoneText(locale: string, tz: string): string {
  return t(locale, 'budget-timezone-set', { zone: tz });
}

/** The summary line of `/usage`; the CSV carries the per-member rows. */
export function usageText(locale: string, period: Period, jobs: number, spentMicros: Micros, users: number): string {
  return t(locale, 'usage-summary', { period, jobs, members: users, spent: formatMoney(locale, spentMicros) });
}

/**
 * Words of the `/usage` chart in `locale`: its title (a `total` period reads "over the last `totalDays` days"), the
 * series of every member past the top N, the bar before the first day.
 */
export function usageChartLabels(locale: string, period: Period, totalDays: number): { title: string; others: string; earlier: string } {
  return { title: t(locale, 'chart-usage-title', { period, days: totalDays }), others: t(locale, 'chart-others'), earlier: t(locale, 'chart-earlier') };
}

/** `/budget show` without a target: the scope's default allowance and pool. */
export function scopeSettingsText(locale: string, def: { micros: Micros | null; period: Period; fromOperator: boolean }, pool: { micros: Micros; period: Period } | null): string {
  const d = t(locale, 'budget-settings-default', { allowance: allowanceText(locale, def.micros, def.period), operator: def.fromOperator ? 'yes' : 'no' });
  return `${d}\n${pool ? t(locale, 'budget-settings-pool', { allowance: allowanceText(locale, pool.micros, pool.period) }) : t(locale, 'budget-settings-no-pool')}`;
}

/** Where a member's allowance comes from, for `/budget show @user`. */
export type AllowanceSource = { kind: 'override'; micros: Micros | null; period: Period } | { kind: 'default'; micros: Micros | null; period: Period; fromOperator: boolean };

/**
 * `/budget show @user`: the member's standing in the third person (`balanceText` made with a subject), then where
 * their allowance comes from (their own override, or the default) and whether they are blocked.
 */
export function memberShowText(locale: string, who: string, balanceText: string, source: AllowanceSource, blocked: boolean): string {
  const allowance = allowanceText(locale, source.micros, source.period);
  const origin =
    source.kind === 'override'
      ? t(locale, 'budget-member-override', { who, allowance })
      : t(locale, 'budget-member-default', { allowance, operator: source.fromOperator ? 'yes' : 'no' });
  const status = blocked ? t(locale, 'budget-member-blocked', { who }) : t(locale, 'budget-member-not-blocked');
  return `${balanceText}\n${origin}\n${status}`;
}
