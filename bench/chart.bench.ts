/**
 * Benchmark 7 — charts: what `/usage … chart` costs on top of the report, on one core.
 * (a) cold: the first chart of the process, loading echarts and resvg (they load on first use, not at start-up).
 * (b) warm renders of the admin chart (30 days × 9 series) and of the member chart (30 days, allowance line): echarts
 *     builds the SVG on the event loop, resvg rasterizes it on libuv's pool, the PNG is encoded on the loop.
 *     Target ≤ 250 ms median per admin chart. Event-loop delay p99 during the renders is reported beside it.
 * (c) the per-day query (`dailySpend`, 31 CASE buckets) over a month of 20,000 ledger entries of 50 members, against
 *     the usage report's query over the same window as the baseline; checks that both sum to the same total.
 * Every render is checked: a PNG of 1000×560.
 */
import { imageSize } from 'image-size';
import { EchartsChartRenderer } from '../src/charts/echarts-renderer.js';
import { usageChartLabels } from '../src/core/admin-text/texts.js';
import { periodWindow } from '../src/core/budget/periods.js';
import { chartDayStarts, dayLabels, TOTAL_CHART_DAYS } from '../src/core/charts/days.js';
import { usageChartData } from '../src/core/charts/usage-chart.js';
import { ManualClock } from '../src/core/ports/clock.js';
import type { ChartSpec } from '../src/core/ports/chart-renderer.js';
import { generateEncryptionKey } from '../src/store/crypto.js';
import { serveStore } from '../src/app/store-services.js';
import { openStore } from '../src/store/sqlite/open-store.js';
import { budgetDefaults } from '../src/store/store-options.js';
import { join } from 'node:path';
import type { BenchContext, Benchmark } from './lib/context.js';
import { withEventLoopDelay } from './lib/context.js';
import { median, msSince, p99 } from './lib/stats.js';
import { row, type Row } from './lib/table.js';

const B = 'chart';
const RENDERS_PER_RUN = 10;
const MEMBERS = 50;
const ENTRIES = 20_000;
const TZ = 'Europe/Berlin';

function check(png: Uint8Array): void {
  const s = imageSize(png);
  if (s.type !== 'png' || s.width !== 1000 || s.height !== 560) throw new Error(`unexpected chart image ${JSON.stringify(s)}`);
}

/** A month of spend by MEMBERS members, ENTRIES charges spread over the days up to the 28th. */
async function seededStore(ctx: BenchContext) {
  const now = Date.parse('2026-03-28T20:00:00Z');
  const clock = new ManualClock(Date.parse('2026-03-01T08:00:00Z'));
  const options = { path: join(ctx.tempDir('chart'), 'bot.sqlite'), encryptionKey: generateEncryptionKey(), defaultAllowanceMicros: null, defaultPeriod: 'month' as const, clock };
  const store = serveStore(await openStore(options), { defaults: budgetDefaults(options), clock });
  const scope = await store.directory.ensureScope({ platform: 'discord', externalId: 'bench' });
  await store.admin.setTimezone('bench', scope.id, TZ);
  const users: string[] = [];
  for (let i = 0; i < MEMBERS; i++) users.push((await store.directory.ensureUser({ platform: 'discord', externalId: `m${i}`, displayName: `member ${i}` })).id);
  const span = now - clock.now();
  for (let i = 0; i < ENTRIES; i++) {
    clock.set(Date.parse('2026-03-01T08:00:00Z') + Math.floor((span * i) / ENTRIES));
    const userId = users[(i * 7919) % MEMBERS]!;
    const r = await store.budgets.reserve({ scopeId: scope.id, userId, amountMicros: 1_000 + (i % 97) * 100, jobId: null, tokenSource: 'scope' });
    if (!r.ok) throw new Error('refused');
    await store.budgets.settle(r.holdId, 1_000 + (i % 97) * 100, { units: 1, unit: 'image' });
  }
  clock.set(now);
  return { store, scopeId: scope.id, clock };
}

export const chartBench: Benchmark = {
  name: B,
  async run(ctx) {
    ctx.log('  seeding a month of ledger entries');
    const { store, scopeId, clock } = await seededStore(ctx);
    try {
      const report = await store.admin.usageReport(scopeId, 'month');
      const starts = chartDayStarts(periodWindow('month', TZ, clock.now()), TZ, clock.now());
      const q = { since: report.since, until: report.until, dayStarts: starts };
      const queryMs: number[] = [];
      const reportMs: number[] = [];
      let daily = await store.admin.dailySpend(scopeId, q);
      for (let i = 0; i < ctx.runs; i++) {
        let t = process.hrtime.bigint();
        daily = await store.admin.dailySpend(scopeId, q);
        queryMs.push(msSince(t));
        t = process.hrtime.bigint();
        await store.admin.usageReport(scopeId, 'month');
        reportMs.push(msSince(t));
      }
      const dailyTotal = daily.reduce((a, r) => a + r.spentMicros, 0);
      if (dailyTotal !== report.totals.spentMicros) throw new Error(`per-day sums ${dailyTotal} ≠ report ${report.totals.spentMicros}`);

      const admin: ChartSpec = usageChartData({ rows: report.rows, daily, days: dayLabels(starts, TZ), labels: usageChartLabels('en', 'month', TOTAL_CHART_DAYS) });
      let running = 0;
      const member: ChartSpec = {
        kind: 'cumulative',
        title: 'Your spending this month',
        days: dayLabels(starts, TZ),
        spentName: 'spent',
        cumulative: starts.map((s, i) => (s > clock.now() ? null : (running += 40_000 + i * 1_000))),
        allowance: { name: 'allowance', micros: 2_000_000 },
      };
      const renderer = new EchartsChartRenderer();
      let t = process.hrtime.bigint();
      check((await renderer.render(admin)).png);
      const coldMs = msSince(t);
      ctx.log(`  cold first chart: ${Math.round(coldMs)} ms`);

      const rows: Row[] = [row({ benchmark: B, figure: 'first chart of the process (loads echarts + resvg)', median: coldMs, p99: coldMs, unit: 'ms' })];
      for (const [label, spec] of [['admin: 30 days × 9 series', admin], ['member: 30 days + allowance', member]] as const) {
        const ms: number[] = [];
        const loop: number[] = [];
        let bytes = 0;
        for (let i = 0; i < ctx.runs; i++) {
          const { p99Ms } = await withEventLoopDelay(async () => {
            for (let k = 0; k < RENDERS_PER_RUN; k++) {
              t = process.hrtime.bigint();
              const img = await renderer.render(spec);
              ms.push(msSince(t));
              check(img.png);
              bytes = img.png.byteLength;
            }
          });
          loop.push(p99Ms);
        }
        ctx.log(`  ${label}: median ${Math.round(median(ms))} ms, ${Math.round(bytes / 1024)} KiB`);
        rows.push(
          row({ benchmark: B, figure: `render to PNG, ${label}`, median: median(ms), p99: p99(ms), unit: 'ms', ...(label.startsWith('admin') ? { target: { op: '<=', value: 250 } } : {}) }),
          row({ benchmark: B, figure: `event-loop delay (run p99), ${label}`, median: median(loop), p99: p99(loop), unit: 'ms' }),
          row({ benchmark: B, figure: `PNG size, ${label}`, median: bytes / 1024, p99: bytes / 1024, unit: 'KiB' }),
        );
      }
      rows.push(row({ benchmark: B, figure: `per-day query, ${ENTRIES.toLocaleString('en-US')} entries, ${starts.length} days`, median: median(queryMs), p99: p99(queryMs), unit: 'ms', baseline: median(reportMs) }));
      return rows;
    } finally {
      await store.close();
    }
  },
};
