import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReserveRequest, ReserveResult } from '../../src/core/budget/types.js';
import { SqliteBudgetLedger } from '../../src/store/sqlite/budget-ledger.js';
import { UnknownScopeError } from '../../src/store/kysely/ledger-shared.js';
import { rawSqlite } from '../../src/store/sqlite/connection.js';
import { openStore } from '../../src/store/sqlite/open-store.js';
import { makeTempStore, type TempStore } from '../fixtures/store/temp-store.js';

/** The SQLite file of a temp store (this suite is about the SQLite ledger only). */
function sqliteFile(tt: TempStore): { path: string; dir: string } {
  if (tt.location.engine !== 'sqlite') throw new Error('group commit is a SQLite ledger feature');
  return tt.location;
}

let t: TempStore | undefined;
afterEach(async () => t?.cleanup());

const reserveOf = (scopeId: string, userId: string, amountMicros: number): ReserveRequest => ({ scopeId, userId, amountMicros, jobId: null, tokenSource: 'scope' });
async function hold(p: Promise<ReserveResult>): Promise<string> {
  const r = await p;
  if (!r.ok) throw new Error(`reserve refused: ${r.reason}`);
  return r.holdId;
}
async function holdStatus(tt: TempStore, holdId: string): Promise<string | undefined> {
  return (await tt.store.db.selectFrom('holds').select('status').where('id', '=', holdId).executeTakeFirst())?.status;
}
/**
 * A second ledger on the test store's connection whose group transactions have no practical time bound, so that
 * "one transaction" does not depend on the machine's load (the default bound is 5 ms).
 */
function unhurried(tt: TempStore, allowance: number): SqliteBudgetLedger {
  return new SqliteBudgetLedger(tt.store.db, tt.clock, { defaultAllowanceMicros: allowance, defaultPeriod: 'day' }, { maxBatchMs: 60_000 });
}

describe('group commit of the SQLite ledger', () => {
  it('many concurrent reserves against one small budget: exactly the affordable ones succeed, in order, in one transaction', async () => {
    t = await makeTempStore({ allowance: 100_000, period: 'day' });
    const { store, scopeId, userId } = t;
    const ledger = unhurried(t, 100_000);
    const amounts = Array.from({ length: 200 }, (_, i) => [30_000, 10_000, 45_000, 5_000][i % 4]!);
    const results = await Promise.all(amounts.map((a) => ledger.reserve(reserveOf(scopeId, userId, a))));

    // The same greedy walk the ledger must have made, request by request, over the running remainder.
    let left = 100_000;
    const expected = amounts.map((a) => {
      if (a > left) return { ok: false, remaining: left };
      left -= a;
      return { ok: true, remaining: left };
    });
    expect(results.map((r) => r.ok)).toEqual(expected.map((e) => e.ok));
    results.forEach((r, i) => {
      if (!r.ok) expect(r).toMatchObject({ reason: 'budget_exhausted', costMicros: amounts[i], remainingMicros: expected[i]!.remaining });
    });
    expect(ledger.commitStats()).toEqual({ transactions: 1, requests: 200, largest: 200 });

    const spent = amounts.filter((_, i) => expected[i]!.ok).reduce((a, b) => a + b, 0);
    expect(await store.budgets.balance(scopeId, userId)).toMatchObject({ heldMicros: spent, remainingMicros: 100_000 - spent });
    const raw = await sql<{ held: number; n: number }>`select coalesce(sum(amount_micros), 0) as held, count(*) as n from holds where status = 'open'`.execute(store.db);
    expect(raw.rows[0]).toEqual({ held: spent, n: expected.filter((e) => e.ok).length });
  });

  it('settle, release and reserve in the same transaction: a later reserve sees what the earlier requests freed', async () => {
    t = await makeTempStore({ allowance: 30_000, period: 'day' });
    const { store, scopeId, userId } = t;
    const a = await hold(store.budgets.reserve(reserveOf(scopeId, userId, 10_000)));
    const b = await hold(store.budgets.reserve(reserveOf(scopeId, userId, 20_000)));
    expect((await store.budgets.reserve(reserveOf(scopeId, userId, 1))).ok).toBe(false);

    const ledger = unhurried(t, 30_000);
    const [settledA, releasedB, big, tooMuch, settleBAfterRelease, settleAAgain] = await Promise.all([
      ledger.settle(a, 5_000, { units: 1, unit: 'image' }),
      ledger.release(b, 'gateway failed'),
      ledger.reserve(reserveOf(scopeId, userId, 25_000)),
      ledger.reserve(reserveOf(scopeId, userId, 1)),
      ledger.settle(b, 20_000, { units: 1, unit: 'image' }),
      ledger.settle(a, 5_000, { units: 1, unit: 'image' }),
    ]);
    expect(ledger.commitStats()).toEqual({ transactions: 1, requests: 6, largest: 6 });
    expect(settledA).toEqual({ ok: true, chargedMicros: 5_000, clamped: false, repeated: false });
    expect(releasedB).toEqual({ ok: true, releasedMicros: 20_000, repeated: false });
    expect(big.ok).toBe(true);
    expect(tooMuch).toMatchObject({ ok: false, reason: 'budget_exhausted', remainingMicros: 0 });
    expect(settleBAfterRelease).toEqual({ ok: false, reason: 'released' });
    expect(settleAAgain).toEqual({ ok: true, chargedMicros: 5_000, clamped: false, repeated: true });
    expect(await store.budgets.balance(scopeId, userId)).toMatchObject({ spentMicros: 5_000, heldMicros: 25_000, remainingMicros: 0 });
    const kinds = await store.db.selectFrom('ledger_entries').select('kind').execute();
    expect(kinds.map((k) => k.kind).sort()).toEqual(['charge', 'hold', 'hold', 'hold', 'release']);
  });

  it("a request that fails (before or after writing) undoes only its own writes; the others of its transaction commit", async () => {
    t = await makeTempStore({ allowance: 100_000, period: 'day' });
    const { store, scopeId, userId } = t;
    const x = await hold(store.budgets.reserve(reserveOf(scopeId, userId, 40_000)));
    // A real engine failure after the request's first write: the hold is updated, then its ledger entry is refused.
    await sql`create temp trigger refuse_boom before insert on main.ledger_entries when new.reason = 'boom' begin select raise(abort, 'refused by test'); end`.execute(store.db);

    const ledger = unhurried(t, 100_000);
    const results = await Promise.allSettled([
      ledger.reserve(reserveOf(scopeId, userId, 30_000)),
      ledger.release(x, 'boom'),
      ledger.reserve(reserveOf('s_no_such_scope', userId, 10_000)),
      ledger.reserve(reserveOf(scopeId, userId, 30_000)),
      ledger.reserve(reserveOf(scopeId, userId, 1)),
    ]);
    expect(ledger.commitStats()).toEqual({ transactions: 1, requests: 5, largest: 5 });
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ message: 'refused by test' });
    expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(UnknownScopeError);
    // x stays open (its status update was undone with the failed entry), so the third reserve finds nothing left.
    expect((results[4] as PromiseFulfilledResult<ReserveResult>).value).toMatchObject({ ok: false, reason: 'budget_exhausted', remainingMicros: 0 });
    expect(await holdStatus(t, x)).toBe('open');
    expect(await store.budgets.balance(scopeId, userId)).toMatchObject({ heldMicros: 100_000, remainingMicros: 0 });
    expect(await store.budgets.release(x, 'gateway failed')).toEqual({ ok: true, releasedMicros: 40_000, repeated: false });
    expect(await store.budgets.balance(scopeId, userId)).toMatchObject({ heldMicros: 60_000, remainingMicros: 40_000 });
  });

  it('when SQLite ends the whole transaction, every request of it rejects and none of their writes exists', async () => {
    t = await makeTempStore({ allowance: 100_000, period: 'day' });
    const { store, scopeId, userId } = t;
    const x = await hold(store.budgets.reserve(reserveOf(scopeId, userId, 10_000)));
    await sql`create temp trigger end_all before insert on main.ledger_entries when new.reason = 'end-all' begin select raise(rollback, 'transaction ended by test'); end`.execute(store.db);
    const results = await Promise.allSettled([
      store.budgets.reserve(reserveOf(scopeId, userId, 20_000)),
      store.budgets.release(x, 'end-all'),
      store.budgets.reserve(reserveOf(scopeId, userId, 20_000)),
    ]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(await holdStatus(t, x)).toBe('open');
    expect(await store.db.selectFrom('holds').select('id').execute()).toHaveLength(1);
    expect(await store.budgets.balance(scopeId, userId)).toMatchObject({ spentMicros: 0, heldMicros: 10_000, remainingMicros: 90_000 });
    // The next turn's requests run normally.
    expect(await store.budgets.settle(x, 10_000, { units: 1, unit: 'image' })).toMatchObject({ ok: true, repeated: false });
  });

  it('when BEGIN cannot take the write lock, the group rejects with the busy error and nothing is written', async () => {
    t = await makeTempStore({ allowance: 100_000, period: 'day' });
    const { store, scopeId, userId } = t;
    rawSqlite(store.db).pragma('busy_timeout = 50');
    const other = new BetterSqlite3(sqliteFile(t).path);
    try {
      other.exec('BEGIN IMMEDIATE');
      const results = await Promise.allSettled([store.budgets.reserve(reserveOf(scopeId, userId, 1_000)), store.budgets.reserve(reserveOf(scopeId, userId, 2_000))]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_BUSY' });
      other.exec('COMMIT');
    } finally {
      other.close();
    }
    expect(await store.db.selectFrom('holds').select('id').execute()).toHaveLength(0);
    expect((await store.budgets.reserve(reserveOf(scopeId, userId, 1_000))).ok).toBe(true);
  });

  it('bounds a transaction by request count and time; the rest runs in later turns, in order', async () => {
    t = await makeTempStore({ allowance: 50_000, period: 'day' });
    const { store, scopeId, userId, clock } = t;
    const defaults = { defaultAllowanceMicros: 50_000, defaultPeriod: 'day' as const };
    const byCount = new SqliteBudgetLedger(store.db, clock, defaults, { maxRequests: 3 });
    let timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    const first = await Promise.all(Array.from({ length: 10 }, () => byCount.reserve(reserveOf(scopeId, userId, 4_000))));
    expect(first.every((r) => r.ok)).toBe(true);
    expect(byCount.commitStats()).toEqual({ transactions: 4, requests: 10, largest: 3 });
    expect(timerRan).toBe(true); // the event loop turned between the transactions

    const byTime = new SqliteBudgetLedger(store.db, clock, defaults, { maxBatchMs: 0 });
    const second = await Promise.all(Array.from({ length: 5 }, () => byTime.reserve(reserveOf(scopeId, userId, 4_000))));
    // 10,000 left: the first two succeed, whichever transaction each ran in.
    expect(second.map((r) => r.ok)).toEqual([true, true, false, false, false]);
    expect(byTime.commitStats()).toEqual({ transactions: 5, requests: 5, largest: 1 });
  });

  it('a request still queued when the store closes is written before the connection closes', async () => {
    t = await makeTempStore({ allowance: 100_000, period: 'day' });
    const { store, scopeId, userId, clock } = t;
    const { path, dir } = sqliteFile(t);
    const pending = store.budgets.reserve(reserveOf(scopeId, userId, 7_000));
    await store.db.destroy();
    const r = await pending;
    expect(r.ok).toBe(true);
    const reopened = await openStore({ path, defaultAllowanceMicros: 100_000, defaultPeriod: 'day', clock });
    try {
      expect(await reopened.budgets.balance(scopeId, userId)).toMatchObject({ heldMicros: 7_000, remainingMicros: 93_000 });
    } finally {
      await reopened.close();
    }
    t = { ...t, cleanup: async () => (await import('node:fs')).rmSync(dir, { recursive: true, force: true }) };
  });

  it('the per-call mode (no group commit) keeps the same answers', async () => {
    t = await makeTempStore({ allowance: 100_000, period: 'day' });
    const { store, scopeId, userId, clock } = t;
    const plain = new SqliteBudgetLedger(store.db, clock, { defaultAllowanceMicros: 100_000, defaultPeriod: 'day' }, { groupCommit: false });
    const results = await Promise.all(Array.from({ length: 30 }, () => plain.reserve(reserveOf(scopeId, userId, 10_000))));
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(plain.commitStats()).toBeNull();
  });
});
