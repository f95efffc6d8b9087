import { existsSync, readFileSync } from 'node:fs';
import type { Chat, Message, User } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelegramHandle } from '../../src/platforms/telegram/telegram-bot.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import { startTelegramFor } from '../support/telegram-bot.js';
import { createTestStack, type TestStack } from '../support/harness.js';

type Msg = { message_id: number; text?: string; reply_to_message?: { message_id: number } };

/** Budgets, usage and the token flows: real grammY → fake Bot API, real core, real SQLite. */
describe('Telegram adapter: admin and setup', () => {
  let stack: TestStack;
  let fake: FakeTelegram;
  let tg: TelegramHandle;
  let group: Chat.SupergroupChat;
  let admin: User;
  let member: User;
  let outsider: User;
  const logLines: string[] = [];

  /** Sends a text and resolves with the bot's reply text to it (as Telegram stores it: markup parsed out). */
  async function say(chat: Chat, from: User, text: string, replyTo?: Message, mentions?: { text: string; user: User }[]): Promise<string> {
    const msg = fake.sendText({ chat, from, text, ...(replyTo ? { replyTo } : {}), ...(mentions ? { mentions } : {}) });
    const call = await fake.waitFor((c) => c.method === 'sendMessage' && c.ok && String(c.params.chat_id) === String(chat.id) && (c.result as Msg).reply_to_message?.message_id === msg.message_id, 5000);
    return String((call.result as Msg).text);
  }

  beforeAll(async () => {
    stack = await createTestStack();
    fake = await startFakeTelegram();
    group = fake.supergroup({ title: 'Studio' });
    admin = fake.user({ username: 'boss' });
    member = fake.user({ username: 'minnie' });
    outsider = fake.user({ username: 'mallory' });
    fake.setChatMember(group.id, admin.id, 'administrator');
    tg = await startTelegramFor(stack, fake, logLines);
  });

  afterAll(async () => {
    await tg?.stop();
    await fake?.close();
    await stack?.close();
  });

  it('/budget set: refused for a non-admin; applied for an admin replying to the member; /balance reflects it', async () => {
    const hello = fake.sendText({ chat: group, from: member, text: '/balance' });
    expect(await say(group, outsider, '/budget set 0.5 day', hello)).toMatch(/Only an admin of this community can do that/);
    expect(fake.calls.some((c) => c.method === 'getChatMember' && Number(c.params.user_id) === outsider.id)).toBe(true);

    const applied = await say(group, admin, '/budget set 0.5 day', hello);
    expect(applied).not.toMatch(/Only an admin/);
    expect(applied).toContain('$0.50');
    expect(await say(group, member, '/balance')).toMatch(/\$0\.50 left of \$0\.50/);

    // a member the bot has seen can be named by @username
    expect(await say(group, admin, '/budget set @minnie 0.25')).toContain('$0.25');
    expect(await say(group, member, '/balance')).toMatch(/\$0\.25 left of \$0\.25/);
    expect(await say(group, admin, '/budget set')).toMatch(/^Usage/);
  });

  it('/budget set names a member without @username picked from the mention list (a text_mention); the name in a prompt stays the name', async () => {
    const anna = fake.user({ firstName: 'Anna', lastName: 'Lee' });
    expect(anna.username).toBeUndefined();
    // The name alone names nobody (two words, no @): refused before, as typed text still is.
    expect(await say(group, admin, '/budget set Anna Lee 0.3')).not.toContain('$0.30');
    expect(await say(group, admin, '/budget set Anna Lee 0.3', undefined, [{ text: 'Anna Lee', user: anna }])).toContain('$0.30');
    expect(await say(group, anna, '/balance')).toMatch(/\$0\.30 left of \$0\.30/);
    const cmd = fake.sendText({ chat: group, from: anna, text: '/imagine a portrait of Anna Lee --size 256x256', mentions: [{ text: 'Anna Lee', user: anna }] });
    const photo = await fake.waitFor((c) => c.method === 'sendPhoto' && c.ok && (c.result as Msg).reply_to_message?.message_id === cmd.message_id, 10_000);
    expect(String(photo.params.caption)).toContain('a portrait of Anna Lee');
  });

  it('/usage sends the summary and a CSV document (admins only)', async () => {
    const cmd = fake.sendText({ chat: group, from: admin, text: '/usage' });
    const doc = await fake.waitFor((c) => c.method === 'sendDocument' && c.ok && (c.result as Msg).reply_to_message?.message_id === cmd.message_id, 5000);
    expect(doc.uploads[0]?.fileName).toMatch(/\.csv$/);
    expect(doc.uploads[0]?.bytes.toString('utf8')).toMatch(/,/);
    expect(await say(group, member, '/usage')).toMatch(/Only an admin/);
  });

  it('/setup links the group token through a private chat: deleted at once, stored encrypted, never echoed or logged', async () => {
    const token = `sk-grp${'Q7x9'.repeat(10)}ZZ42`;
    stack.sim.addToken(token, 'media');

    expect(await say(group, member, '/setup')).toMatch(/Only an admin/);
    const cmd = fake.sendText({ chat: group, from: admin, text: '/setup' });
    await fake.waitFor((c) => c.method === 'sendMessage' && c.ok && (c.result as Msg).reply_to_message?.message_id === cmd.message_id);
    const offer = fake.sent(group.id).find((m) => m.replyToMessageId === cmd.message_id)!;
    const url = (offer.replyMarkup?.inline_keyboard[0]?.[0] as { url?: string }).url ?? '';
    const payload = /^https:\/\/t\.me\/media_test_bot\?start=(s_[A-Za-z0-9_-]+)$/.exec(url)?.[1];
    expect(payload).toBeDefined();
    expect(payload).not.toContain(String(Math.abs(group.id)));

    const otherDm = fake.privateChat(outsider);
    expect(await say(otherDm, outsider, `/start ${payload}`)).toMatch(/expired, was already used, or belongs to another admin/);

    const dm = fake.privateChat(admin);
    expect(await say(dm, admin, `/start ${payload}`)).toMatch(/Paste the gateway token for "Studio"/);
    const pasted = fake.sendText({ chat: dm, from: admin, text: token });
    const confirm = await fake.waitFor((c) => c.method === 'sendMessage' && c.ok && String(c.params.chat_id) === String(dm.id) && String(c.params.text).includes('ZZ42'), 5000);
    expect(fake.deleted).toContainEqual(expect.objectContaining({ chatId: dm.id, messageId: pasted.message_id }));
    const deletedAt = fake.calls.find((c) => c.method === 'deleteMessage' && Number(c.params.message_id) === pasted.message_id)!.at;
    expect(deletedAt).toBeLessThanOrEqual(confirm.at);
    expect(await say(dm, admin, `/start ${payload}`)).toMatch(/already used/);

    // the group now runs on its own token
    const before = stack.sim.requests().length;
    const img = fake.sendText({ chat: group, from: member, text: '/imagine a lighthouse' });
    await fake.waitFor((c) => c.method === 'sendPhoto' && c.ok && (c.result as Msg).reply_to_message?.message_id === img.message_id, 8000);
    expect(stack.sim.requests().slice(before).filter((r) => r.endpoint === 'image').map((r) => r.token)).toEqual([token]);
    expect(await say(group, admin, '/setup show')).toContain('ZZ42');

    const db = [stack.dbPath, `${stack.dbPath}-wal`].filter(existsSync).map((p) => readFileSync(p).toString('latin1')).join('');
    expect(db.length).toBeGreaterThan(0);
    expect(db).not.toContain(token);
    expect(fake.sent().map((m) => `${m.text ?? ''}${m.caption ?? ''}`).join('\n')).not.toContain(token);
    expect(logLines.join('') + stack.logs()).not.toContain(token);
    expect(logLines.join('') + stack.logs()).not.toContain(fake.token);
  });

  it('/token in a private chat takes the next message as a personal token; a key pasted in a group is deleted', async () => {
    const token = `sk-own${'P3k8'.repeat(10)}YY77`;
    stack.sim.addToken(token, 'media');
    const dm = fake.privateChat(member);
    expect(await say(dm, member, '/token')).toMatch(/Paste your personal gateway token/);
    const pasted = fake.sendText({ chat: dm, from: member, text: token });
    await fake.waitFor((c) => c.method === 'sendMessage' && c.ok && String(c.params.chat_id) === String(dm.id) && String(c.params.text).includes('YY77'), 5000);
    expect(fake.deleted).toContainEqual(expect.objectContaining({ chatId: dm.id, messageId: pasted.message_id }));

    const leak = fake.sendText({ chat: group, from: outsider, text: `/imagine ${token.replace('YY77', 'XX11')}` });
    await fake.waitFor((c) => c.method === 'deleteMessage' && Number(c.params.message_id) === leak.message_id, 5000);
    expect(logLines.join('') + stack.logs()).not.toContain(token);
    expect(logLines.join('')).not.toMatch(/telegram handler failed|background task failed/);
  });
});
