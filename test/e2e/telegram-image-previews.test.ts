import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelegramHandle } from '../../src/platforms/telegram/telegram-bot.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import { startTelegramFor } from '../support/telegram-bot.js';
import { createTestStack, type TestStack } from '../support/harness.js';

/**
 * A slow image on a model that streams partial images (the simulator's `gpt-image-2` taking 6 s), in a private chat:
 * the first preview is posted as a photo, the second replaces it (`editMessageMedia`), and the preview is deleted when
 * the result is posted; one photo result, charged once.
 */
describe('Telegram: partial image previews, replaced by the result', () => {
  let stack: TestStack;
  let fake: FakeTelegram;
  let tg: TelegramHandle;
  const logLines: string[] = [];

  beforeAll(async () => {
    stack = await createTestStack({ sim: { catalogue: 'real', imageDelayMs: 6_000 }, env: { GATEWAY_TIMEOUT_MS: '20000', DEFAULT_ALLOWANCE: '5' } });
    fake = await startFakeTelegram();
    tg = await startTelegramFor(stack, fake, logLines);
  });

  afterAll(async () => {
    await tg?.stop();
    await fake?.close();
    await stack?.close();
  });

  it('/imagine --model gpt-image-2: a preview photo, updated once, deleted when the image is posted; one charge', async () => {
    const user = fake.user({ username: 'previewer' });
    const chat = fake.privateChat(user);
    const spentBefore = stack.sim.spentMicros(stack.sim.tokens.media);
    const cmd = fake.sendText({ chat, from: user, text: '/imagine a kite over the dunes --model gpt-image-2' });
    await fake.waitFor((c) => c.method === 'editMessageMedia' && c.ok, 15_000);
    await fake.waitFor((c) => c.method === 'sendPhoto' && c.ok && (c.result as { caption?: string }).caption?.includes('gpt-image-2') === true, 15_000);
    const photos = fake.sent(chat.id).filter((m) => m.method === 'sendPhoto' && m.replyToMessageId === cmd.message_id);
    expect(photos).toHaveLength(2); // the preview and the result
    const [preview, result] = photos;
    expect(preview!.edits.map((e) => e.method)).toEqual(['editMessageMedia']);
    await fake.waitFor((c) => c.method === 'deleteMessage' && c.params.message_id === preview!.messageId);
    expect(result!.deleted).toBe(false);
    expect(result!.caption).toContain('gpt-image-2');
    expect(stack.sim.spentMicros(stack.sim.tokens.media) - spentBefore).toBe(40_000);
  }, 40_000);
});
