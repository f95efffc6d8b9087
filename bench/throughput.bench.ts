/**
 * Benchmark 2 — image jobs per second through the core and the SQLite ledger: 200 users (one caller each, one
 * scope) each looping `core.imagine` then `core.recordDelivery` (the delivery itself is a no-op), simulator at
 * image delay 0 and size 256×256 so the simulator's PNG encoding (cached per size and colour anyway) does not
 * dominate. Two settings: gateway limiter effectively off (concurrency 1000 per token) and on (8 per token, all
 * 200 users share the operator token). Target ≥ 300 jobs/s, zero ledger errors, event-loop delay p99 ≤ 50 ms.
 * After each run the ledger is checked against the raw rows (charges = jobs × $0.01, no open hold) and against
 * what the simulator billed. Baseline: the same number of bare simulator calls (undici, 200 concurrent, JSON +
 * b64 decode). Logging at production level `info`, lines discarded; allowance unlimited.
 */
import { sql } from 'kysely';
import { Agent, request } from 'undici';
import type { Actor } from '../src/core/api/actor.js';
import { createTestStack, type TestStack } from '../test/support/harness.js';
import type { BenchContext, Benchmark } from './lib/context.js';
import { withEventLoopDelay } from './lib/context.js';
import { median, msSince, opsPerSecond, p99, p99Low } from './lib/stats.js';
import { row, type Row } from './lib/table.js';
import { quietLogger } from './support/quiet-logger.js';

const USERS = 200;
const JOBS_PER_RUN = 1_000;
const SIZE = '256x256';
const PRICE = 10_000; // alpha-image-2, $0.01

interface RunResult {
  jobsPerSec: number;
  failures: number;
  loopP99Ms: number;
  latencies: number[];
}

async function stackFor(concurrency: number): Promise<TestStack> {
  const { logger, secrets } = quietLogger();
  return createTestStack({
    sim: { imageDelayMs: 0 },
    startPoller: false,
    // The test stack's 5 s gateway timeout is for tests; under a loaded machine it failed jobs the simulator had billed.
    env: { DEFAULT_ALLOWANCE: 'none', MAX_JOBS_PER_USER: '100', MAX_JOBS_PER_SCOPE: '10000', LOG_LEVEL: 'info', GATEWAY_TIMEOUT_MS: '60000' },
    config: (c) => {
      c.gateway.concurrency = concurrency;
    },
    app: { logger, secrets },
  });
}

async function ledgerCharged(s: TestStack): Promise<{ charged: number; open: number }> {
  const c = await sql<{ n: number }>`select coalesce(sum(case when kind = 'charge' then amount_micros when kind = 'refund' then -amount_micros else 0 end), 0) as n from ledger_entries`.execute(s.store.db);
  const o = await sql<{ n: number }>`select count(*) as n from holds where status = 'open'`.execute(s.store.db);
  return { charged: Number(c.rows[0]?.n), open: Number(o.rows[0]?.n) };
}

/** Runs `jobs` image jobs with {@link USERS} callers; verifies the ledger and the simulator's bill afterwards. */
async function coreRun(s: TestStack, actors: readonly Actor[], jobs: number): Promise<RunResult> {
  const before = await ledgerCharged(s);
  const simBefore = s.sim.spentMicros(s.sim.tokens.media);
  let issued = 0;
  let failures = 0;
  const latencies: number[] = [];
  const caller = async (a: Actor) => {
    while (issued < jobs) {
      issued++;
      const t0 = process.hrtime.bigint();
      const r = await s.core.imagine({ ...a, prompt: 'a small bench picture', size: SIZE });
      if (!r.ok) {
        failures++;
        continue;
      }
      await s.core.recordDelivery(r.value.jobId, ['noop']);
      latencies.push(msSince(t0));
    }
  };
  const start = process.hrtime.bigint();
  const { p99Ms } = await withEventLoopDelay(() => Promise.all(actors.map(caller)));
  const ms = msSince(start);
  const after = await ledgerCharged(s);
  const ok = jobs - failures;
  const simSpent = s.sim.spentMicros(s.sim.tokens.media) - simBefore;
  if (after.open !== 0) throw new Error(`${after.open} holds left open after the run`);
  if (after.charged - before.charged !== ok * PRICE) throw new Error(`ledger charged ${after.charged - before.charged}, expected ${ok * PRICE}`);
  if (simSpent !== ok * PRICE) throw new Error(`simulator billed ${simSpent}, ledger ${ok * PRICE}`);
  return { jobsPerSec: opsPerSecond(ok, ms), failures, loopP99Ms: p99Ms, latencies };
}

/** The same number of bare generation calls (200 concurrent callers), JSON parsed and b64 decoded; jobs/s. */
async function bareRun(s: TestStack, agent: Agent, jobs: number): Promise<number> {
  let issued = 0;
  const caller = async () => {
    while (issued < jobs) {
      issued++;
      const res = await request(`${s.sim.baseUrl}/v1/images/generations`, {
        method: 'POST',
        dispatcher: agent,
        headers: { authorization: `Bearer ${s.sim.tokens.media}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'alpha-image-2', prompt: 'a small bench picture', size: SIZE }),
      });
      const body = (await res.body.json()) as { data: { b64_json: string }[] };
      if (res.statusCode !== 200 || Buffer.from(body.data[0]!.b64_json, 'base64').length === 0) throw new Error('bare call failed');
    }
  };
  const start = process.hrtime.bigint();
  await Promise.all(Array.from({ length: USERS }, caller));
  return opsPerSecond(jobs, msSince(start));
}

async function measure(ctx: BenchContext, concurrency: number, label: string): Promise<Row[]> {
  const s = await stackFor(concurrency);
  const agent = new Agent({ keepAliveTimeout: 30_000 });
  try {
    const actors = Array.from({ length: USERS }, (_, i) => s.actor({ platform: 'telegram', scope: 'bench', user: `u${i}` }));
    await coreRun(s, actors, USERS); // warm-up: creates the users, fills caches
    await bareRun(s, agent, USERS);
    const rates: number[] = [];
    const base: number[] = [];
    const loops: number[] = [];
    const lat: number[] = [];
    let failures = 0;
    for (let i = 0; i < ctx.runs; i++) {
      const r = await coreRun(s, actors, JOBS_PER_RUN);
      base.push(await bareRun(s, agent, JOBS_PER_RUN));
      rates.push(r.jobsPerSec);
      loops.push(r.loopP99Ms);
      lat.push(...r.latencies);
      failures += r.failures;
      ctx.log(`  ${label} run ${i + 1}/${ctx.runs}: ${Math.round(r.jobsPerSec)} jobs/s (bare ${Math.round(base.at(-1)!)}), loop p99 ${r.loopP99Ms.toFixed(1)} ms, failures ${r.failures}`);
    }
    const B = 'throughput';
    return [
      row({ benchmark: B, figure: `image jobs, ${USERS} users, ${label}`, median: median(rates), p99: p99Low(rates), unit: 'jobs/s', baseline: median(base), target: { op: '>=', value: 300 } }),
      row({ benchmark: B, figure: `job latency, ${label}`, median: median(lat), p99: p99(lat), unit: 'ms' }),
      row({ benchmark: B, figure: `event-loop delay (run p99), ${label}`, median: median(loops), p99: p99(loops), unit: 'ms', target: { op: '<=', value: 50 } }),
      row({ benchmark: B, figure: `failed jobs / ledger errors, ${label}`, median: failures, p99: failures, unit: 'jobs', target: { op: '<=', value: 0 } }),
    ];
  } finally {
    await agent.close();
    await s.close();
  }
}

/** `npm run bench -- throughput`. */
export const throughputBench: Benchmark = {
  name: 'throughput',
  async run(ctx) {
    return [...(await measure(ctx, 1000, 'limiter off')), ...(await measure(ctx, 8, 'limiter 8/token'))];
  },
};
