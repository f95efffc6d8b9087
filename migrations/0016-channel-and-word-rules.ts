import type { Kysely } from 'kysely';

/**
 * Channel rules and prompt (word) rules (`/setup channel`, `/setup words`):
 * - `channel_rules`: one row per community and channel (a Discord channel, a Telegram chat or forum topic), with the
 *   label the surface names it by, `silent` (0/1), `only_commands` (JSON list or null) and `allow_commands` (JSON list).
 * - `word_rules`: a community's list (`scope_id` its id) and the owners' global list (`scope_id` ''), one row per
 *   normalized pattern with its own refusal words. Read whole per prompt (a short list per community).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely migrations are written against an untyped db
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('channel_rules')
    .addColumn('scope_id', 'text', (c) => c.notNull().references('scopes.id').onDelete('cascade'))
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('label', 'text')
    .addColumn('silent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('only_commands', 'text')
    .addColumn('allow_commands', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('channel_rules_pk', ['scope_id', 'channel_id'])
    .execute();
  await db.schema
    .createTable('word_rules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('scope_id', 'text', (c) => c.notNull())
    .addColumn('pattern', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('word_rules_scope_pattern_idx').on('word_rules').columns(['scope_id', 'pattern']).unique().execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('word_rules').ifExists().execute();
  await db.schema.dropTable('channel_rules').ifExists().execute();
}
