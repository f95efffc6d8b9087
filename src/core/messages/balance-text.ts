import type { TokenSource } from '../failures.js';
import { formatUsd, type Micros } from '../money.js';
import { formatResetTime } from './time.js';

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
  /** "week", "day", "month"… used as "this week". Absent for a `total` allowance. */
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

interface Voice {
  label: string;
  your: string;
  Your: string;
  you: string;
}

function voiceOf(subject: string | undefined): Voice {
  return subject ? { label: subject, your: 'their', Your: 'Their', you: 'they' } : { label: 'You', your: 'your', Your: 'Your', you: 'you' };
}

/** " + $1.00 granted", " - $0.50 taken back", or "" without adjustments. */
function adjustmentText(adjusted: Micros | undefined): string {
  if (!adjusted) return '';
  return adjusted > 0 ? ` + ${formatUsd(adjusted)} granted` : ` - ${formatUsd(-adjusted)} taken back`;
}

/**
 * One allowance as a line: "You: $5.98 left of $5.00 + $1.00 granted this day; spent $0.02 ($0.05 held for running
 * jobs). Resets …", or "Community pool: no limit. Spent $2.00 this month."
 */
export function allowanceLine(label: string, a: AllowanceView, now: number, timeZone: string): string {
  const period = a.periodName ? ` this ${a.periodName}` : '';
  const held = a.heldMicros > 0 ? ` (${formatUsd(a.heldMicros)} held for running jobs)` : '';
  if (a.limitMicros === null || a.remainingMicros === null) {
    return `${label}: no limit. Spent ${formatUsd(a.spentMicros)}${period}${held}.`;
  }
  const total = a.periodName ? '' : ' in total';
  const reset = a.resetsAt === null ? ' It does not reset on its own.' : ` Resets ${formatResetTime(a.resetsAt, now, timeZone)}.`;
  return `${label}: ${formatUsd(Math.max(0, a.remainingMicros))} left of ${formatUsd(a.limitMicros)}${adjustmentText(a.adjustedMicros)}${total}${period}; spent ${formatUsd(a.spentMicros)}${held}.${reset}`;
}

function blockedLine(subject: string | undefined): string {
  return subject
    ? `${subject} is blocked here: they cannot start paid requests until an admin unblocks them.`
    : 'You are blocked here: an admin has stopped your paid requests. Ask an admin if you think this is a mistake.';
}

function personalLines(b: BalanceFacts, v: Voice, now: number, tz: string): string[] {
  const limits = b.pool ? "this community's allowance and pool do not apply" : "this community's allowance does not apply";
  const lines = [`${v.Your} requests use ${v.your} own gateway token, so ${limits}.`];
  if (b.personalCap) lines.push(allowanceLine(`${v.Your} own cap`, b.personalCap, now, tz));
  else lines.push(`${v.Your} own token has no spending cap set; the gateway account behind it is the only limit.`);
  return lines;
}

function tokenLine(source: BalanceFacts['tokenSource'], v: Voice): string | undefined {
  if (source === undefined) return undefined;
  if (source === 'scope') return `${v.Your} requests use this community's gateway token.`;
  if (source === 'operator') return `${v.Your} requests use the bot operator's gateway token.`;
  return `No gateway token is linked here yet, so ${v.you} cannot start paid requests; an admin can link one, or ${v.you} can link ${v.your} own with /token.`;
}

/** The pool line's hint when the pool, not the member's allowance, decides what can be spent now. */
function tighterPoolLine(b: BalanceFacts, v: Voice): string | undefined {
  const pool = b.pool?.remainingMicros;
  if (pool === undefined || pool === null) return undefined;
  const own = b.user.remainingMicros;
  if (own !== null && own <= pool) return undefined;
  return `The community pool is the tighter limit: ${v.you} can spend at most ${formatUsd(Math.max(0, pool))} right now.`;
}

/**
 * The text of `/balance` (and of `/budget show @user` with `subject`): a blocked notice when blocked; on a personal
 * token, that the community's limits do not apply and the personal cap (or that none is set); otherwise the
 * member's allowance with adjustments written out, the community pool when present and which of the two is tighter,
 * and which token pays. `now` defaults to `Date.now()`, `timeZone` to UTC. Plain text, one fact per line.
 */
export function describeBalance(b: BalanceFacts, opts?: { now?: number; timeZone?: string }): { title: string; text: string } {
  const now = opts?.now ?? Date.now();
  const tz = opts?.timeZone ?? 'UTC';
  const v = voiceOf(b.subject);
  const lines: string[] = [];
  if (b.blocked) lines.push(blockedLine(b.subject));
  if (b.tokenSource === 'personal') {
    lines.push(...personalLines(b, v, now, tz));
  } else {
    lines.push(allowanceLine(v.label, b.user, now, tz));
    if (b.pool) lines.push(allowanceLine('Community pool', b.pool, now, tz));
    const tighter = tighterPoolLine(b, v);
    if (tighter) lines.push(tighter);
    const token = tokenLine(b.tokenSource, v);
    if (token) lines.push(token);
  }
  return { title: b.subject ? `Balance of ${b.subject}` : 'Your balance', text: lines.join('\n') };
}

/** Words of the member's `/balance` chart ("Your spending this month", the spend line, the allowance line). */
export function balanceChartLabels(period: 'day' | 'week' | 'month' | 'total', totalDays: number): { title: string; spent: string; allowance: string } {
  const when = period === 'total' ? `over the last ${totalDays} days` : period === 'day' ? 'today' : `this ${period}`;
  return { title: `Your spending ${when}`, spent: 'spent', allowance: 'allowance' };
}

/** Said instead of a chart that could not be drawn (the numbers still follow). */
export const CHART_FAILED_TEXT = 'The chart could not be drawn this time; here are the numbers.';
