import type { Period } from '../budget/periods.js';
import { formatDateTime } from '../messages/time.js';
import { formatUsd, type Micros } from '../money.js';
import type { PriceUnit } from '../pricing.js';

/**
 * The words of the account and admin answers (token link/unlink, budget changes, usage). Plain text; amounts
 * through `formatUsd`; tokens only ever in their masked form.
 */

const UNIT_TEXT: Record<PriceUnit, string> = { image: 'image', second: 'second', '1k_tokens': '1K tokens' };

/** "$0.01 / image", "$0.05 / second", "$0.002 / 1K tokens". */
export function priceText(unitMicros: Micros, unit: PriceUnit): string {
  return `${formatUsd(unitMicros)} / ${UNIT_TEXT[unit]}`;
}

/** "$1.00 per day", "no limit", "$5.00 in total". */
export function allowanceText(micros: Micros | null, period: Period): string {
  if (micros === null) return 'no limit';
  return period === 'total' ? `${formatUsd(micros)} in total` : `${formatUsd(micros)} per ${period}`;
}

/** After `/token` or `/setup`: which token now pays (masked) and how many models it reaches. */
export function tokenLinkedText(masked: string, personal: boolean, modelCount: number): string {
  const whose = personal ? 'Your own requests now use' : "This community's requests now use";
  return `${whose} the gateway token ${masked}. It reaches ${modelCount} model${modelCount === 1 ? '' : 's'}.`;
}

/** After an unlink: what was removed (masked), or that nothing was linked. */
export function tokenUnlinkedText(masked: string | null, personal: boolean, runningJobs = 0): string {
  if (!masked) return personal ? 'You have no personal gateway token linked.' : 'This community has no gateway token linked.';
  const base = personal
    ? `Your gateway token ${masked} was removed; your requests use the community's token (or the operator's) again.`
    : `The community gateway token ${masked} was removed.`;
  return runningJobs > 0 ? `${base} ${runningJobsText(runningJobs)}` : base;
}

/** Said on unlink when jobs still run on the removed token: they keep it (and are charged on it) until they end. */
export function runningJobsText(n: number): string {
  return `${n === 1 ? '1 job started with it is' : `${n} jobs started with it are`} still running: ${n === 1 ? 'it keeps' : 'they keep'} using this token until ${n === 1 ? 'it ends' : 'they end'} and ${n === 1 ? 'is' : 'are'} charged on it; new requests no longer use it.`;
}

/** The community's token, masked, and when it was linked (UTC). */
export function tokenShowText(info: { masked: string; createdAt: number } | null): string {
  return info ? `This community uses the gateway token ${info.masked}, linked ${formatDateTime(info.createdAt)}.` : 'This community has no gateway token linked.';
}

/** After `/budget default`. */
export function defaultSetText(micros: Micros | null, period: Period): string {
  return `Everyone's default allowance here is now ${allowanceText(micros, period)}.`;
}

/** After `/budget set` for one member. */
export function userSetText(who: string, micros: Micros | null, period: Period): string {
  return `${who}'s allowance here is now ${allowanceText(micros, period)}.`;
}

/** After `/budget clear` for one member. */
export function userClearedText(who: string): string {
  return `${who} is back on the community's default allowance.`;
}

/** After `/budget pool` (null = cap removed). */
export function poolSetText(micros: Micros | null, period: Period): string {
  return micros === null ? 'The community pool cap was removed.' : `The community can now spend at most ${allowanceText(micros, period)} in all.`;
}

/** After `/budget block` or `unblock`. */
export function blockedText(who: string, blocked: boolean): string {
  return blocked ? `${who} can no longer start paid jobs here.` : `${who} can start paid jobs here again.`;
}

/** After `/budget adjust` (positive gives room, negative takes it). */
export function adjustedText(who: string, micros: Micros): string {
  return micros >= 0 ? `Gave ${who} ${formatUsd(micros)} more this period.` : `Took ${formatUsd(-micros)} from ${who}'s allowance this period.`;
}

/** After `/budget timezone`. */
export function timezoneText(tz: string): string {
  return `Budgets here now reset at midnight ${tz}.`;
}

/** The summary line of `/usage`; the CSV carries the per-member rows. */
export function usageText(period: Period, jobs: number, spentMicros: Micros, users: number): string {
  const when = period === 'total' ? 'in total' : period === 'day' ? 'today' : `this ${period}`;
  return `Usage ${when}: ${jobs} job${jobs === 1 ? '' : 's'} by ${users} member${users === 1 ? '' : 's'}, ${formatUsd(spentMicros)} spent. The CSV has the details.`;
}

/** Words of the `/usage` chart: its title, the series of every member past the top N, the bar before the first day. */
export function usageChartLabels(period: Period, totalDays: number): { title: string; others: string; earlier: string } {
  const when = period === 'total' ? `over the last ${totalDays} days` : period === 'day' ? 'today' : `this ${period}`;
  return { title: `Spend per day ${when}, by member`, others: 'others', earlier: 'earlier' };
}

/** `/budget show` without a target: the scope's default allowance and pool. */
export function scopeSettingsText(def: { micros: Micros | null; period: Period; fromOperator: boolean }, pool: { micros: Micros; period: Period } | null): string {
  const d = `Default allowance: ${allowanceText(def.micros, def.period)}${def.fromOperator ? " (the bot operator's default)" : ''}.`;
  return pool ? `${d}\nCommunity pool: ${allowanceText(pool.micros, pool.period)}.` : `${d}\nNo community pool cap.`;
}

/** Where a member's allowance comes from, for `/budget show @user`. */
export type AllowanceSource = { kind: 'override'; micros: Micros | null; period: Period } | { kind: 'default'; micros: Micros | null; period: Period; fromOperator: boolean };

/**
 * `/budget show @user`: the member's standing in the third person (`balanceText` made with a subject), then where
 * their allowance comes from (their own override, or the default) and whether they are blocked.
 */
export function memberShowText(who: string, balanceText: string, source: AllowanceSource, blocked: boolean): string {
  const origin =
    source.kind === 'override'
      ? `Allowance: ${allowanceText(source.micros, source.period)}, set for ${who} (an override; /budget clear ${who} returns them to the default).`
      : `Allowance: the community default, ${allowanceText(source.micros, source.period)}${source.fromOperator ? " (the bot operator's default)" : ''}.`;
  const status = blocked ? `Status: blocked (/budget unblock ${who} lets them start paid requests again).` : 'Status: not blocked.';
  return `${balanceText}\n${origin}\n${status}`;
}
