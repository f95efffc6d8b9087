import type { Chat, Message, User } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/core/api/actor.js';
import type { TelegramHandle } from '../../src/platforms/telegram/telegram-bot.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import type { ApiCall } from '../fakes/telegram/types.js';
import { startTelegramFor } from '../support/telegram-bot.js';
import { createTestStack, type TestStack } from '../support/harness.js';

type Msg = { message_id: number; text?: string; caption?: string; reply_to_message?: { message_id: number }; reply_markup?: { inline_keyboard: { text: string; callback_data?: string }[][] } };

/** The one command path: /help, roles (anonymous admins, non-admins), suggestions, buttons and the Edit prompt, secrets. */
describe('Telegram adapter: the command layer', () => {
  let stack: TestStack;
  let fake: FakeTelegram;
  let tg: TelegramHandle;
  let group: Chat.SupergroupChat;
  let admin: User;
  let member: User;
  const logLines: string[] = [];

  const isReplyTo = (chat: Chat, id: number) => (c: ApiCall) => c.ok && String(c.params.chat_id) === String(chat.id) && (c.result as Msg | undefined)?.reply_to_message?.message_id === id;
  /** Sends a text and resolves with the bot's text reply to it, as stored (markup parsed out). */
  async function say(chat: Chat, from: User, text: string, replyTo?: Message): Promise<string> {
    const msg = fake.sendText({ chat, from, text, ...(replyTo ? { replyTo } : {}) });
    const call = await fake.waitFor((c) => c.method === 'sendMessage' && isReplyTo(chat, msg.message_id)(c), 5000);
    return String((call.result as Msg).text);
  }
  const actor = (user: User): Actor => ({ scope: { platform: 'telegram', externalId: String(group.id), kind: 'group' }, user: { platform: 'telegram', externalId: String(user.id) } });
  const buttons = (m: Msg) => (m.reply_markup?.inline_keyboard ?? []).flat();

  beforeAll(async () => {
    stack = await createTestStack();
    fake = await startFakeTelegram();
    group = fake.supergroup({ title: 'Makers' });
    admin = fake.user({ username: 'chief' });
    member = fake.user({ username: 'maker' });
    fake.setChatMember(group.id, admin.id, 'creator');
    tg = await startTelegramFor(stack, fake, logLines, { tuning: { quickAnswerMs: 800 } });
  });

  afterAll(async () => {
    await tg?.stop();
    await fake?.close();
    await stack?.close();
  });

  it('/help lists what the asker can run (admins also see /budget), /help <command> explains one; /start in private is help', async () => {
    const forMember = await say(group, member, '/help');
    expect(forMember).toMatch(/^Commands\n/);
    expect(forMember).toContain('/imagine — ');
    expect(forMember).not.toContain('/budget');
    expect(await say(group, admin, '/help')).toContain('/budget — ');
    const imagine = await say(group, member, '/help imagine');
    expect(imagine).toMatch(/Usage:\n\/imagine <prompt>/);
    expect(imagine).toContain('--ar / --aspect W:H');
    // the title is sent bold with parse_mode HTML
    const call = fake.calls.filter((c) => c.method === 'sendMessage' && String((c.result as Msg | undefined)?.text).startsWith('/imagine')).at(-1)!;
    expect(call.params.parse_mode).toBe('HTML');
    expect(String(call.params.text)).toMatch(/^<b>\/imagine<\/b>\n\n/);
    const dm = fake.privateChat(member);
    expect(await say(dm, member, '/start')).toMatch(/^Commands\n/);
  });

  it('an anonymous admin (posting as the group) is answered and counts as admin, without a getChatMember call', async () => {
    const before = fake.calls.length;
    const cmd = fake.sendAnonymousAdminText({ chat: group, text: '/budget default 2 week' });
    const reply = await fake.waitFor((c) => c.method === 'sendMessage' && isReplyTo(group, cmd.message_id)(c), 5000);
    expect(String((reply.result as Msg).text)).toContain('$2.00');
    expect(String((reply.result as Msg).text)).not.toMatch(/Only an admin/);
    expect(fake.calls.slice(before).filter((c) => c.method === 'getChatMember')).toEqual([]);
    expect((await stack.core.balance(actor(member))).limitMicros).toBe(2_000_000);
  });

  it('a non-admin is refused every /budget subcommand by the core, after Telegram was asked', async () => {
    for (const text of ['/budget default 100', '/budget pool none', '/budget show', '/usage']) {
      const before = fake.calls.length;
      expect(await say(group, member, text), text).toMatch(/Only an admin of this community can do that/);
      expect(fake.calls.slice(before).some((c) => c.method === 'getChatMember' && Number(c.params.user_id) === member.id)).toBe(true);
    }
    expect((await stack.core.balance(actor(member))).limitMicros).toBe(2_000_000);
  });

  it('unknown commands: a suggestion when one is close; silence for other bots and for unknown ones in groups', async () => {
    expect(await say(group, member, '/imagin a fox')).toMatch(/\/imagine/);
    const dm = fake.privateChat(member);
    expect(await say(dm, member, '/frobnicate')).toMatch(/frobnicate/);
    const other = fake.sendText({ chat: group, from: member, text: '/imagine@other_bot a fox' });
    const unknown = fake.sendText({ chat: group, from: member, text: '/weather' });
    await say(group, member, '/balance');
    expect(fake.calls.filter((c) => isReplyTo(group, other.message_id)(c) || isReplyTo(group, unknown.message_id)(c))).toEqual([]);
  });

  it('Edit under an image asks the presser with a force-reply prompt; their answer edits the kept result (no download)', async () => {
    const cmd = fake.sendText({ chat: group, from: member, text: '/imagine a teapot --size 512x512' });
    const photoCall = await fake.waitFor((c) => c.method === 'sendPhoto' && isReplyTo(group, cmd.message_id)(c), 8000);
    const photo = photoCall.result as Msg;
    expect(buttons(photo).map((b) => b.text)).toEqual(['Vary', 'Upscale', 'Reroll', 'Edit', 'Animate']);
    const edit = buttons(photo).find((b) => b.text === 'Edit')!;
    expect(edit.callback_data).toMatch(/^e:/);

    const spentBefore = (await stack.core.balance(actor(member))).spentMicros;
    const press = fake.pressButton({ chat: group, from: member, message: photo.message_id, data: edit.callback_data! });
    await fake.waitFor((c) => c.method === 'answerCallbackQuery' && c.params.callback_query_id === press.id);
    const promptCall = await fake.waitFor((c) => c.method === 'sendMessage' && isReplyTo(group, photo.message_id)(c) && /What should change\?/.test(String((c.result as Msg).text)), 5000);
    expect(promptCall.params.reply_markup).toMatchObject({ force_reply: true, selective: true });

    const atEdit = stack.sim.requests().length;
    const getFiles = fake.calls.filter((c) => c.method === 'getFile').length;
    // someone else's reply to the prompt does not count
    const stranger = fake.user();
    const ignored = fake.sendText({ chat: group, from: stranger, text: 'make it red', replyTo: (promptCall.result as Msg).message_id });
    const answer = fake.sendText({ chat: group, from: member, text: 'make it gold', replyTo: (promptCall.result as Msg).message_id });
    await fake.waitFor((c) => c.method === 'sendPhoto' && isReplyTo(group, answer.message_id)(c), 8000);
    expect(stack.sim.requests().slice(atEdit).filter((r) => r.endpoint === 'edit').map((r) => r.imageParts)).toEqual([1]);
    expect(fake.calls.filter((c) => c.method === 'getFile')).toHaveLength(getFiles);
    expect(fake.calls.filter((c) => isReplyTo(group, ignored.message_id)(c))).toEqual([]);
    expect((await stack.core.balance(actor(member))).spentMicros).toBe(spentBefore + 10_000);
  });

  it('a button on an unknown job answers with an alert, nothing else', async () => {
    const photo = fake.sent(group.id).find((m) => m.method === 'sendPhoto')!;
    const press = fake.pressButton({ chat: group, from: member, message: photo, data: 'r:j_doesnotexist' });
    const answer = await fake.waitFor((c) => c.method === 'answerCallbackQuery' && c.params.callback_query_id === press.id, 5000);
    expect(answer.params.show_alert).toBe(true);
    expect(String(answer.params.text)).toMatch(/j_doesnotexist/);
  });

  it('a delivered video carries Reroll: another member pressing it is refused (nothing held or sent); its own member gets a new video, paid by them', async () => {
    const cmd = fake.sendText({ chat: group, from: member, text: '/video a kite --seconds 4' });
    const first = await fake.waitFor((c) => c.method === 'sendVideo' && isReplyTo(group, cmd.message_id)(c), 10_000);
    const video = first.result as Msg;
    const reroll = buttons(video).find((b) => b.text === 'Reroll')!;
    expect(reroll.callback_data).toMatch(/^r:/);

    const presser = fake.user();
    const creates = () => stack.sim.requests().filter((r) => r.endpoint === 'video_create').length;
    const before = creates();
    fake.pressButton({ chat: group, from: presser, message: video.message_id, data: reroll.callback_data! });
    const refusal = await fake.waitFor((c) => /Only the member who started job/.test(`${String(c.params.text ?? '')}`), 10_000);
    expect(String(refusal.params.text)).toMatch(/Nothing was charged/);
    expect(creates()).toBe(before);
    expect((await stack.core.balance(actor(presser))).spentMicros).toBe(0);

    const spent = (await stack.core.balance(actor(member))).spentMicros;
    fake.pressButton({ chat: group, from: member, message: video.message_id, data: reroll.callback_data! });
    await fake.waitFor((c) => c.method === 'sendVideo' && isReplyTo(group, video.message_id)(c), 10_000);
    expect(creates()).toBe(before + 1);
    expect((await stack.core.balance(actor(member))).spentMicros).toBeGreaterThan(spent);
  });

  it('Animate under an image makes a video from the kept file, without downloading it again', async () => {
    const photo = fake.sent(group.id).find((m) => m.method === 'sendPhoto' && buttons(m.message as Msg).some((b) => b.text === 'Animate'))!;
    const animate = buttons(photo.message as Msg).find((b) => b.text === 'Animate')!;
    const getFiles = fake.calls.filter((c) => c.method === 'getFile').length;
    const at = stack.sim.requests().length;
    fake.pressButton({ chat: group, from: member, message: photo, data: animate.callback_data! });
    await fake.waitFor((c) => c.method === 'sendVideo' && isReplyTo(group, photo.messageId)(c), 10_000);
    const created = stack.sim.requests().slice(at).filter((r) => r.endpoint === 'video_create');
    expect(created.map((r) => r.hasInputReference)).toEqual([true]);
    expect(fake.calls.filter((c) => c.method === 'getFile')).toHaveLength(getFiles);
  });

  it('a token is never taken in a group: /setup token <token> is deleted and refused; /token links to the private chat', async () => {
    const token = `sk-grp${'W4v1'.repeat(8)}QQ11`;
    const leak = fake.sendText({ chat: group, from: admin, text: `/setup token ${token}` });
    await fake.waitFor((c) => c.method === 'deleteMessage' && Number(c.params.message_id) === leak.message_id, 5000);
    const tokenCmd = fake.sendText({ chat: group, from: member, text: '/token' });
    const offer = await fake.waitFor((c) => c.method === 'sendMessage' && isReplyTo(group, tokenCmd.message_id)(c), 5000);
    expect(JSON.stringify(offer.params.reply_markup)).toContain('https://t.me/media_test_bot?start=token');
    expect(stack.sim.requests().filter((r) => r.token === token)).toEqual([]);
    expect(logLines.join('') + stack.logs()).not.toContain(token);
    expect(fake.sent().map((m) => `${m.text ?? ''}${m.caption ?? ''}`).join('\n')).not.toContain(token);
  });

  it('logs never contain the bot token, and no handler or background task failed', () => {
    expect(logLines.join('') + stack.logs()).not.toContain(fake.token);
    expect(logLines.join('')).not.toMatch(/telegram handler failed|background task failed|command failed unexpectedly/);
  });
});
