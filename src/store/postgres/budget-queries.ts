import { sql, type Kysely } from 'kysely';
import { isPeriod, type Period } from '../../core/budget/periods.js';
import type { BudgetDefaults } from '../../core/budget/types.js';
import type { Micros } from '../../core/money.js';
import type { Database } from '../sqlite/schema.js';

/**
 * The read side of budgets on PostgreSQL (the counterpart of `src/store/sqlite/budget-queries.ts`, same rules):
 * which limits apply, and what was spent, held and adjusted in a window, read from the running totals of
 * `budget_totals` (migration 0002) and rebuilt from the ledger when a row covers another window. Inside a reserve
 * the rows are first locked with {@link lockTotals}, so a rebuild and the checks that follow see every commit and
 * no other transaction can move the row until this one ends.
 */

/** The limits in force for one user in one scope. */
export interface EffectiveLimits {
  timezone: string;
  userLimit: Micros | null;
  userPeriod: Period;
  blocked: boolean;
  pool: { limit: Micros; period: Period } | null;
}

/** Spent (charges − refunds), adjusted (signed adjustments; user budgets only) and held (open holds). */
export interface Usage {
  spent: Micros;
  adjusted: Micros;
  held: Micros;
}

/** Which running total: a user's budget in a scope, a scope's pool, or a user's personal-token cap. */
export type TotalKind = 'user' | 'pool' | 'personal';

/** One `budget_totals` row. */
export interface TotalsRow extends Usage {
  since: number;
}

/** Unknown scope id: a programming error (scopes are created with `ensureScope` first). */
export class UnknownScopeError extends Error {
  constructor(scopeId: string) {
    super(`unknown scope id ${scopeId}`);
    this.name = 'UnknownScopeError';
  }
}

/**
 * `since` of a row created only to be locked (see {@link lockTotals}): no window starts there, so the first read
 * rebuilds it. The triggers may add deltas to such a row meanwhile; the rebuild overwrites them.
 */
export const NOT_BUILT = -1;

const asPeriod = (v: string | null | undefined, fallback: Period): Period => (isPeriod(v) ? v : fallback);

/** Reads the scope's timezone, default, pool and the user's override in one statement. */
export async function readLimits(tx: Kysely<Database>, scopeId: string, userId: string, defaults: BudgetDefaults): Promise<EffectiveLimits> {
  const row = await tx
    .selectFrom('scopes as s')
    .leftJoin('budgets as b', 'b.scope_id', 's.id')
    .leftJoin('budget_users as bu', (j) => j.onRef('bu.scope_id', '=', 's.id').on('bu.user_id', '=', userId))
    .select(['s.timezone', 'b.default_allowance_micros', 'b.default_period', 'b.pool_cap_micros', 'b.pool_period', 'bu.allowance_micros', 'bu.period', 'bu.blocked'])
    .where('s.id', '=', scopeId)
    .executeTakeFirst();
  if (!row) throw new UnknownScopeError(scopeId);
  let userLimit = defaults.defaultAllowanceMicros;
  let userPeriod = defaults.defaultPeriod;
  if (row.period) {
    userLimit = row.allowance_micros;
    userPeriod = asPeriod(row.period, userPeriod);
  } else if (row.default_period) {
    userLimit = row.default_allowance_micros;
    userPeriod = asPeriod(row.default_period, userPeriod);
  }
  const pool = row.pool_period && row.pool_cap_micros !== null ? { limit: row.pool_cap_micros, period: asPeriod(row.pool_period, 'month') } : null;
  return { timezone: row.timezone, userLimit, userPeriod, blocked: row.blocked === 1, pool };
}

/** A user's own cap for personal-token spending (all scopes, UTC periods), or null when none is set. */
export async function readPersonalCap(tx: Kysely<Database>, userId: string): Promise<{ limit: Micros; period: Period } | null> {
  const row = await tx.selectFrom('users').select(['personal_allowance_micros', 'personal_period']).where('id', '=', userId).executeTakeFirst();
  if (!row || row.personal_allowance_micros === null || !isPeriod(row.personal_period)) return null;
  return { limit: row.personal_allowance_micros, period: row.personal_period };
}

/**
 * Locks the `budget_totals` row of one budget (`FOR UPDATE`), creating it first (as {@link NOT_BUILT}) when it does
 * not exist, and returns it as last committed. Callers lock the rows of one reserve in the order of the triggers —
 * 'user', then 'pool', then 'personal' — so two transactions never wait on each other in a cycle.
 */
export async function lockTotals(tx: Kysely<Database>, kind: TotalKind, scopeId: string, userId: string): Promise<TotalsRow> {
  const select = () => sql<TotalsRow>`select since, spent, adjusted, held from budget_totals where kind = ${kind} and scope_id = ${scopeId} and user_id = ${userId} for update`.execute(tx);
  let r = await select();
  if (r.rows[0]) return r.rows[0];
  await sql`insert into budget_totals (kind, scope_id, user_id, since, spent, adjusted, held) values (${kind}, ${scopeId}, ${userId}, ${NOT_BUILT}, 0, 0, 0) on conflict do nothing`.execute(tx);
  r = await select();
  if (!r.rows[0]) throw new Error(`budget_totals row ${kind}/${scopeId}/${userId} vanished while locking it`);
  return r.rows[0];
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
 * Usage of one budget since `since` (the current window start). `row` is the budget's totals row (locked by
 * {@link lockTotals} when `persist`, else as read). When it covers another window, the ledger is summed and — when
 * `persist` (inside the reserve, row locked) — stored as the new running total.
 */
export async function usage(tx: Kysely<Database>, kind: TotalKind, scopeId: string, userId: string, since: number, row: TotalsRow | undefined, persist: boolean): Promise<Usage> {
  if (row && Number(row.since) === since) return { spent: Number(row.spent), adjusted: Number(row.adjusted), held: Number(row.held) };
  const u = await rebuildTotals(tx, kind, scopeId, userId, since);
  if (persist) {
    await sql`update budget_totals set since = ${since}, spent = ${u.spent}, adjusted = ${u.adjusted}, held = ${u.held}
      where kind = ${kind} and scope_id = ${scopeId} and user_id = ${userId}`.execute(tx);
  }
  return u;
}
