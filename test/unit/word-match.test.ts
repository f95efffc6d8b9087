import { describe, expect, it } from 'vitest';
import { channelVerdict, type ChannelRule } from '../../src/core/rules/channel-rules.js';
import { firstMatch, foldText, normalizePattern } from '../../src/core/rules/word-match.js';

const rules = (...patterns: string[]) => patterns.map((pattern, i) => ({ id: String(i), pattern }));

describe('prompt rules: Unicode-aware whole-word matching', () => {
  it('matches Cyrillic look-alikes inside a Latin word (а е о р с)', () => {
    const r = rules('space');
    // s p а(Cyrillic) с(Cyrillic) е(Cyrillic)
    expect(firstMatch('a photo of sp\u0430\u0441\u0435 at night', r)?.pattern).toBe('space');
    expect(firstMatch('\u0440\u043e\u0441\u0441 tarot', rules('pocc'))?.pattern).toBe('pocc');
    expect(firstMatch('sc\u043epe', rules('scope'))?.pattern).toBe('scope');
  });

  it('matches full-width and upper-case spellings, diacritics and zero-width characters', () => {
    expect(firstMatch('ＳＰＡＣＥ ship', rules('space'))).toBeDefined();
    expect(firstMatch('SpAcE ship', rules('space'))).toBeDefined();
    expect(firstMatch('spàcé ship', rules('space'))).toBeDefined();
    expect(firstMatch('spa\u200bce ship', rules('space'))).toBeDefined();
    expect(firstMatch('Ｓ\u0420\u0410ＣＥ', rules('space'))).toBeDefined(); // full-width Latin with Cyrillic Р А
  });

  it('matches whole words only; * stands for letters within a word; several words in a row', () => {
    expect(firstMatch('a spaceship', rules('space'))).toBeUndefined();
    expect(firstMatch('a spaceship', rules('space*'))).toBeDefined();
    expect(firstMatch('myspaces', rules('*space*'))).toBeDefined();
    expect(firstMatch('outer space, far away', rules('outer space'))).toBeDefined();
    expect(firstMatch('outer big space', rules('outer space'))).toBeUndefined();
    expect(firstMatch('', rules('space'))).toBeUndefined();
    expect(firstMatch('aa', rules('a*a'))).toBeDefined();
    expect(firstMatch('a', rules('a*a'))).toBeUndefined();
    expect(firstMatch('spacexship', rules('sp*ce*ship'))).toBeDefined();
    expect(firstMatch('shipspace', rules('s*ship*e'))).toBeUndefined();
    expect(firstMatch('far outer spaceship', rules('outer space*'))).toBeDefined();
  });

  it('a Cyrillic rule matches Cyrillic text and its disguised Latin spelling alike', () => {
    expect(firstMatch('это слово тут', rules('слово'))).toBeDefined();
    expect(foldText('слово')).toBe(foldText('cлoвo'));
  });

  it('normalizes patterns for storage and refuses empty ones', () => {
    expect(normalizePattern('  ＢＡＤ**  ')).toBe('bad*');
    expect(normalizePattern('Outer   SPACE')).toBe('outer space');
    expect(normalizePattern('***')).toBeUndefined();
    expect(normalizePattern('!!')).toBeUndefined();
  });
});

describe('channel rules', () => {
  const video: ChannelRule = { channelId: 'v', label: '#video', silent: false, only: null, allow: ['video'] };
  const quiet: ChannelRule = { channelId: 'q', label: '#general', silent: true, only: null, allow: [] };
  const art: ChannelRule = { channelId: 'a', label: '#art', silent: false, only: ['imagine', 'edit'], allow: [] };
  const all = [video, quiet, art];

  it('a command allowed somewhere works only there, and the refusal names where', () => {
    expect(channelVerdict(all, 'v', 'video')).toEqual({ kind: 'ok' });
    expect(channelVerdict(all, 'other', 'video')).toEqual({ kind: 'refused', where: ['#video'] });
    expect(channelVerdict(all, 'other', 'imagine')).toEqual({ kind: 'ok' });
  });

  it('an only list refuses other commands here, naming where they work; silent wins', () => {
    expect(channelVerdict(all, 'a', 'imagine')).toEqual({ kind: 'ok' });
    expect(channelVerdict(all, 'a', 'ask')).toEqual({ kind: 'refused', where: [] });
    expect(channelVerdict(all, 'a', 'video')).toEqual({ kind: 'refused', where: ['#video'] });
    expect(channelVerdict(all, 'v', 'edit')).toEqual({ kind: 'ok' });
    expect(channelVerdict([art], 'x', 'edit')).toEqual({ kind: 'ok' });
    expect(channelVerdict(all, 'q', 'imagine')).toEqual({ kind: 'silent' });
  });
});
