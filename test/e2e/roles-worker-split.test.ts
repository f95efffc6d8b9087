/**
 * ROLE=gateway-bot and ROLE=worker as two real bot processes (src/main.ts) on one SQLite file and one gateway
 * simulator, against the fake Discord and the fake Telegram Bot API:
 * - a worker alone opens no platform connection: the fake Discord sees no IDENTIFY, the fake Telegram no
 *   getUpdates, webhook or menu call (only the token check);
 * - a gateway-bot takes /video on both platforms but delivers nothing (it runs no poller), however long the finished
 *   video waits;
 * - a worker started next delivers both mp4s through the platforms' HTTP APIs (the interaction's webhook, sendVideo)
 *   and charges each once, still without any gateway session;
 * - each reports its role on /readyz and checks only what it runs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';
import { generateEncryptionKey } from '../../src/store/crypto.js';
import { startFakeDiscord, type FakeDiscord, type MessageSnapshot } from '../fakes/discord/index.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import { DbProbe, until } from '../reliability/support/db-probe.js';
import { spawnMain, type MainProcess } from '../support/main-process.js';
import { dropPrefix, redisForTests, TEST_REDIS_URL, uniquePrefix } from '../support/redis.js';

// Spawns child processes (tsx start-ups take seconds each on a loaded machine): a wider bound than the default 30 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

// Two bot processes on one database must share Redis (a second one without it is refused at start).
const redisUp = await redisForTests('ROLE=gateway-bot and ROLE=worker');
const PREFIX = uniquePrefix('roles');

const KEY = generateEncryptionKey();
const VIDEO_MICROS = 4 * 50_000;
let sim: SimulatorHandle;
let discord: FakeDiscord;
let telegram: FakeTelegram;
let dir: string;
let probe: DbProbe | undefined;
const running: MainProcess[] = [];

beforeAll(async () => {
  sim = await startSimulator({ video: { queuedMs: 100, runMs: 300, progressSteps: 2 } });
  discord = await startFakeDiscord({ waitTimeoutMs: 20_000 });
  telegram = await startFakeTelegram();
  dir = mkdtempSync(join(tmpdir(), 'mb-roles-'));
});

afterAll(async () => {
  await Promise.all(running.map(stop));
  probe?.close();
  await telegram?.close();
  await discord?.close();
  await sim?.close();
  rmSync(dir, { recursive: true, force: true });
  if (redisUp) await dropPrefix(PREFIX);
});

async function stop(p: MainProcess): Promise<number | null> {
  if (p.proc.exitCode === null && p.proc.signalCode === null) p.proc.kill('SIGTERM');
  return p.exited;
}

/** Starts a process of `role` on the shared database; resolves with it and its health URL once it started. */
async function start(role: 'gateway-bot' | 'worker'): Promise<{ p: MainProcess; health: string }> {
  const p = spawnMain(
    {
      ROLE: role,
      DISCORD_TOKEN: discord.botToken,
      DISCORD_API_BASE: discord.apiBase,
      DISCORD_APPLICATION_ID: discord.applicationId,
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      BOT_ENCRYPTION_KEY: KEY,
      GATEWAY_BASE_URL: sim.baseUrl,
      GATEWAY_TOKEN: sim.tokens.media,
      DATABASE_PATH: join(dir, 'bot.sqlite'),
      OUTPUT_DIR: join(dir, 'outputs'),
      POLL_INTERVAL_MS: '100',
      POLL_MAX_INTERVAL_MS: '200',
      DEFAULT_ALLOWANCE: '5',
      DEFAULT_VIDEO_SECONDS: '4',
      HEALTH_PORT: '0',
      SHUTDOWN_GRACE_MS: '1000',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: PREFIX,
    },
    mkdtempSync(join(dir, `${role}-`)),
  );
  running.push(p);
  await p.waitFor('"mediabot started"', 25_000);
  const line = p.out().split('\n').find((l) => l.includes('"mediabot started"'))!;
  return { p, health: (JSON.parse(line) as { health: string }).health };
}

async function readyz(health: string): Promise<{ role: string; checks: string[]; header: string | null }> {
  for (let i = 0; ; i++) {
    const r = await fetch(`${health}/readyz`);
    const body = (await r.json()) as { role: string; checks: Record<string, { ok: boolean }> };
    if (r.status === 200 || i >= 50) return { role: body.role, checks: Object.keys(body.checks).sort(), header: r.headers.get('x-mediabot-role') };
    await new Promise((res) => setTimeout(res, 100));
  }
}

/** Telegram methods that receive updates or change what the bot receives: a worker never calls them. */
const INTAKE = ['getUpdates', 'setWebhook', 'deleteWebhook', 'setMyCommands', 'deleteMyCommands'];
const hasMp4 = (m: MessageSnapshot) => m.attachments.some((a) => a.filename.endsWith('.mp4'));

describe.skipIf(!redisUp)('ROLE=gateway-bot and ROLE=worker', () => {
  it('a worker opens no platform connection; the gateway-bot takes /video without delivering; the worker delivers it', async () => {
    // 1. A worker alone: deliveries ready, nothing connected.
    const alone = await start('worker');
    expect(alone.p.out()).toContain('discord delivery ready (REST only, no gateway connection)');
    expect(alone.p.out()).toContain('telegram delivery ready (Bot API only, no update intake)');
    expect(discord.identifies()).toHaveLength(0);
    expect(telegram.calls.filter((c) => INTAKE.includes(c.method)).map((c) => c.method)).toEqual([]);
    expect(await stop(alone.p)).toBe(0);

    // 2. The gateway-bot takes the commands; with no worker, the finished videos wait.
    const gw = await start('gateway-bot');
    expect(discord.identifies()).toHaveLength(1);
    const member = discord.addMember(discord.guildId, { username: 'director' });
    const h = discord.slashCommand({ name: 'video', userId: member, options: { prompt: 'waves at dusk', seconds: 4 } });
    expect((await h.waitForCallback()).type).toBe(5);
    expect(JSON.stringify((await h.waitForOriginalEdit((m) => m.embeds.length > 0)).embeds)).toContain('Video started');
    const user = telegram.user({ firstName: 'Ana' });
    const chat = telegram.privateChat(user);
    telegram.sendText({ chat, from: user, text: '/video a slow wave --seconds 4' });
    probe = new DbProbe(join(dir, 'bot.sqlite'));
    await until('both video jobs submitted', () => probe!.allJobs().filter((j) => j.remote_task_id !== null).length === 2);
    await new Promise((r) => setTimeout(r, 2_000)); // the simulator finished both long ago
    expect(probe.allJobs().map((j) => j.status)).toEqual(['submitted', 'submitted']);
    expect(h.originalEdits().some(hasMp4)).toBe(false);
    expect(telegram.sent(chat.id).some((m) => m.method === 'sendVideo')).toBe(false);

    // 3. A worker delivers both through the HTTP APIs and charges each once.
    const workerAt = Date.now();
    const worker = await start('worker');
    const startedMs = Date.now() - workerAt;
    const done = await h.waitForOriginalEdit(hasMp4);
    expect(done.content).toContain(`<@${member}>`);
    await until('both videos delivered', () => probe!.allJobs().every((j) => j.status === 'delivered'), 20_000, () => JSON.stringify(probe!.allJobs()));
    expect(telegram.sent(chat.id).filter((m) => m.method === 'sendVideo')).toHaveLength(1);
    expect(probe.allJobs().map((j) => j.charged_micros)).toEqual([VIDEO_MICROS, VIDEO_MICROS]);
    expect(probe.ledgerNet()).toBe(2 * VIDEO_MICROS);
    expect(probe.openHolds()).toBe(0);
    expect(discord.identifies()).toHaveLength(1);
    expect(worker.p.out()).not.toContain('"discord ready"');
    process.stderr.write(`roles: worker started in ${startedMs} ms and delivered both waiting videos ${Date.now() - workerAt - startedMs} ms later\n`);

    // 4. Each reports its role and checks what it runs.
    expect(await readyz(gw.health)).toEqual({ role: 'gateway-bot', checks: ['database', 'discord', 'gateway', 'redis', 'telegram'], header: 'gateway-bot' });
    expect(await readyz(worker.health)).toEqual({ role: 'worker', checks: ['database', 'gateway', 'redis'], header: 'worker' });
    expect(await stop(worker.p)).toBe(0);
    expect(await stop(gw.p)).toBe(0);
  }, 120_000);
});
