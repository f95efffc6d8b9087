import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/core/api/actor.js';
import type { DiscordBot } from '../../src/platforms/discord/discord-bot.js';
import { startFakeDiscord, type FakeDiscord } from '../fakes/discord/index.js';
import { startDiscordFor } from '../support/discord-bot.js';
import { createTestStack } from '../support/harness.js';

type Stack = Awaited<ReturnType<typeof createTestStack>>;

const PNG_SIG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Signature and IHDR dimensions of a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).equals(PNG_SIG)).toBe(true);
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** /imagine and /edit: real discord.js → fake Discord, real core → simulator. */
describe('Discord adapter: images', () => {
  let stack: Stack;
  let fake: FakeDiscord;
  let bot: DiscordBot;
  const actorOf = (userId: string): Actor => ({
    scope: { platform: 'discord', externalId: fake.guildId, kind: 'guild' },
    user: { platform: 'discord', externalId: userId },
  });
  const spent = async (userId: string) => (await stack.core.balance(actorOf(userId))).spentMicros;

  beforeAll(async () => {
    stack = await createTestStack();
    fake = await startFakeDiscord({ waitTimeoutMs: 10_000 });
    bot = await startDiscordFor(stack, fake);
  });

  afterAll(async () => {
    await bot?.stop();
    await fake?.close();
    await stack?.close();
  });

  it('/imagine defers, then edits the reply with a decodable PNG and charges $0.01', async () => {
    const user = fake.addMember(fake.guildId, { username: 'painter' });
    const h = fake.slashCommand({ name: 'imagine', userId: user, options: { prompt: 'a red fox', size: '512x512' } });
    expect((await h.waitForCallback()).type).toBe(5);
    const edit = await h.waitForOriginalEdit((m) => m.attachments.length > 0);
    const att = edit.attachments[0]!;
    expect(att.filename).toMatch(/\.png$/);
    expect(pngSize(att.bytes)).toEqual({ width: 512, height: 512 });
    const embed = edit.embeds[0] as { fields: { name: string; value: string }[] };
    expect(embed.fields.find((f) => f.name === 'Cost')?.value).toBe('$0.01');
    expect(embed.fields.find((f) => f.name === 'Model')?.value).toBe('alpha-image-2');
    expect(JSON.stringify(edit.components)).toMatch(/mb:reroll:j_/);
    expect(await spent(user)).toBe(10_000);
  });

  it('Reroll and Edit buttons work from the job id in custom_id', async () => {
    const user = fake.addMember(fake.guildId, { username: 'clicker' });
    const h = fake.slashCommand({ name: 'imagine', userId: user, options: { prompt: 'a green owl' } });
    const first = await h.waitForOriginalEdit((m) => m.attachments.length > 0);
    const jobId = /mb:reroll:(j_[A-Za-z0-9]+)/.exec(JSON.stringify(first.components))?.[1];
    expect(jobId).toBeDefined();

    const reroll = fake.button({ customId: `mb:reroll:${jobId}`, userId: user, message: first });
    const again = await reroll.waitForOriginalEdit((m) => m.attachments.length > 0);
    expect(pngSize(again.attachments[0]!.bytes).width).toBeGreaterThan(0);

    const edit = fake.button({ customId: `mb:edit:${jobId}`, userId: user, message: first });
    const modal = await edit.waitForCallback();
    expect(modal.type).toBe(9);
    const before = stack.sim.requests().length;
    const submit = fake.modalSubmit({ customId: String(modal.data?.custom_id), userId: user, fields: { instruction: 'add a hat' } });
    const edited = await submit.waitForOriginalEdit((m) => m.attachments.length > 0);
    expect(pngSize(edited.attachments[0]!.bytes).width).toBeGreaterThan(0);
    expect(stack.sim.requests().slice(before).filter((r) => r.endpoint === 'edit').map((r) => r.imageParts)).toEqual([1]);
    expect(await spent(user)).toBe(30_000);
  });

  it('"Edit with AI" on a message uses its images after the modal', async () => {
    const user = fake.addMember(fake.guildId, { username: 'ctx' });
    const att = fake.addAttachment(await firstPng(), 'photo.png', 'image/png');
    const menu = fake.messageContextMenu({ name: 'Edit with AI', userId: user, targetMessage: { content: 'look', attachments: [att] } });
    const modal = await menu.waitForCallback();
    expect(modal.type).toBe(9);
    const before = stack.sim.requests().length;
    const submit = fake.modalSubmit({ customId: String(modal.data?.custom_id), userId: user, fields: { instruction: 'make it night' } });
    const edited = await submit.waitForOriginalEdit((m) => m.attachments.length > 0);
    expect(pngSize(edited.attachments[0]!.bytes).width).toBeGreaterThan(0);
    expect(stack.sim.requests().slice(before).filter((r) => r.endpoint === 'edit').map((r) => r.imageParts)).toEqual([1]);
    expect(await spent(user)).toBe(10_000);
  });

  it('/edit with two attachments sends two image parts to the gateway', async () => {
    const user = fake.addMember(fake.guildId, { username: 'editor' });
    const src = await firstPng();
    const a = fake.addAttachment(src, 'a.png', 'image/png');
    const b = fake.addAttachment(src, 'b.png', 'image/png');
    const before = stack.sim.requests().length;
    const h = fake.slashCommand({ name: 'edit', userId: user, options: { prompt: 'make it blue', image1: a, image2: b } });
    const edit = await h.waitForOriginalEdit((m) => m.attachments.length > 0);
    expect(pngSize(edit.attachments[0]!.bytes).width).toBeGreaterThan(0);
    const edits = stack.sim.requests().slice(before).filter((r) => r.endpoint === 'edit');
    expect(edits).toHaveLength(1);
    expect(edits[0]?.imageParts).toBe(2);
    expect(await spent(user)).toBe(10_000);
  });

  it('/edit with four attachments or a 9 MB file is refused privately; nothing charged or sent', async () => {
    const user = fake.addMember(fake.guildId, { username: 'greedy' });
    const src = await firstPng();
    const atts = ['1', '2', '3', '4'].map((n) => fake.addAttachment(src, `${n}.png`, 'image/png'));
    const before = stack.sim.requests().length;
    const four = fake.slashCommand({ name: 'edit', userId: user, options: { prompt: 'x', image1: atts[0]!, image2: atts[1]!, image3: atts[2]!, image4: atts[3]! } });
    const f1 = await four.waitForFollowUp();
    expect(f1.flags & 64).toBe(64);
    expect(f1.content).toMatch(/4 images/);
    expect(four.original()).toBeUndefined();

    const big = Buffer.concat([src, Buffer.alloc(9_000_000 - src.length)]);
    const huge = fake.addAttachment(big, 'huge.png', 'image/png');
    const h2 = fake.slashCommand({ name: 'edit', userId: user, options: { prompt: 'x', image1: huge } });
    const f2 = await h2.waitForFollowUp();
    expect(f2.flags & 64).toBe(64);
    expect(f2.content).toMatch(/too large|at most/i);
    expect(h2.original()).toBeUndefined();

    expect(stack.sim.requests().length).toBe(before);
    expect(await spent(user)).toBe(0);
    expect((await stack.core.balance(actorOf(user))).heldMicros).toBe(0);
  });

  it('retries a 429 on the result upload and still delivers', async () => {
    const h = fake.slashCommand({ name: 'imagine', options: { prompt: 'a lighthouse' } });
    // A job that starts at once keeps the "thinking…" placeholder, so the first PATCH of the original is the upload.
    fake.rateLimitNext(new RegExp(`^PATCH /webhooks/\\d+/${h.token}/messages/@original$`), 0.3);
    const edit = await h.waitForOriginalEdit((m) => m.attachments.length > 0);
    expect(pngSize(edit.attachments[0]!.bytes).width).toBeGreaterThan(0);
    const patches = fake.requests().filter((r) => r.method === 'PATCH' && r.path.includes(h.token));
    expect(patches.map((r) => r.status)).toEqual([429, 200]);
    expect(patches[0]?.files.length).toBe(1);
    expect(patches[1]?.files[0]?.bytes.equals(edit.attachments[0]!.bytes)).toBe(true);
  });

  let cachedPng: Buffer | undefined;
  /** A real PNG made by the simulator (through one /imagine by the admin), reused as an input. */
  async function firstPng(): Promise<Buffer> {
    if (cachedPng) return cachedPng;
    const h = fake.slashCommand({ name: 'imagine', userId: fake.adminUserId, options: { prompt: 'seed', size: '256x256' } });
    const e = await h.waitForOriginalEdit((x) => x.attachments.length > 0);
    cachedPng = e.attachments[0]!.bytes;
    return cachedPng;
  }
});
