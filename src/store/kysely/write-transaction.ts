import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * How a repository runs one write transaction: SQLite's `BEGIN IMMEDIATE` (`writeTransaction` in
 * `store/sqlite/connection.ts`) or PostgreSQL's SERIALIZABLE transaction retried on conflicts (`pgWriteTransaction` in
 * `store/postgres/connection.ts`). Every repository of this folder takes it as a required constructor argument, so no
 * engine-neutral file depends on an engine. `fn` must use the `tx` it is given and may run more than once (on
 * PostgreSQL, after a serialization failure), so it must not have effects outside `tx`.
 */
export type WriteTransactionRunner = <T>(db: Kysely<Database>, fn: (tx: Kysely<Database>) => Promise<T>) => Promise<T>;
