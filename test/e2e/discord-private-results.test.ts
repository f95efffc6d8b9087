import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../../src/app/build-app.js';
import type { Actor } from '../../src/core/api/actor.js';
import { t } from '../../src/core/i18n/catalog.js';
import type { DiscordBot } from '../../src/platforms/discord/discord-bot.js';
import { startFakeDiscord, type FakeDiscord, type MessageSnapshot } from '../fakes/discord/index.js';
import { createTestStack } from '../support/harness.js';
import { guildActor, hasMp4, startDiscordFor, mp4Uploads as uploadsOfMp4 } from '../support/discord-bot.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

type Stack = Awaited<ReturnType<typeof createTestStack>>;


/**
 * Issue 23, private results delivered late on Discord: with the member's `private` setting on, a video started in a
 * guild is posted in their DMs (the public placeholder says so); closed DMs (50007) put it where the command was
 * typed with one line saying so; the choice made at the start survives a restart.
 */
describe('Discord: private late results', () => {
  let stack: Stack;
  let fake: FakeDiscord;
  let bot: DiscordBot;
  const apps: App[] = [];
  const bots: DiscordBot[] = [];
  const actorOf = (userId: string): Actor => guildActor(fake, userId);
  const start = (app: Pick<App, 'core' | 'registerDelivery'>) => startDiscordFor(stack, fake, { app });
  const mp4Uploads = () => uploadsOfMp4(fake);

  async function delivered(core: App['core'], a: Actor): Promise<void> {
    const deadline = Date.now() + 10_000;
    while ((await core.jobs(a))[0]?.status !== 'delivered') {
      if (Date.now() > deadline) throw new Error('the job was not recorded delivered');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async function privateOn(core: App['core'], user: string): Promise<void> {
    expect((await core.settings(actorOf(user), { key: 'private', value: 'on' })).ok).toBe(true);
  }

  beforeAll(async () => {
    stack = await createTestStack({ sim: { video: { queuedMs: 100, runMs: 1200, progressSteps: 4 } } });
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

  it('a video with private on goes to the member\'s DM channel; the placeholder says where; charged once', async () => {
    const user = fake.addMember(fake.guildId, { username: 'hushed' });
    await privateOn(stack.core, user);
    const before = mp4Uploads().length;
    const h = fake.slashCommand({ name: 'video', userId: user, options: { prompt: 'snow on a roof', seconds: 4 } });
    const dm = await fake.waitForDm(user, hasMp4);
    expect(dm.content).toContain(`<@${user}>`);
    expect(dm.content).not.toContain(t('en', 'private-chat-closed'));
    const note = await h.waitForOriginalEdit((m) => m.content === t('en', 'private-result-sent'));
    expect(hasMp4(note)).toBe(false);
    expect(note.embeds).toEqual([]);
    await delivered(stack.core, actorOf(user));
    await new Promise((r) => setTimeout(r, 300));
    expect(mp4Uploads().length).toBe(before + 1);
    expect(fake.channelMessages().filter(hasMp4)).toEqual([]);
    const b = await stack.core.balance(actorOf(user));
    expect(b.spentMicros).toBe(4 * 50_000);
    expect(b.heldMicros).toBe(0);
  });

  it('closed DMs (50007): the video arrives where the command was typed, once, with the line', async () => {
    const user = fake.addMember(fake.guildId, { username: 'shut' });
    await privateOn(stack.core, user);
    fake.closeDms(user);
    const before = mp4Uploads().length;
    const h = fake.slashCommand({ name: 'video', userId: user, options: { prompt: 'a locked gate', seconds: 4 } });
    const done = await h.waitForOriginalEdit(hasMp4);
    expect(done.content).toContain(t('en', 'private-chat-closed'));
    expect(done.content).toContain(`<@${user}>`);
    expect(fake.requests().some((r) => r.status === 403 && r.path.startsWith('/channels/'))).toBe(true);
    await delivered(stack.core, actorOf(user));
    await new Promise((r) => setTimeout(r, 300));
    expect(fake.dms(user)).toEqual([]);
    expect(mp4Uploads().length).toBe(before + 1);
    expect((await stack.core.balance(actorOf(user))).spentMicros).toBe(4 * 50_000);
  });

  it('a restart between start and delivery keeps the choice made at the start', async () => {
    const user = fake.addMember(fake.guildId, { username: 'steady' });
    await privateOn(stack.core, user);
    const before = mp4Uploads().length;
    const h = fake.slashCommand({ name: 'video', userId: user, options: { prompt: 'a long dusk', seconds: 4 } });
    await h.waitForOriginalEdit((m) => m.embeds.length > 0);
    expect((await stack.core.settings(actorOf(user), { key: 'private', value: 'off' })).ok).toBe(true);
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
    apps.push(next);
    bots.push(await start(next));

    await fake.waitForDm(user, hasMp4);
    await delivered(next.core, actorOf(user));
    await new Promise((r) => setTimeout(r, 300));
    expect(mp4Uploads().length).toBe(before + 1);
    expect(hasMp4(h.original()!)).toBe(false);
    expect((await next.core.balance(actorOf(user))).spentMicros).toBe(4 * 50_000);
  });
});
