import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { Chat, User } from 'grammy/types';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../../src/app/build-app.js';
import type { Actor } from '../../src/core/api/actor.js';
import { t } from '../../src/core/i18n/catalog.js';
import { createLogger, SecretSet, type Logger } from '../../src/log.js';
import { startTelegram, type TelegramHandle } from '../../src/platforms/telegram/telegram-bot.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import { createTestStack } from '../support/harness.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const MB = 1024 * 1024;
type Stack = Awaited<ReturnType<typeof createTestStack>>;

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

const actor = (chat: Chat, user: User): Actor => ({
  scope: { platform: 'telegram', externalId: String(chat.id), kind: chat.type === 'private' ? 'private' : 'group' },
  user: { platform: 'telegram', externalId: String(user.id) },
});

/** Waits until the member's newest job is `delivered` (the upload comes before the record and the charge). */
async function delivered(core: App['core'], a: Actor): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await core.jobs(a))[0]?.status !== 'delivered') {
    if (Date.now() > deadline) throw new Error('the job was not recorded delivered');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const videos = (fake: FakeTelegram) => fake.calls.filter((c) => c.method === 'sendVideo' && c.ok);

/**
 * Issue 23, private results delivered late: with the member's `private` setting on, a video started in a group is
 * posted in their private chat with the bot; a closed private chat (403) puts it in the group with one line saying so;
 * the choice made at the start is stored with the job, so a restart (or a later change of the setting) keeps it.
 */
describe('Telegram: private late results', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  async function setup(sim?: Parameters<typeof createTestStack>[0]): Promise<{ stack: Stack; fake: FakeTelegram; lines: string[]; tg: TelegramHandle }> {
    const stack = await createTestStack(sim);
    const fake = await startFakeTelegram();
    const lines: string[] = [];
    const tg = await bot(fake, stack.core, (d) => stack.app.registerDelivery(d), lines);
    cleanup.push(() => stack.close(), () => fake.close(), () => tg.stop());
    return { stack, fake, lines, tg };
  }

  async function privateOn(core: App['core'], a: Actor): Promise<void> {
    const r = await core.settings(a, { key: 'private', value: 'on' });
    expect(r.ok).toBe(true);
  }

  it('a video with private on arrives in the private chat with the bot, not in the group; charged once', async () => {
    const { stack, fake } = await setup();
    const user = fake.user({ username: 'quiet' });
    const dm = fake.privateChat(user);
    const group = fake.supergroup();
    await privateOn(stack.core, actor(group, user));
    const cmd = fake.sendText({ chat: group, from: user, text: '/video a quiet harbour --seconds 4' });
    const sent = await fake.waitFor((c) => c.method === 'sendVideo' && c.ok, 10_000);
    expect(String(sent.params.chat_id)).toBe(String(dm.id));
    await delivered(stack.core, actor(group, user));
    const status = fake.sent(group.id).find((m) => m.method === 'sendMessage' && m.replyToMessageId === cmd.message_id)!;
    await fake.waitFor((c) => c.method === 'deleteMessage' && Number(c.params.message_id) === status.messageId && String(c.params.chat_id) === String(group.id));
    await new Promise((r) => setTimeout(r, 300));
    expect(videos(fake)).toHaveLength(1);
    expect(fake.sent(group.id).filter((m) => m.method === 'sendVideo')).toEqual([]);
    const posted = fake.sent(dm.id).find((m) => m.method === 'sendVideo')!;
    expect(posted.caption).toMatch(/gamma-video-1 · 4 s/);
    expect(posted.caption).not.toContain(t('en', 'private-chat-closed'));
    const b = await stack.core.balance(actor(group, user));
    expect(b.spentMicros).toBe(4 * 50_000);
    expect(b.heldMicros).toBe(0);
  });

  it('when Telegram answers 403 for the private chat, the video arrives in the group once, with the line', async () => {
    const { stack, fake, lines } = await setup();
    const user = fake.user({ username: 'closed', languageCode: 'en' });
    fake.privateChat(user);
    const group = fake.supergroup();
    await privateOn(stack.core, actor(group, user));
    fake.errorNext('sendVideo', 403, "Forbidden: bot can't initiate conversation with a user");
    const cmd = fake.sendText({ chat: group, from: user, text: '/video a closed door --seconds 4' });
    const sent = await fake.waitFor((c) => c.method === 'sendVideo' && c.ok, 10_000);
    expect(String(sent.params.chat_id)).toBe(String(group.id));
    await delivered(stack.core, actor(group, user));
    await new Promise((r) => setTimeout(r, 300));
    const refused = fake.calls.filter((c) => c.method === 'sendVideo' && !c.ok);
    expect(refused.map((c) => String(c.params.chat_id))).toEqual([String(user.id)]);
    expect(videos(fake)).toHaveLength(1);
    const posted = fake.sent(group.id).find((m) => m.method === 'sendVideo')!;
    expect(posted.caption?.startsWith(t('en', 'private-chat-closed'))).toBe(true);
    expect(posted.replyToMessageId).toBe(cmd.message_id);
    expect((await stack.core.balance(actor(group, user))).spentMicros).toBe(4 * 50_000);
    expect(lines.join('')).toContain('private chat is closed');
  });

  it('a member who never started the bot (chat not found) gets the result in the group in their language', async () => {
    const { stack, fake } = await setup();
    const user = fake.user({ username: 'stranger' });
    const group = fake.supergroup();
    const a = actor(group, user);
    await privateOn(stack.core, a);
    expect((await stack.core.settings(a, { key: 'language', value: 'ru' })).ok).toBe(true);
    fake.sendText({ chat: group, from: user, text: '/video a red fox --seconds 4' });
    const sent = await fake.waitFor((c) => c.method === 'sendVideo' && c.ok, 10_000);
    expect(String(sent.params.chat_id)).toBe(String(group.id));
    expect(String(sent.params.caption).split('\n')[0]).toBe(t('ru', 'private-chat-closed'));
    await delivered(stack.core, a);
    expect(videos(fake)).toHaveLength(1);
  });

  it('an image whose private post failed (500) is kept and posted later by the runner, still privately, once', async () => {
    const { stack, fake } = await setup();
    const user = fake.user({ username: 'kept' });
    const dm = fake.privateChat(user);
    const group = fake.supergroup();
    const a = actor(group, user);
    await privateOn(stack.core, a);
    fake.errorNext('sendPhoto', 500, 'Internal Server Error');
    fake.sendText({ chat: group, from: user, text: '/imagine a lantern at night' });
    await fake.waitFor((c) => c.method === 'sendPhoto' && c.ok, 10_000);
    await delivered(stack.core, a);
    await new Promise((r) => setTimeout(r, 300));
    const photos = fake.calls.filter((c) => c.method === 'sendPhoto');
    expect(photos.map((c) => [String(c.params.chat_id), c.ok])).toEqual([[String(dm.id), false], [String(dm.id), true]]);
    expect(fake.sent(group.id).filter((m) => m.method === 'sendPhoto' || m.method === 'sendDocument')).toEqual([]);
    // The command handed the kept image over (its status message said so); the runner's post is the second attempt.
    expect(fake.calls.some((c) => c.method === 'editMessageText' && String(c.params.chat_id) === String(group.id) && c.params.text === t('en', 'private-handed-over'))).toBe(true);
    const job = (await stack.core.jobs(a))[0]!;
    const row = await stack.store.db.selectFrom('jobs').select(['delivery']).where('id', '=', job.id).executeTakeFirstOrThrow();
    expect(JSON.parse(String(row.delivery))).toMatchObject({ surface: 'telegram', chatId: String(group.id), private: true });
    expect((await stack.core.balance(a)).spentMicros).toBe(10_000);
  });

  it('a restart between start and delivery keeps the choice made at the start (a later change does not move the job)', async () => {
    const { stack, fake, lines, tg } = await setup({ sim: { video: { queuedMs: 100, runMs: 1500, progressSteps: 5 } } });
    const user = fake.user();
    const dm = fake.privateChat(user);
    const group = fake.supergroup();
    const a = actor(group, user);
    await privateOn(stack.core, a);
    fake.sendText({ chat: group, from: user, text: '/video the tide comes in --seconds 4' });
    await fake.waitFor((c) => c.method === 'editMessageText' && /\d+%$/.test(String(c.params.text)), 10_000);
    expect((await stack.core.settings(a, { key: 'private', value: 'off' })).ok).toBe(true);

    await tg.stop();
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
    expect(String(sent.params.chat_id)).toBe(String(dm.id));
    await delivered(app2.core, a);
    await new Promise((r) => setTimeout(r, 300));
    expect(videos(fake)).toHaveLength(1);
    expect((await app2.core.balance(a)).spentMicros).toBe(4 * 50_000);
  });
});
