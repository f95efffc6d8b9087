import type { Kysely } from 'kysely';

/**
 * Settings (`/settings`, `/setup defaults`). `member_settings`: one row per member, place and key; `scope_id` null is
 * the member's personal default across communities, else their choice in that community. `scope_settings`: a
 * community's defaults, one row per key. Values are text as validated by the core (a model id, `16:9`, `8`, `on`).
 * The member's language stays in `users.language` (migration 0008) and the community's in `scopes.language`.
 * No foreign keys (like `failure_refs`): a row of a scope merged away by a Telegram group upgrade is never read again,
 * and the schema can be taken down in any order.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely migrations are written against an untyped db
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('member_settings')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('scope_id', 'text')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('member_settings_user').on('member_settings').columns(['user_id', 'key']).execute();
  await db.schema
    .createTable('scope_settings')
    .addColumn('scope_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('scope_settings_pk', ['scope_id', 'key'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scope_settings').execute();
  await db.schema.dropTable('member_settings').execute();
}
