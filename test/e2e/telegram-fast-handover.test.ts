import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelegramHandle } from '../../src/platforms/telegram/telegram-bot.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { startTelegramFor } from '../support/telegram-bot.js';

/**
 * A fast image job (done before the deferred status message would be posted) whose photo Telegram refuses (429):
 * the runner takes the post over, and the member reads at once that the result is charged and will be posted
 * shortly, instead of nothing until the runner's post lands.
 */
describe('Telegram: a fast job whose live photo post fails', () => {
  let stack: TestStack;
  let fake: FakeTelegram;
  let tg: TelegramHandle | undefined;
  const logLines: string[] = [];

  beforeAll(async () => {
    stack = await createTestStack({ startPoller: false });
    fake = await startFakeTelegram();
    // The production-like delay: no status message within the first 10 s of a request.
    tg = await startTelegramFor(stack, fake, logLines, { tuning: { statusDelayMs: 10_000 } });
  });
  afterAll(async () => {
    await tg?.stop();
    await fake?.close();
    await stack?.close();
  });

  it('posts the handed-over words as a reply to the command', async () => {
    const group = fake.supergroup({ title: 'Fast' });
    const user = fake.user({ username: 'quick' });
    fake.rateLimitNext('sendPhoto', 60);
    const cmd = fake.sendText({ chat: group, from: user, text: '/imagine a quick fox' });
    const refused = await fake.waitFor((c) => c.method === 'sendPhoto' && !c.ok && String(c.params.chat_id) === String(group.id), 8000);
    expect(refused.errorCode).toBe(429);
    const notice = await fake.waitFor((c) => c.method === 'sendMessage' && c.ok && String(c.params.chat_id) === String(group.id) && /will post it here shortly/.test(String(c.params.text)), 8000);
    expect(String(notice.params.text)).toBe('Your result is ready and was charged, but Telegram did not take it just now: the bot will post it here shortly.');
    expect((notice.result as { reply_to_message?: { message_id: number } }).reply_to_message?.message_id).toBe(cmd.message_id);
    // It was the only status-like message: no status message was posted before it.
    expect(fake.calls.filter((c) => c.method === 'sendMessage' && c.ok && String(c.params.chat_id) === String(group.id))).toHaveLength(1);
  });
});
