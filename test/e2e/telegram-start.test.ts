import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelegramHandle } from '../../src/platforms/telegram/telegram-bot.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { startTelegramFor } from '../support/telegram-bot.js';

/**
 * The start of the Telegram adapter: the first poll does not wait for the command menus (one `setMyCommands` per
 * audience and locale, sequential), yet the start resolves only once every menu is set.
 */
describe('Telegram start', () => {
  let stack: TestStack;
  let fake: FakeTelegram;
  let tg: TelegramHandle | undefined;

  beforeAll(async () => {
    stack = await createTestStack();
    fake = await startFakeTelegram();
    // A waiting update, so the first getUpdates is answered (and recorded) as soon as it arrives.
    const user = fake.user({ firstName: 'Early' });
    fake.sendText({ chat: fake.privateChat(user), from: user, text: 'hello' });
    tg = await startTelegramFor(stack, fake, []);
  });

  afterAll(async () => {
    await tg?.stop();
    await fake?.close();
    await stack?.close();
  });

  it('polls before the command menus are all set, and resolves once they are', () => {
    const methods = fake.calls.map((c) => c.method);
    const menus = methods.filter((m) => m === 'setMyCommands').length;
    expect(menus).toBeGreaterThan(3);
    expect(fake.calls.filter((c) => c.method === 'setMyCommands').every((c) => c.ok)).toBe(true);
    const firstPoll = methods.indexOf('getUpdates');
    expect(firstPoll).toBeGreaterThan(-1);
    expect(firstPoll).toBeLessThan(methods.lastIndexOf('setMyCommands'));
  });
});
