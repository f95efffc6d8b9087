/**
 * Benchmark 1 — overhead per image job: a Telegram `/imagine` through real grammY, the fake Bot API and the
 * simulator (image delay 0), timed from queuing the update in the fake to the fake receiving `sendPhoto`, against
 * the bare HTTP calls the job needs made directly with undici in the same process: POST /v1/images/generations to
 * the simulator, decode the b64, then a multipart `sendPhoto` to the fake (same prompt, same 512×512 size).
 * Bot and bare jobs alternate one by one, so machine drift hits both alike. Target: overhead ≤ 5 ms, ratio ≤ 1.5×.
 * The bot path is also split at the moment its handler starts (the first core call, `touch`), because the update
 * first has to reach the bot through `getUpdates` (a long poll the fake answers as soon as an update is queued).
 * Logging: production level `info`, lines discarded. Allowance unlimited so budgets never refuse. The adapter's
 * status delay is its default (1 s: a job this fast posts no status message); `OVERHEAD_STATUS_DELAY_MS` sets another.
 * The fake Bot API keeps idle connections 5 s here (`OVERHEAD_FAKE_KEEPALIVE_MS`; the fake's own default for tests is
 * 1 s, at which both paths open a new connection for almost every call), so clients reuse them as they do with the
 * real Bot API.
 * Because wall time swings with the machine's load, the same run also reports CPU time per job (`process.cpuUsage()`
 * of this process, which holds the bot, the fake and the simulator, over each job; bot − bare is the bot's own
 * work) and the SQLite statements each bot job runs (counted on better-sqlite3's statement methods).
 */
import BetterSqlite3 from 'better-sqlite3';
import type { Chat, Message, User } from 'grammy/types';
import { Agent, FormData, request } from 'undici';
import type { BotCore } from '../src/core/bot-core.js';
import { startTelegram, type TelegramHandle } from '../src/platforms/telegram/telegram-bot.js';
import { startFakeTelegram, type FakeTelegram } from '../test/fakes/telegram/index.js';
import { createTestStack, type TestStack } from '../test/support/harness.js';
import type { BenchContext, Benchmark } from './lib/context.js';
import { median, p99 } from './lib/stats.js';
import { row, type Row } from './lib/table.js';
import { nowMs, quietLogger } from './support/quiet-logger.js';

const MB = 1024 * 1024;
const JOBS_PER_RUN = 20;
const PROMPT = 'a lighthouse at dawn';
const SIZE = '512x512';

interface Rig {
  stack: TestStack;
  fake: FakeTelegram;
  tg: TelegramHandle;
  group: Chat.SupergroupChat;
  user: User;
  agent: Agent;
  /** hrtime (ms) when the bot's handler made its first core call for the current update. */
  handlerAt: Marks;
}

/** What the wrapped core records for the current update. */
interface Marks {
  value: number | undefined;
  /** Duration of `core.imagine` (ms). */
  coreMs: number | undefined;
  /** Set when the handler's `recordDelivery` (after the photo is posted) has finished. */
  recorded: boolean;
}

/**
 * Wraps the core so the moment the bot's middleware resolves the member (`resolveActor`, the first thing a handler
 * does; `touch` on older builds) is recorded,
 * and how long `imagine` takes.
 */
function timedCore(core: BotCore, mark: Marks): BotCore {
  return new Proxy(core, {
    get(target, prop) {
      const v: unknown = Reflect.get(target, prop, target);
      if (typeof v !== 'function') return v;
      if (prop === 'touch' || prop === 'resolveActor') {
        return (...args: unknown[]) => {
          mark.value ??= nowMs();
          return (v as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      if (prop === 'recordDelivery') {
        return async (...args: unknown[]) => {
          try {
            return await (v as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          } finally {
            mark.recorded = true;
          }
        };
      }
      if (prop === 'imagine') {
        return async (...args: unknown[]) => {
          const t0 = nowMs();
          try {
            return await (v as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          } finally {
            mark.coreMs = nowMs() - t0;
          }
        };
      }
      return (v as (...a: unknown[]) => unknown).bind(target);
    },
  });
}

async function setUp(): Promise<Rig> {
  const { logger, secrets } = quietLogger();
  const stack = await createTestStack({
    sim: { imageDelayMs: 0 },
    startPoller: false,
    env: { DEFAULT_ALLOWANCE: 'none', MAX_JOBS_PER_USER: '100', LOG_LEVEL: 'info' },
    app: { logger, secrets },
  });
  const fake = await startFakeTelegram({ keepAliveTimeoutMs: Number(process.env.OVERHEAD_FAKE_KEEPALIVE_MS ?? 5_000) });
  const handlerAt: Marks = { value: undefined, coreMs: undefined, recorded: false };
  const tg = await startTelegram({
    config: { telegram: { token: fake.token, apiRoot: fake.apiRoot, webhookUrl: undefined, webhookPort: 0, uploadLimitBytes: 50 * MB, photoLimitBytes: 10 * MB, fullQuality: false }, ownerIds: [] },
    core: timedCore(stack.core, handlerAt),
    logger,
    secrets,
    registerDelivery: (d) => stack.app.registerDelivery(d),
    // OVERHEAD_STATUS_DELAY_MS=0 posts the status message at once, as before the 1 s default (to tell the two costs apart).
    ...(process.env.OVERHEAD_STATUS_DELAY_MS ? { tuning: { statusDelayMs: Number(process.env.OVERHEAD_STATUS_DELAY_MS) } } : {}),
  });
  const group = fake.supergroup({ title: 'Bench' });
  const user = fake.user({ username: 'bencher' });
  return { stack, fake, tg, group, user, agent: new Agent({ keepAliveTimeout: 30_000 }), handlerAt };
}

/** One `/imagine` through the bot; resolves when the fake has the photo and the status message is gone. */
async function botJob(r: Rig): Promise<{ totalMs: number; dispatchMs: number; handlerMs: number; coreMs: number }> {
  r.handlerAt.value = undefined;
  r.handlerAt.coreMs = undefined;
  r.handlerAt.recorded = false;
  const t0 = nowMs();
  const msg = r.fake.sendText({ chat: r.group, from: r.user, text: `/imagine ${PROMPT} --size ${SIZE}` });
  let t1 = 0;
  await r.fake.waitFor((c) => {
    const hit = c.method === 'sendPhoto' && c.ok && (c.result as Message).reply_to_message?.message_id === msg.message_id;
    if (hit) t1 = nowMs();
    return hit;
  }, 10_000);
  // A job faster than the adapter's status delay (1 s) posts no status message; a slower one removes it after the photo.
  const status = r.fake.sent(r.group.id).find((m) => m.method === 'sendMessage' && m.replyToMessageId === msg.message_id);
  // The handler's tail (recording the delivery) ends before the next job, as the status deletion after it did.
  for (const end = nowMs() + 10_000; !r.handlerAt.recorded; ) {
    if (nowMs() > end) throw new Error('the handler never recorded the delivery');
    await new Promise((res) => setImmediate(res));
  }
  if (status) await r.fake.waitFor((c) => c.method === 'deleteMessage' && Number(c.params.message_id) === status.messageId && Number(c.params.chat_id) === r.group.id, 10_000);
  const h = r.handlerAt.value;
  const coreMs = r.handlerAt.coreMs;
  if (h === undefined || coreMs === undefined) throw new Error('the handler never called the core');
  return { totalMs: t1 - t0, dispatchMs: h - t0, handlerMs: t1 - h, coreMs };
}

/** The same HTTP work without the bot: generation call, b64 decode, multipart sendPhoto. */
async function bareJob(r: Rig): Promise<number> {
  const t0 = nowMs();
  const gen = await request(`${r.stack.sim.baseUrl}/v1/images/generations`, {
    method: 'POST',
    dispatcher: r.agent,
    headers: { authorization: `Bearer ${r.stack.sim.tokens.media}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'alpha-image-2', prompt: PROMPT, size: SIZE }),
  });
  const body = (await gen.body.json()) as { data: { b64_json: string }[] };
  const png = Buffer.from(body.data[0]!.b64_json, 'base64');
  const form = new FormData();
  form.set('chat_id', String(r.group.id));
  form.set('caption', 'bare');
  form.set('photo', new Blob([png], { type: 'image/png' }), 'image.png');
  const sent = await request(`${r.fake.apiRoot}/bot${r.fake.token}/sendPhoto`, { method: 'POST', dispatcher: r.agent, body: form });
  const res = (await sent.body.json()) as { ok: boolean };
  if (gen.statusCode !== 200 || !res.ok) throw new Error(`bare job failed: ${gen.statusCode} / ${JSON.stringify(res)}`);
  return nowMs() - t0;
}

/** SQLite statements run in this process so far (every better-sqlite3 statement's run/get/all/iterate is counted). */
const statements: { count: number; log?: string[] } = { count: 0 };
function countStatements(): void {
  const probe = new BetterSqlite3(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, (...a: unknown[]) => unknown>;
  probe.close();
  for (const m of ['run', 'get', 'all', 'iterate']) {
    const orig = proto[m]!;
    proto[m] = function (this: unknown, ...a: unknown[]) {
      statements.count++;
      if (!statements.log) return orig.apply(this, a);
      const t0 = performance.now();
      try {
        return orig.apply(this, a);
      } finally {
        statements.log.push(`${(performance.now() - t0).toFixed(3)} ms  ${(this as { source: string }).source.replace(/\s+/g, ' ').slice(0, 140)}`);
      }
    };
  }
}

/** CPU time (user + system, ms) this process spent in `f`. */
async function cpuOf<T>(f: () => Promise<T>): Promise<{ value: T; cpuMs: number }> {
  const c0 = process.cpuUsage();
  const value = await f();
  const c = process.cpuUsage(c0);
  return { value, cpuMs: (c.user + c.system) / 1000 };
}

async function measure(ctx: BenchContext, r: Rig): Promise<Row[]> {
  for (let i = 0; i < 5; i++) {
    await botJob(r);
    await bareJob(r);
  }
  if (process.env.OVERHEAD_SQL) {
    // After the warm-up: the statements of one job, each with the time its call took, and its Bot API calls.
    statements.log = [];
    const c0 = r.fake.calls.length;
    await botJob(r);
    ctx.log(`Bot API calls: ${r.fake.calls.slice(c0).map((c) => c.method).join(', ')}`);
    ctx.log(statements.log.join('\n'));
    delete statements.log;
  }
  const total: number[] = [];
  const dispatch: number[] = [];
  const handler: number[] = [];
  const core: number[] = [];
  const bare: number[] = [];
  const overheads: number[] = [];
  const ratios: number[] = [];
  const handlerOverheads: number[] = [];
  const botCpu: number[] = [];
  const bareCpu: number[] = [];
  const cpuOverheads: number[] = [];
  const stmts: number[] = [];
  for (let run = 0; run < ctx.runs; run++) {
    const t: number[] = [];
    const h: number[] = [];
    const b: number[] = [];
    const bc: number[] = [];
    const bbc: number[] = [];
    for (let i = 0; i < JOBS_PER_RUN; i++) {
      const s0 = statements.count;
      const { value: j, cpuMs } = await cpuOf(() => botJob(r));
      stmts.push(statements.count - s0);
      bc.push(cpuMs);
      t.push(j.totalMs);
      h.push(j.handlerMs);
      dispatch.push(j.dispatchMs);
      core.push(j.coreMs);
      const bare = await cpuOf(() => bareJob(r));
      b.push(bare.value);
      bbc.push(bare.cpuMs);
    }
    botCpu.push(...bc);
    bareCpu.push(...bbc);
    cpuOverheads.push(median(bc) - median(bbc));
    total.push(...t);
    handler.push(...h);
    bare.push(...b);
    overheads.push(median(t) - median(b));
    handlerOverheads.push(median(h) - median(b));
    ratios.push(median(t) / median(b));
    ctx.log(`  run ${run + 1}/${ctx.runs}: bot ${median(t).toFixed(1)} ms (handler ${median(h).toFixed(1)}), bare ${median(b).toFixed(1)} ms; CPU bot ${median(bc).toFixed(2)} ms, bare ${median(bbc).toFixed(2)} ms; ${median(stmts)} statements per bot job`);
  }
  const B = 'overhead';
  return [
    row({ benchmark: B, figure: `/imagine → sendPhoto (${SIZE}), bot path`, median: median(total), p99: p99(total), unit: 'ms', baseline: median(bare) }),
    row({ benchmark: B, figure: 'bare calls (gen + decode + sendPhoto)', median: median(bare), p99: p99(bare), unit: 'ms' }),
    row({ benchmark: B, figure: 'overhead per job (bot − bare, per run)', median: median(overheads), p99: p99(overheads), unit: 'ms', target: { op: '<=', value: 5 } }),
    row({ benchmark: B, figure: 'ratio bot ÷ bare (per run)', median: median(ratios), p99: p99(ratios), unit: '×', target: { op: '<=', value: 1.5 } }),
    row({ benchmark: B, figure: 'update queued → handler starts (getUpdates)', median: median(dispatch), p99: p99(dispatch), unit: 'ms' }),
    row({ benchmark: B, figure: 'handler starts → sendPhoto', median: median(handler), p99: p99(handler), unit: 'ms', baseline: median(bare) }),
    row({ benchmark: B, figure: 'of which core.imagine (ledger, gateway, verify, keep)', median: median(core), p99: p99(core), unit: 'ms' }),
    row({ benchmark: B, figure: 'overhead from handler start (per run)', median: median(handlerOverheads), p99: p99(handlerOverheads), unit: 'ms', target: { op: '<=', value: 5 } }),
    row({ benchmark: B, figure: 'CPU time per job, bot path (process: bot + fakes)', median: median(botCpu), p99: p99(botCpu), unit: 'ms', baseline: median(bareCpu) }),
    row({ benchmark: B, figure: 'CPU time per job, bare calls', median: median(bareCpu), p99: p99(bareCpu), unit: 'ms' }),
    row({ benchmark: B, figure: 'CPU overhead per job (bot − bare, per run)', median: median(cpuOverheads), p99: p99(cpuOverheads), unit: 'ms', target: { op: '<=', value: 5 } }),
    row({ benchmark: B, figure: 'SQLite statements per bot job', median: median(stmts), p99: p99(stmts), unit: 'stmts' }),
  ];
}

/** `npm run bench -- overhead`. */
export const overheadBench: Benchmark = {
  name: 'overhead',
  async run(ctx) {
    countStatements();
    const r = await setUp();
    try {
      return await measure(ctx, r);
    } finally {
      await r.tg.stop();
      await r.fake.close();
      await r.stack.close();
      await r.agent.close();
    }
  },
};
