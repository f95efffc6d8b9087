import { periodWindow, type Period } from '../../core/budget/periods.js';
import type { BudgetDefaults, ReserveRequest, ReserveResult } from '../../core/budget/types.js';
import type { Micros } from '../../core/money.js';
import type { EffectiveLimits, TotalKind, Usage } from './ledger-shared.js';

/**
 * The reserve rule, written once for both engines: read the limits in force, check each budget that applies against
 * what it has used in its current window, and write the hold. The rule is a generator that yields what it needs
 * ({@link ReserveStep}) and receives the answer, so each engine runs it its own way inside its own write transaction:
 * SQLite synchronously on the raw connection under `BEGIN IMMEDIATE` (group commit), PostgreSQL asynchronously in a
 * transaction whose reads of a budget take that budget's row lock. The rule asks in a fixed order — the user's
 * budget, then the pool, then the operator's per-person cap (or only the personal cap) — the order the PostgreSQL
 * triggers update those rows, so reserves and settles never wait on each other in a cycle. The operator's daily cap
 * (`OPERATOR_DAILY_CAP`) is asked last: it is one figure for every scope, summed from the journal and the open holds
 * rather than kept in a running total every settle would queue on.
 */

/** A user's own cap on personal-token spending (UTC periods). */
export interface PersonalCap {
  limit: Micros;
  period: Period;
}

/** The answer to {@link ReserveStep} `limits`. */
export interface ReserveLimits {
  limits: EffectiveLimits;
  /** Read only when the step asked for it (`personal`); otherwise null. */
  personalCap: PersonalCap | null;
}

/** What the rule asks its engine for, in order. */
export type ReserveStep =
  /** The limits in force for the user in the scope, and (when `personal`) the user's personal cap. @throws UnknownScopeError */
  | { kind: 'limits'; scopeId: string; userId: string; personal: boolean }
  /** Spent/adjusted/held of one budget since `since` (its window start): its running total, rebuilt and kept when the window moved; on PostgreSQL its row is locked first. Answer: {@link Usage}. */
  | { kind: 'usage'; total: TotalKind; scopeId: string; userId: string; since: number }
  /** One user's use of the operator's token in every scope since `since` (charges − refunds, and open holds); on PostgreSQL the user's row is locked first. Answer: `{ spent, held }`. */
  | { kind: 'person'; userId: string; since: number }
  /**
   * The operator's token in every scope (`OPERATOR_DAILY_CAP`): charges − refunds since `since` (the UTC day's start)
   * and every open hold. Asked last; the engine serializes every reserve that asks it (SQLite: the write lock;
   * PostgreSQL: one advisory lock taken before any row lock of the group). Answer: `{ spent, held }`.
   */
  | { kind: 'operator'; since: number }
  /** Write the hold and its journal entry. Answer: nothing. */
  | { kind: 'hold'; req: ReserveRequest; holdId: string; now: number };

/** Asks one step and types its answer (the engine answers each kind as documented on {@link ReserveStep}). */
function* ask<T>(step: ReserveStep): Generator<ReserveStep, T, unknown> {
  return (yield step) as T;
}

/**
 * The rule for one reserve at `now`, with `holdId` for the hold it writes. Refusals name the first budget that does
 * not fit, what was left of it before this request, and when its window resets.
 */
export function* reserveRule(req: ReserveRequest, defaults: BudgetDefaults, now: number, holdId: string): Generator<ReserveStep, ReserveResult, unknown> {
  const cost = req.amountMicros;
  const personal = req.tokenSource === 'personal';
  const { limits, personalCap } = yield* ask<ReserveLimits>({ kind: 'limits', scopeId: req.scopeId, userId: req.userId, personal });
  if (limits.blocked) return { ok: false, reason: 'blocked', costMicros: cost, remainingMicros: 0, resetsAt: null };
  const refuse = (reason: Exclude<ReserveResult, { ok: true }>['reason'], remaining: Micros, resetsAt: number | null): ReserveResult => ({
    ok: false,
    reason,
    costMicros: cost,
    remainingMicros: Math.max(0, remaining),
    resetsAt,
  });
  if (personal) {
    if (personalCap) {
      const w = periodWindow(personalCap.period, 'UTC', now);
      const u = yield* ask<Usage>({ kind: 'usage', total: 'personal', scopeId: '', userId: req.userId, since: w.start });
      const remaining = personalCap.limit - u.spent - u.held;
      if (cost > remaining) return refuse('personal_cap_exhausted', remaining, w.end);
    }
  } else {
    if (limits.userLimit !== null) {
      const w = periodWindow(limits.userPeriod, limits.timezone, now);
      const u = yield* ask<Usage>({ kind: 'usage', total: 'user', scopeId: req.scopeId, userId: req.userId, since: w.start });
      const remaining = limits.userLimit - u.spent - u.held + u.adjusted;
      if (cost > remaining) return refuse('budget_exhausted', remaining, w.end);
    }
    if (limits.pool) {
      const w = periodWindow(limits.pool.period, limits.timezone, now);
      const p = yield* ask<Usage>({ kind: 'usage', total: 'pool', scopeId: req.scopeId, userId: '', since: w.start });
      const remaining = limits.pool.limit - p.spent - p.held;
      if (cost > remaining) return refuse('pool_exhausted', remaining, w.end);
    }
    const personCap = defaults.personCap;
    if (personCap && req.tokenSource === 'operator') {
      const w = periodWindow(personCap.period, 'UTC', now);
      const used = yield* ask<{ spent: Micros; held: Micros }>({ kind: 'person', userId: req.userId, since: w.start });
      const remaining = personCap.limitMicros - used.spent - used.held;
      if (cost > remaining) return refuse('person_cap_exhausted', remaining, w.end);
    }
    const operatorCap = defaults.operatorDailyCapMicros;
    if (operatorCap !== undefined && req.tokenSource === 'operator') {
      const w = periodWindow('day', 'UTC', now);
      const used = yield* ask<{ spent: Micros; held: Micros }>({ kind: 'operator', since: w.start });
      const remaining = operatorCap - used.spent - used.held;
      if (cost > remaining) return refuse('operator_cap_exhausted', remaining, w.end);
    }
  }
  yield* ask<void>({ kind: 'hold', req, holdId, now });
  return { ok: true, holdId };
}

/** Runs {@link reserveRule} to its end with a synchronous engine (`answer` answers each step). */
export function runReserveSync(rule: Generator<ReserveStep, ReserveResult, unknown>, answer: (step: ReserveStep) => unknown): ReserveResult {
  let next = rule.next();
  while (!next.done) next = rule.next(answer(next.value));
  return next.value;
}

/** Runs {@link reserveRule} to its end with an asynchronous engine (`answer` answers each step). */
export async function runReserveAsync(rule: Generator<ReserveStep, ReserveResult, unknown>, answer: (step: ReserveStep) => Promise<unknown>): Promise<ReserveResult> {
  let next = rule.next();
  while (!next.done) next = rule.next(await answer(next.value));
  return next.value;
}
