import type { Micros } from '../money.js';

/** What {@link shouldWarnLowBalance} decides from. */
export interface LowBalanceInput {
  /** The gateway balance of the community's (or operator's) token; null = unlimited. */
  balanceMicros: Micros | null;
  /** What the community's budgets still allow this period (pool remaining, else allowance × members); null = unlimited. */
  allowedMicros: Micros | null;
  /** A key of the current budget period (its reset time, 0 for `total`). */
  period: number;
  /** The period a warning was last sent for, if any. */
  lastWarnedPeriod: number | undefined;
}

/**
 * Whether to warn the admins that the gateway balance will not cover what the budgets allow: at most once per budget
 * period; never for an unlimited balance; with unlimited budgets only when the balance is used up; otherwise when the
 * balance is below what the budgets still allow this period.
 */
export function shouldWarnLowBalance(i: LowBalanceInput): boolean {
  if (i.balanceMicros === null || i.lastWarnedPeriod === i.period) return false;
  if (i.allowedMicros === null) return i.balanceMicros <= 0;
  return i.balanceMicros < i.allowedMicros;
}
