import { sql, type Kysely } from 'kysely';
import { isPeriod, type Period } from '../../core/budget/periods.js';
import type { BudgetDefaults } from '../../core/budget/types.js';
import type { Micros } from '../../core/money.js';
import type { Database } from '../kysely/schema.js';
import { effectiveLimits, readLimitsRow, type EffectiveLimits, type TotalKind, type Usage } from '../kysely/ledger-shared.js';

/**
 * The read side of budgets on PostgreSQL (the counterpart of `src/store/sqlite/budget-queries.ts`, same rules):
 * which limits apply, and what was spent, held and adjusted in a window, read from the running totals of
 * `budget_totals` (migration 0002) and summed from the ledger when a row covers another window. The reserve's
 * locked read-check-write is the one rule of `src/store/kysely/reserve-rule.ts` (`PostgresBudgetLedger.reserve`).
 */

/** One `budget_totals` row. */
export interface TotalsRow extends Usage {
  since: number;
}


/** Reads the scope's timezone, default, pool and the user's override in one statement. */
export async function readLimits(tx: Kysely<Database>, scopeId: string, userId: string, defaults: BudgetDefaults): Promise<EffectiveLimits> {
  return effectiveLimits(await readLimitsRow(tx, scopeId, userId), defaults);
}

/** A user's own cap for personal-token spending (all scopes, UTC periods), or null when none is set. */
export async function readPersonalCap(tx: Kysely<Database>, userId: string): Promise<{ limit: Micros; period: Period } | null> {
  const row = await tx.selectFrom('users').select(['personal_allowance_micros', 'personal_period']).where('id', '=', userId).executeTakeFirst();
  if (!row || row.personal_allowance_micros === null || !isPeriod(row.personal_period)) return null;
  return { limit: row.personal_allowance_micros, period: row.personal_period };
}

/** Reads one budget's row without locking it (balances). */
export async function readTotals(tx: Kysely<Database>, kind: TotalKind, scopeId: string, userId: string): Promise<TotalsRow | undefined> {
  const r = await sql<TotalsRow>`select since, spent, adjusted, held from budget_totals where kind = ${kind} and scope_id = ${scopeId} and user_id = ${userId}`.execute(tx);
  return r.rows[0];
}

const SPENT = sql`coalesce(sum(case when kind = 'charge' then amount_micros when kind = 'refund' then -amount_micros else 0 end), 0)`;
const ADJUSTED = sql`coalesce(sum(case when kind = 'adjustment' then amount_micros else 0 end), 0)`;

/** Sums one budget's ledger entries since `since` and its open holds (what its `budget_totals` row must hold). */
export async function rebuildTotals(tx: Kysely<Database>, kind: TotalKind, scopeId: string, userId: string, since: number): Promise<Usage> {
  const q =
    kind === 'user'
      ? sql<Usage>`select
          (select ${SPENT} from ledger_entries where scope_id = ${scopeId} and user_id = ${userId} and created_at >= ${since} and token_source <> 'personal') as spent,
          (select ${ADJUSTED} from ledger_entries where scope_id = ${scopeId} and user_id = ${userId} and created_at >= ${since} and token_source <> 'personal') as adjusted,
          (select coalesce(sum(amount_micros), 0) from holds where scope_id = ${scopeId} and user_id = ${userId} and status = 'open' and token_source <> 'personal') as held`
      : kind === 'pool'
        ? sql<Usage>`select
          (select ${SPENT} from ledger_entries where scope_id = ${scopeId} and created_at >= ${since} and token_source <> 'personal') as spent,
          0 as adjusted,
          (select coalesce(sum(amount_micros), 0) from holds where scope_id = ${scopeId} and status = 'open' and token_source <> 'personal') as held`
        : sql<Usage>`select
          (select ${SPENT} from ledger_entries where user_id = ${userId} and token_source = 'personal' and created_at >= ${since}) as spent,
          0 as adjusted,
          (select coalesce(sum(amount_micros), 0) from holds where user_id = ${userId} and status = 'open' and token_source = 'personal') as held`;
  const r = (await q.execute(tx)).rows[0]!;
  return { spent: Number(r.spent), adjusted: Number(r.adjusted), held: Number(r.held) };
}

/**
 * Usage of one budget since `since` (the current window start), from its totals `row` when that covers this window,
 * else summed from the ledger (not stored: only the reserve, under its locks, rebuilds rows).
 */
export async function usage(tx: Kysely<Database>, kind: TotalKind, scopeId: string, userId: string, since: number, row: TotalsRow | undefined): Promise<Usage> {
  if (row && Number(row.since) === since) return { spent: Number(row.spent), adjusted: Number(row.adjusted), held: Number(row.held) };
  return rebuildTotals(tx, kind, scopeId, userId, since);
}
