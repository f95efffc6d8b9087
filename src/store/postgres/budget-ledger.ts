import { sql, type Kysely } from 'kysely';
import type {
  JobLedgerFacts,
  Balance,
  BudgetDefaults,
  ChargeUnit,
  GatewayLoss,
  GatewayLossTotals,
  OperatorUse,
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
import { gatewayLossTotals, jobLedgerFacts, openHoldIdsOfJob, operatorUseSince, recordGatewayLoss, UnknownScopeError, type TotalKind } from '../kysely/ledger-shared.js';
import type { Database, HoldsTable } from '../kysely/schema.js';
import { PERSONAL_TOTALS_LOCK, SCOPE_TOTALS_LOCK } from '../../../migrations/0011-reserve-in-application.js';
import { reserveRule, runReserveAsync, type ReserveStep } from '../kysely/reserve-rule.js';
import { readLimits, readPersonalCap, readTotals, rebuildTotals, usage, type TotalsRow } from './budget-queries.js';
import { pgLockingTransaction, pgReadSnapshot, withRetry } from './connection.js';

/** The advisory lock (one key) serializing the reserve groups that check `OPERATOR_DAILY_CAP`. */
const OPERATOR_CAP_LOCK = 20213;

/** Most reserves in one group transaction. */
const GROUP_LIMIT = 64;

/** A settle waiting for its group; resolved with the charge, or undefined when the hold was not open. */
interface QueuedSettle {
  holdId: string;
  actualMicros: Micros;
  units: number;
  unit: ChargeUnit;
  resolve(charged: number | undefined): void;
  reject(e: unknown): void;
}

/**
 * What one group of reserves read and wrote so far: each answer by its key (the usage figures then include the
 * group's own holds, as the triggers will once they are written), and the holds to write at the end.
 */
class GroupState {
  readonly read = new Map<string, unknown>();
  private readonly holds: Array<Extract<ReserveStep, { kind: 'hold' }>> = [];

  key(step: ReserveStep): string | undefined {
    if (step.kind === 'limits') return `limits ${step.scopeId} ${step.userId} ${step.personal}`;
    if (step.kind === 'usage') return `usage ${step.total} ${step.scopeId} ${step.userId} ${step.since}`;
    if (step.kind === 'person') return `person ${step.userId} ${step.since}`;
    if (step.kind === 'operator') return `operator ${step.since}`;
    return undefined;
  }

  /** Records a hold and adds it to every figure it counts in (as the triggers and the person query would). */
  hold(step: Extract<ReserveStep, { kind: 'hold' }>): void {
    this.holds.push(step);
    const r = step.req;
    for (const [key, v] of this.read) {
      const [kind, ...rest] = key.split(' ');
      const a = v as { held: number };
      if (kind === 'usage') {
        const [total, scopeId, userId] = rest;
        const counts =
          r.tokenSource === 'personal' ? total === 'personal' && userId === r.userId : (total === 'user' && scopeId === r.scopeId && userId === r.userId) || (total === 'pool' && scopeId === r.scopeId);
        if (counts) a.held += r.amountMicros;
      } else if (kind === 'person' && rest[0] === r.userId && r.tokenSource === 'operator') a.held += r.amountMicros;
      else if (kind === 'operator' && r.tokenSource === 'operator') a.held += r.amountMicros;
    }
  }

  /** Inserts the group's holds and their entries (two statements; the triggers update the rows the group locked). */
  async write(tx: Kysely<Database>): Promise<void> {
    if (this.holds.length === 0) return;
    await tx
      .insertInto('holds')
      .values(this.holds.map((h) => ({ id: h.holdId, scope_id: h.req.scopeId, user_id: h.req.userId, job_id: h.req.jobId, amount_micros: h.req.amountMicros, charged_micros: null, token_source: h.req.tokenSource, status: 'open' as const, created_at: h.now, resolved_at: null })))
      .execute();
    await tx
      .insertInto('ledger_entries')
      .values(this.holds.map((h) => ({ id: newSortableId('le', h.now), kind: 'hold' as const, amount_micros: h.req.amountMicros, scope_id: h.req.scopeId, user_id: h.req.userId, job_id: h.req.jobId, hold_id: h.holdId, token_source: h.req.tokenSource, units: null, unit: null, reason: null, created_at: h.now })))
      .execute();
  }
}

/** A reserve waiting for its group. */
interface QueuedReserve {
  req: ReserveRequest;
  resolve(r: ReserveResult): void;
  reject(e: unknown): void;
}

/** Attempts of a group that finds budgets' totals rows missing (each attempt creates one; a reserve needs at most three). */
const MISSING_ROW_ATTEMPTS = 3 * GROUP_LIMIT + 1;

/** A reserve needs a totals row that does not exist yet; it is created outside the reserve's transaction. */
class MissingTotalsError extends Error {
  constructor(
    readonly total: TotalKind,
    readonly scopeId: string,
    readonly userId: string,
  ) {
    super(`budget_totals row ${total}/${scopeId}/${userId} is missing`);
  }
}

/**
 * Creates one budget's totals row (not built for any window: `since` −1) holding the budget's advisory lock
 * exclusively (migration 0011), so every writer whose trigger skipped the missing row has committed before the row
 * exists, and the rebuild by the next reserve sees them.
 */
async function createTotalsRow(db: Kysely<Database>, total: TotalKind, scopeId: string, userId: string): Promise<void> {
  const exists = async (q: Kysely<Database>) =>
    (await sql`select 1 from budget_totals where kind = ${total} and scope_id = ${scopeId} and user_id = ${userId}`.execute(q)).rows.length > 0;
  if (await exists(db)) return; // another reserve created it meanwhile
  // A deadlock (a queued creator between a writer's row lock and its trigger's shared lock) aborts one side; retried.
  await withRetry(() =>
    db.transaction().execute(async (tx) => {
      if (total === 'personal') await sql`select pg_advisory_xact_lock(${PERSONAL_TOTALS_LOCK}, hashtext(${userId}))`.execute(tx);
      else await sql`select pg_advisory_xact_lock(${SCOPE_TOTALS_LOCK}, hashtext(${scopeId}))`.execute(tx);
      if (await exists(tx)) return;
      await sql`insert into budget_totals (kind, scope_id, user_id, since, spent, adjusted, held)
        values (${total}, ${scopeId}, ${userId}, -1, 0, 0, 0) on conflict do nothing`.execute(tx);
    }),
  );
}

/** The (scope, user) budget rows the group's community-paid reserves would read and that do not exist yet. */
async function missingUserRows(db: Kysely<Database>, reqs: readonly ReserveRequest[]): Promise<Array<{ scopeId: string; userId: string }>> {
  const wanted = new Map<string, { scopeId: string; userId: string }>();
  for (const r of reqs) if (r.tokenSource !== 'personal') wanted.set(`${r.scopeId} ${r.userId}`, { scopeId: r.scopeId, userId: r.userId });
  if (wanted.size === 0) return [];
  const pairs = sql.join([...wanted.values()].map((w) => sql`(${w.scopeId}::text, ${w.userId}::text)`));
  const found = await sql<{ scope_id: string; user_id: string }>`select scope_id, user_id from budget_totals where kind = 'user' and (scope_id, user_id) in (${pairs})`.execute(db);
  for (const f of found.rows) wanted.delete(`${f.scope_id} ${f.user_id}`);
  return [...wanted.values()];
}

/**
 * Reserve → settle | release on PostgreSQL, with the semantics of `SqliteBudgetLedger`: a hold is resolved at most
 * once, a charge never exceeds its hold, every movement writes one ledger entry, and running totals follow the
 * ledger through the triggers of migration 0002.
 *
 * Why row locks and not SERIALIZABLE: a reserve is a read-check-write on a handful of known rows — the
 * `budget_totals` rows of the user's budget and, only when the scope has a pool cap, its pool (or the personal cap),
 * plus the `users` row when the operator's per-person cap applies. The reserve runs the one rule of
 * `src/store/kysely/reserve-rule.ts`, which reads those rows in one fixed order — user, pool, users row — and this
 * engine locks each as it reads it (`SELECT … FOR UPDATE`), the order in which the triggers of settles update them, so
 * reserves and settles never wait on each other in a cycle. A second reserve on the same budget, in this process or
 * any other, waits on the lock and then reads the first one's committed hold: it cannot overspend. Reserves in
 * different scopes do not wait on each other, and neither do reserves of different users in a scope without a pool
 * cap. Under SERIALIZABLE, 100 concurrent callers on one budget would mostly fail with serialization errors and retry;
 * with locks they queue, each doing its work once. Settle and release are one conditional statement each (`UPDATE …
 * WHERE status = 'open'` and the entry, in a data-modifying CTE); refund locks the hold's row (`FOR UPDATE`) first.
 * A repeat sees the first outcome. A transaction still retries on a deadlock (40P01), which the order should make
 * impossible.
 */
export class PostgresBudgetLedger implements BudgetLedger {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly defaults: BudgetDefaults,
  ) {}

  /**
   * The one reserve rule (`reserveRule`) in a READ COMMITTED transaction: each budget it reads is locked first
   * (`SELECT … FOR UPDATE` on its totals row, in the rule's order: user, pool, then the users row for the per-person
   * cap), rebuilt when its window moved, then checked; the hold and its entry are written under those locks. A
   * missing totals row is created first in a short transaction of its own that holds the budget's advisory lock
   * exclusively (migration 0011), then the reserve starts over.
   */
  async reserve(req: ReserveRequest): Promise<ReserveResult> {
    if (!isMicros(req.amountMicros)) throw new RangeError(`reserve: amountMicros must be an integer ≥ 0, got ${req.amountMicros}`);
    return new Promise<ReserveResult>((resolve, reject) => {
      this.queue.push({ req, resolve, reject });
      if (this.queue.length === 1 && !this.flushing) setImmediate(() => void this.flush());
    });
  }

  /** Reserves asked for and not yet in a transaction. */
  private queue: QueuedReserve[] = [];
  /** Whether a group is in its transaction right now (the next group waits for it: one group at a time per process). */
  private flushing = false;

  /**
   * Runs the queued reserves (up to {@link GROUP_LIMIT}) as ONE group in one transaction, each through the rule in
   * turn — a later one sees the holds of the earlier ones — so the budget rows are locked once per group instead of
   * once per reserve, and contention costs one commit per group. A request whose scope is unknown fails alone (it
   * wrote nothing); a database error fails the group (retried first on deadlocks and missing totals rows).
   */
  private async flush(): Promise<void> {
    this.flushing = true;
    const group = this.queue.splice(0, GROUP_LIMIT);
    try {
      const outcomes = await this.runGroup(group.map((g) => g.req));
      group.forEach((g, i) => {
        const o = outcomes[i]!;
        if (o.ok) g.resolve(o.result);
        else g.reject(o.error);
      });
    } catch (e) {
      for (const g of group) g.reject(e);
    } finally {
      this.flushing = false;
      if (this.queue.length > 0) setImmediate(() => void this.flush());
    }
  }

  private async runGroup(reqs: readonly ReserveRequest[]): Promise<Array<{ ok: true; result: ReserveResult } | { ok: false; error: unknown }>> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await pgLockingTransaction(this.db, async (tx) => {
          // OPERATOR_DAILY_CAP is one figure for every scope: groups that may ask it run one at a time, in every
          // process. The lock comes before any row lock of the group, and settles never take it: no wait cycle.
          if (this.defaults.operatorDailyCapMicros !== undefined && reqs.some((r) => r.tokenSource === 'operator')) {
            await sql`select pg_advisory_xact_lock(${OPERATOR_CAP_LOCK})`.execute(tx);
          }
          const out: Array<{ ok: true; result: ReserveResult } | { ok: false; error: unknown }> = [];
          const g = new GroupState();
          for (const req of reqs) {
            try {
              out.push({ ok: true, result: await runReserveAsync(reserveRule(req, this.defaults, this.clock.now(), newId('h')), (step) => this.answer(tx, step, g)) });
            } catch (e) {
              if (!(e instanceof UnknownScopeError)) throw e;
              out.push({ ok: false, error: e });
            }
          }
          await g.write(tx);
          return out;
        });
      } catch (e) {
        if (!(e instanceof MissingTotalsError) || attempt >= MISSING_ROW_ATTEMPTS) throw e;
        await createTotalsRow(this.db, e.total, e.scopeId, e.userId);
        // The group's other newcomers would each cost one more attempt (under OPERATOR_DAILY_CAP, each behind every
        // other process's group): their budget rows are made now too.
        if (e.total === 'user') for (const r of await missingUserRows(this.db, reqs)) await createTotalsRow(this.db, 'user', r.scopeId, r.userId);
      }
    }
  }

  /**
   * Answers one step of the reserve rule inside `tx`, taking the row locks it needs. Within a group every read is
   * made once (`g` keeps it) and later reserves see the earlier ones' holds there; the holds are written together at
   * the end of the group ({@link GroupState.write}), whose triggers then update the locked rows.
   */
  private async answer(tx: Kysely<Database>, step: ReserveStep, g: GroupState): Promise<unknown> {
    const key = g.key(step);
    const known = key === undefined ? undefined : g.read.get(key);
    if (known !== undefined) return known;
    const answer = await this.read(tx, step, g);
    if (key !== undefined) g.read.set(key, answer);
    return answer;
  }

  private async read(tx: Kysely<Database>, step: ReserveStep, g: GroupState): Promise<unknown> {
    switch (step.kind) {
      case 'limits':
        // Read, not locked: a limit change committing during the group is ordered after the reserves that read the
        // old one, all asked for before the group began (so before the change was acknowledged); holds are never
        // revoked by a later change. test/integration/limit-change-reserves.test.ts.
        return { limits: await readLimits(tx, step.scopeId, step.userId, this.defaults), personalCap: step.personal ? await readPersonalCap(tx, step.userId) : null };
      case 'usage': {
        const row = await sql<TotalsRow>`select since, spent, adjusted, held from budget_totals
          where kind = ${step.total} and scope_id = ${step.scopeId} and user_id = ${step.userId} for update`.execute(tx);
        const t = row.rows[0];
        if (!t) throw new MissingTotalsError(step.total, step.scopeId, step.userId);
        if (Number(t.since) === step.since) return { spent: Number(t.spent), adjusted: Number(t.adjusted), held: Number(t.held) };
        const u = await rebuildTotals(tx, step.total, step.scopeId, step.userId, step.since);
        await sql`update budget_totals set since = ${step.since}, spent = ${u.spent}, adjusted = ${u.adjusted}, held = ${u.held}
          where kind = ${step.total} and scope_id = ${step.scopeId} and user_id = ${step.userId}`.execute(tx);
        return u;
      }
      case 'person': {
        await sql`select 1 from users where id = ${step.userId} for update`.execute(tx);
        const r = await sql<{ spent: number; held: number }>`select
            (select coalesce(sum(case when kind = 'charge' then amount_micros else -amount_micros end), 0) from ledger_entries
               where user_id = ${step.userId} and token_source = 'operator' and created_at >= ${step.since} and kind in ('charge', 'refund')) as spent,
            (select coalesce(sum(amount_micros), 0) from holds where user_id = ${step.userId} and status = 'open' and token_source = 'operator') as held`.execute(tx);
        return { spent: Number(r.rows[0]!.spent), held: Number(r.rows[0]!.held) };
      }
      case 'operator': {
        // A statement after the advisory lock: its snapshot sees every hold committed by the group before.
        const r = await sql<{ spent: number; held: number }>`select
            (select coalesce(sum(case when kind = 'charge' then amount_micros else -amount_micros end), 0) from ledger_entries
               where token_source = 'operator' and kind in ('charge', 'refund') and created_at >= ${step.since}) as spent,
            (select coalesce(sum(amount_micros), 0) from holds where status = 'open' and token_source = 'operator') as held`.execute(tx);
        return { spent: Number(r.rows[0]!.spent), held: Number(r.rows[0]!.held) };
      }
      case 'hold':
        g.hold(step);
        return undefined;
    }
  }

  /**
   * One statement in the common case: the conditional update of an open hold and its charge entry (a data-modifying
   * CTE, atomic on its own; the hold's row lock is held only while it runs). When no open hold was updated, the
   * hold is read to say why: missing, released, or settled before (then the first charge is returned).
   */
  async settle(holdId: string, actualMicros: Micros, usageFacts: { units: number; unit: ChargeUnit }): Promise<SettleResult> {
    if (!isMicros(actualMicros)) throw new RangeError(`settle: actualMicros must be an integer ≥ 0, got ${actualMicros}`);
    const charged = await new Promise<number | undefined>((resolve, reject) => {
      this.settles.push({ holdId, actualMicros, units: usageFacts.units, unit: usageFacts.unit, resolve, reject });
      if (this.settles.length === 1 && !this.settling) setImmediate(() => void this.flushSettles());
    });
    if (charged !== undefined) return { ok: true, chargedMicros: charged, clamped: charged < actualMicros, repeated: false };
    const hold = await this.db.selectFrom('holds').select(['status', 'charged_micros']).where('id', '=', holdId).executeTakeFirst();
    if (!hold) return { ok: false, reason: 'not_found' };
    if (hold.status === 'released') return { ok: false, reason: 'released' };
    if (hold.status === 'settled') return { ok: true, chargedMicros: hold.charged_micros ?? 0, clamped: false, repeated: true };
    throw new Error(`hold ${holdId} stayed open during settle`);
  }

  /** Settles asked for and not yet sent. */
  private settles: QueuedSettle[] = [];
  /** Whether a settle statement is running (the next waits for it: one at a time per process). */
  private settling = false;

  /**
   * Settles the queued holds (up to {@link GROUP_LIMIT}) with ONE statement: the conditional update of every open hold
   * among them and their charge entries (a data-modifying CTE, atomic on its own), so the budget rows they touch are
   * locked and committed once per group. Each caller gets its charge, or undefined when its hold was not open (it
   * then reads why). A hold named twice in one group is settled by its first request; the others read the outcome.
   */
  private async flushSettles(): Promise<void> {
    this.settling = true;
    const group = this.settles.splice(0, GROUP_LIMIT);
    const first = new Map<string, QueuedSettle>();
    for (const g of group) if (!first.has(g.holdId)) first.set(g.holdId, g);
    try {
      const now = this.clock.now();
      const rows = sql.join([...first.values()].map((g) => sql`(${g.holdId}::text, ${g.actualMicros}::bigint, ${g.units}::bigint, ${g.unit}::text, ${newSortableId('le', now)}::text)`));
      const r = await sql<{ hold_id: string; amount_micros: number }>`with v (id, actual, units, unit, entry_id) as (values ${rows}),
        h as (
          update holds set status = 'settled', charged_micros = least(v.actual, holds.amount_micros), resolved_at = ${now}
            from v where holds.id = v.id and holds.status = 'open'
            returning holds.*, v.units as v_units, v.unit as v_unit, v.entry_id as v_entry)
        insert into ledger_entries (id, kind, amount_micros, scope_id, user_id, job_id, hold_id, token_source, units, unit, reason, created_at)
          select h.v_entry, 'charge', h.charged_micros, h.scope_id, h.user_id, h.job_id, h.id, h.token_source, h.v_units, h.v_unit, null, ${now} from h
        returning hold_id, amount_micros`.execute(this.db);
      const charged = new Map(r.rows.map((x) => [x.hold_id, Number(x.amount_micros)]));
      for (const g of group) g.resolve(first.get(g.holdId) === g ? charged.get(g.holdId) : undefined);
    } catch (e) {
      for (const g of group) g.reject(e);
    } finally {
      this.settling = false;
      if (this.settles.length > 0) setImmediate(() => void this.flushSettles());
    }
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

  operatorUse(since: number): Promise<OperatorUse> {
    return operatorUseSince(this.db, since);
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
