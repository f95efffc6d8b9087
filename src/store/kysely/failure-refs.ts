import type { Kysely } from 'kysely';
import type { FailureRefRecord, FailureRefs } from '../../core/ports/failure-refs.js';
import type { Selectable } from 'kysely';
import type { Database } from './schema.js';

const toRecord = (row: Selectable<Database['failure_refs']>): FailureRefRecord => ({ ref: row.ref, createdAt: Number(row.created_at), scopeId: row.scope_id, userId: row.user_id, jobId: row.job_id, code: row.code, detail: row.detail, surface: row.surface });

/** {@link FailureRefs} over the `failure_refs` table (portable SQL: plain insert, select and delete). */
export class KyselyFailureRefs implements FailureRefs {
  constructor(private readonly db: Kysely<Database>) {}

  async record(r: FailureRefRecord): Promise<void> {
    await this.db
      .insertInto('failure_refs')
      .values({ ref: r.ref, created_at: r.createdAt, scope_id: r.scopeId, user_id: r.userId, job_id: r.jobId, code: r.code, detail: r.detail, surface: r.surface })
      .onConflict((oc) => oc.column('ref').doNothing())
      .execute();
  }

  async recent(scopeId: string, limit: number): Promise<string[]> {
    const rows = await this.db.selectFrom('failure_refs').select('ref').where('scope_id', '=', scopeId).orderBy('created_at', 'desc').orderBy('ref').limit(limit).execute();
    return rows.map((r) => r.ref);
  }

  async get(ref: string): Promise<FailureRefRecord | undefined> {
    const row = await this.db.selectFrom('failure_refs').selectAll().where('ref', '=', ref).executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  async listByUser(scopeId: string, userId: string, limit: number): Promise<FailureRefRecord[]> {
    const rows = await this.db.selectFrom('failure_refs').selectAll().where('user_id', '=', userId).where('scope_id', '=', scopeId).orderBy('created_at', 'desc').orderBy('ref').limit(limit).execute();
    return rows.map(toRecord);
  }

  async purge(before: number): Promise<number> {
    const r = await this.db.deleteFrom('failure_refs').where('created_at', '<', before).executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
