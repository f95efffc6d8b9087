import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempStore, type TempStore } from '../fixtures/store/temp-store.js';

let t: TempStore | undefined;
afterEach(async () => t?.cleanup());

const worker = fileURLToPath(new URL('../fixtures/store/reserve-worker.ts', import.meta.url));

/** Starts a worker; resolves `ready` when it has opened the store, `done` with its counts. */
function startWorker(args: string[]) {
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((r) => (markReady = r));
  const child = spawn(process.execPath, ['--import', 'tsx', worker, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  const done = new Promise<{ ok: number; refused: number }>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.startsWith('ready\n')) markReady();
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.slice('ready\n'.length)) as { ok: number; refused: number }) : reject(new Error(`worker exited ${code}: ${err}`))));
  });
  return { ready, done, go: () => child.stdin.end('go\n') };
}

describe('reserve under concurrency', () => {
  it('100 concurrent $0.01 reserves against $0.10 → exactly 10 succeed', async () => {
    t = await makeTempStore({ allowance: 100_000, period: 'day' });
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

  it('two processes sharing one file: 2 × 50 reserves → exactly 10 succeed', async () => {
    t = await makeTempStore({ allowance: 100_000, period: 'day', now: Date.now() });
    await t.store.close();
    const args = [t.path, t.scopeId, t.userId, '50'];
    const workers = [startWorker(args), startWorker(args)];
    await Promise.all(workers.map((w) => w.ready));
    for (const w of workers) w.go();
    const [a, b] = await Promise.all(workers.map((w) => w.done));
    expect(a!.ok + b!.ok).toBe(10);
    expect(a!.refused + b!.refused).toBe(90);
    t = { ...t, ...(await reopen(t)) };
    const bal = await t.store.budgets.balance(t.scopeId, t.userId);
    expect(bal.heldMicros).toBe(100_000);
    expect(bal.remainingMicros).toBe(0);
  }, 20_000);
});

async function reopen(old: TempStore) {
  const { openStore } = await import('../../src/store/sqlite/open-store.js');
  const store = await openStore({ path: old.path, defaultAllowanceMicros: 100_000, defaultPeriod: 'day', clock: old.clock });
  let closed = false;
  return {
    store,
    async cleanup() {
      if (!closed) await store.close();
      closed = true;
      const { rmSync } = await import('node:fs');
      rmSync(old.dir, { recursive: true, force: true });
    },
  };
}
