import type { Chat } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelegramHandle } from '../../src/platforms/telegram/telegram-bot.js';
import { shownTexts, startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import { startTelegramFor } from '../support/telegram-bot.js';
import { createTestStack, type TestStack } from '../support/harness.js';

/**
 * A busy gateway and a violation fee as a Telegram member sees them (real grammY → fake Bot API, real core →
 * simulator with new-api's concurrency gate): the status message says the job is queued behind the busy gateway, then
 * the photo comes and is charged once, with no failure words; a violation-fee refusal says a fee may have been charged.
 */
describe('Telegram: a busy gateway is a wait, a violation fee is told', () => {
  let stack: TestStack;
  let fake: FakeTelegram;
  let tg: TelegramHandle;
  let group: Chat.SupergroupChat;
  const logLines: string[] = [];

  beforeAll(async () => {
    stack = await createTestStack({ env: { GATEWAY_TIMEOUT_MS: '15000' } });
    fake = await startFakeTelegram();
    group = fake.supergroup({ title: 'Queue' });
    tg = await startTelegramFor(stack, fake, logLines);
  });

  afterAll(async () => {
    await tg?.stop();
    await fake?.close();
    await stack?.close();
  });

  it('/imagine while the gate is full: "Queued — you are next", then the photo, charged once, no failure words', async () => {
    stack.sim.gate.configure({ limit: 1 });
    stack.sim.gate.occupy(stack.sim.tokens.media, 1, 1_500);
    const spentBefore = stack.sim.spentMicros(stack.sim.tokens.media);
    const user = fake.user({ username: 'patient' });
    const cmd = fake.sendText({ chat: group, from: user, text: '/imagine a quiet harbour' });
    await fake.waitFor((c) => c.method === 'sendPhoto' && c.ok && String(c.params.chat_id) === String(group.id), 15_000);
    stack.sim.gate.configure(undefined);
    const replies = fake.sent(group.id).filter((m) => m.replyToMessageId === cmd.message_id);
    const status = replies.find((m) => m.method === 'sendMessage')!;
    expect(shownTexts(status)).toContain('Queued — you are next (the gateway is busy)…');
    expect(replies.filter((m) => m.method === 'sendPhoto')).toHaveLength(1);
    expect(stack.sim.spentMicros(stack.sim.tokens.media) - spentBefore).toBe(10_000);
    for (const m of replies) for (const text of shownTexts(m)) expect(text).not.toMatch(/busy right now|could not|failed|Reference/);
  });

  it('the queued status carries a Cancel button: pressing it takes the job out of the line, hold released, told; the button goes', async () => {
    stack.sim.gate.configure({ limit: 1 });
    stack.sim.gate.occupy(stack.sim.tokens.media, 1, 4_000);
    const spentBefore = stack.sim.spentMicros(stack.sim.tokens.media);
    const user = fake.user({ username: 'changed_mind' });
    const cmd = fake.sendText({ chat: group, from: user, text: '/imagine a harbour I no longer want' });
    const status = await (async () => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const m = fake.sent(group.id).find((x) => x.replyToMessageId === cmd.message_id && x.method === 'sendMessage' && JSON.stringify(x.replyMarkup ?? {}).includes('Cancel'));
        if (m) return m;
        if (Date.now() > deadline) throw new Error('no status with a Cancel button');
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    expect(shownTexts(status).at(-1)).toBe('Queued — you are next (the gateway is busy)…');
    const button = status.replyMarkup!.inline_keyboard[0]![0] as { text: string; callback_data: string };
    expect(button.text).toBe('Cancel');
    const someoneElse = fake.user({ username: 'meddler' });
    fake.pressButton({ chat: group, from: someoneElse, message: status, data: button.callback_data });
    // Refused as an alert on the button (Telegram's way of answering only the presser).
    await fake.waitFor((c) => c.method === 'answerCallbackQuery' && String(c.params.text ?? '').includes('belongs to another member'), 10_000);
    fake.pressButton({ chat: group, from: user, message: status, data: button.callback_data });
    await fake.waitFor(() => fake.sent(group.id).some((m) => shownTexts(m).some((x) => /was taken out of the line before the gateway started on it\. Its hold was released: nothing was charged\./.test(x))), 10_000);
    await fake.waitFor(() => fake.sent(group.id).some((m) => m.replyToMessageId === cmd.message_id && shownTexts(m).some((x) => x.includes('was cancelled before the gateway started on it'))), 10_000);
    stack.sim.gate.configure(undefined);
    expect(fake.sent(group.id).filter((m) => m.replyToMessageId === cmd.message_id && m.method === 'sendPhoto')).toEqual([]);
    expect(stack.sim.spentMicros(stack.sim.tokens.media)).toBe(spentBefore);
    const shown = fake.sent(group.id).find((m) => m.messageId === status.messageId)!;
    expect(JSON.stringify(shown.replyMarkup ?? {})).not.toContain('Cancel');
  });

  it('/imagine refused with a violation fee: the words say a fee may have been charged, never "nothing was charged"', async () => {
    const user = fake.user({ username: 'bold' });
    const cmd = fake.sendText({ chat: group, from: user, text: '/imagine something [[fault:violation_fee]]' });
    await fake.waitFor(() => fake.sent(group.id).some((m) => m.replyToMessageId === cmd.message_id && shownTexts(m).some((x) => /violation fee/.test(x))), 10_000);
    const words = fake
      .sent(group.id)
      .filter((m) => m.replyToMessageId === cmd.message_id)
      .flatMap(shownTexts)
      .find((x) => /violation fee/.test(x))!;
    expect(words).toContain("may have charged the bot's token a violation fee");
    expect(words).toContain('This bot did not charge you');
    expect(words).not.toMatch(/nothing was charged/i);
    expect(stack.sim.fees(stack.sim.tokens.media)).toHaveLength(1);
  });
});
