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
});
