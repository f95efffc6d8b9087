import type { Chat, Message, User } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelegramHandle } from '../../src/platforms/telegram/telegram-bot.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { startTelegramFor } from '../support/telegram-bot.js';

/**
 * One `/imagine` sent in a Telegram group upserts its sender once: the member middleware resolves the actor for the
 * update and the command it carries reuses it (src/platforms/telegram/seen-actors.ts), where it used to be
 * resolved twice (6 upserts and 4 reads). A plain message still records the member. Counted by wrapping the real
 * SQLite store's directory the core holds.
 */
describe('Telegram: the sender of a command is resolved once per update', () => {
  let stack: TestStack;
  let fake: FakeTelegram;
  let tg: TelegramHandle;
  let group: Chat.SupergroupChat;
  let user: User;
  const calls: string[] = [];
  const logLines: string[] = [];

  beforeAll(async () => {
    stack = await createTestStack({ sim: { imageDelayMs: 0 } });
    const s = stack.store as unknown as Record<'directory', object>;
    const directory = s.directory;
    s.directory = new Proxy(directory, {
      get(target, prop, receiver) {
        const v: unknown = Reflect.get(target, prop, receiver);
        if (typeof v !== 'function' || typeof prop !== 'string') return v;
        return (...args: unknown[]) => {
          calls.push(prop);
          return (v as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    fake = await startFakeTelegram();
    group = fake.supergroup({ title: 'Once' });
    user = fake.user({ username: 'once' });
    tg = await startTelegramFor(stack, fake, logLines);
  });

  afterAll(async () => {
    await tg?.stop();
    await fake?.close();
    await stack?.close();
  });

  it('an /imagine: the scope, the user and the membership are written once, and the photo is posted', async () => {
    calls.length = 0;
    const msg = fake.sendText({ chat: group, from: user, text: '/imagine a red fox in the snow' });
    await fake.waitFor((c) => c.method === 'sendPhoto' && c.ok && (c.result as Message).reply_to_message?.message_id === msg.message_id, 20_000);
    expect(calls.filter((c) => ['ensureScope', 'ensureUser', 'touchMember'].includes(c))).toEqual(['ensureScope', 'ensureUser', 'touchMember']);
  });

  it('a plain message still records the member (the middleware alone)', async () => {
    calls.length = 0;
    const other = fake.user({ username: 'quiet' });
    fake.sendText({ chat: group, from: other, text: 'hello there' });
    for (const end = Date.now() + 10_000; !calls.includes('touchMember') && Date.now() < end; ) await new Promise((r) => setTimeout(r, 20));
    expect(await stack.store.directory.findUser({ platform: 'telegram', externalId: String(other.id) })).toMatchObject({ username: 'quiet' });
  });
});
