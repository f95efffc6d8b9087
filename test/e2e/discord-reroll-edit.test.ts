import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/core/api/actor.js';
import type { DiscordBot } from '../../src/platforms/discord/discord-bot.js';
import { startFakeDiscord, type FakeDiscord, type MessageSnapshot } from '../fakes/discord/index.js';
import { startDiscordFor } from '../support/discord-bot.js';
import { createTestStack, type TestStack } from '../support/harness.js';

type Embed = { title?: string; description?: string; fields?: { name: string; value: string }[] };

const PNG_SIG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const EPHEMERAL = 64;
const jobIdOf = (m: MessageSnapshot) => /mb:reroll:(j_[A-Za-z0-9]+)/.exec(JSON.stringify(m.components))?.[1];
const field = (e: Embed, name: string) => e.fields?.find((f) => f.name === name)?.value;

/** Reroll on an /edit result re-runs the edit with the kept references; /balance fields follow the paying token. */
describe('Discord adapter: Reroll of edits, honest /balance fields', () => {
  let stack: TestStack;
  let fake: FakeDiscord;
  let bot: DiscordBot;
  let seed: Buffer;
  const actorOf = (userId: string): Actor => ({
    scope: { platform: 'discord', externalId: fake.guildId, kind: 'guild' },
    user: { platform: 'discord', externalId: userId },
  });
  const balance = (userId: string) => stack.core.balance(actorOf(userId));
  const editRequests = (from: number) => stack.sim.requests().slice(from).filter((r) => r.endpoint === 'edit');

  beforeAll(async () => {
    stack = await createTestStack({ env: { DEFAULT_ALLOWANCE: '1.00' } });
    fake = await startFakeDiscord({ waitTimeoutMs: 10_000 });
    bot = await startDiscordFor(stack, fake);
    const h = fake.slashCommand({ name: 'imagine', userId: fake.adminUserId, options: { prompt: 'seed', size: '256x256' } });
    seed = (await h.waitForOriginalEdit((m) => m.attachments.length > 0)).attachments[0]!.bytes;
  });

  afterAll(async () => {
    await bot?.stop();
    await fake?.close();
    await stack?.close();
  });

  async function editWithTwo(userId: string): Promise<{ result: MessageSnapshot; jobId: string }> {
    const a = fake.addAttachment(seed, 'a.png', 'image/png');
    const b = fake.addAttachment(seed, 'b.png', 'image/png');
    const h = fake.slashCommand({ name: 'edit', userId, options: { prompt: 'make it blue', image1: a, image2: b, size: '256x256' } });
    const result = await h.waitForOriginalEdit((m) => m.attachments.length > 0);
    const jobId = jobIdOf(result);
    if (!jobId) throw new Error('no reroll button on the edit result');
    return { result, jobId };
  }

  it('Reroll on an /edit result re-runs the edit with both kept references and charges again', async () => {
    const user = fake.addMember(fake.guildId, { username: 'reroller' });
    const before = stack.sim.requests().length;
    const { result, jobId } = await editWithTwo(user);
    expect(editRequests(before).map((r) => r.imageParts)).toEqual([2]);
    expect((await balance(user)).spentMicros).toBe(10_000);

    const atReroll = stack.sim.requests().length;
    const h = fake.button({ customId: `mb:reroll:${jobId}`, userId: user, message: result });
    expect((await h.waitForCallback()).type).toBe(5);
    const again = await h.waitForOriginalEdit((m) => m.attachments.length > 0);
    expect(again.attachments[0]!.bytes.subarray(0, 8).equals(PNG_SIG)).toBe(true);
    const newJob = jobIdOf(again);
    expect(newJob).toBeDefined();
    expect(newJob).not.toBe(jobId);

    const rerun = editRequests(atReroll);
    expect(rerun.map((r) => [r.imageParts, r.model])).toEqual([[2, 'alpha-image-2']]);
    expect(stack.sim.requests().slice(atReroll).filter((r) => r.endpoint === 'image')).toEqual([]);
    const kept = await stack.core.jobRequest(actorOf(user), newJob!);
    if (!kept.ok) throw new Error(kept.failure.code);
    expect(kept.value.kind).toBe('edit');
    expect(kept.value.references).toHaveLength(2);
    const b = await balance(user);
    expect(b.spentMicros).toBe(20_000);
    expect(b.heldMicros).toBe(0);
  });

  it('Reroll of an edit whose references are gone answers privately, sends nothing and charges nothing', async () => {
    const user = fake.addMember(fake.guildId, { username: 'latecomer' });
    const { result, jobId } = await editWithTwo(user);
    const req = await stack.core.jobRequest(actorOf(user), jobId);
    if (!req.ok) throw new Error(req.failure.code);
    expect(req.value.references).toHaveLength(2);
    // What retention does: the job's kept files go (the results stay here, so only the references are missing).
    for (const r of req.value.references ?? []) await rm(r.path);
    const purged = await stack.core.jobRequest(actorOf(user), jobId);
    expect(purged.ok && purged.value.references).toBe(undefined);

    const atReroll = stack.sim.requests().length;
    const h = fake.button({ customId: `mb:reroll:${jobId}`, userId: user, message: result });
    const note = await h.waitForFollowUp();
    expect(note.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(note.content).toMatch(/no longer kept/);
    expect(note.content).toContain('/edit');
    expect(h.original()).toBeUndefined();
    expect(stack.sim.requests().slice(atReroll).filter((r) => r.endpoint === 'edit' || r.endpoint === 'image')).toEqual([]);
    const b = await balance(user);
    expect(b.spentMicros).toBe(10_000);
    expect(b.heldMicros).toBe(0);
  });

  it('/balance shows the community figures, and no community Limit/Remaining once a personal token pays', async () => {
    const user = fake.addMember(fake.guildId, { username: 'byok-balance' });
    const community = fake.slashCommand({ name: 'balance', userId: user });
    expect((await community.waitForCallback()).data?.flags).toBe(EPHEMERAL);
    const shown = (await community.waitForOriginalEdit((m) => m.embeds.length > 0)).embeds[0] as Embed;
    expect(field(shown, 'Limit')).toBe('$1.00 per day');
    expect(field(shown, 'Left')).toBe('$1.00');
    expect(field(shown, 'Paid by')).toBeUndefined();

    const personal = `sk-personal-${Date.now()}-balance0001`;
    stack.sim.addToken(personal, 'media');
    const linked = await stack.core.linkToken(actorOf(user), personal, true);
    expect(linked.ok).toBe(true);
    const h = fake.slashCommand({ name: 'balance', userId: user });
    expect((await h.waitForCallback()).data?.flags).toBe(EPHEMERAL);
    const msg = await h.waitForOriginalEdit((m) => m.embeds.length > 0);
    const e = msg.embeds[0] as Embed;
    expect(e.description).toMatch(/own gateway token/);
    expect(e.description).toMatch(/no spending cap/);
    expect(field(e, 'Paid by')).toBe('your own token');
    expect(field(e, 'Community limit')).toBe('does not apply');
    for (const name of ['Limit', 'Spent', 'Held for running jobs', 'Left', 'Resets']) expect(field(e, name)).toBeUndefined();
    expect(JSON.stringify(msg)).not.toContain(personal);
    expect(stack.logs()).not.toContain(personal);
  });
});
