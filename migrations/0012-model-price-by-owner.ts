import type { Kysely } from 'kysely';

/**
 * `model_settings.set_by_owner`: 1 when the row's price was last set by a bot owner (`OWNER_IDS`, the operator CLI,
 * the console). Only such a price may be below the gateway's cost while the operator's token pays; a community
 * admin's price below it is ignored at job time. Rows written before this migration count as set by an admin (0).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely migrations are written against an untyped db
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('model_settings').addColumn('set_by_owner', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('model_settings').dropColumn('set_by_owner').execute();
}
