/**
 * Benchmark `poller-pg` — the video poller on PostgreSQL across processes: 10,000 running video jobs in a fresh
 * database (on the server at `MEDIABOT_BENCH_PG_URL`, default `postgres://postgres@127.0.0.1:5432/postgres`; created
 * and dropped per run), all due at once; 1 process, then 3 processes (each a real `VideoPoller`, batch 100, claiming
 * with `FOR UPDATE SKIP LOCKED`) tick until nothing is due. The figure is jobs claimed and advanced (polled, row
 * updated with its next poll time, lease let go) per second over the whole backlog, and the time per tick. The
 * gateway is a stub answering every poll "running" at once, so the poller's own cost and the database are what is
 * measured. The run fails when a job was polled twice or not at all (across processes, each job exactly once).
 * Baseline of the 3-process row: the 1-process figure. Skipped, with a note in the table, when the server does not
 * answer.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { systemClock } from '../src/core/ports/clock.js';
import { openStore } from '../src/store/open-store.js';
import type { Benchmark, BenchContext } from './lib/context.js';
import { median, p99, p99Low } from './lib/stats.js';
import { row, type Row } from './lib/table.js';
import { startChild, type Child } from './support/child.js';

const ADMIN_URL = process.env.MEDIABOT_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const JOBS = 10_000;
const OPERATOR = 'sk-bench-operator-token-0000000000';

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3_000 });
  c.on('error', () => undefined);
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end().catch(() => undefined);
  }
}

interface RunResult {
  jobsPerSec: number;
  tickMs: number[];
  perProcess: number[];
}

/** One run: a fresh database with {@link JOBS} running videos, `processes` pollers through the backlog. */
async function run(ctx: BenchContext, processes: number): Promise<RunResult> {
  const name = `mb_bench_${randomBytes(5).toString('hex')}`;
  await admin((c) => c.query(`create database ${name}`));
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  const children: Child[] = [];
  try {
    const store = await openStore({ databaseUrl: u.toString(), defaultAllowanceMicros: null, defaultPeriod: 'day', clock: systemClock, operatorToken: OPERATOR });
    try {
      const scope = await store.directory.ensureScope({ platform: 'discord', externalId: 'bench', title: 'Bench' });
      const user = await store.directory.ensureUser({ platform: 'discord', externalId: 'u0' });
      const later = Date.now() + 86_400_000;
      for (let start = 0; start < JOBS; start += 1_000) {
        const now = Date.now();
        await store.db
          .insertInto('jobs')
          .values(
            Array.from({ length: Math.min(1_000, JOBS - start) }, (_, k) => ({
              id: `job_${String(start + k).padStart(6, '0')}`, kind: 'video' as const, status: 'running', scope_id: scope.id, user_id: user.id,
              model: 'gamma-video-1', prompt: 'waves', token_source: 'operator' as const, token_id: null, estimate_micros: 200_000,
              remote_task_id: `task_${start + k}`, next_poll_at: later, poll_interval_ms: 3_600_000, deadline_at: later + 86_400_000,
              created_at: now, updated_at: now,
            })),
          )
          .execute();
      }
      for (let i = 0; i < processes; i++) children.push(startChild('poller-pg-worker.ts', [u.toString()]));
      await Promise.all(children.map((c) => c.next()));
      await store.db.updateTable('jobs').set({ next_poll_at: Date.now() }).execute();
    } finally {
      await store.close();
    }
    const t0 = process.hrtime.bigint();
    const answers = await Promise.all(children.map((c) => c.request<{ type: string; handled?: number; tickMs?: number[]; polls?: string[]; message?: string }>({ type: 'go' })));
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    const failed = answers.find((a) => a.type !== 'done');
    if (failed) throw new Error(`a poller process failed: ${failed.message}`);
    const polls = answers.flatMap((a) => a.polls ?? []);
    if (polls.length !== JOBS || new Set(polls).size !== JOBS) throw new Error(`${polls.length} polls of ${new Set(polls).size} distinct jobs, expected each of ${JOBS} once`);
    const perProcess = answers.map((a) => a.handled ?? 0);
    ctx.log(`  poller-pg ${processes} process(es): ${JOBS} jobs in ${Math.round(ms)} ms (${perProcess.join(' + ')})`);
    return { jobsPerSec: (JOBS / ms) * 1000, tickMs: answers.flatMap((a) => a.tickMs ?? []), perProcess };
  } finally {
    await Promise.all(children.map((c) => c.close()));
    await admin((c) => c.query(`drop database if exists ${name} with (force)`));
  }
}

async function measure(ctx: BenchContext): Promise<Row[]> {
  const out: Row[] = [];
  let base: number | null = null;
  for (const processes of [1, 3]) {
    const rates: number[] = [];
    const ticks: number[] = [];
    for (let i = 0; i < Math.max(1, Math.min(ctx.runs, 3)); i++) {
      const r = await run(ctx, processes);
      rates.push(r.jobsPerSec);
      ticks.push(...r.tickMs);
    }
    const label = `${JOBS.toLocaleString('en-US')} running, all due, ${processes} process${processes === 1 ? '' : 'es'}`;
    out.push(row({ benchmark: 'poller-pg', figure: `jobs claimed and advanced on PostgreSQL, ${label}`, median: median(rates), p99: p99Low(rates), unit: 'jobs/s', baseline: base }));
    out.push(row({ benchmark: 'poller-pg', figure: `time per tick of 100 jobs on PostgreSQL, ${label}`, median: median(ticks), p99: p99(ticks), unit: 'ms' }));
    base ??= median(rates);
  }
  return out;
}

/** The PostgreSQL poller benchmark (`npm run bench -- poller-pg`). */
export const pollerPgBench: Benchmark = {
  name: 'poller-pg',
  async run(ctx) {
    const reason = await admin((c) => c.query('select 1')).then(
      () => undefined,
      (e: unknown) => (e instanceof Error ? e.message : String(e)),
    );
    if (reason !== undefined) {
      ctx.log(`  poller-pg skipped: PostgreSQL at ${new URL(ADMIN_URL).host} does not answer (${reason})`);
      return [row({ benchmark: 'poller-pg', figure: `skipped: PostgreSQL at ${new URL(ADMIN_URL).host} does not answer`, median: Number.NaN, p99: Number.NaN, unit: '-' })];
    }
    return measure(ctx);
  },
};
