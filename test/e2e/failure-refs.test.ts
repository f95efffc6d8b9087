import { existsSync, readFileSync } from 'node:fs';
import type { Chat, User } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail } from '../../src/core/failures.js';
import type { DiscordBot } from '../../src/platforms/discord/discord-bot.js';
import type { TelegramHandle } from '../../src/platforms/telegram/telegram-bot.js';
import { startFakeDiscord, type FakeDiscord, type MessageSnapshot } from '../fakes/discord/index.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import { startDiscordFor } from '../support/discord-bot.js';
import { createTestStack, TEST_ENCRYPTION_KEY, type TestStack } from '../support/harness.js';
import { runAdminCli } from '../support/run-admin-cli.js';
import { startTelegramFor } from '../support/telegram-bot.js';

const REF = /Reference ([A-Z2-7]{6}): /;

/** The database file and its WAL as raw bytes (what a stolen disk would show). */
function rawDatabase(t: TestStack): string {
  return [t.dbPath, `${t.dbPath}-wal`].filter((p) => existsSync(p)).map((p) => readFileSync(p).toString('latin1')).join('');
}

/** Failure references: shown on a surface, stored, then read by an admin (`/job <ref>`) and the operator (`admin ref`). */
describe('failure references on Telegram', () => {
  let stack: TestStack;
  let fake: FakeTelegram;
  let tg: TelegramHandle;
  let group: Chat.SupergroupChat;
  let other: Chat.SupergroupChat;
  let admin: User;
  let member: User;
  let neighbour: User;

  /** Sends a text and resolves with the first text the bot then sends or edits in that chat that matches `want`. */
  async function say(chat: Chat, from: User, text: string, want: RegExp = /./): Promise<string> {
    const since = fake.calls.length;
    fake.sendText({ chat, from, text });
    const call = await fake.waitFor(
      (c) =>
        fake.calls.indexOf(c) >= since && (c.method === 'sendMessage' || c.method === 'editMessageText') && c.ok && String(c.params.chat_id) === String(chat.id) && want.test(String(c.params.text)),
      8000,
    );
    return String(call.params.text);
  }

  beforeAll(async () => {
    stack = await createTestStack();
    fake = await startFakeTelegram();
    group = fake.supergroup({ title: 'Studio' });
    other = fake.supergroup({ title: 'Elsewhere' });
    admin = fake.user({ username: 'boss' });
    member = fake.user({ username: 'minnie' });
    neighbour = fake.user({ username: 'nina' });
    fake.setChatMember(group.id, admin.id, 'administrator');
    fake.setChatMember(other.id, admin.id, 'administrator');
    tg = await startTelegramFor(stack, fake, []);
  });

  afterAll(async () => {
    await tg?.stop();
    await fake?.close();
    await stack?.close();
  });

  it('a refused image shows a ref that the admin reads with /job, the member only in plain words, no one elsewhere', async () => {
    const shown = await say(group, member, '/imagine a cat [[fault:content_policy]]', REF);
    const ref = REF.exec(shown)![1]!;

    const row = await stack.store.db.selectFrom('failure_refs').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow();
    expect(row.code).toBe('content_refused');
    expect(row.surface).toBe('telegram');
    expect(row.job_id).toMatch(/^j_/);

    const forAdmin = await say(group, admin, `/job ${ref}`);
    expect(forAdmin).toContain(`Reference ${ref}`);
    expect(forAdmin).toContain('content_refused');
    expect(forAdmin).toContain('Logged detail');
    expect(forAdmin).toContain(row.job_id!);

    const forMember = await say(group, member, `/job ${ref.toLowerCase()}`);
    expect(forMember).toContain(`Reference ${ref}`);
    expect(forMember).not.toContain('Logged detail');
    expect(forMember).not.toContain('content_refused');

    // Another member of the same community, and the admin of another community, are told it does not exist.
    expect(await say(group, neighbour, `/job ${ref}`)).not.toContain(`Reference ${ref}`);
    expect(await say(other, admin, `/job ${ref}`)).not.toContain(`Reference ${ref}`);
  });

  it('the operator reads the same reference with `admin ref`; an unknown one exits 1', async () => {
    const shown = await say(group, member, '/imagine a dog [[fault:content_policy]]', REF);
    const ref = REF.exec(shown)![1]!;
    const env = { PATH: process.env.PATH, HOME: stack.dir, DATABASE_PATH: stack.dbPath, BOT_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY };
    const run = await runAdminCli(['ref', ref], { cwd: stack.dir, env });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`telegram:${group.id}`);
    expect(run.stdout).toContain(`telegram:${member.id}`);
    expect(run.stdout).toMatch(/code\s+content_refused/);
    const unknown = await runAdminCli(['ref', 'AAAAAA'], { cwd: stack.dir, env });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no reference AAAAAA/);
  });

  it('stores the detail scrubbed: a token the gateway echoed never reaches the database', async () => {
    const opaque = 'opaque_gateway_key_R9t8Y7u6I5o4P3a2';
    stack.sim.addToken(opaque, 'media');
    stack.secrets.add(opaque);
    const actor = { scope: { platform: 'telegram', externalId: String(group.id), kind: 'group' as const }, user: { platform: 'telegram', externalId: String(member.id) } };
    const f = fail('task_failed_refunded', { reason: `quota of ${opaque} exceeded` }, { log: { note: `authorization Bearer ${opaque}` } });
    const words = stack.core.explain(f, undefined, { actor });
    expect(words).not.toContain(opaque);
    const looked = await stack.core.failureRef(actor, f.ref, true);
    expect(looked.ok && looked.value.detail).toContain('[redacted]');
    await stack.store.db.selectFrom('failure_refs').select('ref').execute();
    expect(rawDatabase(stack)).not.toContain(opaque);
  });
});

describe('failure references on Discord', () => {
  let stack: TestStack;
  let fake: FakeDiscord;
  let bot: DiscordBot;

  beforeAll(async () => {
    stack = await createTestStack({ sim: { video: { queuedMs: 50, runMs: 200, progressSteps: 2 } } });
    fake = await startFakeDiscord({ waitTimeoutMs: 10_000 });
    bot = await startDiscordFor(stack, fake);
  });

  afterAll(async () => {
    await bot?.stop();
    await fake?.close();
    await stack?.close();
  });

  it('a failed video tells its ref; the admin reads its job and detail with /job <ref>, a member of the guild cannot', async () => {
    const user = fake.addMember(fake.guildId, { username: 'unlucky' });
    const h = fake.slashCommand({ name: 'video', userId: user, options: { prompt: 'storm [[fault:task_fail]]', seconds: 4 } });
    const told = (m: MessageSnapshot) => REF.test(m.content);
    const msg = await Promise.any([h.waitForOriginalEdit(told), h.waitForFollowUp(told)]);
    const ref = REF.exec(msg.content)![1]!;

    const asAdmin = fake.slashCommand({ name: 'job', userId: fake.adminUserId, options: { id: ref } });
    const reply = JSON.stringify(await asAdmin.waitForOriginalEdit((m) => JSON.stringify(m).includes(ref)));
    expect(reply).toContain('task_failed_refunded');
    expect(reply).toContain('Logged detail');
    const row = await stack.store.db.selectFrom('failure_refs').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow();
    expect(row.surface).toBe('discord');
    expect(row.job_id).toMatch(/^j_/);
    expect(reply).toContain(row.job_id!);

    const bystander = fake.addMember(fake.guildId, { username: 'bystander' });
    const asMember = fake.slashCommand({ name: 'job', userId: bystander, options: { id: ref } });
    const refused = JSON.stringify(await asMember.waitForOriginalEdit((m) => m.content.length > 0 || m.embeds.length > 0));
    expect(refused).not.toContain('Logged detail');
    expect(refused).not.toContain(`Reference ${ref}`);
  });
});
