import { describe, expect, it } from 'vitest';
import type { Reply } from '../../src/core/commands/types.js';
import { clip, graphemePrefix, splitGraphemes } from '../../src/core/text-cut.js';
import { renderReply } from '../../src/platforms/discord/reply-render.js';
import { htmlChunks, htmlClipped, TEXT_MAX } from '../../src/platforms/telegram/format.js';

/** True when `s` has a surrogate half without its partner (what Telegram refuses and Discord shows as �). */
const loneSurrogate = (s: string) => /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const graphemesOf = (s: string) => [...segmenter.segment(s)].map((g) => g.segment);
/** Every grapheme of `piece` is a whole grapheme of `whole` (no emoji, flag or accent was cut in two). */
const wholeGraphemes = (piece: string, whole: string) => {
  const all = new Set(graphemesOf(whole));
  return graphemesOf(piece.replace(/…$/, '')).every((g) => all.has(g));
};

const reply = (r: Partial<Reply> & { blocks: string[] }): Reply => ({ tone: 'info', visibility: 'public', ...r });

const EDGES: [string, string][] = [
  ['an emoji (surrogate pair)', '😀'],
  ['a ZWJ family', '👨‍👩‍👧‍👦'],
  ['a flag', '🇯🇵'],
  ['a skin tone', '👍🏽'],
  ['a combining accent', 'é'],
  ['a keycap', '1️⃣'],
];

describe('cutting text on grapheme boundaries', () => {
  for (const [name, g] of EDGES) {
    for (let shift = 0; shift < g.length + 1; shift++) {
      it(`${name} at the edge (offset ${shift}): clip, prefix and split keep it whole`, () => {
        const text = `${'a'.repeat(100 - shift)}${g.repeat(5)}${'b'.repeat(10)}`;
        for (const max of [99, 100, 101, 102, 103, 105]) {
          const c = clip(text, max);
          expect(c.length).toBeLessThanOrEqual(max);
          expect(loneSurrogate(c)).toBe(false);
          expect(wholeGraphemes(c, text)).toBe(true);
          const p = graphemePrefix(text, max);
          expect(text.startsWith(p) && p.length <= max && wholeGraphemes(p, text)).toBe(true);
          const parts = splitGraphemes(text, max);
          expect(parts.join('')).toBe(text);
          for (const part of parts) expect(part.length <= max && wholeGraphemes(part, text)).toBe(true);
        }
      });
    }
  }

  it('a single grapheme longer than the limit is cut between code points, never inside a pair', () => {
    const family = '👨‍👩‍👧‍👦'; // 11 UTF-16 units
    expect(graphemePrefix(family, 5)).toBe('👨\u200d👩'); // 5 units: the next ZWJ would pass 5
    expect(loneSurrogate(graphemePrefix(family, 4))).toBe(false);
    expect(splitGraphemes(family, 3).join('')).toBe(family);
  });
});

describe('Telegram and Discord replies past their limits (issue 21, N9)', () => {
  const answer = (edge: string) => `${'x'.repeat(TEXT_MAX - 1)}${edge.repeat(20)} and more`;

  for (const [name, g] of EDGES) {
    it(`a Telegram answer with ${name} at 4,096 UTF-16 units splits into messages with no character cut`, () => {
      const text = answer(g);
      const chunks = htmlChunks(reply({ blocks: [text] }));
      expect(chunks.length).toBeGreaterThan(1);
      for (const c of chunks) {
        expect(c.length).toBeLessThanOrEqual(TEXT_MAX);
        expect(loneSurrogate(c)).toBe(false);
        expect(wholeGraphemes(c, text)).toBe(true);
      }
      expect(chunks.join('')).toBe(text);
      const caption = htmlClipped(reply({ blocks: [text] })).html;
      expect(loneSurrogate(caption)).toBe(false);
    });

    it(`a Discord reply with ${name} at 2,000 and 4,096 is clipped whole`, () => {
      const content = renderReply(reply({ tone: 'error', blocks: [`${'y'.repeat(1999)}${g.repeat(5)}`] }), { uploadLimitBytes: 1 }).first.content;
      expect(loneSurrogate(content)).toBe(false);
      const embed = renderReply(reply({ tone: 'info', blocks: [`${'y'.repeat(4095)}${g.repeat(5)}`], title: `${'t'.repeat(255)}${g}` }), { uploadLimitBytes: 1 }).first.embeds[0];
      expect(loneSurrogate(embed?.description ?? '')).toBe(false);
      expect(loneSurrogate(embed?.title ?? '')).toBe(false);
    });
  }
});
