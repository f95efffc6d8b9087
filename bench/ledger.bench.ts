/**
 * Benchmark 3 — the budget ledger: reserve+settle pairs per second on a real WAL database file,
 * (a) one hot budget with 100 concurrent callers, (b) 1,000 distinct users (one caller each) under one
 * scope with a pool cap, (c) one caller alone (the latency at low load). Target ≥ 5,000 pairs/s with the event
 * loop's delay p99 ≤ 50 ms during the run. Each case runs twice per round on fresh files: through the store's
 * ledger (group commit: the requests of one event-loop turn share one transaction) and through a ledger with
 * `groupCommit: false` (one transaction per call, the path before group commit), so `ratio` compares them in the
 * same run. Each run's allowance (and pool) equals exactly what the run spends; afterwards the raw ledger rows
 * must show nothing overspent, no hold open, remaining 0 (never negative) and a further reserve refused.
 * Event-loop delay, two ways, both in ms: the p99 of the gaps of a 1 ms timer (`withEventLoopDelay`, which also
 * counts a stall lasting to the end of the run) and the p99 of `perf_hooks.monitorEventLoopDelay` (1 ms
 * resolution); when the monitor recorded no sample at all (the loop never turned), the run's length is reported.
 * Baseline of the per-call rows: the same number of bare better-sqlite3 `INSERT` + `UPDATE` transactions (two
 * per pair, like reserve and settle) on a scratch table in the same directory, i.e. the ledger's cost over raw writes.
 */
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { AdminService } from '../src/core/admin/admin-service.js';
import type { BudgetLedger } from '../src/core/ports/budget-ledger.js';
import { systemClock } from '../src/core/ports/clock.js';
import { SqliteBudgetLedger } from '../src/store/sqlite/budget-ledger.js';
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
const SINGLE_PAIRS = 2_000;
const TARGET = { op: '>=', value: 5_000 } as const;
const LOOP_TARGET = { op: '<=', value: 50 } as const;

type Mode = 'hot' | 'users' | 'single';
type Path = 'group' | 'per-call';

interface RunResult {
  pairsPerSec: number;
  latenciesMs: number[];
  loopP99Ms: number;
  monitorP99Ms: number;
  peakRssMiB: number;
  /** Requests per committed transaction (group commit only; 2 per pair otherwise). */
  perTransaction: number | null;
}

/** Runs `callers` loops that each do reserve→settle until `pairs` pairs are done, picking a user per pair. */
async function drive(ledger: BudgetLedger, scopeId: string, pairs: number, callers: number, userFor: (caller: number) => string): Promise<{ ms: number; latenciesMs: number[] }> {
  let issued = 0;
  const latenciesMs: number[] = [];
  const caller = async (c: number) => {
    const userId = userFor(c);
    while (issued < pairs) {
      issued++;
      const t0 = process.hrtime.bigint();
      const r = await ledger.reserve({ scopeId, userId, amountMicros: COST, jobId: null, tokenSource: 'scope' });
      if (!r.ok) throw new Error(`reserve refused during the run: ${r.reason} (remaining ${r.remainingMicros})`);
      const s = await ledger.settle(r.holdId, COST, { units: 1, unit: 'image' });
      if (!s.ok || s.chargedMicros !== COST) throw new Error(`settle failed: ${JSON.stringify(s)}`);
      latenciesMs.push(msSince(t0));
    }
  };
  const start = process.hrtime.bigint();
  await Promise.all(Array.from({ length: callers }, (_, c) => caller(c)));
  return { ms: msSince(start), latenciesMs };
}

/** `fn` under `monitorEventLoopDelay` (1 ms resolution): its p99 in ms, or `fn`'s whole duration when it recorded no sample. */
async function withLoopMonitor<T>(fn: () => Promise<T>): Promise<{ result: T; p99Ms: number }> {
  const h = monitorEventLoopDelay({ resolution: 1 });
  const start = process.hrtime.bigint();
  h.enable();
  try {
    const result = await fn();
    h.disable();
    return { result, p99Ms: h.count > 0 ? h.percentile(99) / 1e6 : msSince(start) };
  } finally {
    h.disable();
  }
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

async function ledgerRun(dir: string, mode: Mode, path: Path, scale = 1): Promise<RunResult> {
  const pairs = Math.round((mode === 'hot' ? HOT_PAIRS : mode === 'single' ? SINGLE_PAIRS : USERS * PAIRS_PER_USER) * scale);
  const perUser = mode === 'users' ? Math.max(1, Math.round(PAIRS_PER_USER * scale)) : pairs;
  const defaults = { defaultAllowanceMicros: perUser * COST, defaultPeriod: 'day' } as const;
  const store = await openStore({ path: join(dir, 'bot.sqlite'), ...defaults, clock: systemClock });
  try {
    const ledger = path === 'group' ? store.budgets : new SqliteBudgetLedger(store.db, systemClock, defaults, { groupCommit: false });
    const scope = await store.directory.ensureScope({ platform: 'discord', externalId: 'bench', title: 'Bench' });
    const userCount = mode === 'users' ? USERS : 1;
    const users: string[] = [];
    for (let i = 0; i < userCount; i++) users.push((await store.directory.ensureUser({ platform: 'discord', externalId: `u${i}`, displayName: `U${i}` })).id);
    const poolLimit = mode === 'users' ? userCount * perUser * COST : null;
    if (poolLimit !== null) await new AdminService(store.adminStore, defaults, systemClock).setPool('bench', scope.id, poolLimit, 'month');
    const callers = mode === 'hot' ? HOT_CALLERS : mode === 'users' ? USERS : 1;
    const before = store.budgets.commitStats();
    const measured = await withRssSamples(() => withLoopMonitor(() => withEventLoopDelay(() => drive(ledger, scope.id, userCount * perUser, callers, (c) => users[c % userCount]!))));
    const after = store.budgets.commitStats();
    const { result, p99Ms } = measured.result.result;
    await verify(store, scope.id, users, perUser * COST, poolLimit);
    const perTransaction = path === 'group' && before && after ? (after.requests - before.requests) / Math.max(1, after.transactions - before.transactions) : null;
    return {
      pairsPerSec: opsPerSecond(userCount * perUser, result.ms),
      latenciesMs: result.latenciesMs,
      loopP99Ms: p99Ms,
      monitorP99Ms: measured.result.p99Ms,
      peakRssMiB: Math.max(...measured.samplesMiB),
      perTransaction,
    };
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

interface Series {
  rates: number[];
  lat: number[];
  loop: number[];
  monitor: number[];
  rss: number[];
  perTx: number[];
}
const series = (): Series => ({ rates: [], lat: [], loop: [], monitor: [], rss: [], perTx: [] });
function add(s: Series, r: RunResult): void {
  s.rates.push(r.pairsPerSec);
  s.lat.push(...r.latenciesMs);
  s.loop.push(r.loopP99Ms);
  s.monitor.push(r.monitorP99Ms);
  s.rss.push(r.peakRssMiB);
  if (r.perTransaction !== null) s.perTx.push(r.perTransaction);
}

async function measure(ctx: BenchContext, mode: Mode): Promise<Row[]> {
  await ledgerRun(ctx.tempDir(`ledger-${mode}-warm`), mode, 'group', 0.25);
  await ledgerRun(ctx.tempDir(`ledger-${mode}-warm`), mode, 'per-call', 0.25);
  const group = series();
  const perCall = series();
  const base: number[] = [];
  for (let i = 0; i < ctx.runs; i++) {
    // Alternate which path goes first, so a drifting machine load does not favour one of them.
    const order: Path[] = i % 2 === 0 ? ['group', 'per-call'] : ['per-call', 'group'];
    for (const path of order) add(path === 'group' ? group : perCall, await ledgerRun(ctx.tempDir(`ledger-${mode}`), mode, path));
    base.push(rawBaseline(ctx.tempDir('ledger-raw'), mode === 'hot' ? HOT_PAIRS : mode === 'single' ? SINGLE_PAIRS : USERS * PAIRS_PER_USER));
    ctx.log(
      `  ${mode} run ${i + 1}/${ctx.runs}: group ${Math.round(group.rates.at(-1)!)} pairs/s (loop p99 ${group.loop.at(-1)!.toFixed(1)} ms), ` +
        `per call ${Math.round(perCall.rates.at(-1)!)} pairs/s (loop p99 ${perCall.loop.at(-1)!.toFixed(0)} ms), raw ${Math.round(base.at(-1)!)}`,
    );
  }
  const label = mode === 'hot' ? `1 hot budget, ${HOT_CALLERS} callers` : mode === 'users' ? `${USERS} users, pool cap` : '1 caller';
  const loopTarget = mode === 'single' ? null : LOOP_TARGET;
  const rows = [
    // The target is for many callers; one caller alone shows what group commit costs at low load.
    row({ benchmark: 'ledger', figure: `reserve+settle, ${label}, group commit (baseline: per call)`, median: median(group.rates), p99: p99Low(group.rates), unit: 'pairs/s', baseline: median(perCall.rates), target: mode === 'single' ? null : TARGET }),
    row({ benchmark: 'ledger', figure: `reserve+settle, ${label}, per call (baseline: raw SQLite)`, median: median(perCall.rates), p99: p99Low(perCall.rates), unit: 'pairs/s', baseline: median(base) }),
    row({ benchmark: 'ledger', figure: `pair latency, ${label}, group commit`, median: median(group.lat), p99: p99(group.lat), unit: 'ms', baseline: median(perCall.lat) }),
  ];
  if (mode === 'single') return rows;
  return [
    ...rows,
    row({ benchmark: 'ledger', figure: `event-loop delay (run p99, 1 ms timer), ${label}, group commit`, median: median(group.loop), p99: p99(group.loop), unit: 'ms', baseline: median(perCall.loop), target: loopTarget }),
    row({ benchmark: 'ledger', figure: `event-loop delay (monitorEventLoopDelay p99), ${label}, group commit`, median: median(group.monitor), p99: p99(group.monitor), unit: 'ms', baseline: median(perCall.monitor), target: loopTarget }),
    row({ benchmark: 'ledger', figure: `requests per transaction, ${label}, group commit`, median: median(group.perTx), p99: p99(group.perTx), unit: 'req' }),
    row({ benchmark: 'ledger', figure: `peak RSS, ${label}, group commit`, median: median(group.rss), p99: p99(group.rss), unit: 'MiB', baseline: median(perCall.rss) }),
  ];
}

/** The ledger benchmark (`npm run bench -- ledger`). */
export const ledgerBench: Benchmark = {
  name: 'ledger',
  async run(ctx) {
    return [...(await measure(ctx, 'hot')), ...(await measure(ctx, 'users')), ...(await measure(ctx, 'single'))];
  },
};
