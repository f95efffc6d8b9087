import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import { beforeClose, rawSqlite, syncTransaction, type RawSqlite } from './connection.js';
import type { Database } from '../kysely/schema.js';

/** Most requests one group transaction takes (a bound on the transaction's size). */
export const GROUP_COMMIT_MAX_REQUESTS = 1_000;
/** Wall time after which a group transaction stops taking requests and commits (the rest waits one turn of the event loop). */
export const GROUP_COMMIT_MAX_MS = 5;

/** Options of {@link GroupCommit}. */
export interface GroupCommitOptions {
  /** Default {@link GROUP_COMMIT_MAX_REQUESTS}. */
  maxRequests?: number;
  /** Default {@link GROUP_COMMIT_MAX_MS}. Larger: fewer commits, longer event-loop stalls. */
  maxBatchMs?: number;
}

/** Counters since the instance was made (for benchmarks and tests; cheap enough to keep always). */
export interface GroupCommitStats {
  /** Group transactions committed. */
  transactions: number;
  /** Requests that ran inside them (succeeded or failed alone). */
  requests: number;
  /** Most requests in one committed transaction. */
  largest: number;
}

interface Pending {
  apply: (raw: RawSqlite) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Group commit on the raw SQLite connection: the synchronous write requests submitted during one turn of the
 * event loop run, in submission order, inside ONE `BEGIN IMMEDIATE` transaction, started from `setImmediate`.
 * Invariants:
 * - each request runs inside its own savepoint: it sees every earlier request's writes, and when it throws only its
 *   own writes are undone and only its promise rejects;
 * - no promise resolves before the transaction holding its writes has committed; when BEGIN or COMMIT fails, or
 *   SQLite rolls the whole transaction back (disk full, I/O error), every request of that transaction rejects
 *   with that error and none of their writes exists (a transaction committed or not, as before);
 * - a transaction takes at most `maxRequests` requests and stops taking more after `maxBatchMs`; the remaining
 *   requests keep their order and run in the next turn, so timers and I/O run between group transactions.
 * Trade-off: a lone caller waits for one `setImmediate` (microseconds on an idle loop) instead of running in the
 * call itself; under load the commit cost is shared by the whole group.
 * The queue is drained synchronously when the connection closes.
 */
export class GroupCommit {
  private readonly raw: RawSqlite;
  private readonly maxRequests: number;
  private readonly maxBatchMs: number;
  private readonly savepoint: { begin: () => void; release: () => void; undo: () => void };
  private queue: Pending[] = [];
  private scheduled = false;
  private running = false;
  private readonly counters: GroupCommitStats = { transactions: 0, requests: 0, largest: 0 };

  constructor(
    private readonly db: Kysely<Database>,
    options: GroupCommitOptions = {},
  ) {
    this.raw = rawSqlite(db);
    this.maxRequests = options.maxRequests ?? GROUP_COMMIT_MAX_REQUESTS;
    this.maxBatchMs = options.maxBatchMs ?? GROUP_COMMIT_MAX_MS;
    if (!Number.isInteger(this.maxRequests) || this.maxRequests < 1) throw new RangeError(`maxRequests must be an integer ≥ 1, got ${this.maxRequests}`);
    if (!(this.maxBatchMs >= 0)) throw new RangeError(`maxBatchMs must be ≥ 0, got ${this.maxBatchMs}`);
    const begin = this.raw.prepare('SAVEPOINT group_request');
    const release = this.raw.prepare('RELEASE group_request');
    const undo = this.raw.prepare('ROLLBACK TO group_request');
    this.savepoint = { begin: () => begin.run(), release: () => release.run(), undo: () => undo.run() };
    beforeClose(db, () => this.drain());
  }

  /** Runs the synchronous `apply` in the next group transaction; resolves with its value after the commit. `apply` must not await. */
  submit<T>(apply: (raw: RawSqlite) => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ apply, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  /** A copy of the counters. */
  stats(): GroupCommitStats {
    return { ...this.counters };
  }

  private schedule(): void {
    if (this.scheduled || this.running || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.running || this.queue.length === 0) return;
    this.running = true;
    const batch = this.queue.splice(0, this.maxRequests);
    let outcomes: Outcome[] = [];
    try {
      // Waits on Kysely's connection only while a Kysely transaction is open on it.
      outcomes = await syncTransaction(this.db, 'immediate', (raw) => this.runRequests(raw, batch, this.maxBatchMs));
      this.count(outcomes);
    } catch (error) {
      outcomes = batch.map(() => ({ ok: false, error }));
    } finally {
      this.running = false;
    }
    this.settle(batch, outcomes);
    this.schedule();
  }

  /** Runs everything still queued, synchronously and without a time bound (the connection is about to close). */
  private drain(): void {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxRequests);
      let outcomes: Outcome[];
      try {
        if (this.raw.inTransaction) throw new Error('the database closed while a transaction was open; the ledger request did not run');
        outcomes = this.raw.transaction((raw: RawSqlite) => this.runRequests(raw, batch, Infinity)).immediate(this.raw);
        this.count(outcomes);
      } catch (error) {
        outcomes = batch.map(() => ({ ok: false, error }));
      }
      this.settle(batch, outcomes);
    }
  }

  /** Inside the open transaction: runs requests in order, each in a savepoint, until the batch or the time budget ends. */
  private runRequests(raw: RawSqlite, batch: readonly Pending[], budgetMs: number): Outcome[] {
    const outcomes: Outcome[] = [];
    const start = performance.now();
    for (const p of batch) {
      if (outcomes.length > 0 && performance.now() - start >= budgetMs) break;
      this.savepoint.begin();
      try {
        const value = p.apply(raw);
        this.savepoint.release();
        outcomes.push({ ok: true, value });
      } catch (error) {
        // SQLite ends the whole transaction on some errors (SQLITE_FULL, IOERR…): nothing of the group may commit.
        if (!raw.inTransaction) throw error;
        this.savepoint.undo();
        this.savepoint.release();
        outcomes.push({ ok: false, error });
      }
    }
    return outcomes;
  }

  private count(committed: readonly Outcome[]): void {
    this.counters.transactions++;
    this.counters.requests += committed.length;
    this.counters.largest = Math.max(this.counters.largest, committed.length);
  }

  /** Settles the promises of the requests that ran; puts the others back at the head of the queue, in order. */
  private settle(batch: readonly Pending[], outcomes: readonly Outcome[]): void {
    if (outcomes.length < batch.length) this.queue.unshift(...batch.slice(outcomes.length));
    outcomes.forEach((o, i) => {
      const p = batch[i]!;
      if (o.ok) p.resolve(o.value);
      else p.reject(o.error);
    });
  }
}
