/**
 * The web pages: (a) time to first byte and weight of a member's gallery with 1,000 results seeded in the store
 * (kept PNG files on disk), the default page (newest 100) and all 1,000; (b) the bot's idle RSS 8 s after start with
 * the web pages on (`WEB_PORT` set) and off (`WEB_PORT=0`), Telegram on the fake Bot API, gateway on the simulator.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Actor } from '../src/core/api/actor.js';
import { CommandDispatcher } from '../src/core/commands/dispatch.js';
import { newJobId } from '../src/core/ids.js';
import { encodePng } from '../src/simulator/png.js';
import { startSimulator } from '../src/simulator/index.js';
import { generateEncryptionKey } from '../src/store/crypto.js';
import { startWebServer } from '../src/web/server.js';
import { startFakeTelegram } from '../test/fakes/telegram/index.js';
import { createTestStack } from '../test/support/harness.js';
import type { BenchContext, Benchmark } from './lib/context.js';
import { median, p99 } from './lib/stats.js';
import { row, type Row } from './lib/table.js';

const ROOT = resolve(import.meta.dirname, '..');
const B = 'web';
const RESULTS = 1_000;

async function gallery(ctx: BenchContext): Promise<Row[]> {
  const stack = await createTestStack({ startPoller: false });
  try {
    const actor: Actor = { scope: { platform: 'telegram', externalId: '-100123', kind: 'group', title: 'Bench' }, user: { platform: 'telegram', externalId: '4242' } };
    const ids = await stack.core.resolveActor(actor);
    const png = await encodePng(512, 512, { r: 30, g: 120, b: 200 });
    for (let i = 0; i < RESULTS; i++) {
      const id = newJobId();
      await stack.app.jobs.create({ id, kind: 'imagine', status: 'delivered', scopeId: ids.scopeId, userId: ids.userId, model: 'alpha-image-2', prompt: `result number ${i} of the bench`, params: { size: '512x512' }, tokenSource: 'operator', tokenId: null, estimateMicros: 10_000, delivery: null });
      await stack.app.outputs.save(id, 'image-1.png', png);
    }
    ctx.log(`  seeded ${RESULTS} results`);
    const dispatcher = new CommandDispatcher({ core: stack.core, ownerIds: [], logger: stack.logger });
    const web = await startWebServer({ core: stack.core, dispatcher, logger: stack.logger, secureCookie: false }, { port: 0, host: '127.0.0.1' });
    stack.app.setWebUrl(web.url);
    try {
      const link = (await stack.core.webLink(actor, false))!;
      const signIn = await fetch(link.url, { redirect: 'manual' });
      const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
      const rows: Row[] = [];
      for (const [label, path, shown] of [['default page', '/', 100], ['all results', `/?limit=${RESULTS}`, RESULTS]] as const) {
        const ttfb: number[] = [];
        let bytes = 0;
        let cards = 0;
        for (let i = 0; i < ctx.runs + 1; i++) {
          const t0 = performance.now();
          const res = await fetch(new URL(path, web.url), { headers: { cookie } });
          const t1 = performance.now();
          const body = await res.text();
          if (res.status !== 200) throw new Error(`gallery answered ${res.status}`);
          if (i > 0) ttfb.push(t1 - t0); // the first request warms the caches
          bytes = Buffer.byteLength(body);
          cards = body.split('class="card"').length - 1;
        }
        if (cards !== shown) throw new Error(`gallery showed ${cards} results, expected ${shown}`);
        ctx.log(`  ${label}: TTFB median ${median(ttfb).toFixed(1)} ms, ${(bytes / 1024).toFixed(0)} KiB HTML, ${cards} cards`);
        rows.push(row({ benchmark: B, figure: `gallery TTFB, ${RESULTS} results stored, ${label} (${shown} shown)`, median: median(ttfb), p99: p99(ttfb), unit: 'ms' }));
        rows.push(row({ benchmark: B, figure: `gallery HTML weight, ${label}`, median: bytes / 1024, p99: bytes / 1024, unit: 'KiB' }));
      }
      return rows;
    } finally {
      await web.close();
    }
  } finally {
    await stack.close();
  }
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => done(port));
    });
  });
}

function rssMiB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for ${pid}`);
  return Number(m[1]) / 1024;
}

/** Idle RSS of `npm start` (tsx) 8 s after start, with `webPort` ('0' = off). */
async function idleRss(ctx: BenchContext, webPort: string, gateway: { url: string; token: string }): Promise<number> {
  const fake = await startFakeTelegram();
  const dir = ctx.tempDir('web-rss');
  try {
    const env = { PATH: process.env.PATH, HOME: dir, TELEGRAM_BOT_TOKEN: fake.token, TELEGRAM_API_ROOT: fake.apiRoot, GATEWAY_BASE_URL: gateway.url, GATEWAY_TOKEN: gateway.token, BOT_ENCRYPTION_KEY: generateEncryptionKey(), DATABASE_PATH: join(dir, 'bot.sqlite'), LOG_FORMAT: 'json', LOG_LEVEL: 'info', WEB_PORT: webPort };
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href, join(ROOT, 'src/main.ts')], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
    try {
      await Promise.race([fake.waitFor((c) => c.method === 'getUpdates', 60_000), exited.then((c) => Promise.reject(new Error(`bot exited ${c}: ${out.slice(-1500)}`)))]);
      await new Promise((r) => setTimeout(r, Math.max(0, 8_000 - (performance.now() - started))));
      if (webPort !== '0') {
        const res = await fetch(`http://127.0.0.1:${webPort}/assets/app.css`);
        if (res.status !== 200) throw new Error(`web pages answered ${res.status}`);
      }
      return rssMiB(child.pid!);
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

async function memory(ctx: BenchContext): Promise<Row[]> {
  const sim = await startSimulator();
  try {
    const gateway = { url: sim.baseUrl, token: sim.tokens.media };
    const off: number[] = [];
    const on: number[] = [];
    for (let i = 0; i < Math.min(ctx.runs, 3); i++) {
      off.push(await idleRss(ctx, '0', gateway));
      on.push(await idleRss(ctx, String(await freePort()), gateway));
      ctx.log(`  idle RSS: web off ${off.at(-1)!.toFixed(1)} MiB, web on ${on.at(-1)!.toFixed(1)} MiB`);
    }
    return [
      row({ benchmark: B, figure: 'idle RSS 8 s after start, web off (WEB_PORT=0)', median: median(off), p99: Math.max(...off), unit: 'MiB' }),
      row({ benchmark: B, figure: 'idle RSS 8 s after start, web on', median: median(on), p99: Math.max(...on), unit: 'MiB', baseline: median(off) }),
    ];
  } finally {
    await sim.close();
  }
}

export const webBench: Benchmark = {
  name: 'web',
  async run(ctx) {
    return [...(await gallery(ctx)), ...(await memory(ctx))];
  },
};
