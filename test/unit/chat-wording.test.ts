import { describe, expect, it } from 'vitest';
import { supportedLocales, t } from '../../src/core/i18n/catalog.js';

/** Words that are put together from two messages read as one phrase in every shipped language. */
describe('composed chat wording', () => {
  it.each(supportedLocales())('%s: the video\'s "Ready" field does not repeat the preposition of its value', (locale) => {
    const label = t(locale, 'field-ready-in');
    const value = t(locale, 'time-in', { duration: '54 s' });
    const lastOfLabel = label.trim().split(/\s+/).pop()!.toLowerCase();
    const firstOfValue = value.trim().split(/\s+/)[0]!.toLowerCase();
    expect(`${label}: ${value}`).not.toMatch(/\b(in|en|em|через)\b.*\b\1\b/i);
    expect(lastOfLabel).not.toBe(firstOfValue);
  });
});
