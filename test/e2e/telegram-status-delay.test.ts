import type { Chat } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelegramHandle } from '../../src/platforms/telegram/telegram-bot.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { startTelegramFor } from '../support/telegram-bot.js';

/**
 * The chat action ("sending photo…") is sent only once a command has run for `chatActionDelayMs`, the status message
 * ("Working on it…") once it has run for `statusDelayMs`: a fast job's result comes with neither, a slow job shows the
 * chat action, then its status is posted, then deleted when the result is posted, as before.
 */
describe('Telegram adapter: deferred status message', () => {
  const DELAY_MS = 2_000;
  const ACTION_DELAY_MS = 1_000;
  let stack: TestStack;
  let fake: FakeTelegram;
  let tg: TelegramHandle;
  let group: Chat.SupergroupChat;
  const logLines: string[] = [];

  beforeAll(async () => {
    stack = await createTestStack();
    fake = await startFakeTelegram();
    group = fake.supergroup({ title: 'Quick' });
    tg = await startTelegramFor(stack, fake, logLines, { tuning: { statusDelayMs: DELAY_MS, chatActionDelayMs: ACTION_DELAY_MS } });
  });

  afterAll(async () => {
    await tg?.stop();
    await fake?.close();
    await stack?.close();
  });

  const photoFor = (msgId: number) => fake.waitFor((c) => c.method === 'sendPhoto' && c.ok && (c.result as { reply_to_message?: { message_id: number } }).reply_to_message?.message_id === msgId, 10_000);
  const statusFor = (msgId: number) => fake.sent(group.id).filter((m) => m.method === 'sendMessage' && m.replyToMessageId === msgId);

  it('a job answered within the delays posts its photo with no status message and no chat action', async () => {
    const user = fake.user({ username: 'quick' });
    const cmd = fake.sendText({ chat: group, from: user, text: '/imagine a quick sketch --size 256x256' });
    await photoFor(cmd.message_id);
    await new Promise((r) => setTimeout(r, DELAY_MS + 300)); // the deferred post and action would have happened by now
    expect(statusFor(cmd.message_id)).toEqual([]);
    expect(fake.chatActions.filter((a) => a.chatId === group.id)).toEqual([]);
  });

  it('a job slower than the delay gets its status message, removed once the photo is posted', async () => {
    const user = fake.user({ username: 'slow' });
    stack.sim.addFault({ kind: 'slow', endpoint: 'image', slowMs: DELAY_MS + 1_000, times: 1 });
    const cmd = fake.sendText({ chat: group, from: user, text: '/imagine a slow painting --size 256x256' });
    await fake.waitFor((c) => c.method === 'sendChatAction' && c.ok, 10_000);
    expect(fake.chatActions).toContainEqual(expect.objectContaining({ chatId: group.id, action: 'upload_photo' }));
    expect(statusFor(cmd.message_id)).toEqual([]); // the action comes first, the status message after DELAY_MS
    await fake.waitFor((c) => c.method === 'sendMessage' && c.ok && (c.result as { reply_to_message?: { message_id: number } }).reply_to_message?.message_id === cmd.message_id, 10_000);
    const [status] = statusFor(cmd.message_id);
    expect(status?.text).toBe('Working on it…');
    await photoFor(cmd.message_id);
    await fake.waitFor((c) => c.method === 'deleteMessage' && c.params.message_id === status!.messageId, 10_000);
  });
});
