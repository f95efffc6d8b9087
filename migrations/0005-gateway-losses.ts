import type { Kysely } from 'kysely';

/**
 * What the gateway billed (or may have billed) that no member was charged for: a result that could not be delivered
 * nor told, a job interrupted after its request left, an answer over its hold. One row per job and reason
 * (`certain` 1: the gateway's answer says it billed; 0: it may have, the bot cannot know). The operator sees the
 * totals in `/budget usage`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely migrations are written against an untyped db
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gateway_losses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('job_id', 'text', (c) => c.notNull())
    .addColumn('scope_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('token_source', 'text', (c) => c.notNull())
    .addColumn('amount_micros', 'bigint', (c) => c.notNull())
    .addColumn('certain', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gateway_losses_job_reason').unique().on('gateway_losses').columns(['job_id', 'reason']).execute();
  await db.schema.createIndex('gateway_losses_scope').on('gateway_losses').columns(['scope_id', 'created_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('gateway_losses').execute();
}
