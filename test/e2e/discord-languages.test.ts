import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/core/i18n/catalog.js';
import { availableText, languageName } from '../../src/core/use-cases/language.js';
import type { DiscordBot } from '../../src/platforms/discord/discord-bot.js';
import { startFakeDiscord, type FakeDiscord, type InteractionHandle } from '../fakes/discord/index.js';
import { startDiscordFor } from '../support/discord-bot.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { useLocales } from '../support/locales.js';

/**
 * Discord speaks the member's language: `interaction.locale` ("zh-CN"), then the community default (`/setup
 * language`), then the member's own choice (`/language`); an unknown locale gets English. Strict against the shipped
 * Chinese and Spanish files when they exist, otherwise against a test-only fixture of them.
 */
describe('Discord: the member gets their language', () => {
  let stack: TestStack;
  let fake: FakeDiscord;
  let bot: DiscordBot;
  let locales: ReturnType<typeof useLocales>;

  async function privateText(h: InteractionHandle): Promise<string> {
    await h.waitForCallback();
    return (await h.waitForOriginalEdit((m) => m.content.length > 0)).content;
  }
  const current = (code: string, source: string) => t(code, 'language-current', { name: languageName(code, code), code, source, available: availableText() });

  beforeAll(async () => {
    locales = useLocales(['zh-CN', 'es']);
    stack = await createTestStack();
    fake = await startFakeDiscord({ waitTimeoutMs: 8000 });
    bot = await startDiscordFor(stack, fake);
  });

  afterAll(async () => {
    await bot?.stop();
    await fake?.close();
    await stack?.close();
    locales?.restore();
  });

  it('an interaction with locale zh-CN is answered in Chinese; an unknown locale in English', async () => {
    const zh = await privateText(fake.slashCommand({ name: 'language', locale: 'zh-CN' }));
    expect(zh).toBe(current('zh-CN', 'platform'));
    expect(zh).not.toBe(current('en', 'platform'));
    expect(await privateText(fake.slashCommand({ name: 'language', locale: 'xx' }))).toBe(current('en', 'default'));
  });

  it('/setup language (admins) sets the default over the client language; /language overrides it for one member', async () => {
    const set = await privateText(fake.slashCommand({ name: 'setup', subcommand: 'language', userId: fake.adminUserId, locale: 'en-US', options: { code: 'es' } }));
    expect(set).toBe(t('es', 'language-community-set', { name: languageName('es', 'es'), code: 'es' }));
    expect(await privateText(fake.slashCommand({ name: 'language', locale: 'zh-CN' }))).toBe(current('es', 'community'));
    const mine = await privateText(fake.slashCommand({ name: 'language', locale: 'zh-CN', options: { code: 'zh-CN' } }));
    expect(mine).toBe(t('zh-CN', 'language-set', { name: languageName('zh-CN', 'zh-CN'), code: 'zh-CN' }));
    expect(await privateText(fake.slashCommand({ name: 'language', locale: 'en-US' }))).toBe(current('zh-CN', 'member'));
  });

  it('registers the commands with descriptions for every shipped locale, names in English', () => {
    const language = fake.commands(fake.guildId).find((c) => c.name === 'language') as { description: string; description_localizations?: Record<string, string> } | undefined;
    expect(language?.description).toBe(t('en', 'cmd-language'));
    if (!locales.fixture) expect(Object.keys(language?.description_localizations ?? {}).length).toBeGreaterThan(0);
  });
});
