/**
 * Issue 22 item 2 on every surface (the console, and the real Telegram and Discord adapters against their fakes),
 * against the simulator's `expr` catalogue: an option the model offers is sent and charged at its price, and the
 * result says it was used; an option it does not offer is refused in words naming the model and what it offers,
 * before anything is held or sent. On Discord the option menus offer only the chosen model's values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscordBot } from '../../src/platforms/discord/discord-bot.js';
import { startFakeDiscord, type FakeDiscord } from '../fakes/discord/index.js';
import { startDiscordFor } from '../support/discord-bot.js';
import { createTestStack, type TestStack, type TestStackOptions } from '../support/harness.js';
import { consoleDriver } from '../support/scenario-console.js';
import { discordDriver } from '../support/scenario-discord.js';
import { telegramDriver } from '../support/scenario-telegram.js';
import type { ScenarioDriver } from '../support/scenario.js';

const OPTIONS: TestStackOptions = { sim: { catalogue: 'expr' }, env: { DEFAULT_ALLOWANCE: '50' } };

const SURFACES = [
  { name: 'console', start: () => consoleDriver(OPTIONS) },
  { name: 'telegram', start: () => telegramDriver(OPTIONS) },
  { name: 'discord', start: () => discordDriver(OPTIONS) },
] as const;

describe.each(SURFACES)('model options on $name', (surface) => {
  let d: ScenarioDriver;
  const sent = (endpoint: string) => d.stack.sim.requests().filter((q) => q.endpoint === endpoint);
  const spent = async () => (await d.stack.core.balance(d.actor('member'))).spentMicros;

  beforeAll(async () => {
    d = await surface.start();
  });
  afterAll(() => d?.close());

  it('--quality high on gpt-image-2 is sent, charged the high price and stated on the result', async () => {
    const before = await spent();
    const billed = d.stack.sim.spentMicros(d.stack.sim.tokens.media);
    const r = await d.command('member', '/imagine a paper crane --model gpt-image-2 --quality high');
    expect(r.reply.tone).toBe('result');
    expect(r.text).toContain('--quality high');
    expect(sent('image').at(-1)?.options).toEqual({ quality: 'high' });
    expect(d.stack.sim.spentMicros(d.stack.sim.tokens.media) - billed).toBe(167_000);
    expect((await spent()) - before).toBe(167_000);
  });

  it('a flag the model does not take is refused in words naming the model and what it offers; nothing is sent or held', async () => {
    const before = await spent();
    const videos = sent('video_create').length;
    const audio = await d.command('member', '/video a drummer --model kling-v2.1 --audio on');
    expect(audio.reply.tone).toBe('error');
    expect(audio.reply.failure?.code).toBe('option_unsupported');
    expect(audio.text).toContain("'kling-v2.1' does not take --audio.");
    expect(audio.text).toContain('Nothing was charged.');
    expect(audio.text).toContain('What it takes: --end-image; --negative.');
    const ultra = await d.command('member', '/imagine a crane --model gpt-image-2 --quality ultra');
    expect(ultra.text).toContain('does not offer --quality ultra; it offers low, medium, high, auto.');
    expect(sent('video_create').length).toBe(videos);
    expect(await spent()).toBe(before);
    const b = await d.stack.core.balance(d.actor('member'));
    expect(b.heldMicros ?? 0).toBe(0);
  });
});

describe('Discord: the option menus follow the model', () => {
  let stack: TestStack;
  let fake: FakeDiscord;
  let bot: DiscordBot;

  beforeAll(async () => {
    stack = await createTestStack(OPTIONS);
    fake = await startFakeDiscord({ waitTimeoutMs: 12_000 });
    bot = await startDiscordFor(stack, fake);
  });
  afterAll(async () => {
    await bot?.stop();
    await fake?.close();
    await stack?.close();
  });

  async function choices(name: string, options: Record<string, string>, focused: string): Promise<string[]> {
    const ac = fake.autocomplete({ name, userId: fake.adminUserId, options, focused });
    return ((await ac.waitForCallback()).data?.choices as { value: string }[]).map((c) => c.value);
  }

  it('registers the options as completed menus and offers only what the chosen model takes', async () => {
    const video = fake.commands(fake.guildId).find((c) => c.name === 'video') as unknown as { options: { name: string; autocomplete?: boolean }[] };
    expect(video.options.find((o) => o.name === 'audio')?.autocomplete).toBe(true);
    // The model list is cached by the first command that reads it.
    const models = fake.slashCommand({ name: 'models', userId: fake.adminUserId });
    await models.waitForOriginalEdit((m) => m.content.length > 0 || m.embeds.length > 0);
    expect(await choices('imagine', { prompt: 'x', model: 'gpt-image-2', quality: '' }, 'quality')).toEqual(['low', 'medium', 'high', 'auto']);
    expect(await choices('video', { prompt: 'x', model: 'veo-3.1', resolution: '' }, 'resolution')).toEqual(['720p', '1080p']);
    expect(await choices('video', { prompt: 'x', model: 'veo-3.1', audio: '' }, 'audio')).toEqual(['on', 'off']);
    expect(await choices('video', { prompt: 'x', model: 'kling-v2.1', audio: '' }, 'audio')).toEqual([]);
  });
});
