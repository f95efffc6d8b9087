import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient, type PostgresQueryResult, type Transaction } from 'kysely';
import pg from 'pg';
import { StoreUnavailableError } from '../../core/ports/store-unavailable.js';
import type { Database } from '../kysely/schema.js';

/**
 * The PostgreSQL connection: a `pg` pool under Kysely's PostgresDialect, type parsers that give back what the
 * `Database` type promises (as SQLite does), connection errors turned into {@link StoreUnavailableError}, and the
 * two kinds of transaction the repositories use.
 */

/** Options of {@link openPostgres}. */
export interface OpenPostgresOptions {
  /** Connections in the pool (default 10). Each bot process holds its own pool. */
  poolSize?: number;
  /** How long to wait for a new connection before failing with {@link StoreUnavailableError} (default 5,000 ms). */
  connectTimeoutMs?: number;
  /** `application_name` shown in `pg_stat_activity` (default `mediabot`). */
  applicationName?: string;
}

const INT8 = 20;
const NUMERIC = 1700;

/**
 * Column types come back as the `Database` type says: `bigint` (int8) as a JS number — money is integer
 * micro-dollars and times are epoch ms, both far below 2^53 — and `numeric`, which is what `sum()` of a bigint
 * returns, as a number too (the schema has no numeric column; sums of integer money stay integers). `text` and
 * `integer` are strings and numbers already. A parser set per pool, so nothing global in `pg` changes.
 */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8 || oid === NUMERIC) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format ?? 'text');
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/** Node network errors that mean "the server cannot be reached". */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNABORTED']);

/**
 * Whether `e` says the server is unreachable or went away: a network error, SQLSTATE class 08 (connection
 * exception), 57P01–57P03 (shutting down, crashed, starting up), 53300 (too many connections), or pg's own
 * "Connection terminated" / connect timeout. Other errors (constraint violations, serialization failures) are not.
 */
function isConnectionError(e: unknown): boolean {
  if (e instanceof StoreUnavailableError) return true;
  const o = e as { code?: unknown; message?: unknown; errors?: unknown } | null;
  if (!o || typeof o !== 'object') return false;
  const code = typeof o.code === 'string' ? o.code : '';
  if (NETWORK_CODES.has(code) || code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
  if (Array.isArray(o.errors) && o.errors.some(isConnectionError)) return true; // AggregateError of a dual-stack connect
  const message = typeof o.message === 'string' ? o.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended|not queryable/i.test(message);
}

function codeOf(e: unknown): string | undefined {
  const o = e as { code?: unknown; errors?: unknown } | null;
  if (o && typeof o.code === 'string') return o.code;
  if (o && Array.isArray(o.errors)) return o.errors.map(codeOf).find(Boolean);
  return undefined;
}

/** `e` as a {@link StoreUnavailableError} when it is a connection error, else unchanged. */
function mapError(e: unknown): unknown {
  return isConnectionError(e) && !(e instanceof StoreUnavailableError) ? new StoreUnavailableError(codeOf(e), { cause: e }) : e;
}

/**
 * PostgreSQL text cannot hold U+0000 (SQLite can), so a parameter carrying one would fail the whole statement —
 * and NUL can arrive from outside (a name, a prompt) or be used on purpose as an id that matches nothing. Each NUL
 * in a string parameter is stored as U+FFFD instead: the statement runs, and such an id still matches nothing.
 */
function storable(v: unknown): unknown {
  return typeof v === 'string' && v.includes('\u0000') ? v.replaceAll('\u0000', '\uFFFD') : v;
}

/**
 * The pool as Kysely sees it. A checked-out client gets an `error` listener (pg emits `error` on a client whose
 * server went away between two statements, e.g. inside an open transaction; unheard, that would end the process);
 * a client that failed that way is destroyed on release instead of going back to the pool.
 */
function guardedPool(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (e) {
        throw mapError(e);
      }
      let broken = false;
      const onError = () => {
        broken = true;
      };
      client.on('error', onError);
      const query = async <R>(text: string, params: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> => {
        try {
          return (await client.query(text, params.map(storable))) as unknown as PostgresQueryResult<R>;
        } catch (e) {
          if (isConnectionError(e)) broken = true;
          throw mapError(e);
        }
      };
      return {
        query: query as PostgresPoolClient['query'],
        release() {
          client.removeListener('error', onError);
          client.release(broken ? true : undefined);
        },
      };
    },
    end: () => pool.end(),
  };
}

/** The pg pool under each Kysely instance opened by {@link openPostgres} (for the health probe). */
const pools = new WeakMap<Kysely<Database>, pg.Pool>();

/**
 * Opens a pool on `url` (`postgres://user:pass@host:5432/db`). Connections are made lazily: an unreachable
 * server shows at the first query, as a {@link StoreUnavailableError}. Idle connections that the server drops
 * are discarded quietly (the pool's `error` event is handled) and replaced at the next use.
 */
export function openPostgres(url: string, options: OpenPostgresOptions = {}): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    application_name: options.applicationName ?? 'mediabot',
    types,
  });
  pool.on('error', () => undefined); // an idle client lost its server: pg-pool already removed it
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: guardedPool(pool) }) });
  pools.set(db, pool);
  return db;
}

/**
 * Runs `select 1` on a fresh pool connection (readiness probe).
 * @throws StoreUnavailableError when the server does not answer.
 */
export async function pingPostgres(db: Kysely<Database>): Promise<void> {
  const pool = pools.get(db);
  if (!pool) throw new Error('pingPostgres: this Kysely instance was not opened by openPostgres');
  try {
    await pool.query('select 1');
  } catch (e) {
    throw mapError(e);
  }
}

/** SQLSTATEs after which a whole transaction may simply run again: serialization failure and deadlock. */
const RETRYABLE = new Set(['40001', '40P01']);
/** Attempts of a transaction that keeps hitting {@link RETRYABLE} conflicts before the error is thrown. */
const TRANSACTION_ATTEMPTS = 8;

/** Runs `run` again (up to {@link TRANSACTION_ATTEMPTS} times, after a short random pause) on a serialization failure or deadlock. */
export async function withRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (e) {
      const code = (e as { code?: unknown } | null)?.code;
      if (attempt >= TRANSACTION_ATTEMPTS || typeof code !== 'string' || !RETRYABLE.has(code)) throw e;
      await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
    }
  }
}

/**
 * Runs `fn` as ONE `SERIALIZABLE` transaction and runs it again (up to {@link TRANSACTION_ATTEMPTS} times, after a
 * short random pause) when PostgreSQL reports a serialization failure or a deadlock. This is the Postgres
 * counterpart of SQLite's `BEGIN IMMEDIATE`: a read-check-write inside `fn` behaves as if no other transaction ran
 * at the same time, in any process. Meant for the low-volume writes (admin changes, audited token links, moving a
 * scope); the ledger's hot path uses row locks instead (see `PostgresBudgetLedger`). `fn` may run more than once,
 * so it must not have effects outside `tx` (computing values, sealing a token anew, is fine).
 */
export async function pgWriteTransaction<T>(db: Kysely<Database>, fn: (tx: Kysely<Database>) => Promise<T>): Promise<T> {
  return withRetry(() => db.transaction().setIsolationLevel('serializable').execute((tx: Transaction<Database>) => fn(tx)));
}

/**
 * Runs `fn` as one `READ COMMITTED` transaction (each statement sees the latest commits, and a row lock taken with
 * `FOR UPDATE` returns the row as last committed), retried like {@link pgWriteTransaction} on a deadlock. The
 * ledger's transactions, which serialize on row locks taken in one fixed order.
 */
export async function pgLockingTransaction<T>(db: Kysely<Database>, fn: (tx: Kysely<Database>) => Promise<T>): Promise<T> {
  return withRetry(() => db.transaction().setIsolationLevel('read committed').execute((tx: Transaction<Database>) => fn(tx)));
}

/** Runs `fn` in one read-only `REPEATABLE READ` transaction: every read sees the same snapshot. */
export async function pgReadSnapshot<T>(db: Kysely<Database>, fn: (tx: Kysely<Database>) => Promise<T>): Promise<T> {
  return withRetry(() => db.transaction().setIsolationLevel('repeatable read').execute((tx: Transaction<Database>) => fn(tx)));
}
