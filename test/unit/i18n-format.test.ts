import { describe, expect, it } from 'vitest';
import { supportedLocales, t } from '../../src/core/i18n/catalog.js';
import { formatDuration, formatMoment, formatMoney, formatReset } from '../../src/core/i18n/format.js';
import { effectiveLocale, localeFromEnv, negotiateLocale } from '../../src/core/i18n/negotiate.js';

/**
 * Money and time formatting tables, for every shipped locale (data-driven over the locale folders: a new locale
 * gets these checks the day its files land), and the locale fallback chain.
 */

const LOCALES = supportedLocales();
const digits = (s: string) => s.replace(/[^\d]/g, '');

describe('money', () => {
  it.each([
    [0, '$0.00'],
    [400, '$0.0004'],
    [1, '$0.000001'],
    [1_250, '$0.0013'],
    [9_999, '$0.01'],
    [10_000, '$0.01'],
    [790_076, '$0.79'],
    [4_409_924, '$4.41'],
    [1_000_000, '$1.00'],
    [100_000_000_000, '$100,000.00'],
    [-500_000, '-$0.50'],
  ])('English: %s micros read %s', (m, text) => expect(formatMoney('en', m)).toBe(text));

  it.each(LOCALES)('%s: always US dollars, cents above a cent, sub-cent only below, $0 to $100,000', (locale) => {
    for (const [m, ds] of [
      [0, '000'],
      [400, '00004'],
      [790_076, '079'],
      [4_409_924, '441'],
      [100_000_000_000, '10000000'],
    ] as const) {
      const s = formatMoney(locale, m);
      expect(s, `${locale} ${m}`).toMatch(/\$|US\$|USD/);
      expect(digits(s), `${locale} ${m}: ${s}`).toBe(ds);
    }
  });

  it('refuses a non-integer amount (a bug upstream)', () => {
    expect(() => formatMoney('en', 0.5)).toThrow(RangeError);
  });
});

describe('durations', () => {
  it.each([
    [0, '0 s'],
    [Number.NaN, '0 s'],
    [1200, '2 s'],
    [45_000, '45 s'],
    [65_000, '1 min'],
    [35 * 60_000 + 20_000, '35 min'],
    [2 * 3600_000 + 30 * 60_000, '2 h 30 min'],
    [8 * 3600_000 + 35_000, '8 h'],
    [30 * 3600_000, '30 h'],
    [51 * 3600_000, '2 days'],
  ])('English: %s ms is %s', (ms, text) => expect(formatDuration('en', ms)).toBe(text));

  it.each(LOCALES)('%s: every duration has its number', (locale) => {
    expect(formatDuration(locale, 8 * 3600_000 + 35_000)).toContain('8');
    expect(formatDuration(locale, 35 * 60_000)).toContain('35');
  });
});

describe('moments in the community time zone', () => {
  const NOW = Date.UTC(2026, 2, 28, 20, 0); // Sat 28 Mar 2026 21:00 CET; Europe/Berlin moves to CEST that night
  const MIDNIGHT_BERLIN = Date.UTC(2026, 2, 28, 23, 0); // Sun 29 Mar 00:00 CET

  it('says "tomorrow at 00:00" in the community zone, across a DST change', () => {
    expect(formatReset('en', MIDNIGHT_BERLIN, NOW, 'Europe/Berlin')).toBe('tomorrow at 00:00 GMT+1 (in 3 h)');
    // The next midnight after the change is 22:00 UTC: still 00:00 local, now in summer time.
    const next = Date.UTC(2026, 2, 29, 22, 0);
    expect(formatMoment('en', next, MIDNIGHT_BERLIN + 1, 'Europe/Berlin')).toBe('tomorrow at 00:00 GMT+2');
    expect(formatMoment('en', next, NOW, 'Europe/Berlin')).toMatch(/^Mon, Mar 30 at 00:00 GMT\+2$/);
  });

  it('today, and an unknown zone falls back to UTC', () => {
    expect(formatMoment('en', NOW + 3600_000, NOW, 'UTC')).toBe('today at 21:00 UTC');
    expect(formatMoment('en', NOW, NOW, 'Not/AZone')).toBe('today at 20:00 UTC');
  });

  it.each(LOCALES)('%s: a reset shows 00:00 local time and how far away it is', (locale) => {
    const s = formatReset(locale, MIDNIGHT_BERLIN, NOW, 'Europe/Berlin');
    expect(s).toContain('00:00');
    expect(s).toContain('3');
  });
});

describe('locale resolution', () => {
  const shipped = (code: string) => LOCALES.includes(code);

  it.each([
    ['en-US', 'en'],
    ['xx', 'en'],
    ['', 'en'],
    [undefined, 'en'],
    ['not a code!', 'en'],
    ['es-MX', shipped('es') ? 'es' : 'en'],
    ['es-ES', shipped('es') ? 'es' : 'en'],
    ['pt', shipped('pt-BR') ? 'pt-BR' : 'en'],
    ['zh-TW', shipped('zh-CN') ? 'zh-CN' : 'en'],
    ['ja', shipped('ja') ? 'ja' : 'en'],
  ])('%s → %s', (code, expected) => expect(negotiateLocale(code)).toBe(expected));

  it('member override > community default > platform > English', () => {
    const other = LOCALES.find((c) => c !== 'en');
    expect(effectiveLocale({})).toBe('en');
    expect(effectiveLocale({ platform: 'xx' })).toBe('en');
    if (!other) return; // with English alone, every chain ends in English (checked above)
    expect(effectiveLocale({ platform: other })).toBe(other);
    expect(effectiveLocale({ community: other, platform: 'en' })).toBe(other);
    expect(effectiveLocale({ member: 'en', community: other, platform: other })).toBe('en');
  });

  it('reads the operator language from LANG, else English', () => {
    expect(localeFromEnv({ LANG: 'C.UTF-8' })).toBe('en');
    expect(localeFromEnv({})).toBe('en');
    expect(localeFromEnv({ LANG: 'xx_YY.UTF-8' })).toBe('en');
    expect(localeFromEnv({ LC_ALL: 'en_GB.UTF-8', LANG: 'xx' })).toBe('en');
  });

  it('a missing message falls back to English, an unknown id to itself', () => {
    expect(t('xx', 'action-reroll')).toBe('Reroll');
    expect(t('en', 'no-such-message')).toBe('no-such-message');
  });
});
