import type { TokenSource } from '../failures.js';
import type { Micros } from '../money.js';
import type { BudgetLedger } from '../ports/budget-ledger.js';

/**
 * What is left for a member after a charge, as a result's reply shows it: null for personal tokens and unlimited
 * allowances; with a pool, the smaller of the two. Shown under live and late results alike.
 */
export async function remainingIn(budgets: Pick<BudgetLedger, 'balance'>, ids: { scopeId: string; userId: string }, source: TokenSource): Promise<Micros | null> {
  if (source === 'personal') return null;
  const b = await budgets.balance(ids.scopeId, ids.userId);
  const pool = b.pool?.remainingMicros;
  if (b.remainingMicros === null) return pool ?? null;
  return pool === undefined ? b.remainingMicros : Math.min(pool, b.remainingMicros);
}
