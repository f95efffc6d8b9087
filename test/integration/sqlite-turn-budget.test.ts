import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/store/kysely/schema.js';
import { openSqlite, writeTransaction } from '../../src/store/sqlite/connection.js';

/**
 * better-sqlite3 answers synchronously, so a burst of Kysely statements would run back to back without the event
 * loop turning; the connection's turn budget hands results back after `setImmediate` once the turn's budget is
 * spent. Budget 0 makes every statement after a turn's first one wait, so the test does not depend on speed.
 */
describe('SQLite turn budget', () => {
  const dir = mkdtempSync(join(tmpdir(), 'turn-budget-'));
  const opened: Kysely<Database>[] = [];
  const open = async (name: string, turnBudgetMs: number | null) => {
    const db = openSqlite(join(dir, name), { backgroundCheckpoint: false, turnBudgetMs });
    opened.push(db);
    await sql`create table t (id integer primary key, v integer not null)`.execute(db);
    return db;
  };

  afterAll(async () => {
    for (const db of opened) await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Runs `n` concurrent one-statement reads; returns their answers and how many turns the loop made meanwhile. */
  async function burst(db: Kysely<Database>, n: number): Promise<{ answers: number[]; turns: number }> {
    let turns = 0;
    let running = true;
    const tick = () => {
      if (!running) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const answers = await Promise.all(Array.from({ length: n }, (_, i) => sql<{ x: number }>`select ${i} as x`.execute(db).then((r) => Number(r.rows[0]!.x))));
    running = false;
    return { answers, turns };
  }

  it('a burst of statements lets the event loop turn, and every statement gets its own answer', async () => {
    const db = await open('budget.sqlite', 0);
    const { answers, turns } = await burst(db, 300);
    expect(answers).toEqual(Array.from({ length: 300 }, (_, i) => i));
    expect(turns).toBeGreaterThan(10);
  });

  it('control: without a budget the same burst holds the loop until it is done', async () => {
    const db = await open('none.sqlite', null);
    const { answers, turns } = await burst(db, 300);
    expect(answers).toEqual(Array.from({ length: 300 }, (_, i) => i));
    expect(turns).toBeLessThanOrEqual(1);
  });

  it('a transaction waiting for its turn keeps the connection: no other statement sees its writes half done', async () => {
    const db = await open('tx.sqlite', 0);
    const counts: number[] = [];
    const tx = writeTransaction(db, async (t) => {
      for (let i = 0; i < 50; i++) await sql`insert into t (v) values (${i})`.execute(t);
    });
    const reads = Array.from({ length: 50 }, () => sql<{ n: number }>`select count(*) as n from t`.execute(db).then((r) => counts.push(Number(r.rows[0]!.n))));
    await Promise.all([tx, ...reads]);
    expect(counts).toHaveLength(50);
    expect(counts.every((n) => n === 0 || n === 50)).toBe(true);
  });
});
