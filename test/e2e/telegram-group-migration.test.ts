import type { Chat, User } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/core/api/actor.js';
import type { TelegramHandle } from '../../src/platforms/telegram/telegram-bot.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { gatewayLosses, ledgerNetCharged, openHolds } from '../support/ledger.js';
import { startTelegramFor } from '../support/telegram-bot.js';

const actor = (chat: Chat, user: User): Actor => ({
  scope: { platform: 'telegram', externalId: String(chat.id), kind: 'group' },
  user: { platform: 'telegram', externalId: String(user.id) },
});

async function until<T>(get: () => Promise<T | undefined>, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A group upgraded to a supergroup keeps its community: token, budget, usage and jobs. */
describe('Telegram: group → supergroup migration', () => {
  let stack: TestStack;
  let fake: FakeTelegram;
  let tg: TelegramHandle;
  const lines: string[] = [];

  beforeAll(async () => {
    // No operator token: only the community's own token can pay, so a job after the move proves the token moved.
    stack = await createTestStack({ operatorToken: null, env: { DEFAULT_ALLOWANCE: '5' } });
    fake = await startFakeTelegram();
    tg = await startTelegramFor(stack, fake, lines);
  });
  afterAll(async () => {
    await tg?.stop();
    await fake?.close();
    await stack?.close();
  });

  const scopeRow = (externalId: number) => stack.store.db.selectFrom('scopes').selectAll().where('platform', '=', 'telegram').where('external_id', '=', String(externalId)).executeTakeFirst();

  for (const newFirst of [false, true]) {
    it(`keeps token, budget, usage and jobs (${newFirst ? 'migrate_from first' : 'migrate_to first'})`, async () => {
      const admin = fake.user({ username: newFirst ? 'ada2' : 'ada' });
      const group = fake.basicGroup({ title: newFirst ? 'Painters 2' : 'Painters' });
      fake.setChatMember(group.id, admin.id, 'administrator');
      expect((await stack.core.linkToken(actor(group, admin), stack.sim.tokens.media, false)).ok).toBe(true);

      const first = fake.sendText({ chat: group, from: admin, text: '/imagine a red fox' });
      await fake.waitFor((c) => c.method === 'sendPhoto' && c.ok && Number(c.params.chat_id) === group.id && (c.result as { reply_to_message?: { message_id: number } }).reply_to_message?.message_id === first.message_id, 10_000);
      const before = await scopeRow(group.id);
      expect(before).toBeDefined();
      const spentBefore = (await stack.core.balance(actor(group, admin))).spentMicros;
      expect(spentBefore).toBe(10_000);

      const sg = fake.migrateGroup({ group, by: admin, newFirst });
      fake.setChatMember(sg.id, admin.id, 'administrator');
      const after = await until(async () => scopeRow(sg.id));
      expect(after.id).toBe(before!.id);
      expect(await scopeRow(group.id)).toBeUndefined();

      const second = fake.sendText({ chat: sg, from: admin, text: '/imagine a blue fox' });
      await fake.waitFor((c) => c.method === 'sendPhoto' && c.ok && Number(c.params.chat_id) === sg.id && (c.result as { reply_to_message?: { message_id: number } }).reply_to_message?.message_id === second.message_id, 10_000);
      expect((await stack.core.balance(actor(sg, admin))).spentMicros).toBe(spentBefore + 10_000);
      const jobs = await stack.store.db.selectFrom('jobs').select('scope_id').where('scope_id', '=', before!.id).execute();
      expect(jobs.length).toBe(2);
      const scopes = await stack.store.db.selectFrom('scopes').select('id').where('title', '=', group.title).execute();
      expect(scopes.length).toBe(1);
      expect(await ledgerNetCharged(stack.store, 'scope')).toBe(stack.sim.spentMicros(stack.sim.tokens.media));
      expect(await openHolds(stack.store)).toBe(0);
    });
  }

  it('the store merges a new id first seen with only members, and refuses to merge one with its own data', async () => {
    const dir = stack.store.directory;
    const old = await dir.ensureScope({ platform: 'telegram', externalId: '-777' });
    const fresh = await dir.ensureScope({ platform: 'telegram', externalId: '-100777' });
    const u = await dir.ensureUser({ platform: 'telegram', externalId: '4242', username: 'newbie' });
    await dir.touchMember(fresh.id, u.id);
    expect(await dir.moveScope({ platform: 'telegram', externalId: '-777' }, '-100777')).toBe('moved');
    expect((await dir.findScope({ platform: 'telegram', externalId: '-100777' }))?.id).toBe(old.id);
    expect((await dir.findMemberByUsername(old.id, 'newbie'))?.id).toBe(u.id);
    expect(await dir.moveScope({ platform: 'telegram', externalId: '-777' }, '-100777')).toBe('already');
    expect(await dir.moveScope({ platform: 'telegram', externalId: '-1' }, '-2')).toBe('none');

    const a = await dir.ensureScope({ platform: 'telegram', externalId: '-888' });
    expect((await stack.core.linkToken({ scope: { platform: 'telegram', externalId: '-100888', kind: 'group' }, user: { platform: 'telegram', externalId: '1' } }, stack.sim.tokens.media, false)).ok).toBe(true);
    expect(await dir.moveScope({ platform: 'telegram', externalId: '-888' }, '-100888')).toBe('conflict');
    expect((await dir.findScope({ platform: 'telegram', externalId: '-888' }))?.id).toBe(a.id);
  });
});

/** A video started in a basic group follows the group to its supergroup: delivered there once, charged once. */
describe('Telegram: a video running while its group is upgraded', () => {
  let stack: TestStack;
  let fake: FakeTelegram;
  let tg: TelegramHandle;
  const lines: string[] = [];

  beforeAll(async () => {
    stack = await createTestStack({ sim: { video: { queuedMs: 100, runMs: 2500, progressSteps: 5 } } });
    fake = await startFakeTelegram();
    tg = await startTelegramFor(stack, fake, lines);
  });
  afterAll(async () => {
    await tg?.stop();
    await fake?.close();
    await stack?.close();
  });

  it('the fake Bot API refuses the old chat id with parameters.migrate_to_chat_id, as Telegram does', async () => {
    const user = fake.user({ username: 'mo' });
    const group = fake.basicGroup({ title: 'Movers probe' });
    const sg = fake.migrateGroup({ group, by: user });
    const res = await fetch(`${fake.apiRoot}/bot${fake.token}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: group.id, text: 'hello' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ ok: false, error_code: 400, description: 'Bad Request: group chat was upgraded to a supergroup chat', parameters: { migrate_to_chat_id: sg.id } });
  });

  it('is delivered in the supergroup and charged once', async () => {
    const user = fake.user({ username: 'vera' });
    const group = fake.basicGroup({ title: 'Movers' });
    fake.sendText({ chat: group, from: user, text: '/video waves on a beach --seconds 4' });
    const job = await until(async () => {
      const row = await stack.store.db.selectFrom('jobs').select(['id', 'status', 'delivery']).where('kind', '=', 'video').executeTakeFirst();
      return row && (row.status === 'submitted' || row.status === 'running') ? row : undefined;
    });
    expect(String(job.delivery)).toContain(String(group.id));

    const sg = fake.migrateGroup({ group, by: user });
    const sent = await fake.waitFor((c) => c.method === 'sendVideo' && c.ok, 15_000);
    expect(Number(sent.params.chat_id)).toBe(sg.id);
    await until(async () => ((await stack.app.jobs.get(job.id))?.status === 'delivered' ? true : undefined));

    const videos = fake.calls.filter((c) => c.method === 'sendVideo' && c.ok);
    expect(videos).toHaveLength(1);
    // The words under the video are true: the model, the length and frame size probed from the delivered file (the
    // simulator's sample is 320x180 whatever was asked) and what was charged.
    expect(String((sent.result as { caption?: string }).caption)).toBe('gamma-video-1 · 4 s · 320x180 · $0.20');
    // No failure words in either chat.
    expect(fake.sent(group.id).concat(fake.sent(sg.id)).map((m) => m.text ?? '').join('\n')).not.toMatch(/not delivered|could not|upgraded/i);
    const billed = stack.sim.spentMicros(stack.sim.tokens.media);
    expect(billed).toBe(200_000);
    expect((await ledgerNetCharged(stack.store)) + (await gatewayLosses(stack.store))).toBe(billed);
    expect(await gatewayLosses(stack.store)).toBe(0);
    expect(await openHolds(stack.store)).toBe(0);
    expect(lines.join('')).not.toMatch(/telegram handler failed|background task failed/);
  });
});
