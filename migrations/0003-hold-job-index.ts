import type { Kysely } from 'kysely';

/** Finds the holds of a job (the poller's sweep of jobs interrupted before their hold id was recorded). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('holds_job_idx').on('holds').columns(['job_id', 'status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('holds_job_idx').execute();
}
