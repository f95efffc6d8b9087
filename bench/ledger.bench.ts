/**
 * Benchmark 3 — the budget ledger: reserve+settle pairs per second on a real WAL database file,
 * (a) one hot budget with 100 concurrent callers, (b) 1,000 distinct users (one caller each) under one
 * scope with a pool cap. Target ≥ 5,000 pairs/s. Each run uses a fresh file whose allowance (and pool)
 * equals exactly what the run spends, then checks against the raw ledger rows that nothing overspent,
 * remaining is 0 (never negative), a further reserve is refused and no call failed.
 * Baseline: the same number of bare better-sqlite3 `INSERT` + `UPDATE` transactions (two per pair, like
 * reserve and settle) on a scratch table in the same directory, so the ratio is the ledger's cost over raw writes.
 */
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { systemClock } from '../src/core/ports/clock.js';
import { openStore, type SqliteStore } from '../src/store/sqlite/open-store.js';
import type { BenchContext, Benchmark } from './lib/context.js';
import { withEventLoopDelay, withRssSamples } from './lib/context.js';
import { median, msSince, opsPerSecond, p99, p99Low } from './lib/stats.js';
import { row, type Row } from './lib/table.js';

const COST = 1_000; // $0.001 per pair
const HOT_PAIRS = 4_000;
const HOT_CALLERS = 100;
const USERS = 1_000;
const PAIRS_PER_USER = 4;
const TARGET = { op: '>=', value: 5_000 } as const;

interface RunResult {
  pairsPerSec: number;
  latenciesMs: number[];
  loopP99Ms: number;
  peakRssMiB: number;
}

/** Runs `callers` loops that each do reserve→settle until `pairs` pairs are done, picking a user per pair. */
async function drive(store: SqliteStore, scopeId: string, pairs: number, callers: number, userFor: (caller: number) => string): Promise<{ ms: number; latenciesMs: number[] }> {
  let issued = 0;
  const latenciesMs: number[] = [];
  const caller = async (c: number) => {
    const userId = userFor(c);
    while (issued < pairs) {
      issued++;
      const t0 = process.hrtime.bigint();
      const r = await store.budgets.reserve({ scopeId, userId, amountMicros: COST, jobId: null, tokenSource: 'scope' });
      if (!r.ok) throw new Error(`reserve refused during the run: ${r.reason} (remaining ${r.remainingMicros})`);
      const s = await store.budgets.settle(r.holdId, COST, { units: 1, unit: 'image' });
      if (!s.ok || s.chargedMicros !== COST) throw new Error(`settle failed: ${JSON.stringify(s)}`);
      latenciesMs.push(msSince(t0));
    }
  };
  const start = process.hrtime.bigint();
  await Promise.all(Array.from({ length: callers }, (_, c) => caller(c)));
  return { ms: msSince(start), latenciesMs };
}

/** Verifies the run against the raw ledger rows (not the ledger's own totals). Throws on any violation. */
async function verify(store: SqliteStore, scopeId: string, users: readonly string[], perUserLimit: number, poolLimit: number | null): Promise<void> {
  const spent = await sql<{ user_id: string; spent: number }>`
    select user_id, sum(case when kind = 'charge' then amount_micros when kind = 'refund' then -amount_micros else 0 end) as spent
    from ledger_entries where scope_id = ${scopeId} group by user_id`.execute(store.db);
  const total = spent.rows.reduce((a, r) => a + Number(r.spent), 0);
  for (const r of spent.rows) if (Number(r.spent) > perUserLimit) throw new Error(`user ${r.user_id} overspent: ${r.spent} > ${perUserLimit}`);
  if (poolLimit !== null && total > poolLimit) throw new Error(`pool overspent: ${total} > ${poolLimit}`);
  const open = await sql<{ n: number }>`select count(*) as n from holds where status = 'open'`.execute(store.db);
  if (Number(open.rows[0]?.n) !== 0) throw new Error('open holds left after the run');
  for (const u of users.slice(0, 50)) {
    const b = await store.budgets.balance(scopeId, u);
    if (b.remainingMicros === null || b.remainingMicros !== 0) throw new Error(`remaining for ${u} is ${b.remainingMicros}, expected 0`);
    if (b.spentMicros !== perUserLimit) throw new Error(`balance spent ${b.spentMicros} ≠ ledger ${perUserLimit}`);
  }
  const again = await store.budgets.reserve({ scopeId, userId: users[0]!, amountMicros: 1, jobId: null, tokenSource: 'scope' });
  if (again.ok) throw new Error('a reserve past the exhausted allowance succeeded');
}

async function ledgerRun(dir: string, mode: 'hot' | 'users', scale = 1): Promise<RunResult> {
  const pairs = Math.round((mode === 'hot' ? HOT_PAIRS : USERS * PAIRS_PER_USER) * scale);
  const perUser = mode === 'hot' ? pairs : Math.max(1, Math.round(PAIRS_PER_USER * scale));
  const store = await openStore({ path: join(dir, 'bot.sqlite'), defaultAllowanceMicros: perUser * COST, defaultPeriod: 'day', clock: systemClock });
  try {
    const scope = await store.directory.ensureScope({ platform: 'discord', externalId: 'bench', title: 'Bench' });
    const userCount = mode === 'hot' ? 1 : USERS;
    const users: string[] = [];
    for (let i = 0; i < userCount; i++) users.push((await store.directory.ensureUser({ platform: 'discord', externalId: `u${i}`, displayName: `U${i}` })).id);
    const poolLimit = mode === 'users' ? userCount * perUser * COST : null;
    if (poolLimit !== null) await store.admin.setPool('bench', scope.id, poolLimit, 'month');
    const callers = mode === 'hot' ? HOT_CALLERS : USERS;
    const measured = await withRssSamples(() => withEventLoopDelay(() => drive(store, scope.id, userCount * perUser, callers, (c) => users[c % userCount]!)));
    const { result, p99Ms } = measured.result;
    await verify(store, scope.id, users, perUser * COST, poolLimit);
    return { pairsPerSec: opsPerSecond(userCount * perUser, result.ms), latenciesMs: result.latenciesMs, loopP99Ms: p99Ms, peakRssMiB: Math.max(...measured.samplesMiB) };
  } finally {
    await store.close();
  }
}

/** `pairs` bare INSERT transactions then UPDATE transactions (one of each per pair) on a scratch table; returns pairs/s. */
function rawBaseline(dir: string, pairs: number): number {
  const db = new BetterSqlite3(join(dir, 'raw.sqlite'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec('create table scratch (id text primary key, amount integer not null, status text not null, created_at integer not null)');
    const ins = db.prepare('insert into scratch (id, amount, status, created_at) values (?, ?, ?, ?)');
    const upd = db.prepare("update scratch set status = 'settled' where id = ? and status = 'open'");
    const insTx = db.transaction((id: string) => ins.run(id, COST, 'open', Date.now()));
    const updTx = db.transaction((id: string) => upd.run(id));
    const start = process.hrtime.bigint();
    for (let i = 0; i < pairs; i++) {
      const id = `h_${i.toString(36).padStart(10, '0')}`;
      insTx(id);
      updTx(id);
    }
    return opsPerSecond(pairs, msSince(start));
  } finally {
    db.close();
  }
}

async function measure(ctx: BenchContext, mode: 'hot' | 'users'): Promise<Row[]> {
  await ledgerRun(ctx.tempDir(`ledger-${mode}-warm`), mode, 0.25);
  const rates: number[] = [];
  const base: number[] = [];
  const lat: number[] = [];
  const loop: number[] = [];
  const rss: number[] = [];
  for (let i = 0; i < ctx.runs; i++) {
    const r = await ledgerRun(ctx.tempDir(`ledger-${mode}`), mode);
    rates.push(r.pairsPerSec);
    lat.push(...r.latenciesMs);
    loop.push(r.loopP99Ms);
    rss.push(r.peakRssMiB);
    base.push(rawBaseline(ctx.tempDir('ledger-raw'), mode === 'hot' ? HOT_PAIRS : USERS * PAIRS_PER_USER));
    ctx.log(`  ${mode} run ${i + 1}/${ctx.runs}: ${Math.round(r.pairsPerSec)} pairs/s (raw ${Math.round(base.at(-1)!)})`);
  }
  const label = mode === 'hot' ? `1 hot budget, ${HOT_CALLERS} callers` : `${USERS} users, pool cap`;
  return [
    row({ benchmark: 'ledger', figure: `reserve+settle, ${label}`, median: median(rates), p99: p99Low(rates), unit: 'pairs/s', baseline: median(base), target: TARGET }),
    row({ benchmark: 'ledger', figure: `pair latency, ${label}`, median: median(lat), p99: p99(lat), unit: 'ms' }),
    row({ benchmark: 'ledger', figure: `event-loop delay (run p99), ${label}`, median: median(loop), p99: p99(loop), unit: 'ms' }),
    row({ benchmark: 'ledger', figure: `peak RSS, ${label}`, median: median(rss), p99: p99(rss), unit: 'MiB' }),
  ];
}

/** The ledger benchmark (`npm run bench -- ledger`). */
export const ledgerBench: Benchmark = {
  name: 'ledger',
  async run(ctx) {
    return [...(await measure(ctx, 'hot')), ...(await measure(ctx, 'users'))];
  },
};
