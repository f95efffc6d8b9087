/**
 * The bot-process registry on a real migrated SQLite database (migration 0009): who counts as live, which rows are a
 * dead process's, when a start is refused and with which sentence, the heartbeat and a clean leave. Other processes
 * are played by rows with other hosts and pids.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { joinProcesses } from '../../src/app/process-presence.js';
import { ManualClock } from '../../src/core/ports/clock.js';
import { createLogger, SecretSet } from '../../src/log.js';
import { openStore, type SqliteStore } from '../../src/store/sqlite/open-store.js';

const logger = createLogger({ level: 'silent', format: 'json', secrets: new SecretSet() });
const REDIS = 'redis 10.0.0.5:6379 mediabot:';

describe('bot-process registry (joinProcesses)', () => {
  let dir: string;
  let store: SqliteStore;
  const clock = new ManualClock(1_700_000_000_000);
  const base = { logger, host: 'web-1', pid: 100, now: () => clock.now(), alive: (pid: number) => pid !== 666 };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'presence-'));
    store = await openStore({ path: join(dir, 'bot.sqlite'), defaultAllowanceMicros: null, defaultPeriod: 'day', clock });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const other = (o: { id: string; host: string; pid: number; coordination: string; seenAgoMs: number; role?: string }) =>
    store.processes.register({ id: o.id, role: o.role ?? 'all', host: o.host, pid: o.pid, coordination: o.coordination, startedAt: clock.now() - 60_000, seenAt: clock.now() - o.seenAgoMs });

  it('databaseId: made on first use, the same for every later call and reopening, another for another database', async () => {
    const id = await store.processes.databaseId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(await Promise.all([store.processes.databaseId(), store.processes.databaseId()])).toEqual([id, id]);
    await store.close();
    store = await openStore({ path: join(dir, 'bot.sqlite'), defaultAllowanceMicros: null, defaultPeriod: 'day', clock });
    expect(await store.processes.databaseId()).toBe(id);
    const other = await openStore({ path: join(dir, 'other.sqlite'), defaultAllowanceMicros: null, defaultPeriod: 'day', clock });
    try {
      expect(await other.processes.databaseId()).not.toBe(id);
    } finally {
      await other.close();
    }
  });

  it('alone: registers, beats, and leaves', async () => {
    const p = await joinProcesses({ ...base, registry: store.processes, role: 'all', coordination: 'memory', heartbeatMs: 20 });
    expect((await store.processes.list()).map((r) => r.id)).toEqual([p.self.id]);
    clock.advance(5_000);
    await new Promise((r) => setTimeout(r, 60));
    expect((await store.processes.list())[0]!.seenAt).toBe(clock.now());
    // A row removed by someone else comes back at the next beat.
    await store.processes.remove([p.self.id]);
    await new Promise((r) => setTimeout(r, 60));
    expect((await store.processes.list()).map((r) => r.id)).toEqual([p.self.id]);
    await p.leave();
    await p.leave();
    expect(await store.processes.list()).toEqual([]);
  });

  it('refuses beside a live process when there is no Redis, naming it; its own row is not left behind', async () => {
    await other({ id: 'a', host: 'web-2', pid: 4242, coordination: 'memory', seenAgoMs: 3_000 });
    const e = await joinProcesses({ ...base, registry: store.processes, role: 'all', coordination: 'memory' }).catch((x: unknown) => x);
    expect((e as Error).name).toBe('StartupError');
    expect((e as Error).message).toBe(
      'Another bot process already uses this database: a bot process on web-2 (pid 4242, last seen 3 s ago). Several processes on one database must share their limits through Redis: set REDIS_URL (and the same REDIS_PREFIX) on every process, or stop the other one.',
    );
    expect((await store.processes.list()).map((r) => r.id)).toEqual(['a']);
  });

  it('refuses a Redis process beside one without Redis, and beside one on another Redis or prefix', async () => {
    await other({ id: 'a', host: 'web-2', pid: 7, coordination: 'memory', seenAgoMs: 0, role: 'worker' });
    const e1 = await joinProcesses({ ...base, registry: store.processes, role: 'all', coordination: REDIS }).catch((x: unknown) => x);
    expect((e1 as Error).message).toBe('Another bot process already uses this database without Redis: a "worker" bot process on web-2 (pid 7, last seen 0 s ago). Set REDIS_URL (and the same REDIS_PREFIX) on every process, or stop the other one.');
    await store.processes.remove(['a']);
    await other({ id: 'b', host: 'web-2', pid: 8, coordination: 'redis 10.0.0.5:6379 other:', seenAgoMs: 0 });
    const e2 = await joinProcesses({ ...base, registry: store.processes, role: 'all', coordination: REDIS }).catch((x: unknown) => x);
    expect((e2 as Error).message).toBe(
      'Another bot process already uses this database with a different Redis or REDIS_PREFIX: a bot process on web-2 (pid 8, last seen 0 s ago) uses 10.0.0.5:6379 other:, this one 10.0.0.5:6379 mediabot:. Give every process the same REDIS_URL and REDIS_PREFIX.',
    );
  });

  it('starts beside live processes on the same Redis and prefix', async () => {
    await other({ id: 'a', host: 'web-2', pid: 7, coordination: REDIS, seenAgoMs: 1_000 });
    const p = await joinProcesses({ ...base, registry: store.processes, role: 'all', coordination: REDIS });
    expect((await store.processes.list()).map((r) => r.id).sort()).toEqual(['a', p.self.id].sort());
    await p.leave();
  });

  it('a dead process does not block a start: stale anywhere, a gone pid or this very pid on this host; live ones elsewhere are kept', async () => {
    await other({ id: 'stale', host: 'web-9', pid: 1, coordination: 'memory', seenAgoMs: 31_000 });
    await other({ id: 'killed', host: 'web-1', pid: 666, coordination: 'memory', seenAgoMs: 2_000 });
    await other({ id: 'previous-life', host: 'web-1', pid: 100, coordination: 'memory', seenAgoMs: 2_000 });
    const p = await joinProcesses({ ...base, registry: store.processes, role: 'all', coordination: 'memory' });
    expect((await store.processes.list()).map((r) => r.id)).toEqual([p.self.id]);
    await p.leave();
  });
});
