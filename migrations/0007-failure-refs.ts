import type { Kysely } from 'kysely';

/**
 * Every failure reference a user was shown ("(ref K7Q2XM)"), so an admin of that community (`/job <ref>`) or the
 * operator (`admin ref <ref>`) can read what went wrong. `detail` is the logged failure (code, money, details, log
 * facts) as JSON, scrubbed of secrets before it is written. Rows older than the retention are deleted by the poller's
 * purge (`failure_refs_created`).
 *
 * `jobs_model_finished`: the recent delivered jobs of one model, whose run times estimate the next one's wait.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely migrations are written against an untyped db
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('failure_refs')
    .addColumn('ref', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('scope_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('job_id', 'text')
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('surface', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('failure_refs_created').on('failure_refs').column('created_at').execute();
  await db.schema.createIndex('jobs_model_finished').on('jobs').columns(['model', 'status', 'finished_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('jobs_model_finished').execute();
  await db.schema.dropTable('failure_refs').execute();
}
