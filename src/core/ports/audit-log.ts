/** The audit log of admin changes: who changed what, before and after. Written with each change by `AdminStore`. */
import type { ExternalRef } from './directory.js';

/** Who did it: a store user id, or `operator` for the operator CLI. */
export type AuditActor = string;

/** Audit facts supplied with every change. */
export interface AuditInput {
  actor: AuditActor;
  action: string;
}

/** A recorded admin action. */
export interface AuditEntry {
  id: string;
  actor: AuditActor;
  scopeId: string | null;
  /** How the scope is known outside the store, when the entry has a scope that still exists. */
  scope: ExternalRef | null;
  action: string;
  before: unknown;
  after: unknown;
  at: number;
}

/** Reads the audit log. */
export interface AuditLog {
  /** Most recent entries of a scope (or of all scopes when `scopeId` is null), newest first. */
  auditEntries(scopeId: string | null, limit: number): Promise<AuditEntry[]>;
}
