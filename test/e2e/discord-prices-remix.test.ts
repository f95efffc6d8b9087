import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/core/api/actor.js';
import type { DiscordBot } from '../../src/platforms/discord/discord-bot.js';
import { startFakeDiscord, type FakeDiscord, type InteractionHandle, type MessageSnapshot } from '../fakes/discord/index.js';
import { startDiscordFor } from '../support/discord-bot.js';
import { createTestStack, type TestStack } from '../support/harness.js';

const EPHEMERAL = 64;
const hasMp4 = (m: MessageSnapshot) => m.attachments.some((a) => a.filename.endsWith('.mp4'));
type Option = { name: string; type: number; required?: boolean; autocomplete?: boolean; choices?: { value: string }[]; options?: Option[] };
const customIds = (m: MessageSnapshot) => (JSON.parse(JSON.stringify(m.components)) as { components: { custom_id: string; label: string }[] }[]).flatMap((r) => r.components);

/** /prices, the Remix button under delivered videos, the early role check before a secret modal, and help on Discord. */
describe('Discord surface: prices, Remix, setup token and help', () => {
  let stack: TestStack;
  let fake: FakeDiscord;
  let bot: DiscordBot;
  const actorOf = (userId: string): Actor => ({ scope: { platform: 'discord', externalId: fake.guildId, kind: 'guild' }, user: { platform: 'discord', externalId: userId } });

  beforeAll(async () => {
    stack = await createTestStack({ sim: { video: { queuedMs: 100, runMs: 500, progressSteps: 2 } } });
    fake = await startFakeDiscord({ waitTimeoutMs: 12_000 });
    bot = await startDiscordFor(stack, fake);
  });

  afterAll(async () => {
    await bot?.stop();
    await fake?.close();
    await stack?.close();
  });

  /** The text of a private answer (deferred ephemerally, then edited). */
  async function privateText(h: InteractionHandle): Promise<string> {
    const cb = await h.waitForCallback();
    expect(Number(cb.data?.flags ?? 0) & EPHEMERAL).toBe(EPHEMERAL);
    const m = await h.waitForOriginalEdit((x) => x.content.length > 0 || x.embeds.length > 0);
    return `${m.content}\n${JSON.stringify(m.embeds)}`;
  }

  it('registers /prices for Manage Server, with model (autocomplete), usd and per options', () => {
    const prices = fake.commands(fake.guildId).find((c) => c.name === 'prices') as unknown as { default_member_permissions?: string; options: Option[] };
    expect(prices).toBeDefined();
    expect(prices.default_member_permissions).toBe(PermissionFlagsBits.ManageGuild.toString());
    expect(prices.options.map((o) => o.name)).toEqual(['list', 'set', 'clear', 'kind']);
    const set = prices.options.find((o) => o.name === 'set')?.options ?? [];
    expect(set.map((o) => [o.name, o.required === true])).toEqual([
      ['model', true],
      ['usd', true],
      ['per', false],
    ]);
    expect(set[0]?.autocomplete).toBe(true);
    expect(set[2]?.choices?.map((c) => c.value)).toEqual(['image', 'second', '1k']);
    // Hidden reach-through commands are not registered; help's argument is a menu of the listed commands.
    expect(fake.commands(fake.guildId).map((c) => c.name)).not.toContain('remix');
    const help = fake.commands(fake.guildId).find((c) => c.name === 'help') as unknown as { options: Option[] };
    expect(help.options[0]?.choices?.map((c) => c.value)).toContain('prices');
  });

  it('an admin sets a price privately; autocomplete offers every listed model, priced or not; a member is refused', async () => {
    await privateText(fake.slashCommand({ name: 'models', userId: fake.adminUserId }));
    const ac = fake.autocomplete({ name: 'prices', subcommand: 'set', userId: fake.adminUserId, options: { model: 'beta', usd: '1' }, focused: 'model' });
    const choices = (await ac.waitForCallback()).data?.choices as { name: string; value: string }[];
    expect(choices.map((c) => c.value)).toEqual(expect.arrayContaining(['beta-edit-max', 'beta-edit-lite']));
    expect(choices.find((c) => c.value === 'beta-edit-max')?.name).toContain('not on sale');

    const set = await privateText(fake.slashCommand({ name: 'prices', subcommand: 'set', userId: fake.adminUserId, options: { model: 'alpha-image-2', usd: '0.05', per: 'image' } }));
    expect(set).toContain('alpha-image-2 now costs $0.05 per image here');
    const list = await privateText(fake.slashCommand({ name: 'prices', subcommand: 'list', userId: fake.adminUserId }));
    expect(list).toContain('alpha-image-2: $0.05 / image');
    const denied = await privateText(fake.slashCommand({ name: 'prices', subcommand: 'clear', options: { model: 'alpha-image-2' } }));
    expect(denied).toMatch(/Only an admin/);
    expect(await privateText(fake.slashCommand({ name: 'prices', subcommand: 'clear', userId: fake.adminUserId, options: { model: 'alpha-image-2' } }))).toContain('was removed');
  });

  it('refuses a member before the token modal opens; an admin gets the modal; a forged submit is still refused', async () => {
    const member = fake.slashCommand({ name: 'setup', subcommand: 'token' });
    const refused = await member.waitForCallback();
    expect(refused.type).toBe(4);
    expect(Number(refused.data?.flags ?? 0) & EPHEMERAL).toBe(EPHEMERAL);
    expect(String(refused.data?.content)).toMatch(/Only an admin of this community can do that/);

    const admin = fake.slashCommand({ name: 'setup', subcommand: 'token', userId: fake.adminUserId });
    const modal = await admin.waitForCallback();
    expect(modal.type).toBe(9);

    const secret = 'sk-forged-submit-0123456789';
    const forged = fake.modalSubmit({ customId: String(modal.data?.custom_id), fields: { token: secret } });
    expect(await privateText(forged)).toMatch(/Only an admin/);
    expect(await stack.store.db.selectFrom('tokens').selectAll().execute()).toHaveLength(0);
    expect(stack.logs()).not.toContain(secret);
  });

  it('/setup show tells an admin the gateway balance of the token that pays', async () => {
    const text = await privateText(fake.slashCommand({ name: 'setup', subcommand: 'show', userId: fake.adminUserId }));
    expect(text).toMatch(/The gateway balance of the bot's own token is \$\d/);
  });

  it('/help explains a command with its option names, not typed flags', async () => {
    const text = await privateText(fake.slashCommand({ name: 'help', options: { command: 'imagine' } }));
    expect(text).toContain('/imagine prompt: [aspect:] [size:] [model:] [count:]');
    expect(text).toContain('model: — ');
    expect(text).not.toContain('--ar');
  });

  it('a delivered video carries Reroll and Remix; Remix asks for the prompt in a modal and delivers a new video', async () => {
    const user = fake.addMember(fake.guildId, { username: 'director' });
    const h = fake.slashCommand({ name: 'video', userId: user, options: { prompt: 'waves at dusk', seconds: 4 } });
    const done = await h.waitForOriginalEdit(hasMp4);
    const jobId = /j_[A-Za-z0-9]+/.exec(JSON.stringify(done.embeds))?.[0] ?? '';
    expect(customIds(done).map((b) => [b.label, b.custom_id])).toEqual([
      ['Reroll', `mb:reroll:${jobId}`],
      ['Remix', `mb:remix:${jobId}:prompt`],
    ]);
    const deadline = Date.now() + 8000;
    while (Date.now() < deadline) {
      const j = await stack.core.job(actorOf(user), jobId);
      if (j.ok && j.value.status === 'delivered') break;
      await new Promise((r) => setTimeout(r, 40));
    }

    const presser = fake.addMember(fake.guildId, { username: 'remixer' });
    const press = fake.button({ customId: `mb:remix:${jobId}:prompt`, userId: presser, message: done });
    const modal = await press.waitForCallback();
    expect(modal.type).toBe(9);
    expect(JSON.stringify(modal.data)).toContain('What the new version should show');
    const submit = fake.modalSubmit({ customId: String(modal.data?.custom_id), userId: presser, fields: { prompt: 'the same waves at night' }, message: done });
    const defer = await submit.waitForCallback();
    expect(defer.type).toBe(5);
    expect(Number(defer.data?.flags ?? 0) & EPHEMERAL).toBe(0);
    const ack = await submit.waitForOriginalEdit((m) => m.embeds.length > 0);
    expect(JSON.stringify(ack.embeds)).toContain('Remix started');
    const remixId = /j_[A-Za-z0-9]+/.exec(JSON.stringify(ack.embeds))?.[0] ?? '';
    expect(remixId).not.toBe(jobId);
    await submit.waitForOriginalEdit(hasMp4);
    expect(stack.sim.requests().filter((r) => r.endpoint === 'video_remix')).toHaveLength(1);
    const remix = await stack.core.job(actorOf(presser), remixId);
    expect(remix.ok && remix.value.prompt).toBe('the same waves at night');
  });
});
