import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { backgroundCheckpointRunning, openSqlite, rawSqlite, stopBackgroundCheckpoint } from '../../src/store/sqlite/connection.js';
import { systemClock } from '../../src/core/ports/clock.js';
import { openStore } from '../../src/store/sqlite/open-store.js';

/**
 * The background checkpoint thread (~8 MiB resident) starts only once the WAL file reaches its threshold; until then
 * an idle or quiet database runs without it. Once started it copies the WAL into the database file.
 */
describe('SQLite background checkpointer', () => {
  const dir = mkdtempSync(join(tmpdir(), 'checkpointer-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const until = async (what: () => boolean, ms: number) => {
    const end = Date.now() + ms;
    while (!what()) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('does not run while the WAL is small, starts when it reaches the threshold, then checkpoints it', async () => {
    const path = join(dir, 'lazy.sqlite');
    const db = openSqlite(path, { checkpointStartWalBytes: 256 * 1024, checkpointWatchMs: 20 });
    try {
      const raw = rawSqlite(db);
      raw.exec('create table t (id integer primary key, v blob not null)');
      raw.prepare('insert into t (v) values (?)').run(Buffer.alloc(1000));
      await new Promise((r) => setTimeout(r, 200)); // ten reads of the WAL's size
      expect(statSync(`${path}-wal`).size).toBeLessThan(256 * 1024);
      expect(backgroundCheckpointRunning(db)).toBe(false);

      const insert = raw.prepare('insert into t (v) values (?)');
      raw.transaction(() => {
        for (let i = 0; i < 100; i++) insert.run(Buffer.alloc(4000, i));
      })();
      expect(statSync(`${path}-wal`).size).toBeGreaterThanOrEqual(256 * 1024);
      await until(() => backgroundCheckpointRunning(db), 5_000);

      // Only the thread copies the WAL into the database file here (the connection's own auto-checkpoint is at ~40 MB).
      expect(statSync(path).size).toBeLessThan(100_000);
      await until(() => statSync(path).size > 400_000, 5_000);
      await stopBackgroundCheckpoint(db);
      expect(backgroundCheckpointRunning(db)).toBe(false);
    } finally {
      await db.destroy();
    }
  });

  it('is stopped (or was never started) once the database is closed, and does not start afterwards', async () => {
    const path = join(dir, 'closed.sqlite');
    const db = openSqlite(path, { checkpointStartWalBytes: 1, checkpointWatchMs: 20 });
    await sql`create table t (id integer primary key)`.execute(db);
    await new Promise((r) => setTimeout(r, 100));
    expect(backgroundCheckpointRunning(db)).toBe(true);
    await db.destroy();
    await new Promise((r) => setTimeout(r, 100));
    expect(backgroundCheckpointRunning(db)).toBe(false);
  });

  it('a new database: the migrations leave no WAL behind, so the thread does not start for that one-time burst', async () => {
    const path = join(dir, 'fresh.sqlite');
    const store = await openStore({ path, defaultAllowanceMicros: 1_000, defaultPeriod: 'day', clock: systemClock });
    try {
      expect(store.migrationsApplied.length).toBeGreaterThan(0);
      expect(statSync(`${path}-wal`).size).toBe(0);
      await new Promise((r) => setTimeout(r, 1_300)); // past the first reads of the WAL's size (every 1 s by default)
      expect(backgroundCheckpointRunning(store.db)).toBe(false);
    } finally {
      await store.close();
    }
  });
});
