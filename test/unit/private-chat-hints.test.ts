import { describe, expect, it } from 'vitest';
import { fail, type Failure, type ReaderHint } from '../../src/core/failures.js';
import { describeFailure } from '../../src/core/messages.js';

/**
 * The set-up hints of `no_token`, `model_unpriced` and `no_default_model` in a private chat: there is no admin and
 * no admin command runs there (`/setup` and `/prices` are community commands), so the words neither call the reader
 * an admin nor tell them to run those commands here; in every shipped locale they differ from both other readings.
 */
const LOCALES = ['en', 'es', 'ja', 'pt-BR', 'ru', 'zh-CN'];
const failures: Record<string, (reader: ReaderHint) => Failure> = {
  no_token: (reader) => fail('no_token', { reader }),
  model_unpriced: (reader) => fail('model_unpriced', { model: 'flux-kontext-pro', reader }),
  no_default_model: (reader) => fail('no_default_model', { kind: 'image', reader }),
};

describe('set-up hints in a private chat', () => {
  for (const [code, make] of Object.entries(failures)) {
    it(`${code}: its own words in every locale`, () => {
      for (const locale of LOCALES) {
        const text = (r: ReaderHint) => describeFailure(make(r), { locale, now: 0 }).text;
        expect(text('private'), locale).not.toBe(text('admin'));
        expect(text('private'), locale).not.toBe(text('member'));
      }
    });
  }

  it('English: says what is true there', () => {
    const en = (f: Failure) => describeFailure(f, { locale: 'en', now: 0 }).text;
    expect(en(failures.no_token!('private'))).toContain('No gateway token is linked for you yet. Link your own with /token link (only you use it)');
    expect(en(failures.model_unpriced!('private'))).toContain('here, pick another model from /models.');
    expect(en(failures.no_default_model!('private'))).toContain('not in a private chat.');
    for (const f of Object.values(failures)) expect(en(f('private'))).not.toMatch(/as an admin/i);
  });
});
