import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app/build-app.js';
import type { Actor } from '../../src/core/api/actor.js';
import { simulatorPriceTable } from '../../src/simulator/index.js';
import type { DiscordBot } from '../../src/platforms/discord/discord-bot.js';
import { startFakeDiscord, type FakeDiscord, type MessageSnapshot } from '../fakes/discord/index.js';
import { createTestStack } from '../support/harness.js';
import { guildActor, hasMp4, startDiscordFor } from '../support/discord-bot.js';

type Stack = Awaited<ReturnType<typeof createTestStack>>;
type Embed = { title?: string; description?: string; fields?: { name: string; value: string }[] };

const PNG_SIG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const EPHEMERAL = 64;
const MIB = 1024 * 1024;
const isMp4 = (b: Buffer) => b.subarray(4, 8).toString('latin1') === 'ftyp';
const jobIdOf = (m: MessageSnapshot) => /j_[A-Za-z0-9]+/.exec(JSON.stringify(m.embeds))?.[0];

/** Result buttons (Animate, Refresh, Reroll across a restart) and the model-driven reference download cap. */
describe('Discord adapter: result buttons and reference limits', () => {
  let stack: Stack;
  let fake: FakeDiscord;
  let bot: DiscordBot;
  const apps: App[] = [];
  const bots: DiscordBot[] = [];
  const actorOf = (userId: string): Actor => guildActor(fake, userId);
  const prices = { ...simulatorPriceTable(), 'alpha-image-2': { ...simulatorPriceTable()['alpha-image-2']!, maxReferenceBytes: 12 * MIB } };

  const start = (app: Pick<App, 'core' | 'registerDelivery'>) => startDiscordFor(stack, fake, { app });

  beforeAll(async () => {
    stack = await createTestStack({ priceTable: prices, sim: { video: { queuedMs: 100, runMs: 1500, progressSteps: 4 } } });
    fake = await startFakeDiscord({ waitTimeoutMs: 12_000 });
    bot = await start(stack.app);
  });

  afterAll(async () => {
    for (const b of bots) await b.stop();
    await bot?.stop();
    for (const a of apps) await a.close();
    await fake?.close();
    await stack?.close();
  });

  async function imagine(userId: string, prompt: string): Promise<MessageSnapshot> {
    const h = fake.slashCommand({ name: 'imagine', userId, options: { prompt, size: '256x256' } });
    return h.waitForOriginalEdit((m) => m.attachments.length > 0);
  }

  it('Animate on an image result starts an image-to-video from it and delivers the mp4', async () => {
    const user = fake.addMember(fake.guildId, { username: 'animator' });
    const image = await imagine(user, 'a paper boat');
    const jobId = jobIdOf(image)!;
    expect(JSON.stringify(image.components)).toContain(`mb:animate:${jobId}`);
    const before = stack.sim.requests().length;
    const h = fake.button({ customId: `mb:animate:${jobId}`, userId: user, message: image });
    expect((await h.waitForCallback()).type).toBe(5);
    const ack = await h.waitForOriginalEdit((m) => m.embeds.length > 0);
    expect((ack.embeds[0] as Embed).title).toBe('Video started');
    const creates = stack.sim.requests().slice(before).filter((r) => r.endpoint === 'video_create');
    expect(creates).toHaveLength(1);
    expect(creates[0]!.hasInputReference).toBe(true);
    const done = await h.waitForOriginalEdit(hasMp4);
    expect(isMp4(done.attachments.find((a) => a.filename.endsWith('.mp4'))!.bytes)).toBe(true);
    const b = await stack.core.balance(actorOf(user));
    expect(b.heldMicros).toBe(0);
    expect(b.spentMicros).toBeGreaterThan(10_000);
  });

  it('Refresh on a running video shows its progress privately', async () => {
    const user = fake.addMember(fake.guildId, { username: 'watcher' });
    const v = fake.slashCommand({ name: 'video', userId: user, options: { prompt: 'clouds drifting', seconds: 4 } });
    const ack = await v.waitForOriginalEdit((m) => m.embeds.length > 0);
    const jobId = jobIdOf(ack)!;
    expect(JSON.stringify(ack.components)).toContain(`mb:job:${jobId}`);
    // A Refresh button posted before the command layer (`mb:refresh:<id>`) still shows the job.
    const r = fake.button({ customId: `mb:refresh:${jobId}`, userId: user, message: ack });
    expect((await r.waitForCallback()).data?.flags).toBe(EPHEMERAL);
    const shown = await r.waitForOriginalEdit((m) => m.embeds.length > 0);
    const embed = shown.embeds[0] as Embed;
    expect(embed.title).toBe(`video ${jobId}`);
    expect(embed.description).toMatch(/[▰▱]{10} \d+%/);
    expect(embed.fields?.find((f) => f.name === 'Status')?.value).toMatch(/waiting to start|in progress|being posted/);
    expect(JSON.stringify(shown.components)).toContain(`mb:job:${jobId}`);
    await v.waitForOriginalEdit(hasMp4);
  });

  it('Reroll still works after a restart (new client, new app, same database)', async () => {
    const user = fake.addMember(fake.guildId, { username: 'persistent' });
    const first = await imagine(user, 'a tin robot');
    const jobId = jobIdOf(first)!;

    await bot.stop();
    await stack.app.close();
    const next = await buildApp(stack.config, {
      logger: stack.logger,
      secrets: stack.secrets,
      outputDir: join(stack.dir, 'outputs'),
      ffmpegPath: null,
      priceTable: prices,
      pollerTuning: { progressEveryMs: 0, tickMs: 50 },
      gatewayOptions: { maxRetries: 2, retryBaseMs: 10 },
    });
    apps.push(next);
    bot = await start(next);

    const before = stack.sim.requests().length;
    const h = fake.button({ customId: `mb:reroll:${jobId}`, userId: user, message: first });
    const again = await h.waitForOriginalEdit((m) => m.attachments.length > 0);
    expect(again.attachments[0]!.bytes.subarray(0, 8).equals(PNG_SIG)).toBe(true);
    expect(again.attachments[0]!.bytes.readUInt32BE(16)).toBe(256);
    const newJob = jobIdOf(again);
    expect(newJob).toBeDefined();
    expect(newJob).not.toBe(jobId);
    const gens = stack.sim.requests().slice(before).filter((r) => r.endpoint === 'image');
    expect(gens.map((r) => [r.model, r.size])).toEqual([['alpha-image-2', '256x256']]);
    expect((await next.core.balance(actorOf(user))).spentMicros).toBe(20_000);
  });

  it("/edit downloads reference images up to the model's own limit (price table), not a fixed 8 MiB", async () => {
    const core = apps[0]?.core ?? stack.core;
    const user = fake.addMember(fake.guildId, { username: 'bigfile' });
    const src = (await imagine(user, 'a seed')).attachments[0]!.bytes;
    // 10 MiB: over the old fixed 8 MiB (+1 MiB margin) cap, under this table's 12 MiB for alpha-image-2.
    const big = fake.addAttachment(Buffer.concat([src, Buffer.alloc(10 * MIB - src.length)]), 'big.png', 'image/png');
    const before = stack.sim.requests().length;
    const h = fake.slashCommand({ name: 'edit', userId: user, options: { prompt: 'brighter', image1: big } });
    // The simulator (like the real gateway) takes at most 8 MB, so the request is refused there, after the bot let it through.
    const refused = await h.waitForFollowUp();
    expect(refused.flags & EPHEMERAL).toBe(EPHEMERAL);
    const edits = stack.sim.requests().slice(before).filter((r) => r.endpoint === 'edit');
    expect(edits.map((r) => r.imageParts)).toEqual([1]);
    const b = await core.balance(actorOf(user));
    expect(b.spentMicros).toBe(10_000);
    expect(b.heldMicros).toBe(0);

    // A model whose limit is the default 8 MiB still refuses it before anything is sent.
    const after = stack.sim.requests().length;
    const h2 = fake.slashCommand({ name: 'edit', userId: user, options: { prompt: 'brighter', image1: big, model: 'alpha-image-2-hd' } });
    const f2 = await h2.waitForFollowUp();
    expect(f2.content).toMatch(/too large|at most/i);
    expect(f2.content).toMatch(/8(\.0)? ?MiB|8 MB/i);
    expect(stack.sim.requests().slice(after).filter((r) => r.endpoint === 'edit')).toHaveLength(0);
  });
});
