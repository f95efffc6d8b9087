/**
 * PostgreSQL restarted during a run, on a PRIVATE cluster (initdb + pg_ctl on a free port; the shared server is never
 * touched): a real bot process (`ROLE=all`, Telegram long polling on the fake Bot API, the gateway simulator) has
 * videos running when the server stops. While it is down a new command is answered "try again in a moment" without
 * a job or a charge; when it is back the running videos are delivered, each charged once, the ledger equals the
 * simulator's bill and no hold stays open; a command after the restart works without restarting the bot.
 *
 * Skipped (printed) without the PostgreSQL binaries or when the cluster cannot start; a failure with MEDIABOT_REQUIRE_SERVICES=1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Chat, User } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';
import { generateEncryptionKey } from '../../src/store/crypto.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import { saveSecrets, saveText } from './support/artifacts.js';
import { spawnBot, type BotProcess } from './support/bot-process.js';
import { PgProbe, until } from './support/multi-stack.js';
import { postgresBinaries, startPrivatePostgres, type PrivatePostgres } from './support/private-postgres.js';

/** The private cluster, or why there is none. */
async function privateCluster(): Promise<PrivatePostgres | string> {
  const bin = postgresBinaries();
  if (!bin) return process.env.MEDIABOT_TEST_PG_BIN ? `no pg_ctl in MEDIABOT_TEST_PG_BIN (${process.env.MEDIABOT_TEST_PG_BIN})` : 'no initdb/pg_ctl under /usr/lib/postgresql/*/bin or on PATH';
  return startPrivatePostgres(bin).catch((e: unknown) => `the private cluster did not start: ${e instanceof Error ? e.message : String(e)}`);
}

const cluster = await privateCluster();
if (typeof cluster === 'string') {
  if (process.env.MEDIABOT_REQUIRE_SERVICES === '1') throw new Error(`PostgreSQL outage test: ${cluster} (MEDIABOT_REQUIRE_SERVICES=1)`);
  console.log(`Postgres outage test skipped: ${cluster}`);
}

const VIDEOS = 4;

describe.skipIf(typeof cluster === 'string')('PostgreSQL restarted during a run (private cluster)', () => {
  const pgs = cluster as PrivatePostgres;
  let sim: SimulatorHandle;
  let fake: FakeTelegram;
  let probe: PgProbe;
  let bot: BotProcess;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rel-pg-outage-'));
    sim = await startSimulator({ video: { queuedMs: 300, runMs: 8_000, progressSteps: 4 } });
    fake = await startFakeTelegram();
    saveSecrets('pg-outage', [fake.token, sim.tokens.media]);
    bot = spawnBot(
      {
        DATABASE_URL: pgs.url,
        TELEGRAM_BOT_TOKEN: fake.token,
        TELEGRAM_API_ROOT: fake.apiRoot,
        BOT_ENCRYPTION_KEY: generateEncryptionKey(),
        GATEWAY_BASE_URL: sim.baseUrl,
        GATEWAY_TOKEN: sim.tokens.media,
        OUTPUT_DIR: join(dir, 'outputs'),
        POLL_INTERVAL_MS: '200',
        POLL_MAX_INTERVAL_MS: '500',
        POLL_LEASE_MS: '5000',
        DEFAULT_ALLOWANCE: '5',
        DEFAULT_VIDEO_SECONDS: '4',
        SHUTDOWN_GRACE_MS: '2000',
        LOG_FORMAT: 'json',
        LOG_LEVEL: 'info',
      },
      dir,
      60_000,
    );
    await bot.ready;
    probe = new PgProbe(pgs.url);
  }, 120_000);

  afterAll(async () => {
    await bot?.stop().catch(() => undefined);
    if (bot) saveText('pg-outage-logs', bot.output());
    if (fake) saveText('pg-outage-telegram-sent', JSON.stringify(fake.sent(), (k, v: unknown) => (k === 'bytes' ? undefined : v)));
    if (probe) saveText('pg-outage-db-dump', await probe.dump().catch((e: unknown) => String(e)));
    await probe?.close().catch(() => undefined);
    await fake?.close();
    await sim?.close();
    pgs.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('running videos survive the restart, a command meanwhile gets "try again in a moment", nothing is charged twice', async () => {
    const chats: { user: User; chat: Chat.PrivateChat }[] = [];
    for (let i = 0; i < VIDEOS; i++) {
      const user = fake.user();
      const chat = fake.privateChat(user);
      fake.sendText({ chat, from: user, text: `/video outage ${i} a slow tide --seconds 4` });
      chats.push({ user, chat });
    }
    await until('all videos submitted', async () => {
      const jobs = await probe.jobs();
      return jobs.length === VIDEOS && jobs.every((j) => j.status === 'submitted' || j.status === 'running');
    }, 30_000);

    pgs.stop();
    const downAt = Date.now();
    const user = fake.user();
    const chat = fake.privateChat(user);
    const msg = fake.sendText({ chat, from: user, text: '/imagine during the outage' });
    const reply = await fake.waitFor((c) => c.ok && c.method === 'sendMessage' && String(c.params.chat_id) === String(chat.id), 20_000);
    const text = String(reply.params.text);
    const imagesDuringOutage = sim.requests().filter((r) => r.endpoint.includes('image') && r.at >= downAt).length;
    await new Promise((r) => setTimeout(r, 3_000));
    pgs.start();
    const downMs = Date.now() - downAt;

    expect(text).toMatch(/cannot reach its database/);
    expect(text).toMatch(/Try again in a moment/);
    expect((reply.result as { reply_to_message?: { message_id: number } }).reply_to_message?.message_id).toBe(msg.message_id);
    expect(imagesDuringOutage).toBe(0);

    await until('the videos delivered after the restart', async () => (await probe.jobs()).every((j) => j.status === 'delivered'), 60_000, async () => JSON.stringify((await probe.jobs()).map((j) => j.status)));
    for (const { chat: c } of chats) expect(fake.sent(c.id).filter((m) => m.method === 'sendVideo')).toHaveLength(1);
    expect(fake.sent(chat.id).filter((m) => m.method === 'sendPhoto')).toHaveLength(0);

    // After the restart, without restarting the bot, a new command works.
    const again = fake.sendText({ chat, from: user, text: '/imagine after the outage' });
    await until('the image after the restart', () => fake.sent(chat.id).some((m) => m.method === 'sendPhoto'), 30_000);
    expect(again.message_id).toBeGreaterThan(msg.message_id);

    const jobs = await probe.jobs();
    expect(jobs).toHaveLength(VIDEOS + 1);
    expect(jobs.every((j) => j.status === 'delivered')).toBe(true);
    const charges = await probe.chargesPerJob();
    expect(jobs.map((j) => charges.get(j.id))).toEqual(jobs.map(() => 1));
    expect(await probe.ledgerNet()).toBe(sim.spentMicros(sim.tokens.media));
    expect(await probe.openHolds()).toBe(0);
    expect(bot.child.exitCode).toBeNull();
    process.stderr.write(`pg-outage: server down ${downMs} ms; ${VIDEOS} running videos delivered once each after the restart; ledger ${await probe.ledgerNet()} = bill\n`);
  }, 180_000);
});
