/**
 * The budget port: holds, charges, releases, refunds and balances. Implemented per storage engine
 * (`SqliteBudgetLedger` in `src/store/sqlite/`, `PostgresBudgetLedger` in `src/store/postgres/`); the value types
 * live in `src/core/budget/types.ts`.
 */
import type { Balance, ChargeUnit, GatewayLoss, GatewayLossTotals, OperatorUse, JobLedgerFacts, PersonalCapView, RefundResult, ReleaseResult, ReserveRequest, ReserveResult, SettleResult } from '../budget/types.js';
import type { Micros } from '../money.js';

/**
 * Reserve → settle | release. Every method is safe to call twice (a repeated settle returns the first charge, a
 * repeated release is a no-op), and no combination of concurrent calls, in this process or another, overspends.
 */
export interface BudgetLedger {
  /** Places a hold if the user's allowance, the pool (and for personal tokens the personal cap) allow it. */
  reserve(req: ReserveRequest): Promise<ReserveResult>;
  /** Turns an open hold into a charge of min(actual, hold). */
  settle(holdId: string, actualMicros: Micros, usage: { units: number; unit: ChargeUnit }): Promise<SettleResult>;
  /** Frees an open hold (nothing charged). */
  release(holdId: string, reason: string): Promise<ReleaseResult>;
  /**
   * Gives back the whole charge of a settled hold, at most once. The refund counts in the budget periods of the charge
   * (its journal entry carries the charge's time): a refund after the period turned never credits the new one.
   */
  refund(holdId: string, reason: string): Promise<RefundResult>;
  /** The user's standing in the scope for scope/operator-token spending. */
  balance(scopeId: string, userId: string): Promise<Balance>;
  /** The money facts of each of `jobIds` from its holds and refunds; jobs without any hold are absent. */
  jobMoney(jobIds: readonly string[]): Promise<Map<string, JobLedgerFacts>>;
  /** Ids of the holds of `jobId` still open (normally none or one). */
  openHoldsOfJob(jobId: string): Promise<string[]>;
  /** The user's own cap on their personal token (periods in UTC), or null when they set none. */
  personalCap(userId: string): Promise<PersonalCapView | null>;
  /**
   * Records what the gateway billed (or may have billed) that nobody was charged for. Idempotent per (job, reason):
   * a repeat is ignored. Not part of any allowance; the operator sees it in usage.
   */
  recordGatewayLoss(loss: GatewayLoss): Promise<void>;
  /** Totals of recorded gateway losses, of one scope or (without `scopeId`) all, since `since` (epoch ms, default 0). */
  gatewayLosses(scopeId?: string, since?: number): Promise<GatewayLossTotals>;
  /**
   * What the operator's token (`GATEWAY_TOKEN`) spent since `since` (epoch ms) in every community, and what it holds
   * now: the figures `OPERATOR_DAILY_CAP` is checked against (a read outside any reserve: it may be a moment stale).
   */
  operatorUse(since: number): Promise<OperatorUse>;
}
