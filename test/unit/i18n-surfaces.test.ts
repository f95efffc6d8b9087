import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandRegistry } from '../../src/core/commands/registry.js';
import { supportedLocales, t } from '../../src/core/i18n/catalog.js';
import { buildCommandDefinitions } from '../../src/platforms/discord/commands/definitions.js';
import { commandMenus, telegramLanguageCode } from '../../src/platforms/telegram/menus.js';
import { useLocales } from '../support/locales.js';

/**
 * Command menus per language: Discord gets `description_localizations` in Discord's codes for every shipped locale
 * (names stay English); Telegram gets one menu per audience and `language_code`. With a fixture catalogue when the
 * translations have not landed yet (the descriptions then fall back to English, the structure is what is checked).
 */
/** Our locale codes → Discord's locale codes and Telegram's `language_code`, spelled out as the platforms document them. */
const DISCORD_CODES: Readonly<Record<string, readonly string[]>> = { es: ['es-ES', 'es-419'], 'zh-CN': ['zh-CN'], 'pt-BR': ['pt-BR'], ru: ['ru'], ja: ['ja'] };
const TELEGRAM_CODES: Readonly<Record<string, string>> = { es: 'es', 'zh-CN': 'zh', 'pt-BR': 'pt', ru: 'ru', ja: 'ja' };
/** The shipped locales besides English (the fixture's es, zh-CN and pt-BR, plus whichever translations have landed). */
const translated = (): string[] => supportedLocales().filter((c) => c !== 'en');

describe('command descriptions per language', () => {
  let locales: ReturnType<typeof useLocales>;
  beforeAll(() => {
    locales = useLocales(['es', 'zh-CN', 'pt-BR']);
  });
  afterAll(() => locales.restore());

  it('Discord: description_localizations in Discord locale codes, for commands, subcommands and options', () => {
    const defs = buildCommandDefinitions(commandRegistry()) as { name: string; description?: string; description_localizations?: Record<string, string>; options?: { name: string; description_localizations?: Record<string, string> }[] }[];
    const imagine = defs.find((d) => d.name === 'imagine')!;
    expect(Object.keys(imagine.description_localizations ?? {}).sort()).toEqual(translated().flatMap((c) => DISCORD_CODES[c] ?? []).sort());
    expect(imagine.description_localizations?.['es-ES']).toBe(t('es', 'cmd-imagine'));
    expect(imagine.options?.find((o) => o.name === 'prompt')?.description_localizations?.['zh-CN']).toBe(t('zh-CN', 'cmd-imagine-opt-prompt'));
    const setup = defs.find((d) => d.name === 'setup')!;
    expect(setup.options?.find((o) => o.name === 'language')?.description_localizations?.['pt-BR']).toBe(t('pt-BR', 'cmd-setup-language'));
    for (const d of defs) expect(d.name).toMatch(/^[a-z_]+$|^Edit with AI$/);
  });

  it('Discord: the allowance period choices are named in each language ("al día", "в день"), their values stay day/week/month/total', () => {
    type Opt = { choices?: { name: string; value: string; name_localizations?: Record<string, string> }[]; options?: Opt[] };
    const all = (o: Opt): Opt[] => [o, ...(o.options ?? []).flatMap(all)];
    const periods = (buildCommandDefinitions(commandRegistry()) as Opt[]).flatMap(all).filter((o) => o.choices?.some((c) => c.value === 'week'));
    expect(periods.length).toBeGreaterThan(0);
    for (const o of periods) {
      expect(o.choices!.map((c) => c.value)).toEqual(['day', 'week', 'month', 'total']);
      const day = o.choices!.find((c) => c.value === 'day')!;
      expect(day.name).toBe('day');
      expect(day.name_localizations?.['es-ES']).toBe(t('es', 'period-per', { period: 'day' }));
      expect(day.name_localizations?.ru).toBe(t('ru', 'period-per', { period: 'day' }));
      expect(day.name_localizations?.ru).not.toBe('day');
    }
  });

  it('Discord: every fixed choice the catalogue words is named in each language (chart/numbers, on/off, here/everywhere, prices, rules); values unchanged', () => {
    type Choice = { name: string; value: string; name_localizations?: Record<string, string> };
    type Opt = { name: string; choices?: Choice[]; options?: Opt[] };
    const all = (o: Opt): Opt[] => [o, ...(o.options ?? []).flatMap(all)];
    const defs = buildCommandDefinitions(commandRegistry()) as Opt[];
    const choiceOf = (command: string, option: string, value: string): Choice => {
      const opt = all(defs.find((d) => d.name === command)!).find((o) => o.name === option && o.choices?.some((c) => c.value === value));
      return opt!.choices!.find((c) => c.value === value)!;
    };
    const cases: [string, string, string, string][] = [
      ['usage', 'view', 'chart', 'choice-view-chart'],
      ['balance', 'view', 'numbers', 'choice-view-numbers'],
      ['approve', 'state', 'off', 'choice-off'],
      ['settings', 'where', 'everywhere', 'choice-where-everywhere'],
      ['queue', 'action', 'cancel', 'choice-queue-cancel'],
      ['prices', 'per', 'second', 'choice-per-second'],
    ];
    for (const [command, option, value, id] of cases) {
      const c = choiceOf(command, option, value);
      expect(c.value).toBe(value);
      expect(c.name).toBe(t('en', id));
      expect(c.name_localizations?.['es-ES']).toBe(t('es', id));
      expect(c.name_localizations?.ja).toBe(t('ja', id));
      expect(c.name_localizations?.ru).not.toBe(c.name);
    }
  });

  it('Telegram: a menu per audience for each language code, plus the default', () => {
    const menus = commandMenus(commandRegistry());
    expect([...new Set(menus.map((m) => m.languageCode ?? 'default'))].sort()).toEqual(['default', ...translated().map((c) => TELEGRAM_CODES[c])].sort());
    const es = menus.find((m) => m.languageCode === 'es' && m.scope.type === 'default')!;
    expect(es.commands.find((c) => c.command === 'imagine')?.description).toBe(t('es', 'cmd-imagine'));
    expect(telegramLanguageCode('en')).toBeUndefined();
    expect(telegramLanguageCode('zh-CN')).toBe('zh');
  });
});
