import type { Micros } from './money.js';
import { formatUsd } from './money.js';
import { formatDuration, formatResetTime } from './messages/time.js';

/**
 * User-facing words of the core. Failure texts live in `messages/failure-text.ts`, time and size phrases in
 * `messages/time.js`; this module re-exports them and adds the balance and estimate texts.
 */
export { COMMANDS, describeFailure, type DescribeOptions, type FailureMessage } from './messages/failure-text.js';
export { formatBytes, formatCount, formatDateTime, formatDuration, formatIn, formatResetTime, isValidTimeZone } from './messages/time.js';

/** One allowance as the budget module reports it (all amounts in micros). */
export interface AllowanceView {
  /** Null when no limit applies. */
  limitMicros: Micros | null;
  spentMicros: Micros;
  /** Open holds of running jobs. */
  heldMicros: Micros;
  /** Null when unlimited. */
  remainingMicros: Micros | null;
  /** Epoch ms of the next reset, or null when the allowance never resets. */
  resetsAt: number | null;
  /** "week", "day", "month"… used as "this week". */
  periodName?: string;
}

/** What {@link describeBalance} shows: the user's own allowance and, when set, the community pool. */
export interface BalanceView {
  user: AllowanceView;
  pool?: AllowanceView;
  /** Which token pays: the user's own, the community's, or the operator's. */
  tokenSource?: 'personal' | 'scope' | 'operator' | null;
}

function allowanceLine(label: string, a: AllowanceView, now: number, timeZone: string): string {
  const period = a.periodName ? ` this ${a.periodName}` : '';
  if (a.limitMicros === null || a.remainingMicros === null) {
    return `${label}: no limit. Spent ${formatUsd(a.spentMicros)}${period}.`;
  }
  const held = a.heldMicros > 0 ? ` (${formatUsd(a.heldMicros)} held for running jobs)` : '';
  const reset = a.resetsAt === null ? ' It does not reset on its own.' : ` Resets ${formatResetTime(a.resetsAt, now, timeZone)}.`;
  return `${label}: ${formatUsd(Math.max(0, a.remainingMicros))} left of ${formatUsd(a.limitMicros)}${period}; spent ${formatUsd(a.spentMicros)}${held}.${reset}`;
}

/**
 * The text of `/balance`: one line for the user, one for the community pool when present, and which token pays.
 * `now` defaults to `Date.now()`, `timeZone` to UTC.
 */
export function describeBalance(balance: BalanceView, opts?: { now?: number; timeZone?: string }): { title: string; text: string } {
  const now = opts?.now ?? Date.now();
  const tz = opts?.timeZone ?? 'UTC';
  const lines = [allowanceLine('You', balance.user, now, tz)];
  if (balance.pool) lines.push(allowanceLine('Community pool', balance.pool, now, tz));
  if (balance.tokenSource === 'personal') lines.push('Your requests use your own gateway token.');
  else if (balance.tokenSource === 'scope') lines.push("Your requests use this community's gateway token.");
  else if (balance.tokenSource === 'operator') lines.push("Your requests use the bot operator's gateway token.");
  return { title: 'Your balance', text: lines.join('\n') };
}

/** What a job is estimated to cost before it starts. */
export interface JobEstimate {
  kind: 'image' | 'edit' | 'video' | 'text';
  model: string;
  costMicros: Micros;
  /** Images to make, or seconds of video. */
  count?: number;
  seconds?: number;
  size?: string;
  /** What is left after this job's hold, when limited. */
  remainingAfterMicros?: Micros | null;
  /** Typical wait for videos, in ms. */
  typicalWaitMs?: number;
}

/**
 * One line announcing a job and its hold, e.g. "Making 1 image with alpha-image-2 (1024x1024). Up to $0.01 is
 * held and charged only for what is delivered; $0.49 left after this."
 */
export function describeJobEstimate(e: JobEstimate): string {
  const what =
    e.kind === 'video'
      ? e.seconds ? `Making a video of ${e.seconds} s` : 'Making a video'
      : e.kind === 'text'
        ? 'Asking'
        : `${e.kind === 'edit' ? 'Editing' : 'Making'} ${e.count ?? 1} image${(e.count ?? 1) === 1 ? '' : 's'}`;
  const size = e.size ? ` (${e.size})` : '';
  const left = e.remainingAfterMicros !== undefined && e.remainingAfterMicros !== null ? `; ${formatUsd(Math.max(0, e.remainingAfterMicros))} left after this` : '';
  const wait = e.typicalWaitMs ? ` It usually takes about ${formatDuration(e.typicalWaitMs)}.` : '';
  return `${what} with ${e.model}${size}. Up to ${formatUsd(e.costMicros)} is held and charged only for what is delivered${left}.${wait}`;
}
