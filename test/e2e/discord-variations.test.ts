import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/core/api/actor.js';
import type { DiscordBot } from '../../src/platforms/discord/discord-bot.js';
import { startFakeDiscord, type FakeDiscord, type MessageSnapshot } from '../fakes/discord/index.js';
import { startDiscordFor } from '../support/discord-bot.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, openHolds } from '../support/ledger.js';

type Row = { components: { label?: string; custom_id?: string }[] };
type Embed = { title?: string; fields?: { name: string; value: string }[] };

/**
 * `/imagine --n 4` on Discord: one message with 4 files and an embed, the V and U buttons on rows of their own;
 * charged 4 = the simulator's bill. V2 and U1 run once each (charged once each); another member's V2 is refused
 * privately, nothing charged. The time from a V click to the status (the deferred reply) is measured (printed).
 */
describe('Discord: several images in one message, V/U buttons', () => {
  let stack: TestStack;
  let fake: FakeDiscord;
  let bot: DiscordBot;
  const actorOf = (userId: string): Actor => ({ scope: { platform: 'discord', externalId: fake.guildId, kind: 'guild' }, user: { platform: 'discord', externalId: userId } });
  const imageCalls = (from: number) => stack.sim.requests().slice(from).filter((r) => r.endpoint === 'image' || r.endpoint === 'edit');
  const labels = (m: MessageSnapshot) => (m.components as Row[]).map((r) => r.components.map((c) => c.label));
  const idOf = (m: MessageSnapshot, label: string) => (m.components as Row[]).flatMap((r) => r.components).find((c) => c.label === label)?.custom_id ?? '';

  beforeAll(async () => {
    stack = await createTestStack({ env: { DEFAULT_ALLOWANCE: '5' } });
    fake = await startFakeDiscord({ waitTimeoutMs: 10_000 });
    bot = await startDiscordFor(stack, fake);
  });

  afterAll(async () => {
    await bot?.stop();
    await fake?.close();
    await stack?.close();
  });

  let owner = '';
  let result: MessageSnapshot;

  it('--n 4 is one message with 4 files and an embed; charged 4 = the simulator bill', async () => {
    owner = fake.addMember(fake.guildId, { username: 'four_of_them' });
    const at = stack.sim.requests().length;
    const h = fake.slashCommand({ name: 'imagine', userId: owner, options: { prompt: 'four kites', count: 4 } });
    result = await h.waitForOriginalEdit((m) => m.attachments.length > 0);
    expect(result.attachments).toHaveLength(4);
    expect(h.followUps()).toEqual([]);
    const embed = result.embeds[0] as Embed;
    expect(embed.title).toBe('Image ready');
    expect(embed.fields?.find((f) => f.name === 'Cost')?.value).toBe('$0.04');
    expect(labels(result)).toEqual([['V1', 'V2', 'V3', 'V4'], ['U1', 'U2', 'U3', 'U4'], ['Reroll', 'Edit', 'Animate']]);
    expect(idOf(result, 'V2')).toMatch(/^mb:vary:job=j_[A-Za-z0-9]+&index=2$/);
    expect(imageCalls(at)).toHaveLength(4);
    expect((await stack.core.balance(actorOf(owner))).spentMicros).toBe(40_000);
    expect(await ledgerNetCharged(stack.store, 'operator')).toBe(stack.sim.spentMicros(stack.sim.tokens.media));
  });

  it("another member's V2 is refused privately, nothing charged or sent to the gateway", async () => {
    const other = fake.addMember(fake.guildId, { username: 'someone_else' });
    const at = stack.sim.requests().length;
    const h = fake.button({ customId: idOf(result, 'V2'), userId: other, message: result });
    const refusal = await h.waitForFollowUp((m) => /Only the member who started job/.test(m.content));
    expect(refusal.flags & 64).toBe(64);
    expect(imageCalls(at)).toEqual([]);
    expect((await stack.core.balance(actorOf(other))).spentMicros).toBe(0);
  });

  it('V2 and U1 run one edit each, charged once each; the click → status time is measured', async () => {
    const at = stack.sim.requests().length;
    const clickedAt = Date.now();
    const v2 = fake.button({ customId: idOf(result, 'V2'), userId: owner, message: result });
    expect((await v2.waitForCallback()).type).toBe(5);
    const statusMs = Date.now() - clickedAt;
    const varied = await v2.waitForOriginalEdit((m) => m.attachments.length > 0);
    console.log(`[measure] Discord V2 click → status (deferred reply): ${statusMs} ms; → result: ${Date.now() - clickedAt} ms`);
    expect(varied.attachments).toHaveLength(1);
    const u1 = fake.button({ customId: idOf(result, 'U1'), userId: owner, message: result });
    const upscaled = await u1.waitForOriginalEdit((m) => m.attachments.length > 0);
    expect((upscaled.embeds[0] as Embed).fields?.find((f) => f.name === 'Size')?.value).toBe('1536x1536');
    expect(imageCalls(at).map((r) => [r.endpoint, r.size])).toEqual([
      ['edit', '1024x1024'],
      ['edit', '1536x1536'],
    ]);
    expect((await stack.core.balance(actorOf(owner))).spentMicros).toBe(60_000);
    expect(await ledgerNetCharged(stack.store, 'operator')).toBe(stack.sim.spentMicros(stack.sim.tokens.media));
    expect(await openHolds(stack.store)).toBe(0);
  });
});
