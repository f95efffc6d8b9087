import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscordBot } from '../../src/platforms/discord/discord-bot.js';
import { startFakeDiscord, type FakeDiscord } from '../fakes/discord/index.js';
import { startDiscordFor } from '../support/discord-bot.js';
import { createTestStack, type TestStack } from '../support/harness.js';

/**
 * A slow image on a model that streams partial images (the simulator's `gpt-image-2` taking 6 s): the deferred reply
 * shows each preview as its attachment, then the result's edit replaces it; charged once.
 */
describe('Discord: partial image previews in the status, replaced by the result', () => {
  let stack: TestStack;
  let fake: FakeDiscord;
  let bot: DiscordBot;

  beforeAll(async () => {
    stack = await createTestStack({ sim: { catalogue: 'real', imageDelayMs: 6_000 }, env: { GATEWAY_TIMEOUT_MS: '20000', DEFAULT_ALLOWANCE: '5' } });
    fake = await startFakeDiscord({ waitTimeoutMs: 20_000 });
    bot = await startDiscordFor(stack, fake);
  });

  afterAll(async () => {
    await bot?.stop();
    await fake?.close();
    await stack?.close();
  });

  it('/imagine on gpt-image-2: two previews, then the image; one charge', async () => {
    const spentBefore = stack.sim.spentMicros(stack.sim.tokens.media);
    const user = fake.addMember(fake.guildId, { username: 'watcher' });
    const h = fake.slashCommand({ name: 'imagine', userId: user, options: { prompt: 'a kite over the dunes', model: 'gpt-image-2' } });
    const first = await h.waitForOriginalEdit((m) => m.attachments.some((a) => a.filename === 'preview-1.png'));
    expect(first.content).toBe('Working on it…');
    await h.waitForOriginalEdit((m) => m.attachments.some((a) => a.filename === 'preview-2.png'));
    const done = await h.waitForOriginalEdit((m) => m.attachments.length > 0 && !m.attachments.some((a) => a.filename.startsWith('preview-')));
    expect(done.attachments).toHaveLength(1);
    expect(done.attachments[0]!.filename).toMatch(/\.png$/);
    expect(JSON.stringify(done.embeds)).toContain('gpt-image-2');
    expect(stack.sim.spentMicros(stack.sim.tokens.media) - spentBefore).toBe(40_000);
    expect(stack.sim.requests().filter((r) => r.endpoint === 'image')).toHaveLength(1);
  }, 40_000);
});
