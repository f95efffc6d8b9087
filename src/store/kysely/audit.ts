import type { Kysely } from 'kysely';
import type { AuditInput } from '../../core/ports/audit-log.js';
import { newSortableId } from '../ids.js';
import type { Database } from './schema.js';

/**
 * Writes one `audit_log` row inside `tx`, the transaction of the change it explains (so no change goes
 * unexplained). `before`/`after` are stored as JSON (`null` when absent).
 */
export async function writeAudit(tx: Kysely<Database>, a: AuditInput, scopeId: string | null, before: unknown, after: unknown, now: number): Promise<void> {
  await tx
    .insertInto('audit_log')
    .values({ id: newSortableId('au', now), actor: a.actor, scope_id: scopeId, action: a.action, before: JSON.stringify(before ?? null), after: JSON.stringify(after ?? null), created_at: now })
    .execute();
}

/** A stored JSON column back as a value (the raw text when it does not parse). */
export function parseJsonColumn(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
