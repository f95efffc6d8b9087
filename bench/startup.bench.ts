/**
 * Benchmark 6 — start-up and idle memory of a Telegram-only bot, built (`node dist/src/main.js`, what
 * `npm run start:prod` and the container run) against today's `node --import tsx src/main.ts` (what `npm start`
 * runs, without the npm wrapper), in the same run. The fake Telegram Bot API (test/fakes/telegram) and the gateway
 * simulator run in this process; one update is queued before each start so the bot's first `getUpdates` is
 * answered (and recorded) at once.
 * (a) start → first getUpdates: from `spawn()` to the fake answering the first getUpdates. Target ≤ 1 s median.
 * (b) idle RSS: the bot's resident set (/proc/<pid>/status VmRSS) after it sat idle for STARTUP_IDLE_MS
 *     (default 30000; lower it for a quick run). Target ≤ 100 MiB. One idle run per variant (`--runs` applies to (a)).
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
type Variant = 'built' | 'tsx';

function args(v: Variant): string[] {
  return v === 'built' ? [join(ROOT, 'dist/src/main.js')] : ['--import', pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href, join(ROOT, 'src/main.ts')];
}

function rssMiB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for ${pid}`);
  return Number(m[1]) / 1024;
}

/** One start: returns ms to the first answered getUpdates and, when `idleMs` is set, the RSS after that idle time. */
async function once(ctx: BenchContext, v: Variant, gateway: { url: string; token: string }, idleMs: number | null): Promise<{ ms: number; rss: number | null }> {
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
      if (idleMs !== null) {
        await new Promise((r) => setTimeout(r, idleMs));
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
    const idleMs = Number(process.env.STARTUP_IDLE_MS ?? 30_000);
    if (!Number.isInteger(idleMs) || idleMs < 0) throw new Error('STARTUP_IDLE_MS must be a whole number of milliseconds');
    ctx.log('  npm run build');
    const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`npm run build failed: ${build.stderr}`);
    const sim = await startSimulator();
    try {
      const gateway = { url: sim.baseUrl, token: sim.tokens.media };
      const times: Record<Variant, number[]> = { built: [], tsx: [] };
      // Alternate the variants so machine drift hits both alike; one warm-up start each (disk cache) is not counted.
      for (const v of ['built', 'tsx'] as const) await once(ctx, v, gateway, null);
      for (let i = 0; i < ctx.runs; i++) {
        for (const v of ['built', 'tsx'] as const) {
          const r = await once(ctx, v, gateway, null);
          times[v].push(r.ms);
          ctx.log(`  start ${v} run ${i + 1}/${ctx.runs}: first getUpdates after ${r.ms.toFixed(0)} ms`);
        }
      }
      const rss: Record<Variant, number> = { built: 0, tsx: 0 };
      for (const v of ['built', 'tsx'] as const) {
        const r = await once(ctx, v, gateway, idleMs);
        rss[v] = r.rss!;
        ctx.log(`  idle ${v}: RSS ${rss[v].toFixed(1)} MiB after ${idleMs} ms idle`);
      }
      const idle = `${Math.round(idleMs / 1000)} s`;
      return [
        row({ benchmark: B, figure: 'start → first getUpdates, built (node dist)', median: median(times.built), p99: p99(times.built), unit: 'ms', baseline: median(times.tsx), target: { op: '<=', value: 1_000 } }),
        row({ benchmark: B, figure: 'start → first getUpdates, tsx (npm start today)', median: median(times.tsx), p99: p99(times.tsx), unit: 'ms' }),
        row({ benchmark: B, figure: `idle RSS after ${idle}, built (node dist)`, median: rss.built, p99: rss.built, unit: 'MiB', baseline: rss.tsx, target: { op: '<=', value: 100 } }),
        row({ benchmark: B, figure: `idle RSS after ${idle}, tsx (npm start today)`, median: rss.tsx, p99: rss.tsx, unit: 'MiB' }),
      ];
    } finally {
      await sim.close();
    }
  },
};
