import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscordBot } from '../../src/platforms/discord/discord-bot.js';
import { startFakeDiscord, type FakeDiscord, type InteractionHandle, type MessageSnapshot } from '../fakes/discord/index.js';
import { startDiscordFor } from '../support/discord-bot.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, openHolds } from '../support/ledger.js';

const text = (m: MessageSnapshot) => JSON.stringify({ content: m.content, embeds: m.embeds });

/** The bot's answer to an interaction: the edited original or a private follow-up (an error after a public defer). */
async function answer(h: InteractionHandle, needle: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const seen = [...h.originalEdits(), ...h.followUps()].map(text).find((s) => s.includes(needle));
    if (seen) return seen;
    if (Date.now() > deadline) throw new Error(`no answer containing ${needle}: ${JSON.stringify([...h.originalEdits(), ...h.followUps()].map(text))}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Channel rules and prompt rules on Discord: real discord.js → fake Discord, real core → simulator and ledger. */
describe('Discord: /setup channel and /setup words', () => {
  let stack: TestStack;
  let fake: FakeDiscord;
  let bot: DiscordBot;
  let videoChannel: string;
  let quietChannel: string;
  let otherChannel: string;

  beforeAll(async () => {
    stack = await createTestStack();
    fake = await startFakeDiscord({ waitTimeoutMs: 10_000 });
    bot = await startDiscordFor(stack, fake, { registerDelivery: false });
    videoChannel = fake.addChannel(fake.guildId, { name: 'video' });
    quietChannel = fake.addChannel(fake.guildId, { name: 'general' });
    otherChannel = fake.addChannel(fake.guildId, { name: 'chat' });
  });

  afterAll(async () => {
    await bot?.stop();
    await fake?.close();
    await stack?.close();
  });

  it('video allowed only in #video: elsewhere refused free, naming #video; a member cannot change the rule', async () => {
    const member = fake.slashCommand({ name: 'setup', subcommand: 'channel', channelId: videoChannel, options: { rule: 'allow', commands: 'video' } });
    expect(await answer(member, 'admin')).toMatch(/Only an admin/);
    const set = fake.slashCommand({ name: 'setup', subcommand: 'channel', userId: fake.adminUserId, channelId: videoChannel, options: { rule: 'allow', commands: 'video' } });
    expect(await answer(set, `<#${videoChannel}>`)).toContain('(here)');

    const before = stack.sim.requests().length;
    const refused = fake.slashCommand({ name: 'video', channelId: otherChannel, options: { prompt: 'a cat surfing' } });
    const words = await answer(refused, 'works only in');
    expect(words).toContain(`<#${videoChannel}>`);
    expect(words).not.toContain('Reference');
    expect(stack.sim.requests().slice(before)).toEqual([]);
    expect(await openHolds(stack.store)).toBe(0);
    expect(await ledgerNetCharged(stack.store)).toBe(0);
    const jobs = await stack.store.db.selectFrom('jobs').select('id').where('kind', '=', 'video').execute();
    expect(jobs).toEqual([]);
  });

  it('a silent channel ignores member commands (the placeholder goes, nothing is posted); admin commands still work', async () => {
    const set = fake.slashCommand({ name: 'setup', subcommand: 'channel', userId: fake.adminUserId, channelId: quietChannel, options: { rule: 'silent' } });
    await answer(set, 'ignores member commands');

    const before = stack.sim.requests().length;
    const h = fake.slashCommand({ name: 'imagine', channelId: quietChannel, options: { prompt: 'a lighthouse' } });
    await h.waitForCallback();
    const deadline = Date.now() + 5_000;
    while (h.original() !== undefined && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(h.original()).toBeUndefined();
    expect(h.followUps()).toEqual([]);
    expect(h.originalEdits()).toEqual([]);
    expect(stack.sim.requests().slice(before)).toEqual([]);

    const show = fake.slashCommand({ name: 'setup', subcommand: 'channel', userId: fake.adminUserId, channelId: quietChannel, options: {} });
    expect(await answer(show, 'silent')).toContain(`<#${quietChannel}>`);
    const reset = fake.slashCommand({ name: 'setup', subcommand: 'channel', userId: fake.adminUserId, channelId: quietChannel, options: { rule: 'reset' } });
    await answer(reset, 'no rule any more');
    const balance = fake.slashCommand({ name: 'balance', channelId: quietChannel });
    await balance.waitForOriginalEdit((m) => m.embeds.length > 0);
  });

  it('a word rule refuses a disguised prompt free with its own words, audited; a clean prompt still runs', async () => {
    const add = fake.slashCommand({ name: 'setup', subcommand: 'words', userId: fake.adminUserId, channelId: otherChannel, options: { action: 'add', pattern: 'space*', message: 'No space pictures here.' } });
    await answer(add, 'Added space');

    const before = stack.sim.requests().length;
    // "ＳＰ" full-width, then Cyrillic а с е: "SPасеship"
    const h = fake.slashCommand({ name: 'imagine', channelId: otherChannel, options: { prompt: 'a ＳＰ\u0430\u0441\u0435ship over Mars' } });
    const words = await answer(h, 'No space pictures here.');
    expect(words).toContain('Nothing was charged.');
    expect(stack.sim.requests().slice(before)).toEqual([]);
    expect(await openHolds(stack.store)).toBe(0);
    expect(await ledgerNetCharged(stack.store)).toBe(0);
    const audit = await stack.store.db.selectFrom('audit_log').select(['action', 'after']).where('action', '=', 'words.refused').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(String(audit[0]?.after))).toMatchObject({ pattern: 'space*', global: false });

    // The owners' global list applies in every community, before the community's own.
    await stack.store.rules.addWordRule(null, 'moon', undefined, { actor: 'operator', action: 'words.add' });
    const global = fake.slashCommand({ name: 'imagine', channelId: otherChannel, options: { prompt: 'the MOON tonight' } });
    expect(await answer(global, 'does not allow')).toContain('Nothing was charged.');
    expect(stack.sim.requests().slice(before)).toEqual([]);

    const ok = fake.slashCommand({ name: 'imagine', channelId: otherChannel, options: { prompt: 'a red barn', size: '256x256' } });
    await ok.waitForOriginalEdit((m) => m.attachments.length > 0);
    expect(stack.sim.requests().slice(before).filter((r) => r.endpoint === 'image')).toHaveLength(1);
  });
});
