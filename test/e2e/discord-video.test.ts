import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app/build-app.js';
import type { Actor } from '../../src/core/api/actor.js';
import type { DiscordBot } from '../../src/platforms/discord/discord-bot.js';
import { startFakeDiscord, type FakeDiscord, type MessageSnapshot } from '../fakes/discord/index.js';
import { createTestStack } from '../support/harness.js';
import { guildActor, hasMp4, startDiscordFor, mp4Uploads as uploadsOfMp4 } from '../support/discord-bot.js';

type Stack = Awaited<ReturnType<typeof createTestStack>>;

const isMp4 = (b: Buffer) => b.subarray(4, 8).toString('latin1') === 'ftyp';

/** /video: acknowledgment, poller delivery through the Discord Delivery, refunds, and a restart in between. */
describe('Discord adapter: videos', () => {
  let stack: Stack;
  let fake: FakeDiscord;
  let bot: DiscordBot;
  const app2: App[] = [];
  const bots: DiscordBot[] = [];
  const actorOf = (userId: string): Actor => guildActor(fake, userId);
  const start = (app: Pick<App, 'core' | 'registerDelivery'>) => startDiscordFor(stack, fake, { app });
  const mp4Uploads = () => uploadsOfMp4(fake);

  beforeAll(async () => {
    stack = await createTestStack({ sim: { video: { queuedMs: 100, runMs: 1200, progressSteps: 4 } } });
    fake = await startFakeDiscord({ waitTimeoutMs: 12_000 });
    bot = await start(stack.app);
  });

  afterAll(async () => {
    for (const b of bots) await b.stop();
    await bot?.stop();
    for (const a of app2) await a.close();
    await fake?.close();
    await stack?.close();
  });

  it('acknowledges at once, then the poller posts the mp4 and charges the video', async () => {
    const user = fake.addMember(fake.guildId, { username: 'director' });
    const h = fake.slashCommand({ name: 'video', userId: user, options: { prompt: 'waves at dusk', seconds: 4 } });
    expect((await h.waitForCallback()).type).toBe(5);
    const ack = await h.waitForOriginalEdit((m) => m.embeds.length > 0);
    expect(JSON.stringify(ack.embeds)).toContain('Video started');
    // Refresh runs `/job <id>` (button `mb:job:<id>`; old `mb:refresh:<id>` buttons still work).
    expect(JSON.stringify(ack.components)).toMatch(/mb:job:j_/);
    const done = await h.waitForOriginalEdit(hasMp4);
    const file = done.attachments.find((a) => a.filename.endsWith('.mp4'))!;
    expect(isMp4(file.bytes)).toBe(true);
    expect(done.content).toContain(`<@${user}>`);
    const b = await stack.core.balance(actorOf(user));
    expect(b.spentMicros).toBe(4 * 50_000);
    expect(b.heldMicros).toBe(0);
  });

  it('tells the user about a failed video and that nothing was charged', async () => {
    const user = fake.addMember(fake.guildId, { username: 'unlucky' });
    const h = fake.slashCommand({ name: 'video', userId: user, options: { prompt: 'storm [[fault:task_fail]]', seconds: 4 } });
    const refused = (m: MessageSnapshot) => /nothing was charged/i.test(m.content);
    const msg = await Promise.any([h.waitForOriginalEdit(refused), h.waitForFollowUp(refused)]);
    expect(msg.content).toMatch(/refund|released/i);
    expect(hasMp4(msg)).toBe(false);
    const b = await stack.core.balance(actorOf(user));
    expect(b.spentMicros).toBe(0);
    expect(b.heldMicros).toBe(0);
  });

  it('still delivers exactly once when the bot and the app restart while the video runs', async () => {
    const user = fake.addMember(fake.guildId, { username: 'patient' });
    const before = mp4Uploads().length;
    const h = fake.slashCommand({ name: 'video', userId: user, options: { prompt: 'a slow sunrise', seconds: 4 } });
    const ack = await h.waitForOriginalEdit((m) => m.embeds.length > 0);
    const jobId = /j_[A-Za-z0-9]+/.exec(JSON.stringify(ack.embeds))?.[0];
    expect(jobId).toBeDefined();

    await bot.stop();
    await stack.app.close();
    expect(mp4Uploads().length).toBe(before);

    const next = await buildApp(stack.config, {
      logger: stack.logger,
      secrets: stack.secrets,
      outputDir: join(stack.dir, 'outputs'),
      ffmpegPath: null,
      pollerTuning: { progressEveryMs: 0, tickMs: 50 },
      gatewayOptions: { maxRetries: 2, retryBaseMs: 10 },
    });
    app2.push(next);
    bots.push(await start(next));

    const done = await h.waitForOriginalEdit(hasMp4);
    expect(isMp4(done.attachments.find((a) => a.filename.endsWith('.mp4'))!.bytes)).toBe(true);
    // The upload comes before the delivery is recorded and settled: wait for the job's final state.
    const deadline = Date.now() + 10_000;
    let job = await next.core.job(actorOf(user), jobId!);
    while (!(job.ok && job.value.status === 'delivered') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      job = await next.core.job(actorOf(user), jobId!);
    }
    expect(job.ok && job.value.status).toBe('delivered');
    await new Promise((r) => setTimeout(r, 300));
    expect(mp4Uploads().length).toBe(before + 1);
    expect((await next.core.balance(actorOf(user))).spentMicros).toBe(4 * 50_000);
  });
});
