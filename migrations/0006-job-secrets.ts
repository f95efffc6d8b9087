import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.js';

/**
 * Secrets a job holds, kept no longer than needed.
 *
 * `retired_tokens`: tokens unlinked (or replaced) while jobs still run on them. A job keeps the token it started with until it ends:
 * the row moves here with its ciphertext unchanged (still bound to its owner) and is deleted once no job that is
 * not finished references its id. No unique owner constraint: one owner may have several retired tokens.
 * `jobs_delivery_secret_idx`: the jobs whose delivery address still carries an interaction credential, which the
 * store removes once it expired or the job ended (`JobStore.forgetDeliverySecrets`).
 * `ledger_operator_user_idx`: one person's spending on the operator's token across communities (`PERSON_CAP`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely migrations are written against an untyped db
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('retired_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('ciphertext', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('key_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('retired_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_token_id_idx').on('jobs').column('token_id').execute();
  // Jobs whose delivery address still carries an interaction credential (cleared once expired or the job ended).
  // PERSON_CAP (per person across communities, operator's token): one user's operator charges by time.
  await sql`create index ledger_operator_user_idx on ledger_entries (user_id, created_at) where token_source = 'operator'`.execute(db);
  // A plain text test (no JSON parsing), so a malformed stored address can never make a write fail.
  const hasInteraction = isPostgres(db) ? sql`strpos(delivery, '"interaction"') > 0` : sql`instr(delivery, '"interaction"') > 0`;
  await sql`create index jobs_delivery_secret_idx on jobs (id) where ${hasInteraction}`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('jobs_delivery_secret_idx').execute();
  await db.schema.dropIndex('ledger_operator_user_idx').execute();
  await db.schema.dropIndex('jobs_token_id_idx').execute();
  await db.schema.dropTable('retired_tokens').execute();
}
