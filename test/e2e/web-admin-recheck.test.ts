import type { Chat, User } from 'grammy/types';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discordPlatform } from '../../src/platforms/discord/module.js';
import { telegramPlatform } from '../../src/platforms/telegram/module.js';
import { adminRecheck } from '../../src/web/admin-recheck.js';
import { startFakeDiscord, type FakeDiscord } from '../fakes/discord/index.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import { startWebStack, type WebStack } from '../support/web-stack.js';

const MB = 1024 * 1024;
const actor = (platform: string, scope: string, user: string) => ({ scope: { platform, externalId: scope, kind: 'group' as const }, user: { platform, externalId: user } });

describe('adminRecheck', () => {
  it('asks the session platform once per ttl, fails closed without remembering the failure, and leaves unknown platforms to the link', async () => {
    let now = 0;
    const asked: string[] = [];
    let answer: boolean | Error = true;
    const errors: unknown[] = [];
    const recheck = adminRecheck(
      new Map([['telegram', async (s: string, u: string) => (asked.push(`${s}/${u}`), answer instanceof Error ? Promise.reject(answer) : answer)]]),
      { ttlMs: 1_000, now: () => now, onError: (e) => errors.push(e) },
    );
    expect(await recheck(actor('telegram', '-100', '7'))).toBe(true);
    answer = false;
    expect(await recheck(actor('telegram', '-100', '7'))).toBe(true); // within the ttl: the kept answer
    now = 1_000;
    expect(await recheck(actor('telegram', '-100', '7'))).toBe(false);
    now = 2_000;
    answer = new Error('Bot API unreachable');
    expect(await recheck(actor('telegram', '-100', '7'))).toBe(false);
    expect(errors).toHaveLength(1);
    answer = true; // a failed lookup is not remembered: the next request asks again
    expect(await recheck(actor('telegram', '-100', '7'))).toBe(true);
    expect(asked).toEqual(['-100/7', '-100/7', '-100/7', '-100/7']);
    expect(await recheck(actor('console', 'c', 'u'))).toBeUndefined();
  });
});

describe('web: a session admin right follows the chat (Telegram)', () => {
  let fake: FakeTelegram;
  let w: WebStack;
  let group: Chat.SupergroupChat;
  let admin: User;
  let owner: User;

  beforeAll(async () => {
    fake = await startFakeTelegram();
    group = fake.supergroup({ title: 'Studio' });
    admin = fake.user({ username: 'boss' });
    owner = fake.user({ username: 'operator' });
    fake.setChatMember(group.id, admin.id, 'administrator');
    // Both have started the bot, so their links can reach them.
    fake.privateChat(admin);
    fake.privateChat(owner);
    const ownerIds = [`telegram:${owner.id}`];
    const settings = { token: fake.token, apiRoot: fake.apiRoot, webhookUrl: undefined, webhookPort: 0, uploadLimitBytes: 50 * MB, photoLimitBytes: 10 * MB, fullQuality: false };
    const recheck = adminRecheck(new Map([['telegram', telegramPlatform.adminCheck!(settings)]]), { ttlMs: 0 });
    w = await startWebStack(fake, { ownerIds, stack: { env: { OWNER_IDS: ownerIds.join(',') } }, web: () => ({ adminRecheck: recheck }) });
  });

  afterAll(async () => {
    await w?.close();
    await fake?.close();
  });

  /** The session cookie of `user` after opening their `/web` link (no browser needed). */
  async function signIn(user: User): Promise<string> {
    const res = await request(await w.webLink(group, user), { method: 'GET' });
    await res.body.dump();
    const cookie = ([res.headers['set-cookie']].flat().find((c) => c?.startsWith('mediabot_session=')) ?? '').split(';')[0];
    expect(cookie).toMatch(/^mediabot_session=/);
    return cookie!;
  }

  const get = async (path: string, cookie: string) => {
    const res = await request(`${w.web.url}${path}`, { headers: { cookie } });
    return { status: res.statusCode, body: await res.body.text() };
  };

  it('an admin demoted in the group loses the admin pages and their link at the next request; promoted again, gets them back', async () => {
    const cookie = await signIn(admin);
    expect((await get('/admin', cookie)).status).toBe(200);
    expect((await get('/', cookie)).body).toContain('href="/admin"');

    fake.setChatMember(group.id, admin.id, 'member');
    expect((await get('/admin', cookie)).status).toBe(403);
    expect((await get('/', cookie)).body).not.toContain('href="/admin"');

    fake.setChatMember(group.id, admin.id, 'creator');
    expect((await get('/admin', cookie)).status).toBe(200);
    expect(fake.calls.filter((c) => c.method === 'getChatMember' && Number(c.params.user_id) === admin.id).length).toBeGreaterThanOrEqual(5);
  });

  it('an owner (OWNER_IDS) keeps the admin pages without being a chat admin: never asked', async () => {
    const cookie = await signIn(owner);
    const asked = () => fake.calls.filter((c) => c.method === 'getChatMember' && Number(c.params.user_id) === owner.id).length;
    const before = asked();
    expect((await get('/admin', cookie)).status).toBe(200);
    expect(asked()).toBe(before);
  });
});

describe('Discord admin check over REST (the web re-check)', () => {
  let fake: FakeDiscord;
  beforeAll(async () => {
    fake = await startFakeDiscord({ waitTimeoutMs: 8000 });
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('Manage Server, Administrator and the owner are admins; a plain member and a stranger are not', async () => {
    const check = discordPlatform.adminCheck!({ token: fake.botToken, apiBase: fake.apiBase } as Parameters<NonNullable<typeof discordPlatform.adminCheck>>[0]);
    const { guildId, ownerId } = fake.addGuild({ name: 'Check' });
    const manager = fake.addMember(guildId, { permissions: 1n << 5n });
    const administrator = fake.addMember(guildId, { permissions: 1n << 3n });
    const member = fake.addMember(guildId, { permissions: 1n << 11n });
    expect(await check(guildId, ownerId)).toBe(true);
    expect(await check(guildId, manager)).toBe(true);
    expect(await check(guildId, administrator)).toBe(true);
    expect(await check(guildId, member)).toBe(false);
    expect(await check(guildId, '123456789012345678')).toBe(false);
  });
});
