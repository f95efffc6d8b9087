/**
 * Issue 11 on Discord: an image made while the interaction token expires, or after the user deleted the "thinking…"
 * reply, is still delivered (channel message with a mention), charged once, and no message says "nothing was charged"
 * or "try again". Real discord.js → fake Discord, real core → simulator (slow images).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscordBot } from '../../src/platforms/discord/discord-bot.js';
import { startFakeDiscord, type FakeDiscord } from '../fakes/discord/index.js';
import { DbProbe, until } from '../reliability/support/db-probe.js';
import { startDiscordFor } from '../support/discord-bot.js';
import { createTestStack, type TestStack } from '../support/harness.js';

describe('Discord: results kept and delivered durably', () => {
  let stack: TestStack;
  let fake: FakeDiscord;
  let bot: DiscordBot;
  let probe: DbProbe;

  beforeAll(async () => {
    stack = await createTestStack({ sim: { imageDelayMs: 600 } });
    fake = await startFakeDiscord({ waitTimeoutMs: 10_000 });
    bot = await startDiscordFor(stack, fake);
    probe = new DbProbe(stack.dbPath);
  });

  afterAll(async () => {
    probe?.close();
    await bot?.stop();
    await fake?.close();
    await stack?.close();
  });

  /** The newest job (the scenarios run one at a time). */
  const jobOf = (_userId: string) => probe.allJobs().at(-1);
  const everything = () => JSON.stringify(fake.channelMessages()) + JSON.stringify(fake.dms());

  async function moneyBalances(): Promise<void> {
    const losses = await stack.store.budgets.gatewayLosses();
    expect(probe.ledgerNet() + losses.certainMicros).toBe(stack.sim.spentMicros(stack.sim.tokens.media));
    expect(probe.openHolds()).toBe(0);
  }

  it('the interaction token expires while the image is made: posted in the channel with a mention, charged once', async () => {
    const user = fake.addMember(fake.guildId, { username: 'late' });
    const h = fake.slashCommand({ name: 'imagine', userId: user, options: { prompt: 'a slow snail' } });
    expect((await h.waitForCallback()).type).toBe(5);
    h.expire();
    const msg = await fake.waitForChannelMessage(fake.channelId, (m) => m.attachments.length > 0 && m.content.includes(`<@${user}>`));
    expect(msg.content).toContain('Your image is ready.');
    await until('delivered', () => jobOf(user)?.status === 'delivered');
    expect(probe.ledgerNet(jobOf(user)!.id)).toBe(10_000);
    expect(everything()).not.toMatch(/Nothing was charged|try again/i);
    await moneyBalances();
  });

  /** A message's embeds and buttons with the job ids taken out, to compare a direct post with a late one. */
  const shape = (m: { embeds: readonly unknown[]; components: readonly unknown[] }) => JSON.parse(JSON.stringify({ embeds: m.embeds, components: m.components }).replace(/j_[a-z2-7]{8}/gi, '<job>')) as unknown;

  it('an image posted late (expired interaction) carries the same embed facts and buttons as one the command posted', async () => {
    const direct = fake.addMember(fake.guildId, { username: 'prompt' });
    const d = fake.slashCommand({ name: 'imagine', userId: direct, options: { prompt: 'a twin heron' } });
    const directMsg = await d.waitForOriginalEdit((m) => m.attachments.length > 0);
    await until('delivered directly', () => jobOf(direct)?.status === 'delivered');

    const user = fake.addMember(fake.guildId, { username: 'tardy' });
    const h = fake.slashCommand({ name: 'imagine', userId: user, options: { prompt: 'a twin heron' } });
    expect((await h.waitForCallback()).type).toBe(5);
    h.expire();
    const lateMsg = await fake.waitForChannelMessage(fake.channelId, (m) => m.attachments.length > 0 && m.content.includes(`<@${user}>`));
    await until('delivered late', () => jobOf(user)?.status === 'delivered');

    const text = JSON.stringify(directMsg.components);
    expect(text).toMatch(/Reroll.*Edit.*Animate/);
    expect(JSON.stringify(directMsg.embeds)).toMatch(/Model.*Cost.*Left/);
    expect(shape(lateMsg)).toEqual(shape(directMsg));
    expect(JSON.stringify(lateMsg.components)).toContain(jobOf(user)!.id);
    await moneyBalances();
  });

  it('the user deletes the reply while the image is made: posted in the channel, never "Nothing was charged… try again"', async () => {
    const user = fake.addMember(fake.guildId, { username: 'deleter' });
    const h = fake.slashCommand({ name: 'imagine', userId: user, options: { prompt: 'a vanishing cat' } });
    expect((await h.waitForCallback()).type).toBe(5);
    const res = await fetch(`${fake.apiBase}/v10/webhooks/${fake.applicationId}/${h.token}/messages/@original`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    const msg = await fake.waitForChannelMessage(fake.channelId, (m) => m.attachments.length > 0 && m.content.includes(`<@${user}>`));
    expect(msg.attachments[0]!.filename).toMatch(/\.png$/);
    await until('delivered', () => jobOf(user)?.status === 'delivered');
    expect(h.followUps().map((f) => f.content).join('\n')).not.toMatch(/Nothing was charged|try again/i);
    expect(everything()).not.toMatch(/Nothing was charged|try again/i);
    await moneyBalances();
  });
});
