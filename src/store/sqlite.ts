import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import type { Database } from './schema.js';

/**
 * Everything SQLite-specific lives here: opening the file, pragmas, and the write transaction.
 * A Postgres port replaces this file (its write transaction would be SERIALIZABLE or use row locks).
 */

/** Busy timeout: how long a writer waits for another process's write lock before failing. */
export const BUSY_TIMEOUT_MS = 5_000;

/**
 * Opens (creating the directory and file when needed) a SQLite database with WAL journaling,
 * `synchronous=NORMAL` (durable across process crashes; the last commits may be lost on power loss — the usual WAL trade-off),
 * foreign keys on and a 5 s busy timeout.
 */
export function openSqlite(path: string): Kysely<Database> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const raw = new BetterSqlite3(path, { timeout: BUSY_TIMEOUT_MS });
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(raw) }) });
}

const CACHE_LIMIT = 512;

/**
 * Kysely prepares every query anew; reusing prepared statements for DML and transaction control
 * (keyed by SQL text, values are bound per call) roughly halves the cost of the reserve path.
 * DDL is never cached. The cache is bounded; past the limit statements are simply not cached.
 */
function withStatementCache(raw: BetterSqlite3.Database): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => raw.close(),
    prepare: (text: string) => {
      let stmt = cache.get(text);
      if (!stmt) {
        stmt = raw.prepare(text);
        if (cache.size < CACHE_LIMIT && /^\s*(select|insert|update|delete|begin|commit|rollback)\b/i.test(text)) cache.set(text, stmt);
      }
      return stmt;
    },
  };
}

/**
 * Runs `fn` inside ONE write transaction that takes the database write lock at its start
 * (`BEGIN IMMEDIATE`), so a read-check-write inside it cannot interleave with another process's.
 * Within this process Kysely's single SQLite connection is held for the whole call, so other queries wait.
 * `fn` must use the `tx` it is given, never the outer `db` (that would deadlock on the connection).
 */
export async function writeTransaction<T>(db: Kysely<Database>, fn: (tx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`BEGIN IMMEDIATE`.execute(conn);
    let result: T;
    try {
      result = await fn(conn);
    } catch (err) {
      await sql`ROLLBACK`.execute(conn).catch(() => undefined);
      throw err;
    }
    await sql`COMMIT`.execute(conn);
    return result;
  });
}

/** Copies the WAL into the main file and truncates it (used before closing and by tests reading the raw file). */
export async function checkpoint(db: Kysely<Database>): Promise<void> {
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
}
