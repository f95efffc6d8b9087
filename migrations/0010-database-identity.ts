import type { Kysely } from 'kysely';

/**
 * `database_identity`: the random id of this database, written by the first bot process that asks for it
 * (`BotProcessRegistry.databaseId`). State kept outside the database (Redis) is keyed with it where a reset
 * database must not inherit the old one's entries, e.g. the once-only claims on Telegram `update_id`s.
 * Two processes racing on an empty table may both insert; every reader takes the oldest row, so they agree.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely migrations are written against an untyped db
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('database_identity')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('database_identity').execute();
}
