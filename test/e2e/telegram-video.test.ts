import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { Chat, User } from 'grammy/types';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app/build-app.js';
import type { Actor } from '../../src/core/api/actor.js';
import { createLogger, SecretSet, type Logger } from '../../src/log.js';
import { startTelegram, type TelegramHandle } from '../../src/platforms/telegram/telegram-bot.js';
import { encodePng } from '../../src/simulator/png.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import { createTestStack } from '../support/harness.js';

const MB = 1024 * 1024;
type Msg = { message_id: number; reply_to_message?: { message_id: number } };

function newLogger(lines: string[]): { logger: Logger; secrets: SecretSet } {
  const secrets = new SecretSet();
  const destination = new Writable({ write: (c: Buffer, _e, cb) => (lines.push(c.toString()), cb()) });
  return { logger: createLogger({ level: 'debug', format: 'json', secrets, destination }), secrets };
}

function bot(fake: FakeTelegram, core: App['core'], register: App['registerDelivery'], lines: string[]): Promise<TelegramHandle> {
  return startTelegram({
    config: { telegram: { token: fake.token, apiRoot: fake.apiRoot, webhookUrl: undefined, webhookPort: 0, uploadLimitBytes: 50 * MB, photoLimitBytes: 10 * MB, fullQuality: false }, ownerIds: [] },
    core,
    ...newLogger(lines),
    registerDelivery: register,
    tuning: { throttle: { groupIntervalMs: 30, privateIntervalMs: 10 }, chatActionIntervalMs: 100, chatActionDelayMs: 0, statusDelayMs: 0 },
  });
}

/** Polls `get` every 20 ms until it returns a value (at most 10 s). */
async function until<T>(get: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const v = await get();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const actor = (chat: Chat, user: User): Actor => ({
  scope: { platform: 'telegram', externalId: String(chat.id), kind: chat.type === 'private' ? 'private' : 'group' },
  user: { platform: 'telegram', externalId: String(user.id) },
});

/** /video: acknowledgment, throttled progress edits, sendVideo, refunds and a restart mid-job. */
describe('Telegram adapter: videos', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  it('/video acknowledges, edits progress, then posts the mp4 with sendVideo; a failing task is refunded', async () => {
    const stack = await createTestStack();
    const fake = await startFakeTelegram();
    const lines: string[] = [];
    const tg = await bot(fake, stack.core, (d) => stack.app.registerDelivery(d), lines);
    cleanup.push(() => stack.close(), () => fake.close(), () => tg.stop());
    const user = fake.user({ username: 'director' });
    const chat = fake.privateChat(user);

    const cmd = fake.sendText({ chat, from: user, text: '/video ocean waves at dusk --seconds 4' });
    const video = await fake.waitFor((c) => c.method === 'sendVideo' && c.ok, 10_000);
    const result = video.result as Msg;
    expect(result.reply_to_message?.message_id).toBe(cmd.message_id);
    const posted = fake.sent(chat.id).find((m) => m.messageId === result.message_id)!;
    expect(posted.files[0]?.bytes?.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(posted.caption).toMatch(/gamma-video-1 · 4 s/);

    const status = fake.sent(chat.id).find((m) => m.method === 'sendMessage' && m.replyToMessageId === cmd.message_id)!;
    const texts = fake.edits(status.messageId, chat.id).map((e) => e.text ?? '');
    expect(texts[0]).toMatch(/^Video started\n\nMaking a video of 4 s with gamma-video-1.*held/s);
    expect(texts.some((t) => /\d+%$/.test(t))).toBe(true);
    await fake.waitFor((c) => c.method === 'deleteMessage' && Number(c.params.message_id) === status.messageId);
    expect(fake.chatActions.some((a) => a.chatId === chat.id && a.action === 'upload_video')).toBe(true);
    expect((await stack.core.balance(actor(chat, user))).spentMicros).toBeGreaterThan(0);

    const other = fake.user();
    const otherChat = fake.privateChat(other);
    const bad = fake.sendText({ chat: otherChat, from: other, text: '/video a storm [[fault:task_fail]]' });
    const refund = await fake.waitFor((c) => c.method === 'sendMessage' && c.ok && String(c.params.chat_id) === String(otherChat.id) && /refunded/.test(String(c.params.text)) && (c.result as Msg).reply_to_message?.message_id === bad.message_id, 10_000);
    expect(String(refund.params.text)).toMatch(/The video could not be made.*nothing was charged/s);
    expect(fake.calls.filter((c) => c.method === 'sendVideo' && String(c.params.chat_id) === String(otherChat.id))).toEqual([]);
    expect((await stack.core.balance(actor(otherChat, other))).spentMicros).toBe(0);
    expect(lines.join('') + stack.logs()).not.toContain(fake.token);
  });

  it('a running video\'s status message carries Refresh through every progress edit; pressing it shows the job', async () => {
    const stack = await createTestStack({ sim: { video: { queuedMs: 100, runMs: 1500, progressSteps: 5 } } });
    const fake = await startFakeTelegram();
    const lines: string[] = [];
    const tg = await bot(fake, stack.core, (d) => stack.app.registerDelivery(d), lines);
    cleanup.push(() => stack.close(), () => fake.close(), () => tg.stop());
    const user = fake.user();
    const group = fake.supergroup();
    const cmd = fake.sendText({ chat: group, from: user, text: '/video a lighthouse in fog --seconds 4' });
    const status = await until(() => fake.sent(group.id).find((m) => m.method === 'sendMessage' && m.replyToMessageId === cmd.message_id));
    const job = await until(async () => (await stack.core.jobs(actor(group, user)))[0]);
    const refresh = [[{ text: 'Refresh', callback_data: `f:${job.id}` }]];
    // The acknowledgment puts the reply's Refresh action on the status message …
    const ack = await until(() => fake.edits(status.messageId, group.id).find((e) => /^Video started/.test(e.text ?? '')));
    expect(ack.replyMarkup?.inline_keyboard).toEqual(refresh);
    // … and the poller's progress edits keep it (an edit without reply_markup would remove it).
    await fake.waitFor((c) => c.method === 'editMessageText' && c.ok && Number(c.params.message_id) === status.messageId && /\d+%$/.test(String(c.params.text)), 10_000);
    const pressed = fake.pressButton({ chat: group, from: user, message: status, data: `f:${job.id}` });
    const answer = await fake.waitFor((c) => c.method === 'sendMessage' && c.ok && (c.result as Msg).reply_to_message?.message_id === status.messageId, 10_000);
    expect(String(answer.params.text)).toContain(job.id);
    expect(fake.calls.some((c) => c.method === 'answerCallbackQuery' && c.params.callback_query_id === pressed.id)).toBe(true);
    await fake.waitFor((c) => c.method === 'sendVideo' && c.ok, 10_000);
    const edits = fake.edits(status.messageId, group.id);
    expect(edits.filter((e) => /\d+%$/.test(e.text ?? '')).length).toBeGreaterThan(0);
    for (const e of edits) expect(e.replyMarkup?.inline_keyboard, `edit "${e.text}"`).toEqual(refresh);
  });

  it('a restart between start and finish (stop bot + app, new app + bot on the same database) delivers exactly once', async () => {
    const stack = await createTestStack({ sim: { video: { queuedMs: 100, runMs: 1500, progressSteps: 5 } } });
    const fake = await startFakeTelegram();
    const lines: string[] = [];
    const tg1 = await bot(fake, stack.core, (d) => stack.app.registerDelivery(d), lines);
    cleanup.push(() => stack.close(), () => fake.close());
    const user = fake.user();
    const group = fake.supergroup();
    const ref = fake.sendPhoto({ chat: group, from: user, bytes: await encodePng(64, 64, { r: 1, g: 2, b: 3 }) });
    const cmd = fake.sendText({ chat: group, from: user, text: '/video make it move', replyTo: ref });
    await fake.waitFor((c) => c.method === 'editMessageText' && /\d+%$/.test(String(c.params.text)), 10_000);
    const videoCreates = stack.sim.requests().filter((r) => r.endpoint === 'video_create');
    expect(videoCreates).toHaveLength(1);
    expect(videoCreates[0]?.hasInputReference).toBe(true);

    await tg1.stop();
    await stack.app.close();
    expect(fake.calls.filter((c) => c.method === 'sendVideo')).toEqual([]);

    const { logger, secrets } = newLogger(lines);
    const app2 = await buildApp(stack.config, {
      logger, secrets, outputDir: join(stack.dir, 'outputs'), ffmpegPath: null,
      pollerTuning: { progressEveryMs: 0, tickMs: 50 }, gatewayOptions: { maxRetries: 2, retryBaseMs: 10 },
    });
    const tg2 = await bot(fake, app2.core, (d) => app2.registerDelivery(d), lines);
    cleanup.push(() => app2.close(), () => tg2.stop());

    const sent = await fake.waitFor((c) => c.method === 'sendVideo' && c.ok, 10_000);
    expect((sent.result as Msg).reply_to_message?.message_id).toBe(cmd.message_id);
    // The upload comes before the delivery is recorded and settled: wait for the job's final state.
    const deadline = Date.now() + 10_000;
    let jobs = await app2.core.jobs(actor(group, user));
    while (jobs[0]?.status !== 'delivered' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      jobs = await app2.core.jobs(actor(group, user));
    }
    expect(jobs.map((j) => j.status)).toEqual(['delivered']);
    await new Promise((r) => setTimeout(r, 300));
    expect(fake.calls.filter((c) => c.method === 'sendVideo' && c.ok)).toHaveLength(1);
    expect(stack.sim.requests().filter((r) => r.endpoint === 'video_create')).toHaveLength(1);
  });
  it('a reply to a photo with another photo attached makes a first+last-frame video: two images, the replied one first', async () => {
    // Kling takes a last frame (`image_tail`); the simulator's own video models take none.
    const stack = await createTestStack({ sim: { catalogue: 'real' } });
    const fake = await startFakeTelegram();
    const lines: string[] = [];
    const tg = await bot(fake, stack.core, (d) => stack.app.registerDelivery(d), lines);
    cleanup.push(() => stack.close(), () => fake.close(), () => tg.stop());
    const user = fake.user({ username: 'framer' });
    const chat = fake.privateChat(user);
    const first = fake.sendPhoto({ chat, from: user, bytes: await encodePng(64, 48, { r: 10, g: 120, b: 200 }) });
    fake.sendPhoto({ chat, from: user, replyTo: first, caption: '/video from dawn to dusk --seconds 5 --model kling-v2-1', bytes: await encodePng(64, 48, { r: 220, g: 90, b: 20 }) });
    await fake.waitFor((c) => c.method === 'sendVideo' && c.ok, 10_000);
    const creates = stack.sim.requests().filter((r) => r.endpoint === 'video_create');
    expect(creates).toHaveLength(1);
    expect(creates[0]?.hasInputReference).toBe(true);
    const job = await stack.store.db.selectFrom('jobs').select(['params']).where('kind', '=', 'video').executeTakeFirstOrThrow();
    expect(JSON.parse(String(job.params))).toMatchObject({ references: 1, endImage: true });
  });
});
