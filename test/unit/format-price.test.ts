import { describe, expect, it } from 'vitest';
import { formatMoney, formatPrice } from '../../src/core/i18n/format.js';

/** Unit prices in every shipped locale: to the micro, never rounded to the cent (formatMoney rounds amounts). */
describe('formatPrice', () => {
  const cases: Record<string, [number, string][]> = {
    en: [[15_000, '$0.015'], [12_500, '$0.0125'], [4_000, '$0.004'], [40_000, '$0.04'], [1_500_000, '$1.50'], [1, '$0.000001'], [0, '$0.00']],
    es: [[15_000, '0,015 US$'], [1_500_000, '1,50 US$']],
    ja: [[15_000, '$0.015'], [1_500_000, '$1.50']],
    'pt-BR': [[15_000, 'US$ 0,015'], [1_500_000, 'US$ 1,50']],
    ru: [[15_000, '0,015 $'], [1_500_000, '1,50 $']],
    'zh-CN': [[15_000, 'US$0.015'], [1_500_000, 'US$1.50']],
  };
  for (const [locale, rows] of Object.entries(cases)) {
    it(`${locale}: ${rows.map(([m]) => m).join(', ')} micros`, () => {
      for (const [m, text] of rows) expect(formatPrice(locale, m).replace(/\s/g, ' ')).toBe(text);
    });
  }

  it('keeps what formatMoney rounds: $0.015 is not $0.02', () => {
    expect(formatMoney('en', 15_000)).toBe('$0.02');
    expect(formatPrice('en', 15_000)).toBe('$0.015');
  });

  it('refuses a non-integer amount (a bug upstream)', () => {
    expect(() => formatPrice('en', 0.5)).toThrow(RangeError);
  });
});
