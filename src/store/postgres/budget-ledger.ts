import { sql, type Kysely } from 'kysely';
import type {
  JobLedgerFacts,
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
import { gatewayLossTotals, jobLedgerFacts, openHoldIdsOfJob, recordGatewayLoss, UnknownScopeError } from '../sqlite/ledger-shared.js';
import type { Database, HoldsTable } from '../sqlite/schema.js';
import { readLimits, readPersonalCap, readReserveLimits, readTotals, usage } from './budget-queries.js';
import { pgLockingTransaction, pgReadSnapshot, withRetry } from './connection.js';

/** Attempts of a reserve whose limits change between its read and its locks (an admin editing them right then). */
const STALE_ATTEMPTS = 5;

/**
 * Reserve → settle | release on PostgreSQL, with the semantics of `SqliteBudgetLedger`: a hold is resolved at most
 * once, a charge never exceeds its hold, every movement writes one ledger entry, and running totals follow the
 * ledger through the triggers of migration 0002.
 *
 * Why row locks and not SERIALIZABLE: a reserve is a read-check-write on a handful of known rows — the
 * `budget_totals` rows of the user's budget and the scope's pool (or the personal cap), plus the `users` row when
 * the operator's per-person cap applies. A reserve reads the limits, computes the windows (periods in the scope's
 * time zone), then calls `ledger_reserve` (migration 0002) as ONE statement: inside the server it locks those rows
 * with `SELECT … FOR UPDATE` (creating a missing totals row first), always in one order — users row, then totals
 * 'user', 'pool', 'personal', the order in which the triggers update them — re-reads the limits (answering 'stale'
 * when an admin changed them in between; the reserve then starts over), checks what is left and inserts the hold and
 * its entry. A second reserve on the same budget, in this process or any other, waits on the lock and then reads the
 * first one's committed hold: it cannot overspend. The locks are held only while that statement runs, never across
 * a client round trip. Reserves in one scope queue on its pool row (locked even without a pool cap, so a cap set
 * later starts from right totals); reserves in different scopes do not wait on each other. The fixed order rules
 * out deadlocks between reserves and the triggers of settles. Under SERIALIZABLE, 100 concurrent callers on one budget
 * would mostly fail with serialization errors and retry (work thrown away, latency growing with contention); with
 * locks they queue, each doing its work once. Settle and release are one conditional statement each (`UPDATE …
 * WHERE status = 'open'` and the entry, in a data-modifying CTE); refund locks the hold's row (`FOR UPDATE`) first.
 * A repeat sees the first outcome. A statement still retries on a deadlock (40P01), which the order should make
 * impossible.
 */
export class PostgresBudgetLedger implements BudgetLedger {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly defaults: BudgetDefaults,
  ) {}

  async reserve(req: ReserveRequest): Promise<ReserveResult> {
    if (!isMicros(req.amountMicros)) throw new RangeError(`reserve: amountMicros must be an integer ≥ 0, got ${req.amountMicros}`);
    const cost = req.amountMicros;
    for (let attempt = 1; ; attempt++) {
      const { limits, personalCap, raw } = await readReserveLimits(this.db, req.scopeId, req.userId, this.defaults);
      if (limits.blocked) return { ok: false, reason: 'blocked', costMicros: cost, remainingMicros: 0, resetsAt: null };
      const now = this.clock.now();
      const personal = req.tokenSource === 'personal';
      const personCap = req.tokenSource === 'operator' ? this.defaults.personCap : undefined;
      // The windows come from the limits read above; ledger_reserve answers 'stale' if those changed meanwhile.
      const userWindow = !personal && limits.userLimit !== null ? periodWindow(limits.userPeriod, limits.timezone, now) : undefined;
      const poolWindow = !personal && limits.pool ? periodWindow(limits.pool.period, limits.timezone, now) : undefined;
      const personalWindow = personal && personalCap ? periodWindow(personalCap.period, 'UTC', now) : undefined;
      const personWindow = personCap ? periodWindow(personCap.period, 'UTC', now) : undefined;
      const holdId = newId('h');
      const r = await withRetry(() =>
        sql<{ outcome: string; remaining: number | null }>`select outcome, remaining from ledger_reserve(
          ${holdId}, ${newSortableId('le', now)}, ${req.scopeId}, ${req.userId}, ${req.jobId}, ${cost}, ${req.tokenSource}, ${now}, ${raw},
          ${userWindow ? limits.userLimit : null}, ${userWindow?.start ?? null},
          ${poolWindow ? limits.pool!.limit : null}, ${poolWindow?.start ?? null},
          ${personalWindow ? personalCap!.limit : null}, ${personalWindow?.start ?? null},
          ${personWindow ? personCap!.limitMicros : null}, ${personWindow?.start ?? null})`.execute(this.db),
      );
      const { outcome, remaining } = r.rows[0]!;
      const refused = (reason: Exclude<ReserveResult, { ok: true }>['reason'], resetsAt: number | null): ReserveResult => ({ ok: false, reason, costMicros: cost, remainingMicros: remaining ?? 0, resetsAt });
      switch (outcome) {
        case 'ok':
          return { ok: true, holdId };
        case 'blocked':
          return refused('blocked', null);
        case 'budget_exhausted':
          return refused('budget_exhausted', userWindow!.end);
        case 'pool_exhausted':
          return refused('pool_exhausted', poolWindow!.end);
        case 'personal_cap_exhausted':
          return refused('personal_cap_exhausted', personalWindow!.end);
        case 'person_cap_exhausted':
          return refused('person_cap_exhausted', personWindow!.end);
        case 'unknown_scope':
          throw new UnknownScopeError(req.scopeId);
        case 'stale':
          if (attempt < STALE_ATTEMPTS) continue;
          throw new Error(`reserve: the limits of scope ${req.scopeId} kept changing during ${STALE_ATTEMPTS} attempts`);
        default:
          throw new Error(`reserve: unexpected outcome ${outcome}`);
      }
    }
  }

  /**
   * One statement in the common case: the conditional update of an open hold and its charge entry (a data-modifying
   * CTE, atomic on its own; the hold's row lock is held only while it runs). When no open hold was updated, the
   * hold is read to say why: missing, released, or settled before (then the first charge is returned).
   */
  async settle(holdId: string, actualMicros: Micros, usageFacts: { units: number; unit: ChargeUnit }): Promise<SettleResult> {
    if (!isMicros(actualMicros)) throw new RangeError(`settle: actualMicros must be an integer ≥ 0, got ${actualMicros}`);
    const now = this.clock.now();
    const r = await sql<{ amount_micros: number }>`with h as (
        update holds set status = 'settled', charged_micros = least(${actualMicros}, amount_micros), resolved_at = ${now}
          where id = ${holdId} and status = 'open' returning *)
      insert into ledger_entries (id, kind, amount_micros, scope_id, user_id, job_id, hold_id, token_source, units, unit, reason, created_at)
        select ${newSortableId('le', now)}, 'charge', h.charged_micros, h.scope_id, h.user_id, h.job_id, h.id, h.token_source, ${usageFacts.units}, ${usageFacts.unit}, null, ${now} from h
      returning amount_micros`.execute(this.db);
    const charged = r.rows[0]?.amount_micros;
    if (charged !== undefined) return { ok: true, chargedMicros: charged, clamped: charged < actualMicros, repeated: false };
    const hold = await this.db.selectFrom('holds').select(['status', 'charged_micros']).where('id', '=', holdId).executeTakeFirst();
    if (!hold) return { ok: false, reason: 'not_found' };
    if (hold.status === 'released') return { ok: false, reason: 'released' };
    if (hold.status === 'settled') return { ok: true, chargedMicros: hold.charged_micros ?? 0, clamped: false, repeated: true };
    throw new Error(`hold ${holdId} stayed open during settle`);
  }

  /** One statement in the common case, like {@link settle}. */
  async release(holdId: string, reason: string): Promise<ReleaseResult> {
    const now = this.clock.now();
    const r = await sql<{ amount_micros: number }>`with h as (
        update holds set status = 'released', resolved_at = ${now} where id = ${holdId} and status = 'open' returning *)
      insert into ledger_entries (id, kind, amount_micros, scope_id, user_id, job_id, hold_id, token_source, units, unit, reason, created_at)
        select ${newSortableId('le', now)}, 'release', h.amount_micros, h.scope_id, h.user_id, h.job_id, h.id, h.token_source, null, null, ${reason}, ${now} from h
      returning amount_micros`.execute(this.db);
    const released = r.rows[0]?.amount_micros;
    if (released !== undefined) return { ok: true, releasedMicros: released, repeated: false };
    const hold = await this.db.selectFrom('holds').select(['status', 'amount_micros']).where('id', '=', holdId).executeTakeFirst();
    if (!hold) return { ok: false, reason: 'not_found' };
    if (hold.status === 'settled') return { ok: false, reason: 'settled' };
    if (hold.status === 'released') return { ok: true, releasedMicros: hold.amount_micros, repeated: true };
    throw new Error(`hold ${holdId} stayed open during release`);
  }

  async refund(holdId: string, reason: string): Promise<RefundResult> {
    return pgLockingTransaction(this.db, async (tx): Promise<RefundResult> => {
      const hold = await lockHold(tx, holdId);
      if (!hold) return { ok: false, reason: 'not_found' };
      if (hold.status !== 'settled') return { ok: false, reason: 'not_settled' };
      const prior = await tx.selectFrom('ledger_entries').select('amount_micros').where('hold_id', '=', holdId).where('kind', '=', 'refund').executeTakeFirst();
      if (prior) return { ok: true, refundedMicros: prior.amount_micros, repeated: true };
      const amount = hold.charged_micros ?? 0;
      // Dated with the charge it gives back, so it counts in that charge's period (never credits a later one).
      await this.entry(tx, 'refund', amount, fromHold(hold), null, null, reason, hold.resolved_at ?? this.clock.now());
      return { ok: true, refundedMicros: amount, repeated: false };
    });
  }

  async personalCap(userId: string): Promise<PersonalCapView | null> {
    const now = this.clock.now();
    return pgReadSnapshot(this.db, async (tx): Promise<PersonalCapView | null> => {
      const cap = await readPersonalCap(tx, userId);
      if (!cap) return null;
      const w = periodWindow(cap.period, 'UTC', now);
      const u = await usage(tx, 'personal', '', userId, w.start, await readTotals(tx, 'personal', '', userId));
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
      const u = await usage(tx, 'user', scopeId, userId, w.start, await readTotals(tx, 'user', scopeId, userId));
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
        const p = await usage(tx, 'pool', scopeId, '', pw.start, await readTotals(tx, 'pool', scopeId, ''));
        out.pool = { limitMicros: limits.pool.limit, period: limits.pool.period, spentMicros: p.spent, heldMicros: p.held, remainingMicros: Math.max(0, limits.pool.limit - p.spent - p.held), resetsAt: pw.end };
      }
      return out;
    });
  }

  /** See {@link BudgetLedger.recordGatewayLoss}. */
  recordGatewayLoss(loss: GatewayLoss): Promise<void> {
    return recordGatewayLoss(this.db, this.clock, loss);
  }

  gatewayLosses(scopeId?: string, since = 0): Promise<GatewayLossTotals> {
    return gatewayLossTotals(this.db, scopeId, since);
  }

  jobMoney(jobIds: readonly string[]): Promise<Map<string, JobLedgerFacts>> {
    return jobLedgerFacts(this.db, jobIds);
  }

  openHoldsOfJob(jobId: string): Promise<string[]> {
    return openHoldIdsOfJob(this.db, jobId);
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
