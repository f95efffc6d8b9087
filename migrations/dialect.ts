import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Whether a migration runs on PostgreSQL (else SQLite). Read from the Kysely instance's adapter, so one ordered
 * list of migrations serves both engines; only the few statements the schema builder cannot express (triggers,
 * partial-index predicates with functions) branch on it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped db
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
