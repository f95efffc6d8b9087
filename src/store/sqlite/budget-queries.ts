import type { Statement } from 'better-sqlite3';
import { isPeriod, periodWindow, type Period, type PeriodWindow } from '../../core/budget/periods.js';
import type { BudgetDefaults } from '../../core/budget/types.js';
import type { Micros } from '../../core/money.js';
import type { RawSqlite } from './connection.js';
import { effectiveLimits, UnknownScopeError, type EffectiveLimits, type LimitsRow, type TotalKind, type Usage } from '../kysely/ledger-shared.js';

/**
 * The read side of budgets, synchronous on the raw SQLite connection (the ledger's hot path; see
 * `syncTransaction` in connection.ts). Which limits apply to a user in a scope, and what was spent, held and
 * adjusted in a window — read from the running totals in `budget_totals` (migration 0002), which are rebuilt
 * from the ledger when missing or when the window moved. Every statement is prepared once per connection.
 */

const SPENT = `coalesce(sum(case when kind = 'charge' then amount_micros when kind = 'refund' then -amount_micros else 0 end), 0)`;
const ADJUSTED = `coalesce(sum(case when kind = 'adjustment' then amount_micros else 0 end), 0)`;

interface TotalsRow extends Usage {
  since: number;
}

function prepare(raw: RawSqlite) {
  const p = (text: string): Statement => raw.prepare(text);
  return {
    limits: p(`select s.timezone, b.default_allowance_micros, b.default_period, b.pool_cap_micros, b.pool_period, bu.allowance_micros, bu.period, bu.blocked
      from scopes s left join budgets b on b.scope_id = s.id left join budget_users bu on bu.scope_id = s.id and bu.user_id = ? where s.id = ?`),
    personalCap: p(`select personal_allowance_micros, personal_period from users where id = ?`),
    totals: p(`select since, spent, adjusted, held from budget_totals where kind = ? and scope_id = ? and user_id = ?`),
    saveTotals: p(`insert or replace into budget_totals (kind, scope_id, user_id, since, spent, adjusted, held) values (?, ?, ?, ?, ?, ?, ?)`),
    rebuild: {
      user: [
        p(`select ${SPENT} as spent, ${ADJUSTED} as adjusted from ledger_entries where scope_id = ? and user_id = ? and created_at >= ? and token_source != 'personal'`),
        p(`select coalesce(sum(amount_micros), 0) as held from holds where scope_id = ? and user_id = ? and status = 'open' and token_source != 'personal'`),
      ],
      pool: [
        p(`select ${SPENT} as spent, 0 as adjusted from ledger_entries where scope_id = ? and ? = '' and created_at >= ? and token_source != 'personal'`),
        p(`select coalesce(sum(amount_micros), 0) as held from holds where scope_id = ? and ? = '' and status = 'open' and token_source != 'personal'`),
      ],
      personal: [
        p(`select ${SPENT} as spent, 0 as adjusted from ledger_entries where ? = '' and user_id = ? and token_source = 'personal' and created_at >= ?`),
        p(`select coalesce(sum(amount_micros), 0) as held from holds where ? = '' and user_id = ? and status = 'open' and token_source = 'personal'`),
      ],
    } satisfies Record<TotalKind, [Statement, Statement]>,
  };
}

/** Prepared statements per connection (a connection lives as long as the store). */
const cache = new WeakMap<RawSqlite, ReturnType<typeof prepare>>();
function stmts(raw: RawSqlite) {
  let s = cache.get(raw);
  if (!s) cache.set(raw, (s = prepare(raw)));
  return s;
}

/** Reads the scope's timezone, default, pool and the user's override in one statement. */
export function readLimits(raw: RawSqlite, scopeId: string, userId: string, defaults: BudgetDefaults): EffectiveLimits {
  const row = stmts(raw).limits.get(userId, scopeId) as LimitsRow | undefined;
  if (!row) throw new UnknownScopeError(scopeId);
  return effectiveLimits(row, defaults);
}

/** A user's own cap for personal-token spending (all scopes, UTC periods), or null when none is set. */
export function readPersonalCap(raw: RawSqlite, userId: string): { limit: Micros; period: Period } | null {
  const row = stmts(raw).personalCap.get(userId) as { personal_allowance_micros: number | null; personal_period: string | null } | undefined;
  if (!row || row.personal_allowance_micros === null || !isPeriod(row.personal_period)) return null;
  return { limit: row.personal_allowance_micros, period: row.personal_period };
}

/**
 * Usage of one budget since `since` (the current window start). `scopeId` is '' for 'personal', `userId`
 * is '' for 'pool'. Reads the running total; when it is missing or covers another window, sums the ledger
 * and — when `persist` (inside a write transaction) — stores the result as the new running total.
 */
export function usage(raw: RawSqlite, kind: TotalKind, scopeId: string, userId: string, since: number, persist: boolean): Usage {
  const s = stmts(raw);
  const row = s.totals.get(kind, scopeId, userId) as TotalsRow | undefined;
  if (row && row.since === since) return { spent: row.spent, adjusted: row.adjusted, held: row.held };
  const [ledger, holds] = s.rebuild[kind];
  const l = ledger.get(scopeId, userId, since) as { spent: number; adjusted: number };
  const h = holds.get(scopeId, userId) as { held: number };
  const u = { spent: Number(l.spent), adjusted: Number(l.adjusted), held: Number(h.held) };
  if (persist) s.saveTotals.run(kind, scopeId, userId, since, u.spent, u.adjusted, u.held);
  return u;
}

/** The window for `period` at `now` in `tz` (re-exported for the ledger). */
export function windowFor(period: Period, tz: string, now: number): PeriodWindow {
  return periodWindow(period, tz, now);
}
