import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Chat, User } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../src/admin/run.js';
import { loadConfig } from '../../src/config.js';
import type { Actor } from '../../src/core/api/actor.js';
import type { DiscordBot } from '../../src/platforms/discord/discord-bot.js';
import type { TelegramHandle } from '../../src/platforms/telegram/telegram-bot.js';
import { generateEncryptionKey } from '../../src/store/crypto.js';
import { startFakeDiscord, type FakeDiscord, type InteractionHandle } from '../fakes/discord/index.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import type { ApiCall } from '../fakes/telegram/types.js';
import { startDiscordFor } from '../support/discord-bot.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { runAdminCli } from '../support/run-admin-cli.js';
import { startTelegramFor } from '../support/telegram-bot.js';

type Msg = { message_id: number; text?: string; reply_to_message?: { message_id: number } };
const images = (s: TestStack) => s.sim.requests().filter((r) => r.endpoint === 'image').length;

/**
 * OPERATOR_TOKEN_ACCESS=approved: a community nobody approved gets no job on the operator's token (refused free, told
 * how to get access); an owner approves it with /approve there or with the operator CLI; a community with its own
 * token needs no approval. Real grammY → fake Telegram, real discord.js → fake Discord, real core → simulator.
 */
describe('operator token access on Telegram', () => {
  let stack: TestStack;
  let fake: FakeTelegram;
  let tg: TelegramHandle;
  let owner: User;
  const logLines: string[] = [];

  const isReplyTo = (chat: Chat, id: number) => (c: ApiCall) => c.ok && String(c.params.chat_id) === String(chat.id) && (c.result as Msg | undefined)?.reply_to_message?.message_id === id;
  async function say(chat: Chat, from: User, text: string): Promise<string> {
    const msg = fake.sendText({ chat, from, text });
    const call = await fake.waitFor((c) => c.method === 'sendMessage' && isReplyTo(chat, msg.message_id)(c), 8000);
    return String((call.result as Msg).text);
  }
  const actor = (chat: Chat, user: User, kind: Actor['scope']['kind'] = 'group'): Actor => ({
    scope: { platform: 'telegram', externalId: String(chat.id), kind },
    user: { platform: 'telegram', externalId: String(user.id) },
  });

  beforeAll(async () => {
    fake = await startFakeTelegram();
    owner = fake.user({ username: 'operator' });
    stack = await createTestStack({ env: { OWNER_IDS: `telegram:${owner.id}`, DEFAULT_ALLOWANCE: '5', OPERATOR_TOKEN_ACCESS: 'approved', OPERATOR_DAILY_CAP: '0.05', USER_COOLDOWN_MS: '0' } });
    tg = await startTelegramFor(stack, fake, logLines, { ownerIds: [`telegram:${owner.id}`] });
  });

  afterAll(async () => {
    await tg?.stop();
    await fake?.close();
    await stack?.close();
  });

  it("a stranger's group is refused free and told how to get access; an owner's /approve opens it, /approve off closes it", async () => {
    const group = fake.supergroup({ title: 'Leaked invite' });
    const stranger = fake.user({ username: 'stranger' });
    fake.setChatMember(group.id, stranger.id, 'creator');
    const member = fake.user({ username: 'friend' });
    const before = images(stack);

    const refused = await say(group, member, '/imagine a free harbour');
    expect(refused).toMatch(/This community is not approved to use the bot's own gateway token/);
    expect(refused).toContain(`telegram:${group.id}`);
    expect(refused).toMatch(/\/approve/);
    expect(refused).toMatch(/link the community's own token with \/setup/);
    expect(refused).toMatch(/Nothing was charged\./);
    // The community's own admin may not approve it: /approve is the owners'.
    expect(await say(group, stranger, '/approve')).toMatch(/Only an admin|owner/);
    expect(images(stack)).toBe(before);
    expect((await stack.core.balance(actor(group, member))).heldMicros).toBe(0);

    expect(await say(group, owner, '/approve')).toMatch(/Approved: this community may now run jobs on the bot's own gateway token/);
    expect(await say(group, owner, '/approve')).toMatch(/already approved/);
    expect((await stack.core.imagine({ ...actor(group, member), prompt: 'now approved' })).ok).toBe(true);
    expect(images(stack)).toBe(before + 1);

    expect(await say(group, owner, '/approve off')).toMatch(/Approval withdrawn: this community gets no more jobs/);
    const again = await stack.core.imagine({ ...actor(group, member), prompt: 'closed again' });
    expect(again.ok ? 'ok' : again.failure.code).toBe('operator_access_not_approved');
    expect(images(stack)).toBe(before + 1);

    const audit = await stack.store.admin.auditEntries(null, 10);
    expect(audit.filter((a) => a.action.startsWith('scope.')).map((a) => a.action)).toEqual(['scope.revoke', 'scope.approve']);
  });

  it('a private chat is its own community (refused until approved from the CLI); an owner and a community with its own token need no approval', async () => {
    const stranger = fake.user({ username: 'dm-stranger' });
    const dm = fake.privateChat(stranger);
    const words = await say(dm, stranger, '/imagine a private harbour');
    expect(words).toMatch(/This private chat is not approved/);
    expect(words).toContain(`telegram:${dm.id}`);
    expect(words).toMatch(/link your own token with \/token/);

    const group = fake.supergroup({ title: 'Owner here' });
    expect((await stack.core.imagine({ ...actor(group, owner), prompt: 'the owner may' })).ok).toBe(true);

    const ownToken = fake.supergroup({ title: 'Own token' });
    const admin = fake.user({ username: 'self-paying' });
    fake.setChatMember(ownToken.id, admin.id, 'creator');
    expect((await stack.core.linkToken({ ...actor(ownToken, admin) }, stack.sim.tokens.media, false)).ok).toBe(true);
    expect((await stack.core.imagine({ ...actor(ownToken, fake.user({ username: 'guest' })), prompt: 'their own money' })).ok).toBe(true);
  });
});

describe('operator daily cap on Telegram', () => {
  let stack: TestStack;
  let fake: FakeTelegram;
  let tg: TelegramHandle;
  let owner: User;
  const logLines: string[] = [];
  const isReplyTo = (chat: Chat, id: number) => (c: ApiCall) => c.ok && String(c.params.chat_id) === String(chat.id) && (c.result as Msg | undefined)?.reply_to_message?.message_id === id;
  async function say(chat: Chat, from: User, text: string): Promise<string> {
    const msg = fake.sendText({ chat, from, text });
    const call = await fake.waitFor((c) => c.method === 'sendMessage' && isReplyTo(chat, msg.message_id)(c), 8000);
    return String((call.result as Msg).text);
  }

  beforeAll(async () => {
    fake = await startFakeTelegram();
    owner = fake.user({ username: 'operator' });
    stack = await createTestStack({ env: { OWNER_IDS: `telegram:${owner.id}`, DEFAULT_ALLOWANCE: '5', OPERATOR_DAILY_CAP: '0.02', USER_COOLDOWN_MS: '0' } });
    tg = await startTelegramFor(stack, fake, logLines, { ownerIds: [`telegram:${owner.id}`] });
  });

  afterAll(async () => {
    await tg?.stop();
    await fake?.close();
    await stack?.close();
  });

  it('a member past the cap reads that the shared budget is used up and when it resets; the owner finds the notice in a private chat, once', async () => {
    const group = fake.supergroup({ title: 'Busy' });
    const member = fake.user({ username: 'busy' });
    const a: Actor = { scope: { platform: 'telegram', externalId: String(group.id), kind: 'group' }, user: { platform: 'telegram', externalId: String(member.id) } };
    expect((await stack.core.imagine({ ...a, prompt: 'one' })).ok).toBe(true);
    expect((await stack.core.imagine({ ...a, prompt: 'two' })).ok).toBe(true);
    fake.sendText({ chat: group, from: member, text: '/imagine three' });
    // The status line ("Working on it…") becomes the refusal.
    const edit = await fake.waitFor((c) => c.ok && (c.method === 'editMessageText' || c.method === 'sendMessage') && String(c.params.chat_id) === String(group.id) && /shared budget/.test(String(c.params.text)), 8000);
    const words = String(edit.params.text);
    expect(words).toMatch(/This costs \$0\.01, and the bot's shared budget for today has \$0\.00 left/);
    expect(words).toMatch(/It resets tomorrow at 00:00 UTC/);
    expect(words).toMatch(/Nothing was charged\./);
    const dm = fake.privateChat(owner);
    const first = await say(dm, owner, '/balance');
    expect(first).toMatch(/The bot's shared daily budget on its own gateway token \(\$0\.02 per UTC day, OPERATOR_DAILY_CAP\) is used up/);
    expect(await say(dm, owner, '/balance')).not.toMatch(/OPERATOR_DAILY_CAP/);
    expect(await say(group, member, '/balance')).not.toMatch(/OPERATOR_DAILY_CAP/);
  });
});

describe('operator token access on Discord and the console', () => {
  let stack: TestStack;
  let fake: FakeDiscord;
  let bot: DiscordBot;
  let ownerId: string;

  async function answer(h: InteractionHandle): Promise<string> {
    const m = await Promise.any([h.waitForFollowUp((x) => x.content.length > 0), h.waitForOriginalEdit((x) => x.content.length > 0 || x.embeds.length > 0)]);
    return `${m.content}\n${JSON.stringify(m.embeds)}`;
  }

  beforeAll(async () => {
    fake = await startFakeDiscord({ waitTimeoutMs: 10_000 });
    ownerId = fake.addMember(fake.guildId, { username: 'operator' });
    stack = await createTestStack({ env: { OWNER_IDS: `discord:${ownerId}`, DEFAULT_ALLOWANCE: '5', OPERATOR_TOKEN_ACCESS: 'approved', USER_COOLDOWN_MS: '0' } });
    bot = await startDiscordFor(stack, fake, { registerDelivery: false, ownerIds: [`discord:${ownerId}`] });
  });

  afterAll(async () => {
    await bot?.stop();
    await fake?.close();
    await stack?.close();
  });

  it('a guild nobody approved is refused free; the owner approves it with /approve; the console is the operator\'s own', async () => {
    const before = images(stack);
    const refused = await answer(fake.slashCommand({ name: 'imagine', userId: fake.memberUserId, options: { prompt: 'a guild harbour' } }));
    expect(refused).toMatch(/This community is not approved to use the bot's own gateway token/);
    expect(refused).toContain(`discord:${fake.guildId}`);
    expect(images(stack)).toBe(before);
    expect(await answer(fake.slashCommand({ name: 'approve', userId: fake.adminUserId }))).toMatch(/Only an admin|owner/);

    expect(await answer(fake.slashCommand({ name: 'approve', userId: ownerId }))).toMatch(/Approved: this community may now run jobs/);
    const member: Actor = { scope: { platform: 'discord', externalId: fake.guildId, kind: 'guild' }, user: { platform: 'discord', externalId: fake.memberUserId } };
    expect((await stack.core.imagine({ ...member, prompt: 'approved guild' })).ok).toBe(true);
    expect(images(stack)).toBe(before + 1);

    const console: Actor = { scope: { platform: 'console', externalId: 'local', kind: 'console' }, user: { platform: 'console', externalId: 'local' } };
    expect((await stack.core.imagine({ ...console, prompt: 'at the terminal' })).ok).toBe(true);
  });
});

describe('operator CLI: communities approve, revoke, list', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'admin-cli-'));
    env = { PATH: process.env.PATH, HOME: dir, DATABASE_PATH: join(dir, 'bot.sqlite'), BOT_ENCRYPTION_KEY: generateEncryptionKey(), LOG_LEVEL: 'warn', OPERATOR_TOKEN_ACCESS: 'approved' };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function inProcess(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    let stdout = '';
    let stderr = '';
    const code = await runAdmin(args, () => loadConfig(env), { out: (t) => (stdout += `${t}\n`), err: (t) => (stderr += `${t}\n`), readSecret: async () => '' });
    return { code, stdout, stderr };
  }

  it('approves a community before the bot saw it, lists it, revokes it; audited; malformed lines exit 2', async () => {
    const approve = await runAdminCli(['communities', 'approve', 'telegram:-1001234567890'], { cwd: dir, env });
    expect(approve.stderr).toBe('');
    expect(approve.code).toBe(0);
    expect(approve.stdout).toContain('approved: telegram:-1001234567890 may run jobs on GATEWAY_TOKEN');
    expect((await inProcess(['communities', 'approve', 'telegram:-1001234567890'])).stdout).toContain('already approved');
    const list = await inProcess(['communities', 'list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('OPERATOR_TOKEN_ACCESS=approved');
    expect(list.stdout).toMatch(/telegram:-1001234567890 .*operator-cli/);
    const revoke = await inProcess(['communities', 'revoke', 'telegram:-1001234567890']);
    expect(revoke.stdout).toContain('revoked: telegram:-1001234567890 gets no jobs on GATEWAY_TOKEN');
    expect((await inProcess(['communities', 'list'])).stdout).toContain('No community is approved.');
    expect((await inProcess(['communities', 'revoke', 'telegram:-1001234567890'])).stdout).toContain('was not approved');
    const audit = await inProcess(['audit']);
    expect(audit.stdout).toMatch(/operator .*scope\.revoke/);
    expect(audit.stdout).toMatch(/operator .*scope\.approve/);
    expect((await inProcess(['communities', 'approve'])).code).toBe(2);
    expect((await inProcess(['communities', 'approve', 'nowhere:1'])).code).toBe(2);
    expect((await inProcess(['communities', 'frobnicate'])).code).toBe(2);
    expect((await inProcess(['communities', 'revoke', 'discord:404'])).code).toBe(1); // unknown to the bot
  });

  it('an approval from the CLI lets that chat run jobs', async () => {
    const stack = await createTestStack({ env: { OPERATOR_TOKEN_ACCESS: 'approved' } });
    try {
      const dm: Actor = { scope: { platform: 'telegram', externalId: '4242', kind: 'private' }, user: { platform: 'telegram', externalId: '4242' } };
      const first = await stack.core.imagine({ ...dm, prompt: 'x' });
      expect(first.ok ? 'ok' : first.failure.code).toBe('operator_access_not_approved');
      const e = { ...env, DATABASE_PATH: stack.dbPath };
      const out = await runAdmin(['communities', 'approve', 'telegram:4242'], () => loadConfig(e), { out: () => undefined, err: () => undefined, readSecret: async () => '' });
      expect(out).toBe(0);
      expect((await stack.core.imagine({ ...dm, prompt: 'y' })).ok).toBe(true);
    } finally {
      await stack.close();
    }
  });
});
