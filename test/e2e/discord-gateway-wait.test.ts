import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscordBot } from '../../src/platforms/discord/discord-bot.js';
import { startFakeDiscord, type FakeDiscord } from '../fakes/discord/index.js';
import { startDiscordFor } from '../support/discord-bot.js';
import { createTestStack, type TestStack } from '../support/harness.js';

/**
 * A busy gateway as a Discord member sees it (real discord.js → fake Discord, real core → simulator with new-api's
 * concurrency gate): the deferred reply is edited to "Queued — you are next", then to the image, charged once.
 */
describe('Discord: a busy gateway is a wait, not a failure', () => {
  let stack: TestStack;
  let fake: FakeDiscord;
  let bot: DiscordBot;

  beforeAll(async () => {
    stack = await createTestStack({ env: { GATEWAY_TIMEOUT_MS: '15000' } });
    fake = await startFakeDiscord({ waitTimeoutMs: 15_000 });
    bot = await startDiscordFor(stack, fake);
  });

  afterAll(async () => {
    await bot?.stop();
    await fake?.close();
    await stack?.close();
  });

  it('/imagine while the gate is full: the reply says it is queued, then carries the image; one charge', async () => {
    stack.sim.gate.configure({ limit: 1 });
    stack.sim.gate.occupy(stack.sim.tokens.media, 1, 1_500);
    const spentBefore = stack.sim.spentMicros(stack.sim.tokens.media);
    const user = fake.addMember(fake.guildId, { username: 'waiter' });
    const h = fake.slashCommand({ name: 'imagine', userId: user, options: { prompt: 'a quiet harbour' } });
    const queued = await h.waitForOriginalEdit((m) => m.content === 'Queued — you are next (the gateway is busy)…');
    expect(queued.attachments).toHaveLength(0);
    const done = await h.waitForOriginalEdit((m) => m.attachments.length > 0);
    stack.sim.gate.configure(undefined);
    expect(done.attachments[0]!.filename).toMatch(/\.png$/);
    expect(JSON.stringify(done.embeds)).not.toMatch(/busy|failed|Reference/);
    expect(stack.sim.spentMicros(stack.sim.tokens.media) - spentBefore).toBe(10_000);
  });
  it('the queued reply carries a Cancel button: its owner presses it, the job leaves the line, hold released, no charge', async () => {
    stack.sim.gate.configure({ limit: 1 });
    stack.sim.gate.occupy(stack.sim.tokens.media, 1, 4_000);
    const spentBefore = stack.sim.spentMicros(stack.sim.tokens.media);
    const user = fake.addMember(fake.guildId, { username: 'changed_mind' });
    const h = fake.slashCommand({ name: 'imagine', userId: user, options: { prompt: 'a harbour I no longer want' } });
    const queued = await h.waitForOriginalEdit((m) => m.content === 'Queued — you are next (the gateway is busy)…');
    const button = JSON.stringify(queued.components);
    const customId = /"custom_id":"(mb:queue:[^"]+)"/.exec(button)?.[1];
    expect(customId).toMatch(/^mb:queue:action=cancel&job=j_[a-z2-7]{8}$/);
    expect(button).toContain('"label":"Cancel"');
    const press = fake.button({ customId: customId!, userId: user, message: queued });
    expect((await press.waitForCallback()).data).toMatchObject({ flags: 64 }); // answered privately
    const told = await press.waitForOriginalEdit((m) => /was taken out of the line/.test(m.content + JSON.stringify(m.embeds)));
    expect(JSON.stringify(told.embeds) + told.content).toContain('Its hold was released: nothing was charged.');
    // The command's own answer: a failure is private (a follow-up), and the public "Queued" reply loses its button.
    const words = (m: { content: string; embeds: readonly unknown[] }) => m.content + JSON.stringify(m.embeds);
    const ended = await h.waitForFollowUp((m) => /cancelled before the gateway started on it/.test(words(m)));
    expect(words(ended)).toContain('Your hold was released: nothing was charged.');
    stack.sim.gate.configure(undefined);
    expect(JSON.stringify(h.original()?.components ?? [])).not.toContain('Cancel'); // deleted or edited without it
    expect(stack.sim.spentMicros(stack.sim.tokens.media)).toBe(spentBefore);
  });
});
