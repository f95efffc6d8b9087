import type { Period } from '../budget/periods.js';
import type { Micros } from '../money.js';

/** Who did it: a user id, or 'operator' for the operator CLI. */
export type Actor = string;

/** Audit facts supplied with every change. */
export interface AuditInput {
  actor: Actor;
  action: string;
}

/** A recorded admin action. */
export interface AuditEntry {
  id: string;
  actor: string;
  scopeId: string | null;
  action: string;
  before: unknown;
  after: unknown;
  at: number;
}

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

/** Whose token: a community's (owner = scope id) or a person's (owner = user id). */
export interface TokenOwner {
  kind: 'scope' | 'personal';
  ownerId: string;
}

/** What may be shown about a stored token (never the token). */
export interface TokenInfo {
  tokenId: string;
  masked: string;
  last4: string;
  createdBy: string;
  createdAt: number;
}

/** One user's line in a usage report. */
export interface UsageRow {
  userId: string;
  displayName: string | null;
  username: string | null;
  jobs: number;
  images: number;
  videoSeconds: number;
  tokens: number;
  spentMicros: Micros;
}

/** The persistence the admin service needs. Each mutating method writes its audit entry atomically. */
export interface AdminStore {
  getScopeBudget(scopeId: string): Promise<ScopeBudgetRow>;
  updateScopeBudget(scopeId: string, patch: ScopeBudgetPatch, a: AuditInput): Promise<{ before: ScopeBudgetRow; after: ScopeBudgetRow }>;
  getUserBudget(scopeId: string, userId: string): Promise<UserBudgetRow>;
  updateUserBudget(scopeId: string, userId: string, patch: UserBudgetPatch, a: AuditInput): Promise<{ before: UserBudgetRow; after: UserBudgetRow }>;
  setPersonalCap(userId: string, allowanceMicros: Micros | null, period: Period | null, a: AuditInput): Promise<unknown>;
  addAdjustment(scopeId: string, userId: string, amountMicros: Micros, note: string, a: AuditInput): Promise<{ entryId: string }>;
  setTimezone(scopeId: string, timezone: string, a: AuditInput): Promise<{ before: string; after: string }>;
  linkToken(owner: TokenOwner, token: string, scopeId: string | null, a: AuditInput): Promise<{ before: TokenInfo | null; after: TokenInfo }>;
  unlinkToken(owner: TokenOwner, scopeId: string | null, a: AuditInput): Promise<TokenInfo | null>;
  showToken(owner: TokenOwner): Promise<TokenInfo | null>;
  usage(scopeId: string, since: number, until: number | null): Promise<UsageRow[]>;
  auditEntries(scopeId: string | null, limit: number): Promise<AuditEntry[]>;
  scopeTimezone(scopeId: string): Promise<string>;
}
