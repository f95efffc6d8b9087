import type { Kysely } from 'kysely';
import { isPeriod, type Period } from '../../core/budget/periods.js';
import type { BudgetDefaults, GatewayLoss, GatewayLossTotals, JobLedgerFacts, OperatorUse } from '../../core/budget/types.js';
import type { Clock } from '../../core/ports/clock.js';
import { isMicros, type Micros } from '../../core/money.js';
import { newSortableId } from '../ids.js';
import type { Database } from './schema.js';

/**
 * The parts of the budget ledger that are the same on SQLite and PostgreSQL: shared types and portable Kysely reads
 * and writes outside the reserve path. Each engine's ledger keeps only its own reserve/settle transactions.
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

/** A stored period text as a `Period`, or `fallback` when it is not one. */
export const asPeriod = (v: string | null | undefined, fallback: Period): Period => (isPeriod(v) ? v : fallback);

/** One row joining the scope (its timezone), its budget and the user's override, as both engines read it. */
export interface LimitsRow {
  timezone: string;
  default_allowance_micros: number | null;
  default_period: string | null;
  pool_cap_micros: number | null;
  pool_period: string | null;
  allowance_micros: number | null;
  period: string | null;
  blocked: number | null;
}

/**
 * The limits in force for a user: the user's override when it has a period, else the scope's default when it has
 * one, else the operator's defaults; a pool only when both its cap and its period are set (period default month).
 */
export function effectiveLimits(row: LimitsRow, defaults: BudgetDefaults): EffectiveLimits {
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

/** Unknown scope id: a programming error (scopes are created with `ensureScope` first). */
export class UnknownScopeError extends Error {
  constructor(scopeId: string) {
    super(`unknown scope id ${scopeId}`);
    this.name = 'UnknownScopeError';
  }
}

/** `BudgetLedger.recordGatewayLoss`: at most one row per (job, reason) — the unique index and `ON CONFLICT DO NOTHING`. */
export async function recordGatewayLoss(db: Kysely<Database>, clock: Clock, loss: GatewayLoss): Promise<void> {
  if (!isMicros(loss.amountMicros)) throw new RangeError(`recordGatewayLoss: amountMicros must be an integer ≥ 0, got ${loss.amountMicros}`);
  const now = clock.now();
  await db
    .insertInto('gateway_losses')
    .values({
      id: newSortableId('gl', now),
      job_id: loss.jobId,
      scope_id: loss.scopeId,
      user_id: loss.userId,
      token_source: loss.tokenSource,
      amount_micros: loss.amountMicros,
      certain: loss.certain ? 1 : 0,
      reason: loss.reason,
      created_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** `BudgetLedger.gatewayLosses`: certain and possible losses since `since`, in one scope or all. */
export async function gatewayLossTotals(db: Kysely<Database>, scopeId: string | undefined, since: number): Promise<GatewayLossTotals> {
  let q = db
    .selectFrom('gateway_losses')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('certain', '=', 1).then(eb.ref('amount_micros')).else(0).end()), eb.val(0)).as('certain'),
      eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('certain', '=', 0).then(eb.ref('amount_micros')).else(0).end()), eb.val(0)).as('possible'),
      eb.fn.countAll<number>().as('n'),
    ])
    .where('created_at', '>=', since);
  if (scopeId !== undefined) q = q.where('scope_id', '=', scopeId);
  const r = await q.executeTakeFirstOrThrow();
  return { certainMicros: Number(r.certain), possibleMicros: Number(r.possible), count: Number(r.n) };
}

/** `BudgetLedger.operatorUse`: the same sums as the reserve rule's operator step, read outside a transaction. */
export async function operatorUseSince(db: Kysely<Database>, since: number): Promise<OperatorUse> {
  const spent = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('kind', '=', 'charge').then(eb.ref('amount_micros')).else(eb.neg(eb.ref('amount_micros'))).end()), eb.val(0)).as('n'))
    .where('token_source', '=', 'operator')
    .where('kind', 'in', ['charge', 'refund'])
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  const held = await db
    .selectFrom('holds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_micros'), eb.val(0)).as('n'))
    .where('status', '=', 'open')
    .where('token_source', '=', 'operator')
    .executeTakeFirstOrThrow();
  return { spentMicros: Number(spent.n), heldMicros: Number(held.n) };
}

/** `BudgetLedger.openHoldsOfJob`: ids of the job's holds still open. */
export async function openHoldIdsOfJob(db: Kysely<Database>, jobId: string): Promise<string[]> {
  const rows = await db.selectFrom('holds').select('id').where('job_id', '=', jobId).where('status', '=', 'open').execute();
  return rows.map((r) => r.id);
}

/**
 * What the ledger says of each job: open holds, charges (settled holds), released holds and refunds, summed per job
 * (`BudgetLedger.jobMoney`). Portable Kysely, shared by the SQLite and PostgreSQL ledgers. Jobs without rows are absent.
 */
export async function jobLedgerFacts(db: Kysely<Database>, jobIds: readonly string[]): Promise<Map<string, JobLedgerFacts>> {
  const out = new Map<string, JobLedgerFacts>();
  if (jobIds.length === 0) return out;
  const facts = (id: string): JobLedgerFacts => {
    let f = out.get(id);
    if (!f) out.set(id, (f = { heldMicros: 0, chargedMicros: 0, releasedMicros: 0, refundedMicros: 0 }));
    return f;
  };
  const holds = await db
    .selectFrom('holds')
    .select((eb) => ['job_id', 'status', eb.fn.sum<number>('amount_micros').as('amount'), eb.fn.sum<number>(eb.fn.coalesce('charged_micros', eb.val(0))).as('charged')])
    .where('job_id', 'in', [...jobIds])
    .groupBy(['job_id', 'status'])
    .execute();
  for (const h of holds) {
    if (h.job_id === null) continue;
    const f = facts(h.job_id);
    if (h.status === 'open') f.heldMicros += Number(h.amount);
    else if (h.status === 'settled') f.chargedMicros += Number(h.charged);
    else f.releasedMicros += Number(h.amount);
  }
  const refunds = await db
    .selectFrom('ledger_entries')
    .select((eb) => ['job_id', eb.fn.sum<number>('amount_micros').as('amount')])
    .where('job_id', 'in', [...jobIds])
    .where('kind', '=', 'refund')
    .groupBy('job_id')
    .execute();
  for (const r of refunds) if (r.job_id !== null) facts(r.job_id).refundedMicros += Number(r.amount);
  return out;
}

/**
 * Reads the scope's timezone, default, pool and the user's override in one statement (the limits join, written once
 * for every Kysely reader: the PostgreSQL ledger's reads and the admin store's adjustment ceiling).
 * @throws UnknownScopeError when the scope does not exist.
 */
export async function readLimitsRow(tx: Kysely<Database>, scopeId: string, userId: string): Promise<LimitsRow> {
  const row = await tx
    .selectFrom('scopes as s')
    .leftJoin('budgets as b', 'b.scope_id', 's.id')
    .leftJoin('budget_users as bu', (j) => j.onRef('bu.scope_id', '=', 's.id').on('bu.user_id', '=', userId))
    .select(['s.timezone', 'b.default_allowance_micros', 'b.default_period', 'b.pool_cap_micros', 'b.pool_period', 'bu.allowance_micros', 'bu.period', 'bu.blocked'])
    .where('s.id', '=', scopeId)
    .executeTakeFirst();
  if (!row) throw new UnknownScopeError(scopeId);
  return row;
}
