import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/core/i18n/catalog.js';
import type { DiscordBot } from '../../src/platforms/discord/discord-bot.js';
import { startFakeDiscord, type FakeDiscord } from '../fakes/discord/index.js';
import { startDiscordFor } from '../support/discord-bot.js';
import { createTestStack, type TestStack } from '../support/harness.js';

type Component = { type: number; label?: string; placeholder?: string; custom_id?: string; options?: { label: string; value: string }[] };

/** Discord's client locale for each shipped language. */
const CLIENT_LOCALES: Readonly<Record<string, string>> = { en: 'en-US', es: 'es-ES', ja: 'ja', 'pt-BR': 'pt-BR', ru: 'ru', 'zh-CN': 'zh-CN' };

/**
 * Issue 23: the `/settings` message on Discord speaks the member's language — the model menus' placeholders name the
 * setting ("Модель изображений: выберите") and the quick-choice buttons say what they set ("4 изображения"), in all six
 * shipped locales, instead of the key names (`image_model`, `n 4`) typed in commands. Model ids stay ids.
 */
describe('Discord: /settings menus and buttons in the member language', () => {
  let stack: TestStack;
  let fake: FakeDiscord;
  let bot: DiscordBot;

  beforeAll(async () => {
    stack = await createTestStack();
    fake = await startFakeDiscord({ waitTimeoutMs: 8000 });
    bot = await startDiscordFor(stack, fake);
    // The menus list the models the cache holds (they never wait on the gateway): fill it once.
    const models = await stack.core.models({ scope: { platform: 'discord', externalId: fake.guildId, kind: 'guild' }, user: { platform: 'discord', externalId: fake.memberUserId } });
    expect(models.ok).toBe(true);
  });

  afterAll(async () => {
    await bot?.stop();
    await fake?.close();
    await stack?.close();
  });

  for (const [code, clientLocale] of Object.entries(CLIENT_LOCALES)) {
    it(`${code}: placeholders and button labels from the ${code} messages`, async () => {
      const h = fake.slashCommand({ name: 'settings', userId: fake.memberUserId, locale: clientLocale });
      const message = await h.waitForOriginalEdit((m) => m.components.length > 0);
      const parts = (message.components as { components?: Component[] }[]).flatMap((r) => r.components ?? []);
      const menus = parts.filter((c) => c.type === 3);
      const buttons = parts.filter((c) => c.type === 2);
      const name = (key: string) => t(code, 'settings-key-name', { key });
      expect(menus.map((m) => m.placeholder)).toEqual(['image_model', 'video_model', 'text_model'].map((key) => t(code, 'settings-menu-placeholder', { key: name(key) })));
      expect(menus[0]!.options!.map((o) => o.label)).toContain('alpha-image-2');
      const quick: readonly (readonly [string, string])[] = [['private', 'on'], ['n', '1'], ['n', '2'], ['n', '4'], ['aspect', '1:1'], ['aspect', '16:9'], ['aspect', '9:16']];
      expect(buttons.map((b) => b.label)).toEqual(quick.map(([key, value]) => t(code, 'settings-quick', { key, value })));
      // No key name a member would have to know shows on a menu or a button.
      for (const label of [...menus.map((m) => m.placeholder ?? ''), ...buttons.map((b) => b.label ?? '')]) expect(label).not.toMatch(/image_model|video_model|text_model|^n \d|^private (on|off)$/);
      // A real translation, not an English copy.
      if (code !== 'en') expect(menus[0]!.placeholder).not.toBe(t('en', 'settings-menu-placeholder', { key: t('en', 'settings-key-name', { key: 'image_model' }) }));
    });
  }

  it('a localized button still sets the value it carries: pressing "4 изображения" stores n = 4', async () => {
    const h = fake.slashCommand({ name: 'settings', userId: fake.memberUserId, locale: 'ru' });
    const message = await h.waitForOriginalEdit((m) => m.components.length > 0);
    const button = (message.components as { components?: Component[] }[]).flatMap((r) => r.components ?? []).find((c) => c.label === t('ru', 'settings-quick', { key: 'n', value: '4' }));
    expect(button?.custom_id).toBeDefined();
    const click = fake.button({ customId: button!.custom_id!, userId: fake.memberUserId, message, locale: 'ru' });
    await click.waitForCallback();
    const actor = { scope: { platform: 'discord', externalId: fake.guildId, kind: 'guild' as const }, user: { platform: 'discord', externalId: fake.memberUserId } };
    await expect.poll(async () => (await stack.core.settingsInEffect(actor)).n?.value).toBe('4');
  });
});
