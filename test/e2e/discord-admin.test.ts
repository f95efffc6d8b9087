import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/core/api/actor.js';
import { REST_TIMEOUT_MS, type DiscordBot } from '../../src/platforms/discord/discord-bot.js';
import { MemoryKeyValueStore } from '../../src/platforms/discord/kv-file.js';
import { startFakeDiscord, type FakeDiscord } from '../fakes/discord/index.js';
import { startDiscordFor } from '../support/discord-bot.js';
import { createTestStack } from '../support/harness.js';

type Stack = Awaited<ReturnType<typeof createTestStack>>;

/** Admin commands, the token modal and autocomplete: real discord.js → fake Discord, real core → simulator. */
describe('Discord adapter: admin, token, autocomplete', () => {
  let stack: Stack;
  let fake: FakeDiscord;
  let bot: DiscordBot;
  const kv = new MemoryKeyValueStore();
  const actorOf = (userId: string): Actor => ({
    scope: { platform: 'discord', externalId: fake.guildId, kind: 'guild' },
    user: { platform: 'discord', externalId: userId },
  });

  beforeAll(async () => {
    stack = await createTestStack();
    fake = await startFakeDiscord({ waitTimeoutMs: 8000 });
    bot = await startDiscordFor(stack, fake, { kv, registerDelivery: false });
  });

  afterAll(async () => {
    await bot?.stop();
    await fake?.close();
    await stack?.close();
  });

  it('gives REST requests (uploads) two minutes instead of discord.js\'s 15 s', () => {
    expect(bot.client.rest.options.timeout).toBe(REST_TIMEOUT_MS);
    expect(REST_TIMEOUT_MS).toBe(120_000);
  });

  it('registers the commands once, and not again when the definitions did not change', async () => {
    expect(fake.commands(fake.guildId).map((c) => c.name)).toContain('imagine');
    const again = await startDiscordFor(stack, fake, { kv, registerDelivery: false });
    await again.stop();
    expect(fake.commandPutCount(fake.guildId)).toBe(1);
  });

  it('refuses /budget set from a member without Manage Server, applies and audits it for an admin', async () => {
    // The core refuses (the surface only answers "no Manage Server"); the answer is private.
    const refused = fake.slashCommand({ name: 'budget', subcommand: 'set', options: { user: { user: fake.memberUserId }, amount: '0.50' } });
    const cb = await refused.waitForCallback();
    expect(cb.data?.flags).toBe(64);
    expect((await refused.waitForOriginalEdit((m) => m.content.length > 0)).content).toMatch(/admin/i);
    expect((await stack.core.balance(actorOf(fake.memberUserId))).limitMicros).not.toBe(500_000);

    const h = fake.slashCommand({ name: 'budget', subcommand: 'set', userId: fake.adminUserId, options: { user: { user: fake.memberUserId }, amount: '0.50' } });
    expect((await h.waitForCallback()).data?.flags).toBe(64);
    const reply = await h.waitForOriginalEdit((m) => m.content.length > 0);
    expect(reply.content).toContain('$0.50');
    const audits = await stack.store.db
      .selectFrom('audit_log')
      .innerJoin('users as actor', 'actor.id', 'audit_log.actor')
      .select(['audit_log.action', 'audit_log.after', 'actor.external_id as actorId'])
      .execute();
    const set = audits.find((a) => a.action === 'budget.user.set');
    expect(set?.actorId).toBe(fake.adminUserId);
    expect(set?.after).toContain('500000');

    const bal = fake.slashCommand({ name: 'balance' });
    const shown = await bal.waitForOriginalEdit((m) => m.embeds.length > 0);
    const fields = (shown.embeds[0] as { fields: { name: string; value: string }[] }).fields;
    expect(fields.find((f) => f.name === 'Limit')?.value).toContain('$0.50');
    expect((await stack.core.balance(actorOf(fake.memberUserId))).limitMicros).toBe(500_000);
  });

  it('links the server token through a modal: stored encrypted, never echoed or logged', async () => {
    const secret = stack.sim.tokens.media;
    // A member is refused privately before the form opens (the core's place and role check); a submit of the form
    // made anyway is refused by the core too: nothing is stored and the refusal is private.
    const member = fake.slashCommand({ name: 'setup', subcommand: 'token' });
    const refused = await member.waitForCallback();
    expect(refused.type).toBe(4);
    expect(refused.data?.flags).toBe(64);
    expect(String(refused.data?.content)).toMatch(/admin/i);
    const memberSubmit = fake.modalSubmit({ customId: 'mbs:setup.token:token', fields: { token: secret } });
    expect((await memberSubmit.waitForCallback()).data?.flags).toBe(64);
    expect((await memberSubmit.waitForOriginalEdit((m) => m.content.length > 0)).content).toMatch(/admin/i);
    expect(await stack.store.db.selectFrom('tokens').selectAll().execute()).toHaveLength(0);

    const open = fake.slashCommand({ name: 'setup', subcommand: 'token', userId: fake.adminUserId });
    const modal = await open.waitForCallback();
    expect(modal.type).toBe(9);
    const submit = fake.modalSubmit({ customId: String(modal.data?.custom_id), fields: { token: secret }, userId: fake.adminUserId });
    expect((await submit.waitForCallback()).data?.flags).toBe(64);
    const reply = await submit.waitForOriginalEdit((m) => m.content.length > 0);
    expect(reply.content).toContain(secret.slice(-4));
    expect(reply.content).not.toContain(secret);

    const tokens = await stack.store.db.selectFrom('tokens').selectAll().execute();
    expect(tokens.length).toBeGreaterThan(0);
    for (const f of [stack.dbPath, `${stack.dbPath}-wal`]) {
      if (existsSync(f)) expect(readFileSync(f).includes(Buffer.from(secret))).toBe(false);
    }
    expect(stack.logs()).not.toContain(secret);
    const outgoing = fake.requests().filter((r) => r.json !== undefined && !r.path.includes('/callback') || r.method !== 'POST');
    for (const r of outgoing) expect(JSON.stringify(r.json ?? null)).not.toContain(secret);
    for (const m of fake.channelMessages()) expect(m.content).not.toContain(secret);
  });

  it('answers model autocomplete from the cached list, filtered to the command kind, with prices', async () => {
    const models = fake.slashCommand({ name: 'models' });
    const list = await models.waitForOriginalEdit((m) => m.embeds.length > 0);
    expect(JSON.stringify(list.embeds)).toContain('alpha-image-2');

    const ac = fake.autocomplete({ name: 'imagine', options: { prompt: 'cat', model: 'alpha' }, focused: 'model' });
    const cb = await ac.waitForCallback();
    expect(cb.type).toBe(8);
    const choices = cb.data?.choices as { name: string; value: string }[];
    expect(choices.length).toBeGreaterThan(0);
    expect(choices.length).toBeLessThanOrEqual(25);
    expect(choices.every((c) => c.value.startsWith('alpha'))).toBe(true);
    expect(choices.find((c) => c.value === 'alpha-image-2')?.name).toContain('$0.01');

    const vid = fake.autocomplete({ name: 'video', options: { prompt: 'x', model: '' }, focused: 'model' });
    const vchoices = (await vid.waitForCallback()).data?.choices as { value: string }[];
    expect(vchoices.length).toBeGreaterThan(0);
    expect(vchoices.some((c) => c.value === 'gamma-video-1')).toBe(true);
    expect(vchoices.some((c) => c.value === 'alpha-image-2')).toBe(false);
  });
});
