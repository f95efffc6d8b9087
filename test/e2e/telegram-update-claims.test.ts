/**
 * The once-only claims on Telegram `update_id`s in a Redis shared by several runs of the real bot (src/main.ts,
 * long polling, one Redis prefix): a run on a new database handles the update ids an earlier run on another database
 * already claimed (Telegram starts them again for a new bot, the fake Bot API for each new server), while a run on
 * the SAME database drops a claimed update and says so at warn. Skipped (printed) without Redis; a failure with
 * MEDIABOT_REQUIRE_SERVICES=1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';
import { generateEncryptionKey } from '../../src/store/crypto.js';
import { startFakeTelegram } from '../fakes/telegram/index.js';
import { spawnMain } from '../support/main-process.js';
import { dropPrefix, redisForTests, TEST_REDIS_URL, uniquePrefix } from '../support/redis.js';

// Spawns child processes (tsx start-ups take seconds each on a loaded machine): a wider bound than the default 30 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const redisUp = await redisForTests('Telegram update claims across runs');
const prefix = uniquePrefix('update-claims');
const KEY = generateEncryptionKey();
const TOKEN = `123456789:AA${'x'.repeat(33)}`;

let sim: SimulatorHandle;
let dir: string;

beforeAll(async () => {
  if (!redisUp) return;
  sim = await startSimulator();
  dir = mkdtempSync(join(tmpdir(), 'update-claims-'));
});

afterAll(async () => {
  if (!redisUp) return;
  await sim.close();
  await dropPrefix(prefix);
  rmSync(dir, { recursive: true, force: true });
});

/** One run of the bot on `database` against a new fake Bot API; sends `/help` as the first update. */
async function run(database: string): Promise<{ answered: boolean; log: string }> {
  const fake = await startFakeTelegram({ token: TOKEN });
  const bot = spawnMain({
    TELEGRAM_BOT_TOKEN: fake.token,
    TELEGRAM_API_ROOT: fake.apiRoot,
    GATEWAY_BASE_URL: sim.baseUrl,
    GATEWAY_TOKEN: sim.tokens.media,
    BOT_ENCRYPTION_KEY: KEY,
    DATABASE_PATH: join(dir, database, 'bot.sqlite'),
    OUTPUT_DIR: join(dir, database, 'outputs'),
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'info',
  });
  try {
    await bot.waitFor('"mediabot started"');
    const user = fake.user({ firstName: 'Claims' });
    fake.sendText({ chat: fake.privateChat(user), from: user, text: '/help' });
    const answered = await fake.waitFor((c) => c.method === 'sendMessage' && c.ok, 8_000).then(
      () => true,
      () => false,
    );
    if (!answered) await bot.waitFor('telegram update dropped', 5_000);
    bot.proc.kill('SIGTERM');
    await bot.exited;
    return { answered, log: bot.out() + bot.err() };
  } finally {
    if (bot.proc.exitCode === null) bot.proc.kill('SIGKILL');
    await fake.close();
  }
}

describe.skipIf(!redisUp)('Telegram update claims in a shared Redis', () => {
  it('a run on another database handles update_id 1 again; a second run on the same database drops it at warn', async () => {
    const first = await run('a');
    expect(first.answered, first.log).toBe(true);
    const second = await run('b');
    expect(second.answered, `a run on a fresh database dropped its first update:\n${second.log}`).toBe(true);
    expect(second.log).not.toContain('telegram update dropped');
    const again = await run('b');
    expect(again.answered).toBe(false);
    const line = again.log.split('\n').find((l) => l.includes('telegram update dropped'));
    expect(line, again.log).toBeDefined();
    // The fake Bot API numbers updates from 100000001, as Telegram starts a new bot's at some number.
    expect(JSON.parse(line!)).toMatchObject({ level: 40, updateId: 100_000_001 });
  }, 120_000); // three bot processes, one after the other (about 23 s on an idle 2-core machine)
});
