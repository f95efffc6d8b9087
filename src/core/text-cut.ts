/**
 * Cutting text to a platform's limit without breaking a character. Limits (Telegram's 4,096 and 1,024, Discord's
 * 2,000, 4,096, 256, 100…) count UTF-16 code units, as JavaScript's `length` does; a cut at `slice(0, n)` can split a
 * surrogate pair (a lone surrogate: Telegram refuses or garbles the message) or a grapheme (a flag, a skin tone, a
 * ZWJ family emoji, a letter and its combining accent). Every cut here ends on a grapheme boundary
 * (`Intl.Segmenter`); only a single grapheme longer than the limit is cut, and then between code points.
 * Used by the core where it quotes what someone typed, and by every surface; pure (only `Intl`).
 */

// Made on the first cut, not at import: creating it loads ICU's break-iteration data (~2 MiB resident, ~30 ms), which
// a process that never cuts a text (most texts are under their limit) does not need.
let segmenter: Intl.Segmenter | undefined;
const graphemes = (): Intl.Segmenter => (segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' }));

/**
 * The longest prefix of `text` made of whole graphemes whose length is at most `max` UTF-16 units. When the first
 * grapheme alone is longer, the longest prefix of whole code points instead (never a lone surrogate).
 */
export function graphemePrefix(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  let end = 0;
  for (const { segment, index } of graphemes().segment(text)) {
    if (index + segment.length > max) break;
    end = index + segment.length;
  }
  if (end > 0) return text.slice(0, end);
  let cp = 0;
  for (const ch of text) {
    if (cp + ch.length > max) break;
    cp += ch.length;
  }
  return text.slice(0, cp);
}

/** `text` cut to at most `max` UTF-16 units, ending with `…` when cut (see the module rule). */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  return `${graphemePrefix(text, max - 1)}…`;
}

/** `text` in consecutive pieces of at most `max` UTF-16 units each, cut on grapheme boundaries (see the module rule). */
export function splitGraphemes(text: string, max: number): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const head = graphemePrefix(rest, max);
    if (head === '') break;
    out.push(head);
    rest = rest.slice(head.length);
  }
  if (rest !== '') out.push(rest);
  return out;
}
