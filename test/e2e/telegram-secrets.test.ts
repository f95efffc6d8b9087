import type { Chat } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelegramHandle } from '../../src/platforms/telegram/telegram-bot.js';
import { encodePng } from '../../src/simulator/png.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { startTelegramFor } from '../support/telegram-bot.js';

/** A token-looking text or caption is deleted and refused in every chat, outside the private token set-up flow. */
describe('Telegram: messages that carry a token', () => {
  let stack: TestStack;
  let fake: FakeTelegram;
  let tg: TelegramHandle;
  const lines: string[] = [];
  const media = () => stack.sim.requests().filter((r) => ['image', 'edit', 'video_create', 'chat', 'messages'].includes(r.endpoint)).length;
  const jobs = async () => (await stack.store.db.selectFrom('jobs').select('prompt').execute()).map((j) => j.prompt);

  beforeAll(async () => {
    stack = await createTestStack();
    fake = await startFakeTelegram();
    tg = await startTelegramFor(stack, fake, lines);
  });
  afterAll(async () => {
    await tg?.stop();
    await fake?.close();
    await stack?.close();
  });

  async function refused(chat: Chat, messageId: number, what: RegExp): Promise<void> {
    await fake.waitFor((c) => c.method === 'deleteMessage' && Number(c.params.message_id) === messageId && Number(c.params.chat_id) === chat.id);
    const reply = await fake.waitFor((c) => c.method === 'sendMessage' && Number(c.params.chat_id) === chat.id && what.test(String(c.params.text)));
    expect(String(reply.params.text)).toMatch(/so I deleted the message \(if I could\) and did not run it\./);
  }

  it('a photo caption with a bot token in a private chat: deleted, refused, no job, nothing sent to the gateway', async () => {
    const user = fake.user({ username: 'pat' });
    const chat = fake.privateChat(user);
    const before = media();
    const botToken = '7345122901:AAHf3kLmNoPqRsTuVwXyZ0123456789abcd';
    const m = fake.sendPhoto({ chat, from: user, caption: `/edit make it blue ${botToken}`, bytes: await encodePng(32, 32, { r: 1, g: 2, b: 3 }) });
    await refused(chat, m.message_id, /looked like a secret token/);
    const t = fake.sendText({ chat, from: user, text: `/imagine a cat sk-live-Zq8x4Lr2Vb7Np1Ks9Wd3` });
    await refused(chat, t.message_id, /looked like a gateway token/);
    expect(media()).toBe(before);
    expect((await jobs()).some((p) => p.includes('AAHf3k') || p.includes('sk-live'))).toBe(false);
    expect(lines.join('').includes(botToken)).toBe(false);
  });

  it('a group message with a token: deleted and refused', async () => {
    const user = fake.user({ username: 'sam' });
    const group = fake.supergroup({ title: 'Makers' });
    const m = fake.sendText({ chat: group, from: user, text: '/ask what does 7345122901:AAHf3kLmNoPqRsTuVwXyZ0123456789abcd do' });
    await refused(group, m.message_id, /looked like a secret token/);
    expect((await jobs()).some((p) => p.includes('AAHf3k'))).toBe(false);
  });
});
