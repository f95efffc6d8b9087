import { mkdirSync, stat } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import type { Database } from '../kysely/schema.js';
import { TURN_BUDGET_MS, TurnBudget } from './turn-budget.js';

/**
 * The SQLite connection: opening the file, pragmas, the statement cache and the write transactions. A Postgres
 * engine (`src/store/postgres/`) has its own (its write transaction would be SERIALIZABLE or use row locks).
 */

/** Busy timeout: how long a writer waits for another process's write lock before failing. */
export const BUSY_TIMEOUT_MS = 5_000;

/** WAL size (pages of 4 KiB) at which a commit on the main thread checkpoints itself: about 40 MB. */
export const WAL_AUTOCHECKPOINT_PAGES = 10_000;
/** How often the background checkpointer copies the WAL into the database file. */
export const CHECKPOINT_EVERY_MS = 100;
/**
 * WAL size at which the background checkpointer starts: 1 MiB (256 pages). Until then no thread runs: a thread with
 * its own V8 heap and connection costs ~8 MiB resident, which an idle bot or a quiet one (a few pages per job)
 * does not need; the WAL's pages are copied at the next start of the thread, the main connection's auto-checkpoint
 * or the close.
 */
export const CHECKPOINT_START_WAL_BYTES = 2 ** 20;
/** How often the WAL's size is read until the background checkpointer starts. */
export const CHECKPOINT_WATCH_MS = 1_000;

/** Options of {@link openSqlite}. */
export interface OpenSqliteOptions {
  /**
   * Checkpoint from a worker thread (default true for files; never for ':memory:'), started once the WAL file
   * reaches `checkpointStartWalBytes` (default {@link CHECKPOINT_START_WAL_BYTES}; its size is read every
   * `checkpointWatchMs`, default {@link CHECKPOINT_WATCH_MS}).
   */
  backgroundCheckpoint?: boolean;
  checkpointStartWalBytes?: number;
  checkpointWatchMs?: number;
  /**
   * How long Kysely's statements may run in one turn of the event loop before the next one waits for the next turn
   * ({@link TurnBudget}); default {@link TURN_BUDGET_MS}, null = never wait.
   */
  turnBudgetMs?: number | null;
}

/**
 * Opens (creating the directory and file when needed) a SQLite database with WAL journaling,
 * `synchronous=NORMAL`, foreign keys on and a 5 s busy timeout.
 * Durability: with NORMAL in WAL mode a commit is not fsynced; it survives a crash of the process, but the
 * last commits before a power loss or OS crash may be lost (the database stays consistent). fsync happens
 * at checkpoints, which is the dominant cost of a write-heavy load; so checkpoints run on a worker thread
 * with its own connection (`PRAGMA wal_checkpoint(PASSIVE)` every 100 ms, never blocking writers; started only when
 * the WAL reaches {@link CHECKPOINT_START_WAL_BYTES}), and the
 * main connection checkpoints itself only when the WAL passes {@link WAL_AUTOCHECKPOINT_PAGES}
 * (bounding the WAL to ~40 MB under sustained writes; `journal_size_limit` trims the file afterwards).
 */
export function openSqlite(path: string, options: OpenSqliteOptions = {}): Kysely<Database> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const raw = new BetterSqlite3(path, { timeout: BUSY_TIMEOUT_MS });
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  // Deleted or rewritten content (a delivery secret removed from its job row) is overwritten with zeros, not left in the page.
  raw.pragma('secure_delete = ON');
  raw.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  raw.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
  raw.pragma(`journal_size_limit = ${64 * 2 ** 20}`);
  const checkpointer =
    path !== ':memory:' && options.backgroundCheckpoint !== false
      ? new LazyCheckpointer(path, options.checkpointStartWalBytes ?? CHECKPOINT_START_WAL_BYTES, options.checkpointWatchMs ?? CHECKPOINT_WATCH_MS)
      : undefined;
  const turnBudgetMs = options.turnBudgetMs === undefined ? TURN_BUDGET_MS : options.turnBudgetMs;
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({
      database: withStatementCache(raw, () => {
        for (const hook of closeHooks.get(raw)?.splice(0) ?? []) hook();
        checkpointer?.signalStop();
      }),
    }),
    plugins: turnBudgetMs === null ? [] : [new TurnBudget(turnBudgetMs)],
  });
  handles.set(db, raw);
  if (checkpointer) checkpointers.set(db, checkpointer);
  return db;
}

/**
 * A worker thread holding a second connection that checkpoints the WAL every {@link CHECKPOINT_EVERY_MS}.
 * Plain CommonJS (eval) so it runs the same under tsx, vitest and node. Unref'd: it never keeps the
 * process alive. If it fails, the main connection's auto-checkpoint still bounds the WAL. Stopped by a message
 * (it closes its connection and ends by itself), never `terminate()`: terminating a thread while it is still
 * loading the native driver aborts the whole process (seen as a V8 fatal error when stores open and close fast).
 */
function startCheckpointer(path: string): Worker {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const code = `
    const { workerData, parentPort } = require('node:worker_threads');
    const Database = require(workerData.driver);
    const db = new Database(workerData.path, { timeout: ${BUSY_TIMEOUT_MS} });
    const timer = setInterval(() => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {} }, ${CHECKPOINT_EVERY_MS});
    parentPort.once('message', () => { clearInterval(timer); try { db.close(); } catch {} parentPort.close(); });`;
  const w = new Worker(code, { eval: true, workerData: { path, driver } });
  w.on('error', () => undefined);
  w.unref();
  return w;
}

/** The background checkpoint thread of one database file, started by {@link watch} once the WAL is large enough. */
class LazyCheckpointer {
  private worker: Worker | undefined;
  private readonly timer: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly path: string,
    private readonly startAtBytes: number,
    watchMs: number,
  ) {
    this.timer = setInterval(() => this.watch(), watchMs);
    this.timer.unref();
  }

  /** Whether the thread was started (and not stopped). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  /** Asks a running thread to stop without waiting (the connection is closing); no thread starts afterwards. */
  signalStop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.worker?.postMessage('stop');
    this.worker = undefined;
  }

  /** Stops the thread and waits until it has closed its connection and ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    const w = this.worker;
    if (!w) return;
    this.worker = undefined;
    const exited = new Promise<void>((resolve) => w.once('exit', () => resolve()));
    w.ref(); // an unref'd thread would let the process exit before its 'exit' event, leaving this await unsettled
    w.postMessage('stop');
    await exited;
  }

  private watch(): void {
    stat(`${this.path}-wal`, (err, s) => {
      if (err || this.stopped || this.worker || s.size < this.startAtBytes) return;
      clearInterval(this.timer);
      this.worker = startCheckpointer(this.path);
    });
  }
}

/** The checkpoint thread of each Kysely instance opened by {@link openSqlite} on a file. */
const checkpointers = new WeakMap<Kysely<Database>, LazyCheckpointer>();

/** Whether `db`'s background checkpoint thread is running (it starts once the WAL is large enough; see {@link openSqlite}). */
export function backgroundCheckpointRunning(db: Kysely<Database>): boolean {
  return checkpointers.get(db)?.running ?? false;
}

/**
 * Stops the background checkpoint thread of `db` and waits until it has closed its connection and ended, so the
 * database files are quiet afterwards (call before `db.destroy()`; idempotent; a no-op without a thread).
 */
export async function stopBackgroundCheckpoint(db: Kysely<Database>): Promise<void> {
  const c = checkpointers.get(db);
  if (!c) return;
  checkpointers.delete(db);
  await c.stop();
}

/** The better-sqlite3 handle under each Kysely instance opened by {@link openSqlite}. */
const handles = new WeakMap<Kysely<Database>, BetterSqlite3.Database>();

/** Synchronous hooks run on the open connection right before it closes (see {@link beforeClose}). */
const closeHooks = new WeakMap<BetterSqlite3.Database, Array<() => void>>();

/**
 * Registers `hook` to run synchronously on the still-open connection when `db` is destroyed, before it closes
 * (the ledger's group commit writes what is still queued). A hook that throws stops the close; hooks must catch.
 * @throws Error when `db` was not opened by {@link openSqlite}.
 */
export function beforeClose(db: Kysely<Database>, hook: () => void): void {
  const raw = rawSqlite(db);
  let hooks = closeHooks.get(raw);
  if (!hooks) closeHooks.set(raw, (hooks = []));
  hooks.push(hook);
}

/** The raw better-sqlite3 connection. */
export type RawSqlite = BetterSqlite3.Database;

/**
 * The raw connection behind `db` (for the budget ledger's hot path only; everything else uses Kysely).
 * @throws Error when `db` was not opened by {@link openSqlite}.
 */
export function rawSqlite(db: Kysely<Database>): RawSqlite {
  const raw = handles.get(db);
  if (!raw) throw new Error('rawSqlite: this Kysely instance was not opened by openSqlite');
  return raw;
}

/**
 * Runs the SYNCHRONOUS `fn` as one transaction on the raw connection — `immediate` takes the write lock at
 * BEGIN (a read-check-write cannot interleave with another process's); `deferred` is a read snapshot.
 * This is the budget ledger's hot path: it skips Kysely's query compilation and the per-statement awaits
 * (about 4× faster). It is safe next to Kysely because better-sqlite3 is synchronous: nothing else in this
 * process can run while `fn` runs, so the only conflict is a Kysely transaction that is open on the shared
 * connection and awaiting; then (`inTransaction`) we queue on Kysely's connection lock until it ends.
 * Across processes, SQLite's lock and the 5 s busy timeout apply (blocking the thread while waiting, as Kysely's driver does).
 * `fn` must not await — it is called synchronously, and its writes are rolled back when it throws.
 */
export async function syncTransaction<T>(db: Kysely<Database>, mode: 'immediate' | 'deferred', fn: (raw: RawSqlite) => T): Promise<T> {
  const raw = rawSqlite(db);
  const run = () => {
    if (raw.inTransaction) throw new Error('syncTransaction: the connection is already inside a transaction');
    return raw.transaction(fn)[mode](raw);
  };
  if (!raw.inTransaction) return run();
  return db.connection().execute(async () => run());
}

const CACHE_LIMIT = 512;

/**
 * Kysely prepares every query anew; reusing prepared statements for DML and transaction control
 * (keyed by SQL text, values are bound per call) roughly halves the cost of the reserve path.
 * DDL is never cached. The cache is bounded; past the limit statements are simply not cached.
 */
function withStatementCache(raw: BetterSqlite3.Database, onClose: () => void): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => {
      onClose();
      raw.close();
    },
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
