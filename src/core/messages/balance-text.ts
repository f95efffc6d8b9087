import type { TokenSource } from '../failures.js';
import { DEFAULT_LOCALE, t } from '../i18n/catalog.js';
import { formatMoney, formatReset } from '../i18n/format.js';
import type { Micros } from '../money.js';

/** One allowance as the budget module reports it (all amounts in micros). */
export interface AllowanceView {
  /** Null when no limit applies. */
  limitMicros: Micros | null;
  spentMicros: Micros;
  /** Open holds of running jobs. */
  heldMicros: Micros;
  /** Null when unlimited. Already includes `adjustedMicros`. */
  remainingMicros: Micros | null;
  /** Epoch ms of the next reset, or null when the allowance never resets. */
  resetsAt: number | null;
  /** "day", "week", "month": the allowance's period. Absent for a `total` allowance. */
  periodName?: string;
  /** Signed admin adjustments of this period (+ granted, − taken back). Default 0. */
  adjustedMicros?: Micros;
}

/**
 * What {@link describeBalance} shows: the member's allowance, the community pool when set, which token pays,
 * whether they are blocked, and (on a personal token) their own cap.
 */
export interface BalanceFacts {
  user: AllowanceView;
  pool?: AllowanceView;
  /** Which token pays: the member's own, the community's, or the operator's; null = none linked; absent = not said. */
  tokenSource?: TokenSource | null;
  /** An admin blocked the member in this scope (applies whichever token pays). Default false. */
  blocked?: boolean;
  /**
   * The member's own cap on their personal token (UTC periods, all communities), null when none is set.
   * Read only when `tokenSource` is `personal`.
   */
  personalCap?: AllowanceView | null;
  /**
   * When set, the text speaks about this member in the third person ("@bob: $0.40 left…", "Their requests…"),
   * for admin views. Default: second person ("You: …").
   */
  subject?: string;
}

/** How a balance is written: the reader's locale, the community's time zone, and the current time. */
export interface BalanceStyle {
  locale: string;
  timeZone: string;
  now: number;
}

function periodOf(a: AllowanceView): string {
  return a.periodName === 'day' || a.periodName === 'week' || a.periodName === 'month' ? a.periodName : 'total';
}

/**
 * One allowance as a line: "You: $4.41 left of $5.00 per day + $1.00 granted; spent $0.59 ($0.05 held for running
 * jobs). Resets tomorrow at 00:00 CET (in 8 h).", or "Community pool: no limit. Spent $2.00 this month."
 * Money rounded to cents (sub-cent only below a cent); the reset in the community's zone (`s.timeZone`).
 */
export function allowanceLine(label: string, a: AllowanceView, s: BalanceStyle): string {
  const money = (m: Micros) => formatMoney(s.locale, m);
  const held = a.heldMicros > 0 ? money(a.heldMicros) : 'none';
  const period = periodOf(a);
  if (a.limitMicros === null || a.remainingMicros === null) {
    return t(s.locale, 'balance-unlimited', { label, spent: money(a.spentMicros), period, held });
  }
  const adj = a.adjustedMicros ?? 0;
  return t(s.locale, 'balance-limited', {
    label,
    left: money(Math.max(0, a.remainingMicros)),
    limit: money(a.limitMicros),
    period,
    granted: adj > 0 ? money(adj) : 'none',
    taken: adj < 0 ? money(-adj) : 'none',
    spent: money(a.spentMicros),
    held,
    reset: a.resetsAt === null ? 'never' : formatReset(s.locale, a.resetsAt, s.now, s.timeZone),
  });
}

/** The pool line's hint when the pool, not the member's allowance, decides what can be spent now. */
function tighterPoolLine(b: BalanceFacts, s: BalanceStyle, subject: string): string | undefined {
  const pool = b.pool?.remainingMicros;
  if (pool === undefined || pool === null) return undefined;
  const own = b.user.remainingMicros;
  if (own !== null && own <= pool) return undefined;
  return t(s.locale, 'balance-pool-tighter', { subject, left: formatMoney(s.locale, Math.max(0, pool)) });
}

/**
 * The text of `/balance` (and of `/budget show @user` with `subject`), in `opts.locale` (default English): a
 * blocked notice when blocked; on a personal token, that the community's limits do not apply and the personal cap
 * (UTC, or that none is set); otherwise the member's allowance with adjustments written out, the community pool when
 * present and which of the two is tighter, and which token pays. `now` defaults to `Date.now()`, `timeZone` to UTC:
 * the community's zone, the same one the budget refusal uses. Plain text, one fact per line.
 */
export function describeBalance(b: BalanceFacts, opts?: { now?: number; timeZone?: string; locale?: string }): { title: string; text: string } {
  const s: BalanceStyle = { now: opts?.now ?? Date.now(), timeZone: opts?.timeZone ?? 'UTC', locale: opts?.locale ?? DEFAULT_LOCALE };
  const subject = b.subject ? 'other' : 'self';
  const who = b.subject ?? '';
  const lines: string[] = [];
  if (b.blocked) lines.push(t(s.locale, 'balance-blocked', { subject, who }));
  if (b.tokenSource === 'personal') {
    lines.push(t(s.locale, 'balance-personal-token', { subject, pool: b.pool ? 'yes' : 'no' }));
    if (b.personalCap) lines.push(allowanceLine(t(s.locale, 'balance-label-own-cap', { subject }), b.personalCap, { ...s, timeZone: 'UTC' }));
    else lines.push(t(s.locale, 'balance-personal-no-cap', { subject }));
  } else {
    lines.push(allowanceLine(b.subject ?? t(s.locale, 'balance-label-self'), b.user, s));
    if (b.pool) lines.push(allowanceLine(t(s.locale, 'balance-label-pool'), b.pool, s));
    const tighter = tighterPoolLine(b, s, subject);
    if (tighter) lines.push(tighter);
    if (b.tokenSource !== undefined) lines.push(t(s.locale, 'balance-token', { subject, source: b.tokenSource ?? 'none' }));
  }
  return { title: t(s.locale, 'balance-title', { subject, who }), text: lines.join('\n') };
}

/**
 * Words of the member's `/balance` chart in `locale` ("Your spending this month", the spend line, the allowance
 * line); a `total` period reads "over the last `totalDays` days".
 */
export function balanceChartLabels(locale: string, period: 'day' | 'week' | 'month' | 'total', totalDays: number): { title: string; spent: string; allowance: string } {
  return { title: t(locale, 'chart-balance-title', { period, days: totalDays }), spent: t(locale, 'chart-spent'), allowance: t(locale, 'chart-allowance') };
}
