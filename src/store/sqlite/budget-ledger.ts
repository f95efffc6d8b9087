import type { Statement } from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type {
  PersonalCapView,
  Balance,
  BudgetDefaults,
  ChargeUnit,
  GatewayLoss,
  GatewayLossTotals,
  OperatorUse,
  JobLedgerFacts,
  RefundResult,
  ReleaseResult,
  ReserveRequest,
  ReserveResult,
  SettleResult,
} from '../../core/budget/types.js';
import type { BudgetLedger } from '../../core/ports/budget-ledger.js';
import type { Clock } from '../../core/ports/clock.js';
import { isMicros, type Micros } from '../../core/money.js';
import { readLimits, readPersonalCap, usage, windowFor } from './budget-queries.js';
import { reserveRule, runReserveSync } from '../kysely/reserve-rule.js';
import { gatewayLossTotals, jobLedgerFacts, openHoldIdsOfJob, operatorUseSince, recordGatewayLoss } from '../kysely/ledger-shared.js';
import { newId, newSortableId } from '../ids.js';
import type { Database, HoldsTable } from '../kysely/schema.js';
import { rawSqlite, syncTransaction, type RawSqlite } from './connection.js';
import { GroupCommit, type GroupCommitOptions, type GroupCommitStats } from './group-commit.js';

/** Options of {@link SqliteBudgetLedger}. */
export interface SqliteBudgetLedgerOptions extends GroupCommitOptions {
  /**
   * Default true: reserve, settle, release and refund requests made in one turn of the event loop share ONE write
   * transaction ({@link GroupCommit}). False: each runs in its own transaction inside the call, as before group
   * commit — the benchmark's same-run comparison; it holds the event loop for as long as callers keep calling.
   */
  groupCommit?: boolean;
}

/**
 * Reserve → settle | release, on SQLite. Every mutation runs inside a `BEGIN IMMEDIATE` transaction that
 * re-reads what is left, so neither concurrent calls in this process nor other processes can overspend.
 * Mutations requested in the same turn of the event loop share one transaction (group commit), each in its own
 * savepoint and checked against the totals as the earlier ones of the group left them; a call resolves only
 * after its transaction committed, and one call's failure undoes only its own writes.
 * Invariants: a hold is resolved at most once (conditional update on `status = 'open'`); a charge never
 * exceeds its hold; every movement writes one ledger entry; running totals (`budget_totals`) follow the
 * ledger through triggers, so they are right whoever writes it.
 *
 * SQLite-specific on purpose: this is the hot path (target ≥ 5,000 reserve+settle pairs/s with the event loop
 * never held more than ~50 ms), so it runs synchronous prepared statements on the raw better-sqlite3 connection
 * instead of compiling Kysely queries and awaiting each. The rest of the store stays on Kysely; a Postgres engine
 * implements {@link BudgetLedger} its own way.
 */
export class SqliteBudgetLedger implements BudgetLedger {
  private readonly s: ReturnType<typeof prepare>;
  private readonly group: GroupCommit | null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly defaults: BudgetDefaults,
    options: SqliteBudgetLedgerOptions = {},
  ) {
    this.s = prepare(rawSqlite(db));
    this.group = options.groupCommit === false ? null : new GroupCommit(db, options);
  }

  /** Group-commit counters (transactions, requests, largest group), or null when group commit is off. */
  commitStats(): GroupCommitStats | null {
    return this.group?.stats() ?? null;
  }

  /** Runs the synchronous mutation `fn` in a write transaction: the next group's, or its own when group commit is off. */
  private write<T>(fn: (raw: RawSqlite) => T): Promise<T> {
    return this.group ? this.group.submit(fn) : syncTransaction(this.db, 'immediate', fn);
  }

  /** Places a hold for `amountMicros` if the user's allowance, the pool (and for personal tokens the personal cap) allow it. */
  async reserve(req: ReserveRequest): Promise<ReserveResult> {
    if (!isMicros(req.amountMicros)) throw new RangeError(`reserve: amountMicros must be an integer ≥ 0, got ${req.amountMicros}`);
    return this.write((raw): ReserveResult =>
      runReserveSync(reserveRule(req, this.defaults, this.clock.now(), newId('h')), (step) => {
        switch (step.kind) {
          case 'limits':
            return { limits: readLimits(raw, step.scopeId, step.userId, this.defaults), personalCap: step.personal ? readPersonalCap(raw, step.userId) : null };
          case 'usage':
            return usage(raw, step.total, step.scopeId, step.userId, step.since, true);
          case 'person':
            // PERSON_CAP: one user's use of the operator's token in every scope (served by ledger_operator_user_idx, 0006).
            return this.s.operatorUse.get(step.userId, step.since, step.userId) as { spent: number; held: number };
          case 'operator':
            return this.operatorDay(step.since);
          case 'hold': {
            const r = step.req;
            this.s.insertHold.run(step.holdId, r.scopeId, r.userId, r.jobId, r.amountMicros, r.tokenSource, step.now);
            this.entry('hold', r.amountMicros, { scope_id: r.scopeId, user_id: r.userId, job_id: r.jobId, hold_id: step.holdId, token_source: r.tokenSource }, null, null, null, step.now);
            return undefined;
          }
        }
      }),
    );
  }

  /** Turns an open hold into a charge of min(actual, hold). A repeated settle returns the first charge. */
  async settle(holdId: string, actualMicros: Micros, usage: { units: number; unit: ChargeUnit }): Promise<SettleResult> {
    if (!isMicros(actualMicros)) throw new RangeError(`settle: actualMicros must be an integer ≥ 0, got ${actualMicros}`);
    return this.write((): SettleResult => {
      const hold = this.s.findHold.get(holdId) as HoldsTable | undefined;
      if (!hold) return { ok: false, reason: 'not_found' };
      if (hold.status === 'released') return { ok: false, reason: 'released' };
      if (hold.status === 'settled') return { ok: true, chargedMicros: hold.charged_micros ?? 0, clamped: false, repeated: true };
      const charged = Math.min(actualMicros, hold.amount_micros);
      const now = this.clock.now();
      if (this.s.settleHold.run(charged, now, holdId).changes !== 1) throw new Error(`hold ${holdId} changed during settle`);
      this.entry('charge', charged, fromHold(hold), usage.units, usage.unit, null, now);
      return { ok: true, chargedMicros: charged, clamped: charged < actualMicros, repeated: false };
    });
  }

  /** Frees an open hold (nothing charged). Releasing twice is a no-op; a settled hold stays settled. */
  async release(holdId: string, reason: string): Promise<ReleaseResult> {
    return this.write((): ReleaseResult => {
      const hold = this.s.findHold.get(holdId) as HoldsTable | undefined;
      if (!hold) return { ok: false, reason: 'not_found' };
      if (hold.status === 'settled') return { ok: false, reason: 'settled' };
      if (hold.status === 'released') return { ok: true, releasedMicros: hold.amount_micros, repeated: true };
      const now = this.clock.now();
      if (this.s.releaseHold.run(now, holdId).changes !== 1) throw new Error(`hold ${holdId} changed during release`);
      this.entry('release', hold.amount_micros, fromHold(hold), null, null, reason, now);
      return { ok: true, releasedMicros: hold.amount_micros, repeated: false };
    });
  }

  async personalCap(userId: string): Promise<PersonalCapView | null> {
    const now = this.clock.now();
    return syncTransaction(this.db, 'deferred', (raw): PersonalCapView | null => {
      const cap = readPersonalCap(raw, userId);
      if (!cap) return null;
      const w = windowFor(cap.period, 'UTC', now);
      const u = usage(raw, 'personal', '', userId, w.start, false);
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

  /** Gives back the whole charge of a settled hold (e.g. a delivered result later found broken). At most once per hold. */
  async refund(holdId: string, reason: string): Promise<RefundResult> {
    return this.write((): RefundResult => {
      const hold = this.s.findHold.get(holdId) as HoldsTable | undefined;
      if (!hold) return { ok: false, reason: 'not_found' };
      if (hold.status !== 'settled') return { ok: false, reason: 'not_settled' };
      const prior = this.s.findRefund.get(holdId) as { amount_micros: number } | undefined;
      if (prior) return { ok: true, refundedMicros: prior.amount_micros, repeated: true };
      const amount = hold.charged_micros ?? 0;
      // Dated with the charge it gives back, so it counts in that charge's period (never credits a later one).
      this.entry('refund', amount, fromHold(hold), null, null, reason, hold.resolved_at ?? this.clock.now());
      return { ok: true, refundedMicros: amount, repeated: false };
    });
  }

  /** The user's standing in the scope for scope/operator-token spending (personal-token spending is not counted). */
  async balance(scopeId: string, userId: string): Promise<Balance> {
    // One read transaction: every figure comes from the same snapshot. Stale totals are summed, not stored.
    return syncTransaction(this.db, 'deferred', (raw): Balance => {
      const now = this.clock.now();
      const limits = readLimits(raw, scopeId, userId, this.defaults);
      const w = windowFor(limits.userPeriod, limits.timezone, now);
      const u = usage(raw, 'user', scopeId, userId, w.start, false);
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
        const p = usage(raw, 'pool', scopeId, '', pw.start, false);
        out.pool = { limitMicros: limits.pool.limit, period: limits.pool.period, spentMicros: p.spent, heldMicros: p.held, remainingMicros: Math.max(0, limits.pool.limit - p.spent - p.held), resetsAt: pw.end };
      }
      return out;
    });
  }

  /**
   * OPERATOR_DAILY_CAP: the operator's token in every scope since `since` (the UTC day's start), from its running
   * total (migration 0013's triggers), rebuilt from the journal and the open holds when missing or of another day.
   * Called inside the write transaction only.
   */
  private operatorDay(since: number): { spent: Micros; held: Micros } {
    const row = this.s.operatorTotal.get() as { since: number; spent: number; held: number } | undefined;
    if (row && row.since === since) return { spent: row.spent, held: row.held };
    const u = this.s.operatorDay.get(since) as { spent: number; held: number };
    this.s.saveOperatorTotal.run(since, u.spent, u.held);
    return u;
  }

  private entry(kind: 'hold' | 'charge' | 'release' | 'refund', amount: Micros, f: HoldRef, units: number | null, unit: ChargeUnit | null, reason: string | null, now: number): void {
    this.s.insertEntry.run(newSortableId('le', now), kind, amount, f.scope_id, f.user_id, f.job_id, f.hold_id, f.token_source, units, unit, reason, now);
  }
}

type HoldRef = { scope_id: string; user_id: string; job_id: string | null; hold_id: string; token_source: HoldsTable['token_source'] };

function fromHold(h: HoldsTable): HoldRef {
  return { scope_id: h.scope_id, user_id: h.user_id, job_id: h.job_id, hold_id: h.id, token_source: h.token_source };
}

function prepare(raw: RawSqlite): Record<'insertHold' | 'findHold' | 'settleHold' | 'releaseHold' | 'findRefund' | 'insertEntry' | 'operatorUse' | 'operatorDay' | 'operatorTotal' | 'saveOperatorTotal', Statement> {
  return {
    insertHold: raw.prepare(`insert into holds (id, scope_id, user_id, job_id, amount_micros, charged_micros, token_source, status, created_at, resolved_at)
      values (?, ?, ?, ?, ?, null, ?, 'open', ?, null)`),
    findHold: raw.prepare(`select * from holds where id = ?`),
    settleHold: raw.prepare(`update holds set status = 'settled', charged_micros = ?, resolved_at = ? where id = ? and status = 'open'`),
    releaseHold: raw.prepare(`update holds set status = 'released', resolved_at = ? where id = ? and status = 'open'`),
    findRefund: raw.prepare(`select amount_micros from ledger_entries where hold_id = ? and kind = 'refund'`),
    insertEntry: raw.prepare(`insert into ledger_entries (id, kind, amount_micros, scope_id, user_id, job_id, hold_id, token_source, units, unit, reason, created_at)
      values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    operatorUse: raw.prepare(`select
        (select coalesce(sum(case when kind = 'charge' then amount_micros when kind = 'refund' then -amount_micros else 0 end), 0)
           from ledger_entries where user_id = ? and token_source = 'operator' and created_at >= ? and kind in ('charge', 'refund')) as spent,
        (select coalesce(sum(amount_micros), 0) from holds where user_id = ? and status = 'open' and token_source = 'operator') as held`),
    operatorDay: raw.prepare(`select
        (select coalesce(sum(case when kind = 'charge' then amount_micros else -amount_micros end), 0)
           from ledger_entries where token_source = 'operator' and kind in ('charge', 'refund') and created_at >= ?) as spent,
        (select coalesce(sum(amount_micros), 0) from holds where status = 'open' and token_source = 'operator') as held`),
    operatorTotal: raw.prepare(`select since, spent, held from budget_totals where kind = 'operator' and scope_id = '' and user_id = ''`),
    saveOperatorTotal: raw.prepare(`insert or replace into budget_totals (kind, scope_id, user_id, since, spent, adjusted, held) values ('operator', '', '', ?, ?, 0, ?)`),
  };
}
