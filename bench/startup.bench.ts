/**
 * Benchmark 6 — start-up and idle memory of a Telegram-only bot, built (`node dist/src/main.js`, what
 * `npm run start:prod` and the container run) against today's `node --import tsx src/main.ts` (what `npm start`
 * runs, without the npm wrapper), in the same run. The fake Telegram Bot API (test/fakes/telegram) and the gateway
 * simulator run in this process; one update is queued before each start so the bot's first `getUpdates` is
 * answered (and recorded) at once.
 * (a) start → first getUpdates: from `spawn()` to the fake answering the first getUpdates. Target ≤ 1 s median.
 * (b) idle RSS: the bot's resident set (/proc/<pid>/status VmRSS) STARTUP_RSS_AT_MS after its start (default 8000,
 *     the target's "8 s after start"; it waits for the first getUpdates first). Target ≤ 100 MiB. STARTUP_RSS_RUNS
 *     starts per variant (default 1; `--runs` applies to (a)); the p99 column shows the largest.
 * With STARTUP_COMPARE_DIST=<folder> (another build's `dist`, e.g. of the previous commit, with this node_modules
 * reachable from it), that build is measured in the same run as a third variant, `compare`, and is the baseline of
 * the built rows, so a change is judged by its ratio under the same machine load.
 * `npm run build` runs first, so the built figures are of the current sources.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startSimulator } from '../src/simulator/index.js';
import { generateEncryptionKey } from '../src/store/crypto.js';
import { startFakeTelegram } from '../test/fakes/telegram/index.js';
import type { BenchContext, Benchmark } from './lib/context.js';
import { median, p99 } from './lib/stats.js';
import { row, type Row } from './lib/table.js';

const ROOT = resolve(import.meta.dirname, '..');
const B = 'startup';
type Variant = 'built' | 'tsx' | 'compare';

const COMPARE_DIST = process.env.STARTUP_COMPARE_DIST ? resolve(process.env.STARTUP_COMPARE_DIST) : undefined;

function args(v: Variant): string[] {
  if (v === 'compare') return [join(COMPARE_DIST!, 'src/main.js')];
  return v === 'built' ? [join(ROOT, 'dist/src/main.js')] : ['--import', pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href, join(ROOT, 'src/main.ts')];
}

function rssMiB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for ${pid}`);
  return Number(m[1]) / 1024;
}

/** One start: returns ms to the first answered getUpdates and, when `rssAtMs` is set, the RSS that long after the start. */
async function once(ctx: BenchContext, v: Variant, gateway: { url: string; token: string }, rssAtMs: number | null): Promise<{ ms: number; rss: number | null }> {
  const fake = await startFakeTelegram();
  const dir = ctx.tempDir(`startup-${v}`);
  try {
    const user = fake.user({ firstName: 'Bench' });
    fake.sendText({ chat: fake.privateChat(user), from: user, text: 'hello' });
    const env = {
      PATH: process.env.PATH,
      HOME: dir,
      TELEGRAM_BOT_TOKEN: fake.token,
      TELEGRAM_API_ROOT: fake.apiRoot,
      GATEWAY_BASE_URL: gateway.url,
      GATEWAY_TOKEN: gateway.token,
      BOT_ENCRYPTION_KEY: generateEncryptionKey(),
      DATABASE_PATH: join(dir, 'bot.sqlite'),
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      // The web pages are measured by bench/web.bench.ts (on vs off); this figure keeps to the chat bot alone.
      WEB_PORT: '0',
    };
    const started = performance.now();
    const child = spawn(process.execPath, args(v), { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
    try {
      const first = fake.waitFor((c) => c.method === 'getUpdates', 20_000);
      const failed = exited.then((c) => Promise.reject(new Error(`bot (${v}) exited ${c}: ${out.slice(-1500)}`)));
      await Promise.race([first, failed]);
      const ms = performance.now() - started;
      let rss: number | null = null;
      if (rssAtMs !== null) {
        await new Promise((r) => setTimeout(r, Math.max(0, rssAtMs - (performance.now() - started))));
        if (child.exitCode !== null) throw new Error(`bot (${v}) exited while idle: ${out.slice(-1500)}`);
        rss = rssMiB(child.pid!);
      }
      return { ms, rss };
    } finally {
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(t);
    }
  } finally {
    await fake.close();
  }
}

export const startupBench: Benchmark = {
  name: 'startup',
  async run(ctx): Promise<Row[]> {
    const rssAtMs = Number(process.env.STARTUP_RSS_AT_MS ?? 8_000);
    if (!Number.isInteger(rssAtMs) || rssAtMs < 0) throw new Error('STARTUP_RSS_AT_MS must be a whole number of milliseconds');
    const rssRuns = Number(process.env.STARTUP_RSS_RUNS ?? 1);
    if (!Number.isInteger(rssRuns) || rssRuns < 1) throw new Error('STARTUP_RSS_RUNS must be a positive whole number');
    ctx.log('  npm run build');
    const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`npm run build failed: ${build.stderr}`);
    const variants: Variant[] = COMPARE_DIST ? ['built', 'compare', 'tsx'] : ['built', 'tsx'];
    const sim = await startSimulator();
    try {
      const gateway = { url: sim.baseUrl, token: sim.tokens.media };
      const times: Record<Variant, number[]> = { built: [], tsx: [], compare: [] };
      // Alternate the variants so machine drift hits all alike; one warm-up start each (disk cache) is not counted.
      for (const v of variants) await once(ctx, v, gateway, null);
      for (let i = 0; i < ctx.runs; i++) {
        for (const v of variants) {
          const r = await once(ctx, v, gateway, null);
          times[v].push(r.ms);
          ctx.log(`  start ${v} run ${i + 1}/${ctx.runs}: first getUpdates after ${r.ms.toFixed(0)} ms`);
        }
      }
      const rss: Record<Variant, number[]> = { built: [], tsx: [], compare: [] };
      for (let i = 0; i < rssRuns; i++) {
        for (const v of variants) {
          const r = await once(ctx, v, gateway, rssAtMs);
          rss[v].push(r.rss!);
          ctx.log(`  idle ${v}: RSS ${r.rss!.toFixed(1)} MiB ${rssAtMs} ms after start`);
        }
      }
      const at = `${+(rssAtMs / 1000).toFixed(1)} s`;
      const builtBase = (x: Record<Variant, number[]>) => median(COMPARE_DIST ? x.compare : x.tsx);
      return [
        row({ benchmark: B, figure: `start → first getUpdates, built (node dist)${COMPARE_DIST ? ' (baseline: compare build)' : ''}`, median: median(times.built), p99: p99(times.built), unit: 'ms', baseline: builtBase(times), target: { op: '<=', value: 1_000 } }),
        ...(COMPARE_DIST ? [row({ benchmark: B, figure: 'start → first getUpdates, compare build (node dist)', median: median(times.compare), p99: p99(times.compare), unit: 'ms', baseline: median(times.tsx) })] : []),
        row({ benchmark: B, figure: 'start → first getUpdates, tsx (npm start)', median: median(times.tsx), p99: p99(times.tsx), unit: 'ms' }),
        row({ benchmark: B, figure: `RSS ${at} after start, built (node dist)${COMPARE_DIST ? ' (baseline: compare build)' : ''}`, median: median(rss.built), p99: Math.max(...rss.built), unit: 'MiB', baseline: builtBase(rss), target: { op: '<=', value: 100 } }),
        ...(COMPARE_DIST ? [row({ benchmark: B, figure: `RSS ${at} after start, compare build (node dist)`, median: median(rss.compare), p99: Math.max(...rss.compare), unit: 'MiB', baseline: median(rss.tsx) })] : []),
        row({ benchmark: B, figure: `RSS ${at} after start, tsx (npm start)`, median: median(rss.tsx), p99: Math.max(...rss.tsx), unit: 'MiB' }),
      ];
    } finally {
      await sim.close();
    }
  },
};
