import type { Kysely } from 'kysely';
import type {
  Balance,
  BudgetDefaults,
  BudgetLedger,
  ChargeUnit,
  RefundResult,
  ReleaseResult,
  ReserveRequest,
  ReserveResult,
  SettleResult,
} from '../core/budget/types.js';
import type { Clock } from '../core/ports/clock.js';
import { isMicros, type Micros } from '../core/money.js';
import { personalUsage, poolUsage, readLimits, readPersonalCap, userUsage, windowFor } from './budget-queries.js';
import { newId, newSortableId } from './ids.js';
import type { Database, HoldsTable } from './schema.js';
import { writeTransaction } from './sqlite.js';

/**
 * Reserve → settle | release, on SQLite. Every mutation runs in one `BEGIN IMMEDIATE` transaction that
 * re-reads what is left, so neither concurrent calls in this process nor other processes can overspend.
 * Invariants: a hold is resolved at most once (conditional update on `status = 'open'`); a charge never
 * exceeds its hold; every movement writes one ledger entry.
 */
export class SqlBudgetLedger implements BudgetLedger {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly defaults: BudgetDefaults,
  ) {}

  /** Places a hold for `amountMicros` if the user's allowance, the pool (and for personal tokens the personal cap) allow it. */
  async reserve(req: ReserveRequest): Promise<ReserveResult> {
    if (!isMicros(req.amountMicros)) throw new RangeError(`reserve: amountMicros must be an integer ≥ 0, got ${req.amountMicros}`);
    return writeTransaction(this.db, async (tx) => {
      const now = this.clock.now();
      const cost = req.amountMicros;
      const limits = await readLimits(tx, req.scopeId, req.userId, this.defaults);
      if (limits.blocked) return { ok: false, reason: 'blocked', costMicros: cost, remainingMicros: 0, resetsAt: null };
      if (req.tokenSource === 'personal') {
        const cap = await readPersonalCap(tx, req.userId);
        if (cap) {
          const w = windowFor(cap.period, 'UTC', now);
          const u = await personalUsage(tx, req.userId, w.start);
          const remaining = cap.limit - u.spent - u.held;
          if (cost > remaining)
            return { ok: false, reason: 'personal_cap_exhausted', costMicros: cost, remainingMicros: Math.max(0, remaining), resetsAt: w.end };
        }
      } else {
        if (limits.userLimit !== null) {
          const w = windowFor(limits.userPeriod, limits.timezone, now);
          const u = await userUsage(tx, req.scopeId, req.userId, w.start);
          const remaining = limits.userLimit - u.spent - u.held + u.adjusted;
          if (cost > remaining)
            return { ok: false, reason: 'budget_exhausted', costMicros: cost, remainingMicros: Math.max(0, remaining), resetsAt: w.end };
        }
        if (limits.pool) {
          const w = windowFor(limits.pool.period, limits.timezone, now);
          const p = await poolUsage(tx, req.scopeId, w.start);
          const remaining = limits.pool.limit - p.spent - p.held;
          if (cost > remaining)
            return { ok: false, reason: 'pool_exhausted', costMicros: cost, remainingMicros: Math.max(0, remaining), resetsAt: w.end };
        }
      }
      const holdId = newId('h');
      await tx
        .insertInto('holds')
        .values({ id: holdId, scope_id: req.scopeId, user_id: req.userId, job_id: req.jobId, amount_micros: cost, charged_micros: null, token_source: req.tokenSource, status: 'open', created_at: now, resolved_at: null })
        .execute();
      await this.entry(tx, 'hold', cost, { ...holdRow(req, holdId), reason: null, units: null, unit: null }, now);
      return { ok: true, holdId };
    });
  }

  /** Turns an open hold into a charge of min(actual, hold). A repeated settle returns the first charge. */
  async settle(holdId: string, actualMicros: Micros, usage: { units: number; unit: ChargeUnit }): Promise<SettleResult> {
    if (!isMicros(actualMicros)) throw new RangeError(`settle: actualMicros must be an integer ≥ 0, got ${actualMicros}`);
    return writeTransaction(this.db, async (tx) => {
      const hold = await findHold(tx, holdId);
      if (!hold) return { ok: false, reason: 'not_found' };
      if (hold.status === 'released') return { ok: false, reason: 'released' };
      if (hold.status === 'settled') return { ok: true, chargedMicros: hold.charged_micros ?? 0, clamped: false, repeated: true };
      const charged = Math.min(actualMicros, hold.amount_micros);
      const now = this.clock.now();
      const upd = await tx
        .updateTable('holds')
        .set({ status: 'settled', charged_micros: charged, resolved_at: now })
        .where('id', '=', holdId)
        .where('status', '=', 'open')
        .executeTakeFirst();
      if (Number(upd.numUpdatedRows) !== 1) throw new Error(`hold ${holdId} changed during settle`);
      await this.entry(tx, 'charge', charged, { ...fromHold(hold), units: usage.units, unit: usage.unit, reason: null }, now);
      return { ok: true, chargedMicros: charged, clamped: charged < actualMicros, repeated: false };
    });
  }

  /** Frees an open hold (nothing charged). Releasing twice is a no-op; a settled hold stays settled. */
  async release(holdId: string, reason: string): Promise<ReleaseResult> {
    return writeTransaction(this.db, async (tx) => {
      const hold = await findHold(tx, holdId);
      if (!hold) return { ok: false, reason: 'not_found' };
      if (hold.status === 'settled') return { ok: false, reason: 'settled' };
      if (hold.status === 'released') return { ok: true, releasedMicros: hold.amount_micros, repeated: true };
      const now = this.clock.now();
      const upd = await tx.updateTable('holds').set({ status: 'released', resolved_at: now }).where('id', '=', holdId).where('status', '=', 'open').executeTakeFirst();
      if (Number(upd.numUpdatedRows) !== 1) throw new Error(`hold ${holdId} changed during release`);
      await this.entry(tx, 'release', hold.amount_micros, { ...fromHold(hold), units: null, unit: null, reason }, now);
      return { ok: true, releasedMicros: hold.amount_micros, repeated: false };
    });
  }

  /** Gives back the whole charge of a settled hold (e.g. a delivered result later found broken). At most once per hold. */
  async refund(holdId: string, reason: string): Promise<RefundResult> {
    return writeTransaction(this.db, async (tx) => {
      const hold = await findHold(tx, holdId);
      if (!hold) return { ok: false, reason: 'not_found' };
      if (hold.status !== 'settled') return { ok: false, reason: 'not_settled' };
      const prior = await tx.selectFrom('ledger_entries').select('amount_micros').where('hold_id', '=', holdId).where('kind', '=', 'refund').executeTakeFirst();
      if (prior) return { ok: true, refundedMicros: prior.amount_micros, repeated: true };
      const amount = hold.charged_micros ?? 0;
      await this.entry(tx, 'refund', amount, { ...fromHold(hold), units: null, unit: null, reason }, this.clock.now());
      return { ok: true, refundedMicros: amount, repeated: false };
    });
  }

  /** The user's standing in the scope for scope/operator-token spending (personal-token spending is not counted). */
  async balance(scopeId: string, userId: string): Promise<Balance> {
    // One read transaction: every figure comes from the same snapshot.
    return this.db.transaction().execute((tx) => this.balanceIn(tx, scopeId, userId));
  }

  private async balanceIn(db: Kysely<Database>, scopeId: string, userId: string): Promise<Balance> {
    const now = this.clock.now();
    const limits = await readLimits(db, scopeId, userId, this.defaults);
    const w = windowFor(limits.userPeriod, limits.timezone, now);
    const u = await userUsage(db, scopeId, userId, w.start);
    const remaining = limits.userLimit === null ? null : Math.max(0, limits.userLimit - u.spent - u.held + u.adjusted);
    const out: Balance = {
      limitMicros: limits.userLimit,
      period: limits.userPeriod,
      spentMicros: u.spent,
      heldMicros: u.held,
      adjustedMicros: u.adjusted,
      remainingMicros: remaining,
      resetsAt: w.end,
      blocked: limits.blocked,
    };
    if (limits.pool) {
      const pw = windowFor(limits.pool.period, limits.timezone, now);
      const p = await poolUsage(db, scopeId, pw.start);
      out.pool = { limitMicros: limits.pool.limit, period: limits.pool.period, spentMicros: p.spent, heldMicros: p.held, remainingMicros: Math.max(0, limits.pool.limit - p.spent - p.held), resetsAt: pw.end };
    }
    return out;
  }

  private async entry(
    tx: Kysely<Database>,
    kind: 'hold' | 'charge' | 'release' | 'refund',
    amount: Micros,
    f: { scope_id: string; user_id: string; job_id: string | null; hold_id: string; token_source: HoldsTable['token_source']; units: number | null; unit: ChargeUnit | null; reason: string | null },
    now: number,
  ): Promise<void> {
    await tx.insertInto('ledger_entries').values({ id: newSortableId('le', now), kind, amount_micros: amount, created_at: now, ...f }).execute();
  }
}

function holdRow(req: ReserveRequest, holdId: string) {
  return { scope_id: req.scopeId, user_id: req.userId, job_id: req.jobId, hold_id: holdId, token_source: req.tokenSource };
}
function fromHold(h: HoldsTable) {
  return { scope_id: h.scope_id, user_id: h.user_id, job_id: h.job_id, hold_id: h.id, token_source: h.token_source };
}
async function findHold(tx: Kysely<Database>, holdId: string): Promise<HoldsTable | undefined> {
  return tx.selectFrom('holds').selectAll().where('id', '=', holdId).executeTakeFirst();
}
