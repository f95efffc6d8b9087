import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobStatus } from '../../src/core/api/jobs.js';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';
import { testEngines, type StoreLocation } from '../support/engines.js';
import { buildRig, ledgerSpent, openHolds, spawnPoller, startVideoJob, type PollerProcess, type Rig } from '../support/poller-child.js';

// Spawns child processes (tsx start-ups take seconds each on a loaded machine): a wider bound than the default 30 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/**
 * Crash safety with real processes: a poller child is SIGKILLed mid-job, a new one takes the job over after the
 * lease expires, and the video is delivered exactly once with the hold settled once.
 */

let sim: SimulatorHandle;
let dir: string;
let location: StoreLocation;
let rig: Rig;
let token: string;
let seq = 0;
const children: PollerProcess[] = [];

beforeAll(async () => {
  sim = await startSimulator({ video: { queuedMs: 100, runMs: 800, progressSteps: 4 } });
});
afterAll(async () => {
  await sim.close();
});
const engines = await testEngines();

describe.each(engines)('poller restart (real child processes, one shared database: $name)', (engine) => {
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'restart-'));
    location = await engine.fresh();
    token = `sk-restart-test-${++seq}-abcdef`;
    sim.addToken(token, 'media');
    rig = await buildRig({ dbPath: join(dir, 'bot.sqlite'), ...(location.engine === 'postgres' ? { databaseUrl: location.url } : {}), outputsDir: join(dir, 'out'), gatewayUrl: sim.baseUrl, operatorToken: token });
  });
  afterEach(async () => {
    for (const c of children.splice(0)) {
      if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
      await c.exited;
    }
    await rig.close();
    rmSync(dir, { recursive: true, force: true });
    await engine.drop(location);
  });

  function start(extra: Record<string, string> = {}): PollerProcess {
    const p = spawnPoller({
      DB_PATH: join(dir, 'bot.sqlite'),
      ...(location.engine === 'postgres' ? { DATABASE_URL: location.url } : {}),
      OUTPUTS_DIR: join(dir, 'out'),
      GATEWAY_URL: sim.baseUrl,
      GATEWAY_TOKEN: token,
      DELIVERY_LOG: join(dir, 'deliveries.log'),
      INTERVAL_MS: '30',
      LEASE_MS: '1000',
      ...extra,
    });
    children.push(p);
    return p;
  }

  async function until(id: string, statuses: JobStatus[], timeoutMs = 20_000): Promise<void> {
    const t0 = Date.now();
    for (;;) {
      const j = await rig.jobs.get(id);
      if (j && statuses.includes(j.status)) return;
      if (Date.now() - t0 > timeoutMs) throw new Error(`job ${id} is ${j?.status}, not ${statuses.join('/')}, after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 15));
    }
  }

  function deliveryLines(): string[] {
    const f = join(dir, 'deliveries.log');
    return existsSync(f) ? readFileSync(f, 'utf8').split('\n').filter(Boolean) : [];
  }

  async function expectSettledOnce(id: string): Promise<void> {
    const charges = await rig.store.db.selectFrom('ledger_entries').selectAll().where('kind', '=', 'charge').where('job_id', '=', id).execute();
    expect(charges).toHaveLength(1);
    expect(await openHolds(rig.store)).toBe(0);
    expect(await ledgerSpent(rig.store)).toBe(sim.spentMicros(token));
  }

  it('a poller killed while the task runs is replaced; the video is delivered once and settled once', async () => {
    const first = start();
    await first.ready;
    const id = await startVideoJob(rig, { prompt: 'a crash course', token });
    await until(id, ['running']);
    first.child.kill('SIGKILL');
    await first.exited;
    expect((await rig.jobs.get(id))?.status).toBe('running');

    const second = start();
    const owner = await second.ready;
    await until(id, ['delivered']);
    expect(deliveryLines().filter((l) => l.startsWith(`video ${id} `))).toHaveLength(1);
    expect((await rig.jobs.get(id))?.delivered).toEqual({ messageIds: [`msg-${id}`] });
    expect(owner).toBeTruthy();
    await expectSettledOnce(id);
  });

  it('a poller killed in the middle of an upload is replaced; the file is posted once', async () => {
    const first = start({ DELIVERY_DELAY_MS: '1500' });
    await first.ready;
    const id = await startVideoJob(rig, { prompt: 'killed while posting', token });
    await until(id, ['delivering']);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(deliveryLines()).toEqual([]);

    const second = start();
    await second.ready;
    await until(id, ['delivered']);
    expect(deliveryLines().filter((l) => l.startsWith(`video ${id} `))).toHaveLength(1);
    expect(sim.requests().filter((r) => r.endpoint === 'video_content' && r.token === token)).toHaveLength(1); // the kept file was reused
    await expectSettledOnce(id);
  });

  it('two pollers on one database deliver 50 jobs, each exactly once', async () => {
    const a = start();
    const b = start();
    await Promise.all([a.ready, b.ready]);
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) ids.push(await startVideoJob(rig, { prompt: `job ${i}`, token }));
    for (const id of ids) await until(id, ['delivered'], 40_000);
    const lines = deliveryLines();
    expect(lines).toHaveLength(50);
    for (const id of ids) expect(lines.filter((l) => l.startsWith(`video ${id} `))).toHaveLength(1);
    const pids = new Set(lines.map((l) => l.split(' ')[3]));
    expect(pids).toEqual(new Set([String(a.child.pid), String(b.child.pid)]));
    expect(await rig.store.db.selectFrom('ledger_entries').select('id').where('kind', '=', 'charge').execute()).toHaveLength(50);
    expect(await openHolds(rig.store)).toBe(0);
    expect(await ledgerSpent(rig.store)).toBe(sim.spentMicros(token));
  });
});
