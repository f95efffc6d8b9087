import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../src/core/ports/clock.js';
import { openStore } from '../../src/store/open-store.js';
import { makeTempStore, type TempStore } from '../fixtures/store/temp-store.js';
import { storeOptions, testEngines, type StoreLocation } from '../support/engines.js';

// Spawns child processes (tsx start-ups take seconds each on a loaded machine): a wider bound than the default 30 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TempStore | undefined;
afterEach(async () => t?.cleanup());

const worker = fileURLToPath(new URL('../fixtures/store/reserve-worker.ts', import.meta.url));

type WorkerResult = { ok: number; refused: number; chargedMicros: number };

/** Starts a worker; resolves `ready` when it has opened the store, `done` with its counts. */
function startWorker(args: string[]) {
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((r) => (markReady = r));
  const child = spawn(process.execPath, ['--import', 'tsx', worker, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  const done = new Promise<WorkerResult>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.startsWith('ready\n')) markReady();
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.slice('ready\n'.length)) as WorkerResult) : reject(new Error(`worker exited ${code}: ${err}`))));
  });
  return { ready, done, go: () => child.stdin.end('go\n') };
}

/** Runs `n` workers on `location` together and returns their results. */
async function race(location: StoreLocation, scopeId: string, userId: string, n: number, perWorker: number, mode: 'fixed' | 'mixed'): Promise<WorkerResult[]> {
  const target = location.engine === 'postgres' ? location.url : location.path;
  const workers = Array.from({ length: n }, () => startWorker([target, scopeId, userId, String(perWorker), mode]));
  await Promise.all(workers.map((w) => w.ready));
  for (const w of workers) w.go();
  return Promise.all(workers.map((w) => w.done));
}

const reopen = (location: StoreLocation) => openStore({ ...storeOptions(location), defaultAllowanceMicros: 100_000, defaultPeriod: 'day', clock: systemClock });

const engines = await testEngines();

describe.each(engines)('reserve under concurrency ($name)', (engine) => {
  it('100 concurrent $0.01 reserves against $0.10 → exactly 10 succeed', async () => {
    t = await makeTempStore({ engine, allowance: 100_000, period: 'day' });
    const { store, scopeId, userId } = t;
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => store.budgets.reserve({ scopeId, userId, amountMicros: 10_000, jobId: `j_${i}`, tokenSource: 'scope' })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    const refused = results.find((r) => !r.ok);
    expect(refused).toMatchObject({ ok: false, reason: 'budget_exhausted', costMicros: 10_000, remainingMicros: 0 });
    const bal = await store.budgets.balance(scopeId, userId);
    expect(bal).toMatchObject({ limitMicros: 100_000, heldMicros: 100_000, remainingMicros: 0 });
    const holds = await store.db.selectFrom('holds').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(holds.n)).toBe(10);
  });

  it('two processes sharing one database: 2 × 50 reserves → exactly 10 succeed', async () => {
    t = await makeTempStore({ engine, allowance: 100_000, period: 'day', now: Date.now() });
    await t.store.close();
    const [a, b] = await race(t.location, t.scopeId, t.userId, 2, 50, 'fixed');
    expect(a!.ok + b!.ok).toBe(10);
    expect(a!.refused + b!.refused).toBe(90);
    const store = await reopen(t.location);
    try {
      const bal = await store.budgets.balance(t.scopeId, t.userId);
      expect(bal.heldMicros).toBe(100_000);
      expect(bal.remainingMicros).toBe(0);
    } finally {
      await store.close();
    }
  }, 30_000);
});

describe.each(engines.filter((e) => e.name === 'postgres'))('cross-process overspend ($name)', (engine) => {
  it('4 processes reserving, settling and releasing against one $0.10 budget and a $0.08 pool never pass either', async () => {
    t = await makeTempStore({ engine, allowance: 100_000, period: 'day', now: Date.now() });
    await t.store.admin.setPool('operator', t.scopeId, 80_000, 'day');
    const bob = await t.store.directory.ensureUser({ platform: 'discord', externalId: '201' });
    await t.store.close();
    // Two processes spend as Ann and two as Bob: Ann's allowance and the shared pool are both contended.
    const [a1, a2] = await Promise.all([race(t.location, t.scopeId, t.userId, 2, 40, 'mixed'), race(t.location, t.scopeId, bob.id, 2, 40, 'mixed')]);
    const all = [...a1, ...a2];
    expect(all.reduce((n, r) => n + r.ok, 0)).toBeGreaterThan(0);
    expect(all.reduce((n, r) => n + r.refused, 0)).toBeGreaterThan(0);
    const store = await reopen(t.location);
    try {
      const sums = await sql<{ user_id: string; spent: number; held: number }>`select user_id,
          coalesce((select sum(amount_micros) from ledger_entries l where l.user_id = u.user_id and kind = 'charge'), 0) as spent,
          coalesce((select sum(amount_micros) from holds h where h.user_id = u.user_id and status = 'open'), 0) as held
        from (select distinct user_id from holds) u`.execute(store.db);
      const total = sums.rows.reduce((n, r) => n + r.spent + r.held, 0);
      expect(total).toBeLessThanOrEqual(80_000); // the pool
      for (const r of sums.rows) expect(r.spent + r.held).toBeLessThanOrEqual(100_000); // each allowance
      expect(sums.rows.reduce((n, r) => n + r.spent, 0)).toBe(all.reduce((n, r) => n + r.chargedMicros, 0));
      // The running totals the triggers kept equal the ledger.
      const pool = (await store.budgets.balance(t.scopeId, t.userId)).pool!;
      expect(pool.spentMicros + pool.heldMicros).toBe(total);
      expect(pool.spentMicros).toBeGreaterThan(0);
    } finally {
      await store.close();
    }
  }, 60_000);
});
