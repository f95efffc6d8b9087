import type { Kysely } from 'kysely';

/**
 * The web's sign-in: `web_links` are the one-time links `/web` answers with (the random token stored only as its
 * SHA-256, valid 10 minutes, `used_at` set by the one redemption that wins), `web_sessions` the browser sessions
 * they open (the random session id stored only as its SHA-256, 7 days). `actor` is the chat identity the link was
 * made for (scope and user references as JSON: no secret); `admin` = the member administered that community when
 * they asked (the web's admin page is only for such a session).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely migrations are written against an untyped db
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('web_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('scope_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('admin', 'integer', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createTable('web_sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('scope_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('admin', 'integer', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('web_links_expires').on('web_links').column('expires_at').execute();
  await db.schema.createIndex('web_sessions_expires').on('web_sessions').column('expires_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('web_sessions').execute();
  await db.schema.dropTable('web_links').execute();
}
