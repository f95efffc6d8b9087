/**
 * Telegram long polling by exactly one of three processes (three apps on one database, one Redis prefix, one fake
 * Bot API; lease 1.5 s, renewed every 300 ms): only the lease holder calls getUpdates (the fake answers a second
 * concurrent poll with 409, which never happens); a graceful stop hands polling over within a renewal; a holder cut
 * off from Redis without releasing (as a killed process) stops polling, and another process polls within the lease.
 * Every message is answered exactly once throughout.
 */
import type { Chat } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app/build-app.js';
import type { TelegramHandle } from '../../src/platforms/telegram/telegram-bot.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { appOnSameDatabase } from '../support/more-apps.js';
import { dropPrefix, redisForTests, TEST_REDIS_URL, uniquePrefix } from '../support/redis.js';
import { startTelegramFor } from '../support/telegram-bot.js';

const redisUp = await redisForTests('Telegram long-polling failover');

type Msg = { message_id: number; reply_to_message?: { message_id: number } };
const LEASE_MS = 1_500;

describe.skipIf(!redisUp)('Telegram long polling: one process at a time, failover (Redis)', () => {
  const prefix = uniquePrefix('telegram-poll');
  let stack: TestStack;
  let apps: App[];
  let fake: FakeTelegram;
  const bots: (TelegramHandle | undefined)[] = [];
  const logs: string[][] = [[], [], []];
  let chat: Chat.SupergroupChat;

  const polls = (i: number) => logs[i]!.join('').includes('telegram long polling: this process polls');
  /** Sends /balance and resolves with how long the answer took; fails when it is not answered exactly once. */
  async function answeredOnce(timeoutMs: number): Promise<number> {
    const t0 = Date.now();
    const msg = fake.sendText({ chat, from: fake.user(), text: '/balance' });
    await fake.waitFor((c) => c.method === 'sendMessage' && c.ok && (c.result as Msg).reply_to_message?.message_id === msg.message_id, timeoutMs);
    const ms = Date.now() - t0;
    await new Promise((r) => setTimeout(r, 200));
    expect(fake.sent(chat.id).filter((m) => m.replyToMessageId === msg.message_id)).toHaveLength(1);
    return ms;
  }

  beforeAll(async () => {
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix };
    stack = await createTestStack({ env, startPoller: false });
    apps = [stack.app, await appOnSameDatabase(stack, env), await appOnSameDatabase(stack, env)];
    fake = await startFakeTelegram();
    chat = fake.supergroup({ title: 'Pollers' });
    for (let i = 0; i < 3; i++) {
      bots.push(await startTelegramFor(stack, fake, logs[i]!, { app: apps[i]!, tuning: { pollingLeaseMs: LEASE_MS, pollingRenewMs: 300 } }));
    }
  }, 30_000);

  afterAll(async () => {
    for (const b of bots) await b?.stop();
    await fake?.close();
    for (const a of apps?.slice(1) ?? []) await a.close();
    await stack?.close();
    await dropPrefix(prefix);
  });

  it('the first process polls, the two others stand by; messages are answered once', async () => {
    expect([polls(0), polls(1), polls(2)]).toEqual([true, false, false]);
    expect(logs[1]!.join('')).toContain('another process long-polls; this one takes over if it stops');
    for (let i = 0; i < 3; i++) await answeredOnce(5_000);
    expect([polls(1), polls(2)]).toEqual([false, false]);
  });

  it('a graceful stop of the polling process hands polling over within a renewal', async () => {
    await bots[0]!.stop();
    bots[0] = undefined;
    const ms = await answeredOnce(3_000);
    expect(ms).toBeLessThan(1_500);
    expect(polls(1) !== polls(2)).toBe(true);
  });

  it('the polling process cut off from Redis without releasing stops polling; another one polls within the lease', async () => {
    const leader = polls(1) ? 1 : 2;
    const standby = leader === 1 ? 2 : 1;
    const cut = Date.now();
    await apps[leader]!.coordination.close(); // as if killed: no release, no renewal
    const during = answeredOnce(LEASE_MS * 4); // sent in the gap: answered once, by whichever process polls
    while (!polls(standby) && Date.now() - cut < LEASE_MS * 4) await new Promise((r) => setTimeout(r, 20));
    const takeoverMs = Date.now() - cut;
    expect(polls(standby)).toBe(true);
    expect(takeoverMs).toBeGreaterThanOrEqual(LEASE_MS - 400);
    expect(takeoverMs).toBeLessThan(LEASE_MS + 1_000);
    expect(logs[leader]!.join('')).toContain('the lease cannot be renewed (Redis unreachable); stopping polling');
    await during;
    await answeredOnce(3_000);
  });

  it('never two pollers at once: no getUpdates was ever ended by a 409 Conflict', () => {
    const gets = fake.calls.filter((c) => c.method === 'getUpdates');
    expect(gets.length).toBeGreaterThan(3);
    expect(gets.filter((c) => c.errorCode === 409)).toEqual([]);
  });
});
