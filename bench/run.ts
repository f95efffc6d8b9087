/**
 * `npm run bench` runs every benchmark; `npm run bench -- ledger` runs the named ones; `--runs N` sets
 * how many measured runs each figure takes (default 5). Prints a Markdown table on stdout (progress on
 * stderr) headed by the date, Node version and core count. Never part of `npm test`.
 * To add a benchmark: write `bench/<name>.bench.ts` exporting a {@link Benchmark} and list it in `BENCHMARKS`.
 */
import { cpus } from 'node:os';
import { createContext, type Benchmark } from './lib/context.js';
import { renderTable, verdict, type Row } from './lib/table.js';
import { billingExprBench } from './billing-expr.bench.js';
import { chartBench } from './chart.bench.js';
import { ledgerBench } from './ledger.bench.js';
import { ledgerPgBench } from './ledger-pg.bench.js';
import { memoryBench } from './memory.bench.js';
import { overheadBench } from './overhead.bench.js';
import { pollerBench } from './poller.bench.js';
import { pollerPgBench } from './poller-pg.bench.js';
import { startupBench } from './startup.bench.js';
import { throughputBench } from './throughput.bench.js';
import { wordRulesBench } from './word-rules.bench.js';
import { webBench } from './web.bench.js';

/** Every benchmark, in the order `npm run bench` runs them. */
export const BENCHMARKS: readonly Benchmark[] = [overheadBench, throughputBench, ledgerBench, ledgerPgBench, pollerBench, pollerPgBench, memoryBench, startupBench, chartBench, billingExprBench, wordRulesBench, webBench];

function parseArgs(argv: readonly string[]): { names: string[]; runs: number } {
  const names: string[] = [];
  let runs = 5;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--runs') runs = Number(argv[++i]);
    else if (a.startsWith('--runs=')) runs = Number(a.slice('--runs='.length));
    else names.push(a);
  }
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
  return { names, runs };
}

async function main(): Promise<void> {
  const { names, runs } = parseArgs(process.argv.slice(2));
  const unknown = names.filter((n) => !BENCHMARKS.some((b) => b.name === n));
  if (unknown.length) {
    process.stderr.write(`unknown benchmark(s): ${unknown.join(', ')}; known: ${BENCHMARKS.map((b) => b.name).join(', ')}\n`);
    process.exitCode = 2;
    return;
  }
  const selected = names.length ? BENCHMARKS.filter((b) => names.includes(b.name)) : BENCHMARKS;
  const ctx = createContext(runs);
  const rows: Row[] = [];
  let failed = false;
  try {
    for (const b of selected) {
      ctx.log(`▶ ${b.name}`);
      try {
        rows.push(...(await b.run(ctx)));
      } catch (err) {
        failed = true;
        ctx.log(`✖ ${b.name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      }
    }
  } finally {
    ctx.dispose();
  }
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  process.stdout.write(`Date: ${new Date().toISOString()} · Node ${process.version} · ${ctx.cores} cores (${cpu}) · ${runs} runs per figure\n\n`);
  process.stdout.write(`${renderTable(rows)}\n`);
  const misses = rows.filter((r) => verdict(r).startsWith('MISS'));
  if (misses.length) process.stdout.write(`\n${misses.length} target(s) missed.\n`);
  if (failed) process.exitCode = 1;
}

await main();
