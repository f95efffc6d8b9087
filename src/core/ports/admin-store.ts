/**
 * The persistence behind admin operations (`AdminService`): budget settings, personal caps, adjustments, time
 * zones and token links. Each change writes its audit entry in the same transaction, so no change goes
 * unexplained. Implemented per storage engine (`KyselyAdminStore` in `src/store/kysely/`).
 */
import type { Period } from '../budget/periods.js';
import type { BudgetDefaults } from '../budget/types.js';
import type { Micros } from '../money.js';
import type { AuditInput, AuditLog } from './audit-log.js';
import type { TokenInfo, TokenOwner } from './token-vault.js';
import type { UsageStore } from './usage-store.js';

/** A scope's stored budget settings. A null period means "not set" (operator default / no pool). */
export interface ScopeBudgetRow {
  defaultAllowanceMicros: Micros | null;
  defaultPeriod: Period | null;
  poolCapMicros: Micros | null;
  poolPeriod: Period | null;
}
export type ScopeBudgetPatch = Partial<ScopeBudgetRow>;

/** A user's override in a scope. period null = no override. */
export interface UserBudgetRow {
  allowanceMicros: Micros | null;
  period: Period | null;
  blocked: boolean;
}
export type UserBudgetPatch = Partial<UserBudgetRow>;

/** A member of a scope with their stored budget facts (no row in `budget_users`: no override, not blocked). */
export interface MemberBudgetRow {
  userId: string;
  platform: string;
  externalId: string;
  displayName: string | null;
  username: string | null;
  /** The member's own allowance; meaningful only when `period` is set (null allowance = unlimited). */
  allowanceMicros: Micros | null;
  period: Period | null;
  blocked: boolean;
  lastSeenAt: number;
}

/** What an adjustment is checked against: the ceiling, and the defaults that say which allowance is in force. */
export interface AdjustmentCeiling {
  maxMicros: Micros;
  defaults: BudgetDefaults;
}

/** An adjustment written, or refused with what allowance + adjustments would have become. */
export type AdjustmentResult = { ok: true; entryId: string } | { ok: false; afterMicros: Micros };

/** The persistence the admin service needs. Each mutating method writes its audit entry atomically. */
export interface AdminStore extends AuditLog, UsageStore {
  getScopeBudget(scopeId: string): Promise<ScopeBudgetRow>;
  updateScopeBudget(scopeId: string, patch: ScopeBudgetPatch, a: AuditInput): Promise<{ before: ScopeBudgetRow; after: ScopeBudgetRow }>;
  getUserBudget(scopeId: string, userId: string): Promise<UserBudgetRow>;
  /** The scope's members (seen in it, or with a budget row), most recently seen first, at most `limit`. */
  memberBudgets(scopeId: string, limit: number): Promise<MemberBudgetRow[]>;
  updateUserBudget(scopeId: string, userId: string, patch: UserBudgetPatch, a: AuditInput): Promise<{ before: UserBudgetRow; after: UserBudgetRow }>;
  setPersonalCap(userId: string, allowanceMicros: Micros | null, period: Period | null, a: AuditInput): Promise<unknown>;
  /**
   * Adds a signed adjustment unless it would pass `ceiling`: the user's allowance in force plus this period's
   * adjustments (after this one) stays at most `ceiling.maxMicros`, and the period's adjustments at least its negative.
   * Read, check and write run in ONE write transaction, so parallel adjustments cannot stack past the ceiling.
   */
  addAdjustment(scopeId: string, userId: string, amountMicros: Micros, note: string, a: AuditInput, ceiling: AdjustmentCeiling): Promise<AdjustmentResult>;
  setTimezone(scopeId: string, timezone: string, a: AuditInput): Promise<{ before: string; after: string }>;
  /** The community's default language (a shipped locale code; null clears it), audited like the time zone. */
  setLanguage(scopeId: string, language: string | null, a: AuditInput): Promise<{ before: string | null; after: string | null }>;
  linkToken(owner: TokenOwner, token: string, scopeId: string | null, a: AuditInput): Promise<{ before: TokenInfo | null; after: TokenInfo }>;
  /** Unlinks; `runningJobs` counts unfinished jobs that keep using the removed token until they end. */
  unlinkToken(owner: TokenOwner, scopeId: string | null, a: AuditInput): Promise<(TokenInfo & { runningJobs: number }) | null>;
  showToken(owner: TokenOwner): Promise<TokenInfo | null>;
  scopeTimezone(scopeId: string): Promise<string>;
}
