/**
 * Benchmark 4 — the video poller at scale. A fresh WAL database holds N running video jobs (N = 1,000 and 10,000,
 * inserted with the repository in one transaction), spread so that exactly 100 become due per tick: a manual clock
 * moves 1 s per tick, job i is first due at tick ⌊i/100⌋ and then every N/100 ticks (its poll interval is fixed
 * at N/100 s), so every tick claims 100 jobs whatever N is. `tick()` is called 100 times in a row per round; the
 * figures are time and SQL statements per tick (counted by a Kysely plugin on the repository's and token vault's
 * connection), and RSS at tick 1 and tick 100. The gateway is a stub `MediaGateway` answering every poll "running"
 * at once, so the poller's own overhead is what is measured. Batch is raised to 100 so one tick takes every due
 * job (the default 20 would make the poller re-tick at once; the cost per job is the same).
 * The `EXPLAIN QUERY PLAN` of the claim statement is printed on stderr; the run fails if it scans the table.
 */
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { ManualClock } from '../src/core/ports/clock.js';
import type { MediaGateway, VideoTask } from '../src/core/ports/media-gateway.js';
import { DeliveryRouter } from '../src/jobs/delivery-router.js';
import { KyselyJobStore } from '../src/store/kysely/job-store.js';
import { OutputStore } from '../src/jobs/output-store.js';
import { JobRunner } from '../src/jobs/job-runner.js';
import { openStore, type SqliteStore } from '../src/store/sqlite/open-store.js';
import { KyselyTokenVault } from '../src/store/kysely/token-vault.js';
import type { BenchContext, Benchmark } from './lib/context.js';
import { median, msSince, p99 } from './lib/stats.js';
import { row, type Row } from './lib/table.js';
import { quietLogger } from './support/quiet-logger.js';

const DUE_PER_TICK = 100;
const TICKS = 100;
const TICK_MS = 1_000;
const T0 = 1_800_000_000_000;
const OPERATOR = 'sk-bench-operator-token-0000000000';

/** Counts executed statements. */
class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.count++;
    return args.result;
  }
}

/** A gateway that answers every poll "running, 50%" at once; any other call is a bug in the benchmark. */
function runningGateway(): MediaGateway {
  const no = () => Promise.reject(new Error('not used by this benchmark'));
  return {
    listModels: no, generateImage: no, editImage: no, fetchImage: no, createVideo: no, chat: no, messages: no, downloadVideo: no,
    getVideo: (_t: string, id: string): Promise<VideoTask> => Promise.resolve({ id, status: 'running', progress: 50 }),
  } as MediaGateway;
}

interface Round {
  tickMs: number[];
  queries: number[];
  rssTick1: number;
  rssTick100: number;
}

/** Inserts `total` running jobs in one transaction, spread so that {@link DUE_PER_TICK} fall due per tick. */
async function fill(store: SqliteStore, total: number): Promise<void> {
  const groups = total / DUE_PER_TICK;
  await store.db.transaction().execute(async (trx) => {
    const repo = new KyselyJobStore(trx, new ManualClock(T0 - 60_000));
    for (let i = 0; i < total; i++) {
      const id = `job_${String(i).padStart(6, '0')}`;
      await repo.create({
        id, kind: 'video', status: 'running', scopeId: 'sc_bench', userId: `u_${i % 500}`, model: 'gamma-video-1', prompt: 'waves',
        params: { seconds: 4 }, tokenSource: 'operator', tokenId: null, estimateMicros: 200_000, delivery: null,
        nextPollAt: T0 + Math.floor(i / DUE_PER_TICK) * TICK_MS, pollIntervalMs: groups * TICK_MS, deadlineAt: T0 + 10 * 86_400_000,
      });
      await repo.update(id, ['running'], { remoteTaskId: `task_${i}`, progress: 50 });
    }
  });
}

/** Prints the claim statement's plan; throws when SQLite would scan the whole jobs table. */
function explainClaim(ctx: BenchContext, path: string, jobs: KyselyJobStore): string[] {
  const q = jobs.claimDueQuery('explain', T0, 60_000, DUE_PER_TICK).compile();
  const raw = new BetterSqlite3(path, { readonly: true });
  try {
    const plan = (raw.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...(q.parameters as unknown[])) as { detail: string }[]).map((r) => r.detail);
    ctx.log(`  claim: ${q.sql}\n  plan:\n${plan.map((d) => `    ${d}`).join('\n')}`);
    if (plan.some((d) => /^SCAN jobs\b(?! USING)/.test(d))) throw new Error(`the claim query scans the jobs table: ${plan.join(' | ')}`);
    return plan;
  } finally {
    raw.close();
  }
}

async function round(ctx: BenchContext, total: number, explain: boolean): Promise<Round> {
  const dir = ctx.tempDir(`poller-${total}`);
  const path = join(dir, 'bot.sqlite');
  const clock = new ManualClock(T0);
  const store = await openStore({ path, defaultAllowanceMicros: null, defaultPeriod: 'day', clock, operatorToken: OPERATOR });
  try {
    const counter = new QueryCounter();
    const db = store.db.withPlugin(counter);
    const jobs = new KyselyJobStore(db, clock);
    await fill(store, total);
    if (explain) explainClaim(ctx, path, jobs);
    const { logger } = quietLogger('warn');
    const poller = new JobRunner({
      jobs, gateway: runningGateway(), budgets: store.budgets, tokens: new KyselyTokenVault(db, clock, undefined, OPERATOR), users: store.directory,
      router: new DeliveryRouter(), replies: { explain: (f) => f.code, remixOffered: () => false }, outputs: new OutputStore(join(dir, 'outputs'), clock), clock, logger,
      config: { intervalMs: 1_000, maxIntervalMs: (total / DUE_PER_TICK) * TICK_MS, deadlineMs: 86_400_000, retentionMs: 3_600_000, batch: DUE_PER_TICK, purgeEveryMs: 3_600_000 * 24 * 365 },
      ffmpegPath: null,
    });
    await poller.tick(); // first tick also purges and sweeps once: not measured
    clock.advance(TICK_MS);
    const tickMs: number[] = [];
    const queries: number[] = [];
    let rssTick1 = 0;
    let rssTick100 = 0;
    for (let t = 1; t <= TICKS; t++) {
      const q0 = counter.count;
      const s = process.hrtime.bigint();
      const n = await poller.tick();
      tickMs.push(msSince(s));
      queries.push(counter.count - q0);
      if (n !== DUE_PER_TICK) throw new Error(`tick ${t} handled ${n} jobs, expected ${DUE_PER_TICK}`);
      if (t === 1) rssTick1 = process.memoryUsage.rss() / 2 ** 20;
      if (t === TICKS) rssTick100 = process.memoryUsage.rss() / 2 ** 20;
      clock.advance(TICK_MS);
    }
    await poller.stop();
    return { tickMs, queries, rssTick1, rssTick100 };
  } finally {
    await store.close();
  }
}

async function measure(ctx: BenchContext): Promise<Row[]> {
  const rounds = Math.max(1, Math.min(ctx.runs, 3));
  const out: Row[] = [];
  const B = 'poller';
  let baselineTick: number | null = null;
  for (const total of [1_000, 10_000]) {
    const ticks: number[] = [];
    const queries: number[] = [];
    const rss1: number[] = [];
    const rss100: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const res = await round(ctx, total, r === 0 && total === 10_000);
      ticks.push(...res.tickMs);
      queries.push(...res.queries);
      rss1.push(res.rssTick1);
      rss100.push(res.rssTick100);
      ctx.log(`  ${total} jobs round ${r + 1}/${rounds}: tick ${median(res.tickMs).toFixed(1)} ms, ${median(res.queries)} statements, RSS ${res.rssTick1.toFixed(0)} → ${res.rssTick100.toFixed(0)} MiB`);
    }
    const label = `${total.toLocaleString('en-US')} running, ${DUE_PER_TICK} due`;
    out.push(row({ benchmark: B, figure: `time per tick, ${label}`, median: median(ticks), p99: p99(ticks), unit: 'ms', baseline: baselineTick }));
    out.push(row({ benchmark: B, figure: `SQL statements per tick, ${label}`, median: median(queries), p99: p99(queries), unit: 'stmts' }));
    if (total === 10_000) {
      out.push(row({ benchmark: B, figure: `RSS at tick 1, ${label}`, median: median(rss1), p99: p99(rss1), unit: 'MiB' }));
      out.push(row({ benchmark: B, figure: `RSS at tick ${TICKS}, ${label}`, median: median(rss100), p99: p99(rss100), unit: 'MiB', baseline: median(rss1) }));
    }
    baselineTick = median(ticks);
  }
  return out;
}

/** `npm run bench -- poller`. */
export const pollerBench: Benchmark = { name: 'poller', run: measure };
