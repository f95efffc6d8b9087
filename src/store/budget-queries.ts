import { sql, type Kysely } from 'kysely';
import { isPeriod, periodWindow, type Period, type PeriodWindow } from '../core/budget/periods.js';
import type { BudgetDefaults } from '../core/budget/types.js';
import type { Micros } from '../core/money.js';
import type { Database } from './schema.js';

/**
 * The read side of budgets: which limits apply to a user in a scope, and what was spent, held and adjusted
 * in a window. Used inside the reserve transaction, so each function is one indexed statement.
 */

/** The limits in force for one user in one scope. */
export interface EffectiveLimits {
  timezone: string;
  userLimit: Micros | null;
  userPeriod: Period;
  blocked: boolean;
  pool: { limit: Micros; period: Period } | null;
}

/** Unknown scope id: a programming error (scopes are created with `ensureScope` first). */
export class UnknownScopeError extends Error {
  constructor(scopeId: string) {
    super(`unknown scope id ${scopeId}`);
    this.name = 'UnknownScopeError';
  }
}

const asPeriod = (v: string | null | undefined, fallback: Period): Period => (isPeriod(v) ? v : fallback);

/** Reads the scope's timezone, default, pool and the user's override in one statement. */
export async function readLimits(db: Kysely<Database>, scopeId: string, userId: string, defaults: BudgetDefaults): Promise<EffectiveLimits> {
  const row = await db
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

const SPENT = sql<number>`coalesce(sum(case when kind = 'charge' then amount_micros when kind = 'refund' then -amount_micros else 0 end), 0)`;
const ADJUSTED = sql<number>`coalesce(sum(case when kind = 'adjustment' then amount_micros else 0 end), 0)`;
const HELD = sql<number>`coalesce(sum(amount_micros), 0)`;

/** Spent, held and adjusted for a user's budgeted (non-personal) spending in a scope since `since`. */
export async function userUsage(db: Kysely<Database>, scopeId: string, userId: string, since: number) {
  const [ledger, held] = await Promise.all([
    db
      .selectFrom('ledger_entries')
      .select([SPENT.as('spent'), ADJUSTED.as('adjusted')])
      .where('scope_id', '=', scopeId)
      .where('user_id', '=', userId)
      .where('created_at', '>=', since)
      .where('token_source', '!=', 'personal')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('holds')
      .select(HELD.as('held'))
      .where('user_id', '=', userId)
      .where('status', '=', 'open')
      .where('scope_id', '=', scopeId)
      .where('token_source', '!=', 'personal')
      .executeTakeFirstOrThrow(),
  ]);
  return { spent: Number(ledger.spent), adjusted: Number(ledger.adjusted), held: Number(held.held) };
}

/** Spent and held on the scope's pool (every user, non-personal tokens) since `since`. Adjustments do not feed the pool. */
export async function poolUsage(db: Kysely<Database>, scopeId: string, since: number) {
  const [ledger, held] = await Promise.all([
    db
      .selectFrom('ledger_entries')
      .select(SPENT.as('spent'))
      .where('scope_id', '=', scopeId)
      .where('created_at', '>=', since)
      .where('token_source', '!=', 'personal')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('holds')
      .select(HELD.as('held'))
      .where('scope_id', '=', scopeId)
      .where('status', '=', 'open')
      .where('token_source', '!=', 'personal')
      .executeTakeFirstOrThrow(),
  ]);
  return { spent: Number(ledger.spent), held: Number(held.held) };
}

/** A user's own cap for personal-token spending (all scopes, UTC periods), or null when none is set. */
export async function readPersonalCap(db: Kysely<Database>, userId: string): Promise<{ limit: Micros; period: Period } | null> {
  const row = await db.selectFrom('users').select(['personal_allowance_micros', 'personal_period']).where('id', '=', userId).executeTakeFirst();
  if (!row || row.personal_allowance_micros === null || !isPeriod(row.personal_period)) return null;
  return { limit: row.personal_allowance_micros, period: row.personal_period };
}

/** Spent and held on a user's personal token since `since`. */
export async function personalUsage(db: Kysely<Database>, userId: string, since: number) {
  const [ledger, held] = await Promise.all([
    db
      .selectFrom('ledger_entries')
      .select(SPENT.as('spent'))
      .where('user_id', '=', userId)
      .where('token_source', '=', 'personal')
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('holds')
      .select(HELD.as('held'))
      .where('user_id', '=', userId)
      .where('status', '=', 'open')
      .where('token_source', '=', 'personal')
      .executeTakeFirstOrThrow(),
  ]);
  return { spent: Number(ledger.spent), held: Number(held.held) };
}

/** The window for `period` at `now` in `tz` (re-exported for the ledger). */
export function windowFor(period: Period, tz: string, now: number): PeriodWindow {
  return periodWindow(period, tz, now);
}
