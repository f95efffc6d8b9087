import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/ports/clock.js';
import { openStore } from '../../src/store/open-store.js';
import type { App } from '../../src/app/build-app.js';
import { makeTempStore, type TempStore } from '../fixtures/store/temp-store.js';
import { createTestStack } from '../support/harness.js';
import { appOnSameDatabase } from '../support/more-apps.js';
import { storeOptions, testEngines, type StoreLocation } from '../support/engines.js';

/**
 * OPERATOR_DAILY_CAP across 3 processes on one database: 100 members in 3 communities, each process reserving for
 * every member at once on the operator's token. The cap is one figure for every community; no process may pass it
 * by even one job. The numbers are printed (the overshoot is the measurement: goal 0).
 */
let t: TempStore | undefined;
afterEach(async () => t?.cleanup());

const worker = fileURLToPath(new URL('../fixtures/store/operator-cap-worker.ts', import.meta.url));
type WorkerResult = { ok: number; refused: number; chargedMicros: number };

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

/** 100 members spread over 3 communities (created before the processes start). */
async function members(): Promise<Array<[string, string]>> {
  const out: Array<[string, string]> = [];
  const scopes = await Promise.all(['-1001', '-1002', '-1003'].map((id) => t!.store.directory.ensureScope({ platform: 'telegram', externalId: id })));
  for (let i = 0; i < 100; i++) {
    const user = await t!.store.directory.ensureUser({ platform: 'telegram', externalId: String(5000 + i) });
    out.push([scopes[i % 3]!.id, user.id]);
  }
  return out;
}

async function race(location: StoreLocation, cap: number, list: Array<[string, string]>, mode: 'fixed' | 'mixed'): Promise<WorkerResult[]> {
  const target = location.engine === 'postgres' ? location.url : location.path;
  const workers = Array.from({ length: 3 }, () => startWorker([target, String(cap), JSON.stringify(list), mode]));
  await Promise.all(workers.map((w) => w.ready));
  for (const w of workers) w.go();
  return Promise.all(workers.map((w) => w.done));
}

/** Charges − refunds of the operator's token since the UTC day began, and its open holds. */
async function operatorUse(location: StoreLocation): Promise<{ spent: number; held: number; total?: { spent: number; held: number } }> {
  const store = await openStore({ ...storeOptions(location), defaultAllowanceMicros: null, defaultPeriod: 'day', clock: systemClock });
  try {
    const since = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    const entries = await store.db.selectFrom('ledger_entries').select(['kind', 'amount_micros']).where('token_source', '=', 'operator').where('kind', 'in', ['charge', 'refund']).where('created_at', '>=', since).execute();
    const holds = await store.db.selectFrom('holds').select('amount_micros').where('token_source', '=', 'operator').where('status', '=', 'open').execute();
    // SQLite keeps a running total of the day (migration 0013's triggers); it must equal the journal.
    const total = (await sql<{ spent: number; held: number }>`select spent, held from budget_totals where kind = 'operator'`.execute(store.db)).rows[0];
    return {
      spent: entries.reduce((n, e) => n + (e.kind === 'charge' ? e.amount_micros : -e.amount_micros), 0),
      held: holds.reduce((n, h) => n + h.amount_micros, 0),
      ...(total ? { total: { spent: Number(total.spent), held: Number(total.held) } } : {}),
    };
  } finally {
    await store.close();
  }
}

const engines = await testEngines();

describe.each(engines)('operator daily cap: three bots on one database, real jobs ($name)', (engine) => {
  it('100 members in 3 communities asking at once through 3 bots: the gateway makes exactly the cap\'s worth', async () => {
    const env = { DEFAULT_ALLOWANCE: '5', MAX_JOBS_PER_USER: '10', MAX_JOBS_PER_SCOPE: '500', USER_COOLDOWN_MS: '0', OPERATOR_DAILY_CAP: '0.25' };
    const stack = await createTestStack({ engine, startPoller: false, env });
    const others: App[] = [];
    try {
      for (let i = 0; i < 2; i++) others.push(await appOnSameDatabase(stack, { ...env, ...(stack.config.databaseUrl ? { DATABASE_URL: stack.config.databaseUrl } : {}) }));
      const cores = [stack.core, ...others.map((a) => a.core)];
      const started = Date.now();
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          cores[i % 3]!.imagine({ ...stack.actor({ platform: 'telegram', scope: `c${i % 3}`, user: `m${i}` }), prompt: `harbour ${i}` }),
        ),
      );
      const ok = results.filter((r) => r.ok).length;
      const images = stack.sim.requests().filter((r) => r.endpoint === 'image').length;
      console.log(`[measure] ${engine.name} jobs: 100 members over 3 bots, cap $0.25 at $0.01 an image → ${ok} made, ${images} gateway calls, overshoot ${images - 25} jobs, ${Date.now() - started} ms`);
      expect(ok).toBe(25);
      expect(images).toBe(25);
      for (const r of results) if (!r.ok) expect(r.failure.code).toBe('operator_cap_exhausted');
      expect(stack.sim.spentMicros(stack.sim.tokens.media)).toBe(250_000);
    } finally {
      for (const a of others) await a.close();
      await stack.close();
    }
  }, 90_000);
});

describe.each(engines)('operator daily cap across 3 processes ($name)', (engine) => {
  it('3 processes × 100 members at once, $0.01 each, cap $0.50 → exactly 50 holds', async () => {
    t = await makeTempStore({ engine, allowance: null, now: Date.now() });
    const list = await members();
    await t.store.close();
    const started = Date.now();
    const results = await race(t.location, 500_000, list, 'fixed');
    const ok = results.reduce((n, r) => n + r.ok, 0);
    const use = await operatorUse(t.location);
    console.log(`[measure] ${engine.name} fixed: 300 reserves over 3 processes, cap $0.50 → ${ok} held (${results.map((r) => r.ok).join('+')}), overshoot ${ok - 50} jobs, held $${use.held / 1e6}, ${Date.now() - started} ms`);
    expect(ok).toBe(50);
    expect(results.reduce((n, r) => n + r.refused, 0)).toBe(250);
    expect({ spent: use.spent, held: use.held }).toEqual({ spent: 0, held: 500_000 });
    if (engine.name === 'sqlite') expect(use.total).toEqual({ spent: 0, held: 500_000 });
  }, 90_000);

  it('reserves racing settles and releases in 3 processes never hold and spend more than the cap together', async () => {
    t = await makeTempStore({ engine, allowance: null, now: Date.now() });
    const list = await members();
    await t.store.close();
    const cap = 400_000;
    const results = await race(t.location, cap, list, 'mixed');
    const use = await operatorUse(t.location);
    const ok = results.reduce((n, r) => n + r.ok, 0);
    console.log(`[measure] ${engine.name} mixed: ${ok} of 300 reserves held, spent $${use.spent / 1e6} + held $${use.held / 1e6} = $${(use.spent + use.held) / 1e6} of cap $${cap / 1e6}, overshoot $${Math.max(0, use.spent + use.held - cap) / 1e6}`);
    expect(ok).toBeGreaterThan(0);
    expect(results.reduce((n, r) => n + r.refused, 0)).toBeGreaterThan(0);
    expect(use.spent + use.held).toBeLessThanOrEqual(cap);
    expect(use.spent).toBe(results.reduce((n, r) => n + r.chargedMicros, 0));
    if (engine.name === 'sqlite') expect(use.total).toEqual({ spent: use.spent, held: use.held });
  }, 90_000);
});
