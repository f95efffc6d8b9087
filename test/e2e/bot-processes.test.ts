/**
 * Real bot processes (`src/main.ts` as `npm start` runs it; Telegram on a fake Bot API, the gateway simulator) on one
 * SQLite database:
 * - a second process without Redis refuses to start beside a live one, naming it and REDIS_URL, and the first keeps
 *   working; after a SIGKILL the next start is not refused (the dead pid's row is cleared), and a graceful stop
 *   removes the row;
 * - with the same REDIS_URL two processes run side by side; one long-polls; SIGKILL it and the other polls within
 *   the lease (10 s + a 3 s renewal), and messages sent meanwhile are answered exactly once; a process without
 *   Redis is refused beside them.
 * The Redis part is skipped (printed) without a reachable Redis, a failure with MEDIABOT_REQUIRE_SERVICES=1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Chat } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';
import { generateEncryptionKey } from '../../src/store/crypto.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import { spawnMain, type MainProcess } from '../support/main-process.js';
import { dropPrefix, redisForTests, TEST_REDIS_URL, uniquePrefix } from '../support/redis.js';

// Spawns child processes (tsx start-ups take seconds each on a loaded machine): a wider bound than the default 30 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const redisUp = await redisForTests('bot processes sharing a database through Redis');
const KEY = generateEncryptionKey();
type Msg = { message_id: number; reply_to_message?: { message_id: number } };

let sim: SimulatorHandle;
let fake: FakeTelegram;
let root: string;
const running: MainProcess[] = [];

beforeAll(async () => {
  sim = await startSimulator();
  fake = await startFakeTelegram();
  root = mkdtempSync(join(tmpdir(), 'bot-processes-'));
});

afterAll(async () => {
  for (const p of running) if (p.proc.exitCode === null && p.proc.signalCode === null) p.proc.kill('SIGKILL');
  await Promise.all(running.map((p) => p.exited));
  await fake?.close();
  await sim?.close();
  rmSync(root, { recursive: true, force: true });
});

function start(dbPath: string, extra: Record<string, string> = {}): MainProcess {
  const p = spawnMain({
    TELEGRAM_BOT_TOKEN: fake.token,
    TELEGRAM_API_ROOT: fake.apiRoot,
    GATEWAY_BASE_URL: sim.baseUrl,
    GATEWAY_TOKEN: sim.tokens.media,
    BOT_ENCRYPTION_KEY: KEY,
    DATABASE_PATH: dbPath,
    OUTPUT_DIR: join(root, 'outputs'),
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'info',
    SHUTDOWN_GRACE_MS: '1000',
    ...extra,
  });
  running.push(p);
  return p;
}

function rows(dbPath: string): { pid: number; host: string; coordination: string }[] {
  const db = new Database(dbPath, { readonly: true });
  try {
    return db.prepare('SELECT pid, host, coordination FROM bot_processes ORDER BY started_at').all() as { pid: number; host: string; coordination: string }[];
  } finally {
    db.close();
  }
}

/** Sends /balance in `chat` and waits for the reply; checks there is exactly one. */
async function answeredOnce(chat: Chat, timeoutMs: number): Promise<number> {
  const msg = fake.sendText({ chat, from: fake.user(), text: '/balance' });
  await fake.waitFor((c) => c.method === 'sendMessage' && c.ok && (c.result as Msg).reply_to_message?.message_id === msg.message_id, timeoutMs);
  return msg.message_id;
}

describe('bot processes on one database without Redis', () => {
  it('a second process is refused with a sentence naming the first and REDIS_URL; the first keeps working', async () => {
    const dbPath = join(root, 'single.sqlite');
    const first = start(dbPath);
    await first.waitFor('"mediabot started"', 30_000);
    expect(rows(dbPath)).toEqual([{ pid: first.proc.pid, host: hostname(), coordination: 'memory' }]);

    const second = start(dbPath);
    expect(await second.exited).toBe(1);
    const line = second.err().trim();
    expect(line).toMatch(new RegExp(`^Another bot process already uses this database: a bot process on ${hostname().replace(/[.]/g, '\\.')} \\(pid ${first.proc.pid}, last seen \\d+ s ago\\)\\. `));
    expect(line).toContain('set REDIS_URL (and the same REDIS_PREFIX) on every process, or stop the other one.');
    expect(line.split('\n')).toHaveLength(1);
    expect(rows(dbPath).map((r) => r.pid)).toEqual([first.proc.pid]);

    const chat = fake.supergroup({ title: 'Still here' });
    await answeredOnce(chat, 8_000);

    // Killed without a word: the next start on this machine sees the dead pid and is not refused.
    first.proc.kill('SIGKILL');
    await first.exited;
    const third = start(dbPath);
    await third.waitFor('"mediabot started"', 30_000);
    expect(rows(dbPath).map((r) => r.pid)).toEqual([third.proc.pid]);
    third.proc.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(rows(dbPath)).toEqual([]);
  }, 90_000);
});

describe.skipIf(!redisUp)('bot processes on one database with Redis', () => {
  const prefix = uniquePrefix('processes');
  afterAll(() => dropPrefix(prefix));

  it('two run side by side; SIGKILL the polling one and the other polls within the lease, answering each message once', async () => {
    const dbPath = join(root, 'shared.sqlite');
    const redis = { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix };
    const a = start(dbPath, redis);
    await a.waitFor('"mediabot started"', 30_000);
    const b = start(dbPath, redis);
    await b.waitFor('"mediabot started"', 30_000);
    expect(rows(dbPath).map((r) => r.coordination)).toEqual([`redis 127.0.0.1:6379 ${prefix}`, `redis 127.0.0.1:6379 ${prefix}`]);
    expect(a.out()).toContain('this process polls');
    expect(b.out()).toContain('another process long-polls');

    const chat = fake.supergroup({ title: 'Failover' });
    await answeredOnce(chat, 8_000);

    // Not beside a process without Redis.
    const loner = start(dbPath);
    expect(await loner.exited).toBe(1);
    expect(loner.err()).toMatch(/^Another bot process already uses this database: .*set REDIS_URL/);

    const killedAt = Date.now();
    a.proc.kill('SIGKILL');
    await a.exited;
    const pending = [fake.sendText({ chat, from: fake.user(), text: '/balance' }), fake.sendText({ chat, from: fake.user(), text: '/balance' })];
    await b.waitFor('this process polls', 20_000);
    const takeoverMs = Date.now() - killedAt;
    for (const m of pending) await fake.waitFor((c) => c.method === 'sendMessage' && c.ok && (c.result as Msg).reply_to_message?.message_id === m.message_id, 5_000);
    const after = await answeredOnce(chat, 5_000);
    await new Promise((r) => setTimeout(r, 300));
    for (const id of [...pending.map((m) => m.message_id), after]) expect(fake.sent(chat.id).filter((m) => m.replyToMessageId === id)).toHaveLength(1);
    expect(takeoverMs).toBeLessThan(10_000 + 3_000 + 2_000);
    expect(fake.calls.filter((c) => c.method === 'getUpdates' && c.errorCode === 409)).toEqual([]);
    console.info(`[measured] long-polling takeover after SIGKILL: ${takeoverMs} ms (lease 10 s, renewal 3 s)`);

    b.proc.kill('SIGTERM');
    expect(await b.exited).toBe(0);
    expect(rows(dbPath).map((r) => r.pid)).toEqual([a.proc.pid]); // the killed one's row goes stale in 30 s
  }, 90_000);
});
