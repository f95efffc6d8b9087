import type { Chat, User } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/core/api/actor.js';
import type { TelegramHandle } from '../../src/platforms/telegram/telegram-bot.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import type { ApiCall } from '../fakes/telegram/types.js';
import { startTelegramFor } from '../support/telegram-bot.js';
import { createTestStack, type TestStack } from '../support/harness.js';

type Msg = { message_id: number; text?: string; reply_to_message?: { message_id: number }; reply_markup?: { inline_keyboard: { text: string; callback_data?: string }[][] } };

/** /prices in the admins' menu and in a group, admin notices, and Remix under a delivered video, on Telegram. */
describe('Telegram surface: prices, admin notices and Remix', () => {
  let stack: TestStack;
  let fake: FakeTelegram;
  let tg: TelegramHandle;
  let group: Chat.SupergroupChat;
  let admin: User;
  let member: User;
  const logLines: string[] = [];

  const isReplyTo = (chat: Chat, id: number) => (c: ApiCall) => c.ok && String(c.params.chat_id) === String(chat.id) && (c.result as Msg | undefined)?.reply_to_message?.message_id === id;
  async function say(chat: Chat, from: User, text: string): Promise<string> {
    const msg = fake.sendText({ chat, from, text });
    const call = await fake.waitFor((c) => c.method === 'sendMessage' && isReplyTo(chat, msg.message_id)(c), 5000);
    return String((call.result as Msg).text);
  }
  const actor = (user: User): Actor => ({ scope: { platform: 'telegram', externalId: String(group.id), kind: 'group' }, user: { platform: 'telegram', externalId: String(user.id) } });
  const buttons = (m: Msg) => (m.reply_markup?.inline_keyboard ?? []).flat();

  beforeAll(async () => {
    stack = await createTestStack({ sim: { video: { queuedMs: 100, runMs: 500, progressSteps: 2 } } });
    fake = await startFakeTelegram();
    group = fake.supergroup({ title: 'Studio' });
    admin = fake.user({ username: 'boss' });
    member = fake.user({ username: 'artist' });
    fake.setChatMember(group.id, admin.id, 'creator');
    tg = await startTelegramFor(stack, fake, logLines);
  });

  afterAll(async () => {
    await tg?.stop();
    await fake?.close();
    await stack?.close();
  });

  it('lists /prices in the admins’ menu only', () => {
    const names = (scope?: object) => fake.commands(scope).map((c) => c.command);
    expect(names({ type: 'all_chat_administrators' })).toContain('prices');
    expect(names()).not.toContain('prices');
    expect(names({ type: 'all_private_chats' })).not.toContain('prices');
    for (const scope of [undefined, { type: 'all_chat_administrators' }, { type: 'all_private_chats' }]) expect(names(scope)).not.toContain('remix');
  });

  it('an admin sets and lists prices in the group; a member is refused; /help prices shows the usage', async () => {
    expect(await say(group, admin, '/prices set alpha-image-2 0.05 image')).toMatch(/alpha-image-2 now costs \$0\.05 per image here/);
    expect(await say(group, admin, '/prices list')).toMatch(/alpha-image-2: \$0\.05 \/ image/);
    expect(await say(group, member, '/prices clear alpha-image-2')).toMatch(/^Only an admin of this community can do that\./);
    expect(await say(group, admin, '/prices clear alpha-image-2')).toMatch(/was removed/);
    expect(await say(group, admin, '/help prices')).toContain('/prices set <model> <usd> [image|second|1k]');
    const models = await say(group, member, '/models image');
    expect(models).toContain("alpha-image-2 · $0.01 / image (gateway's published price) · default");
    expect(models).toContain('Defaults:');
  });

  it('after the community token ran out of credit, the next admin command shows the notice once', async () => {
    const linked = await stack.core.linkToken(actor(admin), stack.sim.tokens.poor, false);
    expect(linked.ok).toBe(true);
    try {
      fake.sendText({ chat: group, from: member, text: '/imagine a coin' });
      // The status message ("Working on it…") becomes the failure's words.
      await fake.waitFor((c) => c.ok && /run out of credit/.test(String(c.params.text ?? '')), 5000);
      const first = await say(group, admin, '/budget show');
      expect(first.match(/Admin notice: The gateway says this community's token has run out of credit/g)).toHaveLength(1);
      expect(await say(group, admin, '/budget show')).not.toContain('Admin notice');
    } finally {
      expect((await stack.core.unlinkToken(actor(admin), false)).ok).toBe(true);
    }
  });

  it('a delivered video carries Reroll and Remix; Remix asks the presser for the prompt, and their whole reply is the prompt', async () => {
    const cmd = fake.sendText({ chat: group, from: member, text: '/video a kite --seconds 4' });
    const first = await fake.waitFor((c) => c.method === 'sendVideo' && isReplyTo(group, cmd.message_id)(c), 10_000);
    const video = first.result as Msg;
    expect(buttons(video).map((b) => b.text)).toEqual(['Reroll', 'Remix']);
    const remix = buttons(video).find((b) => b.text === 'Remix')!;
    expect(remix.callback_data).toMatch(/^m:j_/);
    const jobId = remix.callback_data!.slice(2);
    const deadline = Date.now() + 8000;
    while (Date.now() < deadline) {
      const j = await stack.core.job(actor(member), jobId);
      if (j.ok && j.value.status === 'delivered') break;
      await new Promise((r) => setTimeout(r, 40));
    }

    const presser = fake.user({ username: 'remixer' });
    fake.pressButton({ chat: group, from: presser, message: video.message_id, data: remix.callback_data! });
    const prompt = await fake.waitFor((c) => c.method === 'sendMessage' && isReplyTo(group, video.message_id)(c) && /What should the new version show\?/.test(String((c.result as Msg).text)), 5000);
    expect(prompt.params.reply_markup).toMatchObject({ force_reply: true, selective: true });
    const answer = fake.sendText({ chat: group, from: presser, text: 'kites at night --seconds 5', replyTo: (prompt.result as Msg).message_id });
    await fake.waitFor((c) => c.method === 'sendVideo' && isReplyTo(group, answer.message_id)(c), 10_000);
    const remixes = stack.sim.requests().filter((r) => r.endpoint === 'video_remix');
    expect(remixes.map((r) => r.seconds)).toEqual(['5']);
    const jobs = await stack.core.jobs(actor(presser));
    expect(jobs.map((j) => [j.prompt, j.seconds])).toContainEqual(['kites at night', 5]);
    expect((await stack.core.balance(actor(presser))).spentMicros).toBe(5 * 50_000);
  });
});
