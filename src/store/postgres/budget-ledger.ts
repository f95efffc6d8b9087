import { sql, type Kysely } from 'kysely';
import type {
  Balance,
  BudgetDefaults,
  ChargeUnit,
  GatewayLoss,
  GatewayLossTotals,
  PersonalCapView,
  RefundResult,
  ReleaseResult,
  ReserveRequest,
  ReserveResult,
  SettleResult,
} from '../../core/budget/types.js';
import { periodWindow } from '../../core/budget/periods.js';
import type { BudgetLedger } from '../../core/ports/budget-ledger.js';
import type { Clock } from '../../core/ports/clock.js';
import { isMicros, type Micros } from '../../core/money.js';
import { newId, newSortableId } from '../ids.js';
import type { Database, HoldsTable } from '../sqlite/schema.js';
import { lockTotals, readLimits, readPersonalCap, readTotals, usage } from './budget-queries.js';
import { pgLockingTransaction, pgReadSnapshot } from './connection.js';

/**
 * Reserve → settle | release on PostgreSQL, with the semantics of `SqliteBudgetLedger`: a hold is resolved at most
 * once, a charge never exceeds its hold, every movement writes one ledger entry, and running totals follow the
 * ledger through the triggers of migration 0002.
 *
 * Why row locks and not SERIALIZABLE: a reserve is a read-check-write on a handful of known rows — the
 * `budget_totals` rows of the user's budget and the scope's pool (or the personal cap), plus the `users` row when
 * the operator's per-person cap applies. Each reserve runs in READ COMMITTED and first locks those rows with
 * `SELECT … FOR UPDATE` (creating a missing totals row, then locking it), always in ONE order — users row, then
 * totals 'user', 'pool', 'personal', the order in which the triggers update them — and only then reads limits and
 * usage and inserts the hold. A second reserve on the same budget, in this process or any other, waits on the lock
 * and then reads the first one's committed hold: it cannot overspend. Reserves on different budgets do not wait on
 * each other, and the fixed order rules out deadlocks between reserves and the triggers of settles. Under
 * SERIALIZABLE, 100 concurrent callers on one budget would mostly fail with serialization errors and retry (work
 * thrown away, latency growing with contention); with locks they queue, each doing its work once. Settle, release
 * and refund lock the hold's row (`FOR UPDATE`) and then update it conditionally, so a repeat sees the first
 * outcome. A transaction still retries on a deadlock (40P01), which the order should make impossible.
 */
export class PostgresBudgetLedger implements BudgetLedger {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly defaults: BudgetDefaults,
  ) {}

  async reserve(req: ReserveRequest): Promise<ReserveResult> {
    if (!isMicros(req.amountMicros)) throw new RangeError(`reserve: amountMicros must be an integer ≥ 0, got ${req.amountMicros}`);
    return pgLockingTransaction(this.db, async (tx): Promise<ReserveResult> => {
      const cost = req.amountMicros;
      const personCap = req.tokenSource === 'operator' ? this.defaults.personCap : undefined;
      // Locks first, in the fixed order (see the class comment); every read below sees the latest commits.
      if (personCap) await sql`select id from users where id = ${req.userId} for update`.execute(tx);
      const personal = req.tokenSource === 'personal';
      const userRow = personal ? undefined : await lockTotals(tx, 'user', req.scopeId, req.userId);
      const poolRow = personal ? undefined : await lockTotals(tx, 'pool', req.scopeId, '');
      const personalRow = personal ? await lockTotals(tx, 'personal', '', req.userId) : undefined;
      const now = this.clock.now();
      const limits = await readLimits(tx, req.scopeId, req.userId, this.defaults);
      if (limits.blocked) return { ok: false, reason: 'blocked', costMicros: cost, remainingMicros: 0, resetsAt: null };
      if (personal) {
        const cap = await readPersonalCap(tx, req.userId);
        if (cap) {
          const w = periodWindow(cap.period, 'UTC', now);
          const u = await usage(tx, 'personal', '', req.userId, w.start, personalRow, true);
          const remaining = cap.limit - u.spent - u.held;
          if (cost > remaining) return { ok: false, reason: 'personal_cap_exhausted', costMicros: cost, remainingMicros: Math.max(0, remaining), resetsAt: w.end };
        }
      } else {
        if (limits.userLimit !== null) {
          const w = periodWindow(limits.userPeriod, limits.timezone, now);
          const u = await usage(tx, 'user', req.scopeId, req.userId, w.start, userRow, true);
          const remaining = limits.userLimit - u.spent - u.held + u.adjusted;
          if (cost > remaining) return { ok: false, reason: 'budget_exhausted', costMicros: cost, remainingMicros: Math.max(0, remaining), resetsAt: w.end };
        }
        if (limits.pool) {
          const w = periodWindow(limits.pool.period, limits.timezone, now);
          const p = await usage(tx, 'pool', req.scopeId, '', w.start, poolRow, true);
          const remaining = limits.pool.limit - p.spent - p.held;
          if (cost > remaining) return { ok: false, reason: 'pool_exhausted', costMicros: cost, remainingMicros: Math.max(0, remaining), resetsAt: w.end };
        }
        if (personCap) {
          // Across every scope: charges − refunds since the window start plus open holds, on the operator's token.
          const w = periodWindow(personCap.period, 'UTC', now);
          const used = await sql<{ spent: number; held: number }>`select
              (select coalesce(sum(case when kind = 'charge' then amount_micros else -amount_micros end), 0)
                 from ledger_entries where user_id = ${req.userId} and token_source = 'operator' and created_at >= ${w.start} and kind in ('charge', 'refund')) as spent,
              (select coalesce(sum(amount_micros), 0) from holds where user_id = ${req.userId} and status = 'open' and token_source = 'operator') as held`.execute(tx);
          const r = used.rows[0]!;
          const remaining = personCap.limitMicros - Number(r.spent) - Number(r.held);
          if (cost > remaining) return { ok: false, reason: 'person_cap_exhausted', costMicros: cost, remainingMicros: Math.max(0, remaining), resetsAt: w.end };
        }
      }
      const holdId = newId('h');
      await tx
        .insertInto('holds')
        .values({ id: holdId, scope_id: req.scopeId, user_id: req.userId, job_id: req.jobId, amount_micros: cost, charged_micros: null, token_source: req.tokenSource, status: 'open', created_at: now, resolved_at: null })
        .execute();
      await this.entry(tx, 'hold', cost, { scope_id: req.scopeId, user_id: req.userId, job_id: req.jobId, hold_id: holdId, token_source: req.tokenSource }, null, null, null, now);
      return { ok: true, holdId };
    });
  }

  async settle(holdId: string, actualMicros: Micros, usageFacts: { units: number; unit: ChargeUnit }): Promise<SettleResult> {
    if (!isMicros(actualMicros)) throw new RangeError(`settle: actualMicros must be an integer ≥ 0, got ${actualMicros}`);
    return pgLockingTransaction(this.db, async (tx): Promise<SettleResult> => {
      const hold = await lockHold(tx, holdId);
      if (!hold) return { ok: false, reason: 'not_found' };
      if (hold.status === 'released') return { ok: false, reason: 'released' };
      if (hold.status === 'settled') return { ok: true, chargedMicros: hold.charged_micros ?? 0, clamped: false, repeated: true };
      const charged = Math.min(actualMicros, hold.amount_micros);
      const now = this.clock.now();
      const r = await tx.updateTable('holds').set({ status: 'settled', charged_micros: charged, resolved_at: now }).where('id', '=', holdId).where('status', '=', 'open').executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw new Error(`hold ${holdId} changed during settle`);
      await this.entry(tx, 'charge', charged, fromHold(hold), usageFacts.units, usageFacts.unit, null, now);
      return { ok: true, chargedMicros: charged, clamped: charged < actualMicros, repeated: false };
    });
  }

  async release(holdId: string, reason: string): Promise<ReleaseResult> {
    return pgLockingTransaction(this.db, async (tx): Promise<ReleaseResult> => {
      const hold = await lockHold(tx, holdId);
      if (!hold) return { ok: false, reason: 'not_found' };
      if (hold.status === 'settled') return { ok: false, reason: 'settled' };
      if (hold.status === 'released') return { ok: true, releasedMicros: hold.amount_micros, repeated: true };
      const now = this.clock.now();
      const r = await tx.updateTable('holds').set({ status: 'released', resolved_at: now }).where('id', '=', holdId).where('status', '=', 'open').executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw new Error(`hold ${holdId} changed during release`);
      await this.entry(tx, 'release', hold.amount_micros, fromHold(hold), null, null, reason, now);
      return { ok: true, releasedMicros: hold.amount_micros, repeated: false };
    });
  }

  async refund(holdId: string, reason: string): Promise<RefundResult> {
    return pgLockingTransaction(this.db, async (tx): Promise<RefundResult> => {
      const hold = await lockHold(tx, holdId);
      if (!hold) return { ok: false, reason: 'not_found' };
      if (hold.status !== 'settled') return { ok: false, reason: 'not_settled' };
      const prior = await tx.selectFrom('ledger_entries').select('amount_micros').where('hold_id', '=', holdId).where('kind', '=', 'refund').executeTakeFirst();
      if (prior) return { ok: true, refundedMicros: prior.amount_micros, repeated: true };
      const amount = hold.charged_micros ?? 0;
      await this.entry(tx, 'refund', amount, fromHold(hold), null, null, reason, this.clock.now());
      return { ok: true, refundedMicros: amount, repeated: false };
    });
  }

  async personalCap(userId: string): Promise<PersonalCapView | null> {
    const now = this.clock.now();
    return pgReadSnapshot(this.db, async (tx): Promise<PersonalCapView | null> => {
      const cap = await readPersonalCap(tx, userId);
      if (!cap) return null;
      const w = periodWindow(cap.period, 'UTC', now);
      const u = await usage(tx, 'personal', '', userId, w.start, await readTotals(tx, 'personal', '', userId), false);
      return {
        period: cap.period,
        limitMicros: cap.limit,
        spentMicros: u.spent,
        heldMicros: u.held,
        remainingMicros: Math.max(0, cap.limit - u.spent - u.held),
        resetsAt: cap.period === 'total' ? null : w.end,
      };
    });
  }

  /** One snapshot: every figure comes from the same moment. Stale totals are summed, not stored. */
  async balance(scopeId: string, userId: string): Promise<Balance> {
    return pgReadSnapshot(this.db, async (tx): Promise<Balance> => {
      const now = this.clock.now();
      const limits = await readLimits(tx, scopeId, userId, this.defaults);
      const w = periodWindow(limits.userPeriod, limits.timezone, now);
      const u = await usage(tx, 'user', scopeId, userId, w.start, await readTotals(tx, 'user', scopeId, userId), false);
      const out: Balance = {
        limitMicros: limits.userLimit,
        period: limits.userPeriod,
        spentMicros: u.spent,
        heldMicros: u.held,
        adjustedMicros: u.adjusted,
        remainingMicros: limits.userLimit === null ? null : Math.max(0, limits.userLimit - u.spent - u.held + u.adjusted),
        resetsAt: w.end,
        blocked: limits.blocked,
      };
      if (limits.pool) {
        const pw = periodWindow(limits.pool.period, limits.timezone, now);
        const p = await usage(tx, 'pool', scopeId, '', pw.start, await readTotals(tx, 'pool', scopeId, ''), false);
        out.pool = { limitMicros: limits.pool.limit, period: limits.pool.period, spentMicros: p.spent, heldMicros: p.held, remainingMicros: Math.max(0, limits.pool.limit - p.spent - p.held), resetsAt: pw.end };
      }
      return out;
    });
  }

  /** See {@link BudgetLedger.recordGatewayLoss}: `ON CONFLICT DO NOTHING` on the unique (job_id, reason) index. */
  async recordGatewayLoss(loss: GatewayLoss): Promise<void> {
    if (!isMicros(loss.amountMicros)) throw new RangeError(`recordGatewayLoss: amountMicros must be an integer ≥ 0, got ${loss.amountMicros}`);
    const now = this.clock.now();
    await this.db
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

  async gatewayLosses(scopeId?: string, since = 0): Promise<GatewayLossTotals> {
    let q = this.db
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

  async openHoldsOfJob(jobId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('holds').select('id').where('job_id', '=', jobId).where('status', '=', 'open').execute();
    return rows.map((r) => r.id);
  }

  private async entry(tx: Kysely<Database>, kind: 'hold' | 'charge' | 'release' | 'refund', amount: Micros, f: HoldRef, units: number | null, unit: ChargeUnit | null, reason: string | null, now: number): Promise<void> {
    await tx
      .insertInto('ledger_entries')
      .values({ id: newSortableId('le', now), kind, amount_micros: amount, scope_id: f.scope_id, user_id: f.user_id, job_id: f.job_id, hold_id: f.hold_id, token_source: f.token_source, units, unit, reason, created_at: now })
      .execute();
  }
}

type HoldRef = { scope_id: string; user_id: string; job_id: string | null; hold_id: string; token_source: HoldsTable['token_source'] };

function fromHold(h: HoldsTable): HoldRef {
  return { scope_id: h.scope_id, user_id: h.user_id, job_id: h.job_id, hold_id: h.id, token_source: h.token_source };
}

async function lockHold(tx: Kysely<Database>, holdId: string): Promise<HoldsTable | undefined> {
  return tx.selectFrom('holds').selectAll().where('id', '=', holdId).forUpdate().executeTakeFirst();
}
