import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/core/api/actor.js';
import type { DiscordBot } from '../../src/platforms/discord/discord-bot.js';
import { startFakeDiscord, type FakeDiscord, type InteractionHandle, type MessageSnapshot } from '../fakes/discord/index.js';
import { startDiscordFor } from '../support/discord-bot.js';
import { createTestStack } from '../support/harness.js';

type Stack = Awaited<ReturnType<typeof createTestStack>>;
type Embed = { title?: string; description?: string; footer?: { text: string }; fields?: { name: string; value: string }[] };

const PNG_SIG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const EPHEMERAL = 64;

/** /ask, /models, /jobs, /job and the validation refusals: real discord.js → fake Discord, real core → simulator. */
describe('Discord adapter: ask, models, jobs, validation', () => {
  let stack: Stack;
  let fake: FakeDiscord;
  let bot: DiscordBot;
  const actorOf = (userId: string): Actor => ({
    scope: { platform: 'discord', externalId: fake.guildId, kind: 'guild' },
    user: { platform: 'discord', externalId: userId },
  });
  const balance = (userId: string) => stack.core.balance(actorOf(userId));

  beforeAll(async () => {
    stack = await createTestStack();
    fake = await startFakeDiscord({ waitTimeoutMs: 8000 });
    bot = await startDiscordFor(stack, fake);
  });

  afterAll(async () => {
    await bot?.stop();
    await fake?.close();
    await stack?.close();
  });

  /** The private answer of an interaction: an ephemeral follow-up, the ephemeral reply, or an ephemeral edit. */
  async function privateAnswer(h: InteractionHandle): Promise<MessageSnapshot | { content: string; flags: number }> {
    const cb = await h.waitForCallback();
    if (cb.type === 4) return { content: String(cb.data?.content ?? ''), flags: Number(cb.data?.flags ?? 0) };
    if (cb.type === 5 && (Number(cb.data?.flags ?? 0) & EPHEMERAL) === EPHEMERAL) return h.waitForOriginalEdit((m) => m.content.length > 0);
    return h.waitForFollowUp();
  }

  it('/ask answers with the text model and charges from the reported usage', async () => {
    const user = fake.addMember(fake.guildId, { username: 'asker' });
    const before = stack.sim.requests().length;
    const h = fake.slashCommand({ name: 'ask', userId: user, options: { prompt: 'what is a fox?' } });
    expect((await h.waitForCallback()).type).toBe(5);
    const answer = await h.waitForOriginalEdit((m) => m.embeds.length > 0);
    const embed = answer.embeds[0] as Embed;
    expect((embed.description ?? '').length).toBeGreaterThan(0);
    // Model, tokens and cost are the reply's fields now (they were one footer line); the footer keeps the job id.
    const field = (name: string) => embed.fields?.find((f) => f.name === name)?.value ?? '';
    const tokens = Number(field('Tokens'));
    expect(tokens).toBeGreaterThan(0);
    expect(embed.footer?.text ?? '').toMatch(/Job j_/);
    const chats = stack.sim.requests().slice(before).filter((r) => r.endpoint === 'chat' || r.endpoint === 'messages');
    expect(chats).toHaveLength(1);
    // $0.002 per 1,000 tokens, rounded up to a whole micro-dollar.
    const b = await balance(user);
    expect(b.spentMicros).toBe(Math.ceil((tokens * 2_000) / 1_000));
    expect(b.heldMicros).toBe(0);
    expect(field('Model')).toBe(chats[0]!.model!);
  });

  it('/models lists the models with prices, privately', async () => {
    const h = fake.slashCommand({ name: 'models' });
    expect((await h.waitForCallback()).data?.flags).toBe(EPHEMERAL);
    // One embed field per kind, `id · price` lines (was bold headings and code spans in the message text).
    const list = await h.waitForOriginalEdit((m) => m.embeds.length > 0);
    const kinds = (list.embeds[0] as Embed).fields ?? [];
    expect(kinds.map((f) => f.name)).toEqual(expect.arrayContaining(['image', 'video']));
    expect(kinds.find((f) => f.name === 'image')?.value).toMatch(/^alpha-image-2 · \$0\.01/m);
    expect(kinds.find((f) => f.name === 'video')?.value).toMatch(/^gamma-video-1 · \$0\.05/m);
  });

  it('/jobs lists the user\'s own recent jobs; /job re-posts a finished image; an unknown id is "not found"', async () => {
    const user = fake.addMember(fake.guildId, { username: 'collector' });
    const img = fake.slashCommand({ name: 'imagine', userId: user, options: { prompt: 'a blue whale', size: '512x512' } });
    const done = await img.waitForOriginalEdit((m) => m.attachments.length > 0);
    const jobId = /Job (j_[A-Za-z0-9]+)/.exec(JSON.stringify(done.embeds))?.[1];
    expect(jobId).toBeDefined();

    const other = fake.addMember(fake.guildId, { username: 'bystander' });
    const emptyList = fake.slashCommand({ name: 'jobs', userId: other });
    expect((await emptyList.waitForOriginalEdit((m) => m.content.length > 0)).content).toMatch(/no jobs/i);

    const jobs = fake.slashCommand({ name: 'jobs', userId: user });
    expect((await jobs.waitForCallback()).data?.flags).toBe(EPHEMERAL);
    // One embed field per job (name: the id) instead of one text line each.
    const list = await jobs.waitForOriginalEdit((m) => m.embeds.length > 0);
    const row = ((list.embeds[0] as Embed).fields ?? []).find((f) => f.name === jobId);
    expect(row?.value).toMatch(/image · done · alpha-image-2 · charged \$0\.01/);
    expect(row?.value).toContain('$0.01');

    const job = fake.slashCommand({ name: 'job', userId: user, options: { id: jobId! } });
    const shown = await job.waitForOriginalEdit((m) => m.attachments.length > 0);
    expect(shown.flags & EPHEMERAL).toBe(EPHEMERAL);
    const file = shown.attachments[0]!;
    expect(file.bytes.subarray(0, 8).equals(PNG_SIG)).toBe(true);
    expect(file.bytes.readUInt32BE(16)).toBe(512);
    expect(file.bytes.equals(done.attachments[0]!.bytes)).toBe(true);
    expect(JSON.stringify(shown.embeds)).toContain(jobId);

    const missing = fake.slashCommand({ name: 'job', userId: user, options: { id: 'j_doesnotexist' } });
    const answer = await privateAnswer(missing);
    expect(answer.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(answer.content).toMatch(/not found|no job|find/i);
    expect((await balance(user)).spentMicros).toBe(10_000);
  });

  it("respects the interaction's attachmentSizeLimit: oversized files are named in the text, not uploaded", async () => {
    const user = fake.addMember(fake.guildId, { username: 'tinyserver' });
    const h = fake.slashCommand({ name: 'imagine', userId: user, attachmentSizeLimit: 64, options: { prompt: 'a large mural', size: '256x256' } });
    const done = await h.waitForOriginalEdit((m) => m.embeds.length > 0);
    expect(done.attachments).toHaveLength(0);
    // The core names the files it left out (in the result's text, so the embed description on Discord).
    const text = (done.embeds[0] as Embed).description ?? '';
    expect(text).toMatch(/1 image exceeds this chat's 64 B/);
    const jobId = /Job (j_[A-Za-z0-9]+)/.exec(JSON.stringify(done.embeds))?.[1];
    expect(text).toContain(`/job ${jobId}`);
    const uploads = fake.requests().filter((r) => r.path.includes(h.token) && r.files.length > 0);
    expect(uploads).toHaveLength(0);

    const small = fake.slashCommand({ name: 'job', userId: user, attachmentSizeLimit: 64, options: { id: jobId! } });
    const shown = await small.waitForOriginalEdit((m) => m.embeds.length > 0);
    expect(shown.attachments).toHaveLength(0);
    expect((shown.embeds[0] as Embed).description).toMatch(/1 file of this job exceeds/);
    const big = fake.slashCommand({ name: 'job', userId: user, options: { id: jobId! } });
    expect((await big.waitForOriginalEdit((m) => m.attachments.length > 0)).attachments).toHaveLength(1);
  });

  it('refuses bad sizes, unknown models (with a suggestion) and blank prompts privately; nothing charged or sent', async () => {
    const user = fake.addMember(fake.guildId, { username: 'sloppy' });
    const before = stack.sim.requests().filter((r) => r.endpoint !== 'models').length;

    const size = await privateAnswer(fake.slashCommand({ name: 'imagine', userId: user, options: { prompt: 'a cat', size: '99999x1' } }));
    expect(size.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(size.content).toMatch(/size|pixels|side/i);

    const model = await privateAnswer(fake.slashCommand({ name: 'imagine', userId: user, options: { prompt: 'a cat', model: 'alpha-image2' } }));
    expect(model.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(model.content).toContain('alpha-image-2');

    const blank = await privateAnswer(fake.slashCommand({ name: 'imagine', userId: user, options: { prompt: '   ' } }));
    expect(blank.flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(blank.content).toMatch(/prompt|describe|empty/i);

    const blankAsk = await privateAnswer(fake.slashCommand({ name: 'ask', userId: user, options: { prompt: ' \t ' } }));
    expect(blankAsk.flags & EPHEMERAL).toBe(EPHEMERAL);

    expect(stack.sim.requests().filter((r) => r.endpoint !== 'models').length).toBe(before);
    const b = await balance(user);
    expect(b.spentMicros).toBe(0);
    expect(b.heldMicros).toBe(0);
    const rows = await stack.store.db.selectFrom('jobs').innerJoin('users', 'users.id', 'jobs.user_id').where('users.external_id', '=', user).select('jobs.id').execute();
    expect(rows).toHaveLength(0);
  });
});
