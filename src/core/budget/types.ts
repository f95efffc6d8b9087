import type { TokenSource } from '../failures.js';
import type { Micros } from '../money.js';
import type { Period } from './periods.js';

/**
 * Budget vocabulary shared by the core and the store (the port itself is `BudgetLedger` in
 * `src/core/ports/budget-ledger.ts`). Expected outcomes are values, not exceptions.
 */
/** Units a charge records. */
export type ChargeUnit = 'image' | 'second' | 'token';

/** A request to place a hold before calling the gateway. */
export interface ReserveRequest {
  scopeId: string;
  userId: string;
  amountMicros: Micros;
  jobId: string | null;
  tokenSource: TokenSource;
}

/**
 * Why a hold was refused. `personal_cap_exhausted` is the user's own cap on their personal token;
 * `operator_cap_exhausted` is `OPERATOR_DAILY_CAP`, the operator's token across every community for the UTC day.
 */
export type ReserveRefusal = 'budget_exhausted' | 'pool_exhausted' | 'blocked' | 'personal_cap_exhausted' | 'person_cap_exhausted' | 'operator_cap_exhausted';

/** The outcome of a reserve. `remainingMicros` is what is left before this request; `resetsAt` null = never. */
export type ReserveResult =
  | { ok: true; holdId: string }
  | { ok: false; reason: ReserveRefusal; costMicros: Micros; remainingMicros: Micros; resetsAt: number | null };

/** The outcome of a settle. Settling twice returns the first charge with `repeated: true`. */
export type SettleResult =
  | { ok: true; chargedMicros: Micros; clamped: boolean; repeated: boolean }
  | { ok: false; reason: 'not_found' | 'released' };

/** The outcome of a release. Releasing twice is `ok` with `repeated: true`; a settled hold is not released. */
export type ReleaseResult = { ok: true; releasedMicros: Micros; repeated: boolean } | { ok: false; reason: 'not_found' | 'settled' };

/** The outcome of a refund of a settled hold's charge (at most once per hold). */
export type RefundResult = { ok: true; refundedMicros: Micros; repeated: boolean } | { ok: false; reason: 'not_found' | 'not_settled' };

/** What the pool (the scope-wide cap across users) has left. */
export interface PoolBalance {
  limitMicros: Micros;
  period: Period;
  spentMicros: Micros;
  heldMicros: Micros;
  remainingMicros: Micros;
  resetsAt: number | null;
}

/** A user's standing in a scope (spending on the scope's or operator's token). `limitMicros` null = unlimited. */
export interface Balance {
  limitMicros: Micros | null;
  period: Period;
  spentMicros: Micros;
  heldMicros: Micros;
  adjustedMicros: Micros;
  remainingMicros: Micros | null;
  resetsAt: number | null;
  blocked: boolean;
  pool?: PoolBalance;
}

/** The operator's default allowance for scopes nobody configured (e.g. $1 per day). null = unlimited. */
export interface BudgetDefaults {
  defaultAllowanceMicros: Micros | null;
  defaultPeriod: Period;
  /** `PERSON_CAP`: what one user may spend on the operator's token across every scope per period (UTC). */
  personCap?: { limitMicros: Micros; period: Period };
  /**
   * `OPERATOR_DAILY_CAP`: what jobs paid by the operator's token may hold and spend together, across every scope and
   * user, per UTC day (charges − refunds of the day plus every open hold). Absent: no such cap (`off`); 0: no job
   * on the operator's token.
   */
  operatorDailyCapMicros?: Micros;
}

/** A user's personal-token cap and its use in the current period. */
export interface PersonalCapView {
  period: Period;
  limitMicros: Micros;
  spentMicros: Micros;
  heldMicros: Micros;
  remainingMicros: Micros;
  /** Start of the next period; null for `total`. */
  resetsAt: number | null;
}

/** What the gateway billed (or may have billed) that no member was charged for; see `BudgetLedger.recordGatewayLoss`. */
export interface GatewayLoss {
  jobId: string;
  scopeId: string;
  userId: string;
  tokenSource: TokenSource;
  amountMicros: Micros;
  /** True when the gateway's answer shows it billed; false when it may have (a request whose answer was lost). */
  certain: boolean;
  /** Why nobody was charged: `undeliverable`, `interrupted`, `over_hold`, … One row per (job, reason). */
  reason: string;
}

/**
 * What the ledger says happened to one job's money: still held (open holds), charged (settled holds), released
 * (holds freed with nothing charged) and refunded (charges given back). All zero when the job never held money.
 */
export interface JobLedgerFacts {
  heldMicros: Micros;
  chargedMicros: Micros;
  releasedMicros: Micros;
  refundedMicros: Micros;
}

/** Totals of recorded gateway losses. */
/** The operator's token since a moment: charges minus refunds, and the holds still open (all communities). */
export interface OperatorUse {
  spentMicros: Micros;
  heldMicros: Micros;
}

export interface GatewayLossTotals {
  certainMicros: Micros;
  possibleMicros: Micros;
  count: number;
}
