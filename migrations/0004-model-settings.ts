import type { Kysely } from 'kysely';

/**
 * Admins' own model settings, per community: a price (unit and micro-dollars per unit) and/or a corrected kind.
 * `scope_id` references the community; one row per (scope, model). Changes are audited in `audit_log`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely migrations are written against an untyped db
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('model_settings')
    .addColumn('scope_id', 'text', (c) => c.notNull().references('scopes.id'))
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('kind', 'text')
    .addColumn('unit', 'text')
    .addColumn('unit_micros', 'bigint')
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('model_settings_pk', ['scope_id', 'model'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('model_settings').execute();
}
