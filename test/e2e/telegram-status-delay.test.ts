import type { Chat } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelegramHandle } from '../../src/platforms/telegram/telegram-bot.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { startTelegramFor } from '../support/telegram-bot.js';

/**
 * The status message ("Working on it…") is posted only once a command has run for `statusDelayMs`: a fast job's
 * result comes without it (the chat action still shows at once), a slow job's status is posted, then deleted when
 * the result is posted, as before.
 */
describe('Telegram adapter: deferred status message', () => {
  const DELAY_MS = 2_000;
  let stack: TestStack;
  let fake: FakeTelegram;
  let tg: TelegramHandle;
  let group: Chat.SupergroupChat;
  const logLines: string[] = [];

  beforeAll(async () => {
    stack = await createTestStack();
    fake = await startFakeTelegram();
    group = fake.supergroup({ title: 'Quick' });
    tg = await startTelegramFor(stack, fake, logLines, { tuning: { statusDelayMs: DELAY_MS } });
  });

  afterAll(async () => {
    await tg?.stop();
    await fake?.close();
    await stack?.close();
  });

  const photoFor = (msgId: number) => fake.waitFor((c) => c.method === 'sendPhoto' && c.ok && (c.result as { reply_to_message?: { message_id: number } }).reply_to_message?.message_id === msgId, 10_000);
  const statusFor = (msgId: number) => fake.sent(group.id).filter((m) => m.method === 'sendMessage' && m.replyToMessageId === msgId);

  it('a job answered within the delay posts its photo with no status message, and the chat action at once', async () => {
    const user = fake.user({ username: 'quick' });
    const cmd = fake.sendText({ chat: group, from: user, text: '/imagine a quick sketch --size 256x256' });
    await photoFor(cmd.message_id);
    expect(fake.chatActions).toContainEqual(expect.objectContaining({ chatId: group.id, action: 'upload_photo' }));
    await new Promise((r) => setTimeout(r, DELAY_MS + 300)); // the deferred post would have happened by now
    expect(statusFor(cmd.message_id)).toEqual([]);
  });

  it('a job slower than the delay gets its status message, removed once the photo is posted', async () => {
    const user = fake.user({ username: 'slow' });
    stack.sim.addFault({ kind: 'slow', endpoint: 'image', slowMs: DELAY_MS + 1_000, times: 1 });
    const cmd = fake.sendText({ chat: group, from: user, text: '/imagine a slow painting --size 256x256' });
    await fake.waitFor((c) => c.method === 'sendMessage' && c.ok && (c.result as { reply_to_message?: { message_id: number } }).reply_to_message?.message_id === cmd.message_id, 10_000);
    const [status] = statusFor(cmd.message_id);
    expect(status?.text).toBe('Working on it…');
    await photoFor(cmd.message_id);
    await fake.waitFor((c) => c.method === 'deleteMessage' && c.params.message_id === status!.messageId, 10_000);
  });
});
