import type { Kysely } from 'kysely';

/**
 * The gallery's own retention: `jobs.gallery_expires_at` (epoch ms) is when the web gallery stops keeping a delivered
 * result's files, `jobs.gallery_bytes` how many bytes of them it keeps (for the disk cap, `GALLERY_MAX_MB`, without
 * reading the disk). Both null when the gallery keeps nothing for the job (older jobs, `GALLERY_RETENTION_DAYS=0`, or
 * once its sweep removed the files). Independent of `output_expires_at`, which keeps its meaning (what `/job` may
 * re-send). The index serves the sweep's "expired first" and the cap's "oldest first" reads.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely migrations are written against an untyped db
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('gallery_expires_at', 'bigint').execute();
  await db.schema.alterTable('jobs').addColumn('gallery_bytes', 'bigint').execute();
  await db.schema.createIndex('jobs_gallery_expires').ifNotExists().on('jobs').column('gallery_expires_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('jobs_gallery_expires').ifExists().execute();
  await db.schema.alterTable('jobs').dropColumn('gallery_bytes').execute();
  await db.schema.alterTable('jobs').dropColumn('gallery_expires_at').execute();
}
