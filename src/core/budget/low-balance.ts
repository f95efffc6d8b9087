import type { Micros } from '../money.js';

/** What {@link shouldWarnLowBalance} decides from. */
export interface LowBalanceInput {
  /** The gateway balance of the community's (or operator's) token; null = unlimited. */
  balanceMicros: Micros | null;
  /** What the community's budgets still allow this period (pool remaining, else allowance × members); null = unlimited. */
  allowedMicros: Micros | null;
}

/**
 * Whether the gateway balance warrants warning the admins that it will not cover what the budgets allow: never for an
 * unlimited balance; with unlimited budgets only when the balance is used up; otherwise when the balance is below
 * what the budgets still allow this period. "At most once per budget period" is the caller's (`adminAlerts`).
 */
export function shouldWarnLowBalance(i: LowBalanceInput): boolean {
  if (i.balanceMicros === null) return false;
  if (i.allowedMicros === null) return i.balanceMicros <= 0;
  return i.balanceMicros < i.allowedMicros;
}
