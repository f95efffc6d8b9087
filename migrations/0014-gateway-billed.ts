import type { Kysely } from 'kysely';

/**
 * `jobs.gateway_billed_micros`: what the bot believes the gateway billed its token for the job (the gateway's own
 * price of what was sent and delivered, never the member's price), written when the job settles or when the gateway
 * billed a result no member was charged for; null when the gateway billed nothing the bot knows of. Compared with the
 * gateway's token log by `npm run admin -- reconcile` and the daily reconciliation. An index on `created_at` serves
 * the reconciliation's "jobs since" read.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely migrations are written against an untyped db
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('gateway_billed_micros', 'bigint').execute();
  await db.schema.createIndex('jobs_created_at').ifNotExists().on('jobs').column('created_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('jobs_created_at').ifExists().execute();
  await db.schema.alterTable('jobs').dropColumn('gateway_billed_micros').execute();
}
