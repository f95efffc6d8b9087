/**
 * Naming people in admin commands: a name that matches nobody the bot knows (`root`, `nobodyxyz`) is refused with
 * words that say how to name members on that surface, and nothing is stored (no phantom user, no allowance, no
 * audit line). `me` is the admin themself. Real grammY → fake Bot API and real discord.js → fake Discord, real core
 * and SQLite; the console playground's side is in playground-first-session.test.ts.
 */
import type { Chat, User } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscordBot } from '../../src/platforms/discord/discord-bot.js';
import { MemoryKeyValueStore } from '../../src/platforms/discord/kv-file.js';
import type { TelegramHandle } from '../../src/platforms/telegram/telegram-bot.js';
import { startFakeDiscord, type FakeDiscord } from '../fakes/discord/index.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import { startDiscordFor } from '../support/discord-bot.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { startTelegramFor } from '../support/telegram-bot.js';

type Msg = { message_id: number; text?: string; reply_to_message?: { message_id: number } };

/** What a refused name must leave behind: no user row for it, no override, no audit line of the change. */
async function nothingStoredFor(stack: TestStack, name: string, auditsBefore: number): Promise<void> {
  const users = await stack.store.db.selectFrom('users').select(['external_id', 'username', 'display_name']).execute();
  expect(users.filter((u) => [u.external_id, u.username, u.display_name].includes(name))).toEqual([]);
  expect(await stack.store.db.selectFrom('audit_log').selectAll().execute()).toHaveLength(auditsBefore);
}

describe('Telegram: unknown names in /budget are refused, nothing stored', () => {
  let stack: TestStack;
  let fake: FakeTelegram;
  let tg: TelegramHandle;
  let group: Chat.SupergroupChat;
  let admin: User;
  let member: User;

  async function say(from: User, text: string): Promise<string> {
    const msg = fake.sendText({ chat: group, from, text });
    const call = await fake.waitFor((c) => c.method === 'sendMessage' && c.ok && String(c.params.chat_id) === String(group.id) && (c.result as Msg).reply_to_message?.message_id === msg.message_id, 5000);
    return String((call.result as Msg).text);
  }

  beforeAll(async () => {
    stack = await createTestStack();
    fake = await startFakeTelegram();
    group = fake.supergroup({ title: 'Studio' });
    admin = fake.user({ username: 'boss' });
    member = fake.user({ username: 'minnie' });
    fake.setChatMember(group.id, admin.id, 'administrator');
    tg = await startTelegramFor(stack, fake, []);
  });

  afterAll(async () => {
    await tg?.stop();
    await fake?.close();
    await stack?.close();
  });

  it.each([
    ['set', '/budget set root 0.05 day'],
    ['clear', '/budget clear root'],
    ['adjust', '/budget adjust nobodyxyz +1 prize'],
    ['block', '/budget block nobodyxyz'],
    ['show', '/budget show root'],
  ])('/budget %s with a name nobody has: refused, says to reply, use @username or the id', async (_op, line) => {
    await say(admin, '/balance');
    const before = (await stack.store.db.selectFrom('audit_log').selectAll().execute()).length;
    const text = await say(admin, line);
    expect(text).toMatch(/Nobody called '(root|nobodyxyz)' has been seen here, so nothing was changed\./);
    expect(text).toContain('Reply to one of their messages with the command');
    expect(text).toContain('numeric id');
    expect(text).not.toMatch(/now \$/);
    await nothingStoredFor(stack, line.includes('root') ? 'root' : 'nobodyxyz', before);
  });

  it('a member seen here is named by @username or bare username; me is the admin; /help budget says who you are', async () => {
    await say(member, '/balance');
    expect(await say(admin, '/budget set minnie 0.25')).toContain('$0.25');
    expect(await say(member, '/balance')).toMatch(/\$0\.25 left of \$0\.25/);
    expect(await say(admin, '/budget set me 3 week')).toMatch(/\$3\.00 per week/);
    expect((await stack.core.balance({ scope: { platform: 'telegram', externalId: String(group.id), kind: 'group' }, user: { platform: 'telegram', externalId: String(admin.id) } })).limitMicros).toBe(3_000_000);
    // A numeric id is a platform id: a budget can be set before the person speaks.
    expect(await say(admin, '/budget set 4242424 1')).toContain('$1.00');
    const help = await say(admin, '/help budget');
    expect(help).toContain(`"me" means you`);
    expect(help).toContain(`(id ${admin.id})`);
    expect(help).toContain('Reply to one of their messages');
    expect(help).toContain('/budget adjust @ana +1.50 refund for a bad image');
  });
});

describe('Discord: a typed name in the user option is refused, a picked member is not', () => {
  let stack: TestStack;
  let fake: FakeDiscord;
  let bot: DiscordBot;

  beforeAll(async () => {
    stack = await createTestStack();
    fake = await startFakeDiscord({ waitTimeoutMs: 8000 });
    bot = await startDiscordFor(stack, fake, { kv: new MemoryKeyValueStore(), registerDelivery: false });
  });

  afterAll(async () => {
    await bot?.stop();
    await fake?.close();
    await stack?.close();
  });

  async function run(subcommand: string, options: Parameters<FakeDiscord['slashCommand']>[0]['options']): Promise<string> {
    const h = fake.slashCommand({ name: 'budget', subcommand, userId: fake.adminUserId, options });
    await h.waitForCallback();
    return (await h.waitForOriginalEdit((m) => m.content.length > 0)).content;
  }

  it.each([
    ['set', { amount: '0.05', period: 'day' }],
    ['clear', {}],
    ['adjust', { amount: '+1' }],
    ['block', {}],
  ] as const)('/budget %s user:"root" (a string, as a stale client sends it): refused, nothing stored', async (sub, rest) => {
    await run('show', {});
    const before = (await stack.store.db.selectFrom('audit_log').selectAll().execute()).length;
    const text = await run(sub, { user: { type: 3, value: 'root' }, ...rest });
    expect(text).toContain("Nobody called 'root' has been seen here, so nothing was changed.");
    expect(text).toContain("Pick them in the command's user option");
    await nothingStoredFor(stack, 'root', before);
  });

  it('a member picked in the user option is named and changed', async () => {
    const text = await run('set', { user: { user: fake.memberUserId }, amount: '0.50' });
    expect(text).toContain('$0.50');
    const h = fake.slashCommand({ name: 'help', userId: fake.adminUserId, options: { command: 'budget' } });
    await h.waitForCallback();
    const help = JSON.stringify((await h.waitForOriginalEdit((m) => m.content.length > 0 || m.embeds.length > 0)));
    expect(help).toContain(`(id ${fake.adminUserId})`);
  });
});
