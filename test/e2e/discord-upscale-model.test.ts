import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/core/api/actor.js';
import type { DiscordBot } from '../../src/platforms/discord/discord-bot.js';
import { startFakeDiscord, type FakeDiscord, type MessageSnapshot } from '../fakes/discord/index.js';
import { startDiscordFor } from '../support/discord-bot.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, ledgerOfJob, openHolds } from '../support/ledger.js';

type Row = { components: { label?: string; custom_id?: string }[] };
type Embed = { fields?: { name: string; value: string }[] };

/**
 * Issue 23: where the image's own model has no larger size (16:9 on the 1536-pixel alpha-image-2), the Upscale button
 * uses an upscale model the gateway lists (the simulator's `upscale` catalogue: alpha-upscale-4k, $0.02 an image) — an
 * edit of that image at the next size tier, held and charged like any job, ledger = the simulator's bill. The same
 * image on the plain catalogue (no upscale model) gets no Upscale button (the scenario test checks that on every
 * surface).
 */
describe('Discord: Upscale through an upscale model', () => {
  let stack: TestStack;
  let fake: FakeDiscord;
  let bot: DiscordBot;
  const actorOf = (userId: string): Actor => ({ scope: { platform: 'discord', externalId: fake.guildId, kind: 'guild' }, user: { platform: 'discord', externalId: userId } });
  const labels = (m: MessageSnapshot) => (m.components as Row[]).flatMap((r) => r.components.map((c) => c.label));
  const idOf = (m: MessageSnapshot, label: string) => (m.components as Row[]).flatMap((r) => r.components).find((c) => c.label === label)?.custom_id ?? '';
  const jobOf = (m: MessageSnapshot) => /j_[a-z2-7]+/.exec(JSON.stringify(m.components))?.[0] ?? '';

  beforeAll(async () => {
    stack = await createTestStack({ sim: { catalogue: 'upscale' }, env: { DEFAULT_ALLOWANCE: '5' } });
    fake = await startFakeDiscord({ waitTimeoutMs: 10_000 });
    bot = await startDiscordFor(stack, fake);
  });

  afterAll(async () => {
    await bot?.stop();
    await fake?.close();
    await stack?.close();
  });

  it('16:9 on alpha-image-2: Upscale offered; the click runs alpha-upscale-4k at 2048x1168, charged its price once', async () => {
    const owner = fake.addMember(fake.guildId, { username: 'wide_shots' });
    const h = fake.slashCommand({ name: 'imagine', userId: owner, options: { prompt: 'a wide harbour', aspect: '16:9' } });
    const result = await h.waitForOriginalEdit((m) => m.attachments.length > 0);
    expect((result.embeds[0] as Embed).fields?.find((f) => f.name === 'Size')?.value).toBe('1344x768');
    expect(labels(result)).toEqual(['Vary', 'Upscale', 'Reroll', 'Edit', 'Animate']);

    const at = stack.sim.requests().length;
    const click = fake.button({ customId: idOf(result, 'Upscale'), userId: owner, message: result });
    const up = await click.waitForOriginalEdit((m) => m.attachments.length > 0);
    const calls = stack.sim.requests().slice(at).filter((r) => r.endpoint === 'image' || r.endpoint === 'edit');
    expect(calls.map((c) => ({ endpoint: c.endpoint, model: c.model, size: c.size }))).toEqual([{ endpoint: 'edit', model: 'alpha-upscale-4k', size: '2048x1168' }]);
    const fields = (up.embeds[0] as Embed).fields ?? [];
    expect(fields.find((f) => f.name === 'Model')?.value).toBe('alpha-upscale-4k');
    expect(fields.find((f) => f.name === 'Cost')?.value).toBe('$0.02');
    const upJob = jobOf(up);
    expect(await ledgerOfJob(stack.store, upJob)).toEqual([
      { kind: 'hold', amount: 20_000 },
      { kind: 'charge', amount: 20_000 },
    ]);
    expect((await stack.core.balance(actorOf(owner))).spentMicros).toBe(10_000 + 20_000);
    expect(await ledgerNetCharged(stack.store, 'operator')).toBe(stack.sim.spentMicros(stack.sim.tokens.media));
    expect(await openHolds(stack.store)).toBe(0);
  });

  it('the upscale model is never the default image model: /imagine without --model still uses alpha-image-2', async () => {
    const h = fake.slashCommand({ name: 'imagine', userId: fake.memberUserId, options: { prompt: 'a square kite' } });
    const result = await h.waitForOriginalEdit((m) => m.attachments.length > 0);
    expect((result.embeds[0] as Embed).fields?.find((f) => f.name === 'Model')?.value).toBe('alpha-image-2');
  });
});
