/**
 * Benchmark `ledger-pg` — the budget ledger on PostgreSQL across processes: reserve+settle pairs per second with
 * 100 callers spread over 3 processes (34 + 33 + 33), all on ONE hot budget, so every pair contends for the same
 * row locks (the worst case of the row-locking design). Each run uses a fresh database on the server at
 * `MEDIABOT_BENCH_PG_URL` (default `postgres://postgres@127.0.0.1:5432/postgres`, the maintenance database; the run
 * database is created and dropped there) whose allowance equals exactly what the run spends; afterwards the raw
 * ledger must show no overspend, no open hold, nothing left, and a further reserve must be refused.
 * Baseline: the same number of bare INSERT and UPDATE transactions (two per pair, like reserve and settle) from 100
 * callers in one process on the same server, so the ratio is the ledger's cost over the server's raw writes.
 * Skipped, with a note in the table, when the server does not answer.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { AdminService } from '../src/core/admin/admin-service.js';
import { systemClock } from '../src/core/ports/clock.js';
import { openStore } from '../src/store/open-store.js';
import type { Benchmark, BenchContext } from './lib/context.js';
import { median, opsPerSecond, p99, p99Low } from './lib/stats.js';
import { row, type Row } from './lib/table.js';
import { startChild, type Child } from './support/child.js';

const ADMIN_URL = process.env.MEDIABOT_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const COST = 1_000;
const PAIRS = 3_000;
const CALLERS = 100;
const PROCESSES = 3;

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

/** A fresh database for one run; `drop` removes it. */
async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `mb_bench_${randomBytes(5).toString('hex')}`;
  await admin((c) => c.query(`create database ${name}`));
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined) };
}

interface RunResult {
  pairsPerSec: number;
  latenciesMs: number[];
}

async function run(pairs: number): Promise<RunResult> {
  const db = await freshDatabase();
  const children: Child[] = [];
  try {
    const store = await openStore({ databaseUrl: db.url, defaultAllowanceMicros: pairs * COST, defaultPeriod: 'day', clock: systemClock });
    const scope = await store.directory.ensureScope({ platform: 'discord', externalId: 'bench', title: 'Bench' });
    const user = await store.directory.ensureUser({ platform: 'discord', externalId: 'u0' });
    await new AdminService(store.adminStore, { defaultAllowanceMicros: pairs * COST, defaultPeriod: 'day' }, systemClock).setDefault('bench', scope.id, pairs * COST, 'day');
    const split = Array.from({ length: PROCESSES }, (_, i) => ({
      callers: Math.floor(CALLERS / PROCESSES) + (i < CALLERS % PROCESSES ? 1 : 0),
      pairs: Math.floor(pairs / PROCESSES) + (i < pairs % PROCESSES ? 1 : 0),
    }));
    for (const s of split) children.push(startChild('ledger-pg-worker.ts', [db.url, scope.id, user.id, String(s.callers), String(s.pairs)]));
    await Promise.all(children.map((c) => c.next()));
    const start = process.hrtime.bigint();
    const answers = await Promise.all(children.map((c) => c.request<{ type: string; latenciesMs?: number[]; message?: string }>({ type: 'go' })));
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    const failed = answers.find((a) => a.type !== 'done');
    if (failed) throw new Error(`a ledger process failed: ${failed.message}`);
    try {
      const spent = await sql<{ spent: number; open: number }>`select
          (select coalesce(sum(amount_micros), 0) from ledger_entries where kind = 'charge') as spent,
          (select count(*) from holds where status = 'open') as open`.execute(store.db);
      const r = spent.rows[0]!;
      if (r.spent !== pairs * COST) throw new Error(`ledger shows ${r.spent} spent, expected exactly ${pairs * COST}`);
      if (r.open !== 0) throw new Error(`${r.open} holds left open`);
      const b = await store.budgets.balance(scope.id, user.id);
      if (b.remainingMicros !== 0 || b.spentMicros !== pairs * COST) throw new Error(`balance says ${b.spentMicros} spent, ${b.remainingMicros} left`);
      const again = await store.budgets.reserve({ scopeId: scope.id, userId: user.id, amountMicros: 1, jobId: null, tokenSource: 'scope' });
      if (again.ok) throw new Error('a reserve past the exhausted allowance succeeded');
    } finally {
      await store.close();
    }
    return { pairsPerSec: opsPerSecond(pairs, ms), latenciesMs: answers.flatMap((a) => a.latenciesMs ?? []) };
  } finally {
    await Promise.all(children.map((c) => c.close()));
    await db.drop();
  }
}

/** `pairs` bare INSERT then UPDATE transactions on a scratch table from {@link CALLERS} callers over one pool; pairs/s. */
async function rawBaseline(pairs: number): Promise<number> {
  const db = await freshDatabase();
  const pool = new pg.Pool({ connectionString: db.url, max: 10 });
  pool.on('error', () => undefined);
  try {
    await pool.query('create table scratch (id text primary key, amount bigint not null, status text not null, created_at bigint not null)');
    let issued = 0;
    const loop = async () => {
      while (issued < pairs) {
        const id = `h_${(issued++).toString(36)}`;
        await pool.query(`insert into scratch (id, amount, status, created_at) values ($1, $2, 'open', $3)`, [id, COST, Date.now()]);
        await pool.query(`update scratch set status = 'settled' where id = $1 and status = 'open'`, [id]);
      }
    };
    const start = process.hrtime.bigint();
    await Promise.all(Array.from({ length: CALLERS }, () => loop()));
    return opsPerSecond(pairs, Number(process.hrtime.bigint() - start) / 1e6);
  } finally {
    await pool.end();
    await db.drop();
  }
}

async function measure(ctx: BenchContext): Promise<Row[]> {
  await run(Math.round(PAIRS / 4));
  const rates: number[] = [];
  const base: number[] = [];
  const lat: number[] = [];
  for (let i = 0; i < ctx.runs; i++) {
    const r = await run(PAIRS);
    rates.push(r.pairsPerSec);
    lat.push(...r.latenciesMs);
    base.push(await rawBaseline(PAIRS));
    ctx.log(`  ledger-pg run ${i + 1}/${ctx.runs}: ${Math.round(r.pairsPerSec)} pairs/s (raw ${Math.round(base.at(-1)!)})`);
  }
  const label = `1 hot budget, ${CALLERS} callers over ${PROCESSES} processes`;
  return [
    row({ benchmark: 'ledger-pg', figure: `reserve+settle on PostgreSQL, ${label}`, median: median(rates), p99: p99Low(rates), unit: 'pairs/s', baseline: median(base) }),
    row({ benchmark: 'ledger-pg', figure: `pair latency on PostgreSQL, ${label}`, median: median(lat), p99: p99(lat), unit: 'ms' }),
  ];
}

/** The PostgreSQL ledger benchmark (`npm run bench -- ledger-pg`). */
export const ledgerPgBench: Benchmark = {
  name: 'ledger-pg',
  async run(ctx) {
    const reason = await admin((c) => c.query('select 1')).then(
      () => undefined,
      (e: unknown) => (e instanceof Error ? e.message : String(e)),
    );
    if (reason !== undefined) {
      ctx.log(`  ledger-pg skipped: PostgreSQL at ${new URL(ADMIN_URL).host} does not answer (${reason})`);
      return [row({ benchmark: 'ledger-pg', figure: `skipped: PostgreSQL at ${new URL(ADMIN_URL).host} does not answer`, median: Number.NaN, p99: Number.NaN, unit: '-' })];
    }
    return measure(ctx);
  },
};
