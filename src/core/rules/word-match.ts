/**
 * Prompt (word) rules: how a prompt and a rule's pattern are compared. Pure; no store, no words.
 *
 * Both sides go through {@link foldText}, so a rule written in any script matches the same spellings:
 * 1. NFKC: full-width and other compatibility forms become their plain letters (`ｂａｄ` → `bad`, `ﬁ` → `fi`).
 * 2. Case folding (`toLowerCase` after NFKC; `ß` stays `ß`, `ẞ` folds to it).
 * 3. Diacritics removed (NFD, then every combining mark dropped): `bàd` matches `bad`. Trade-off: in languages where
 *    a mark makes another letter (Spanish `ñ`, Russian `й`) the rule also matches the bare letter.
 * 4. Invisible format characters dropped (zero-width space and joiners, soft hyphen, bidi marks).
 * 5. Confusables: the Cyrillic and Greek letters that look like a Latin letter become that letter
 *    ({@link CONFUSABLES}, lower case, after folding). Trade-off: a Russian or Greek word whose letters all have a
 *    Latin look-alike (`сор`) also matches the Latin word it looks like (`cop`); a rule never misses a disguised word.
 *
 * Patterns: words separated by spaces, each matched as a whole word of the prompt (letters and digits; anything else
 * separates words); `*` inside a word stands for any letters or digits (`bad*` matches `badly`, `*bad*` matches
 * `notbadatall`). A pattern of several words matches those words in a row.
 */

/**
 * The Cyrillic and Greek letters folded to the Latin letter they look like (lower case, as folded text has). Upper-case
 * look-alikes are listed by their lower-case form (Cyrillic `Н` looks like `H`: `н` → `h`).
 */
export const CONFUSABLES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a', в: 'b', е: 'e', ё: 'e', і: 'i', ї: 'i', ј: 'j', к: 'k', м: 'm', н: 'h', о: 'o', п: 'n', р: 'p',
  с: 'c', т: 't', у: 'y', х: 'x', ѕ: 's', ԁ: 'd', ԛ: 'q', ԝ: 'w', һ: 'h', ӏ: 'l', ь: 'b',
  // Greek
  α: 'a', β: 'b', γ: 'y', ε: 'e', ζ: 'z', η: 'n', ι: 'i', κ: 'k', μ: 'u', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u',
  χ: 'x', ω: 'w', ς: 's', σ: 'o',
};

const MARKS = /\p{M}+/gu;
const FORMAT = /\p{Cf}+/gu;
const WORD = /[\p{L}\p{N}]+/gu;

/** `s` folded for comparison (see the module comment): NFKC, lower case, no marks, no format characters, confusables mapped. */
export function foldText(s: string): string {
  const folded = s.normalize('NFKC').toLowerCase().normalize('NFD').replace(MARKS, '').replace(FORMAT, '').normalize('NFC');
  let out = '';
  for (const ch of folded) out += CONFUSABLES[ch] ?? ch;
  return out;
}

/** The words of folded text joined by one space, with a space at each end (so whole words are ` word `). */
function words(folded: string): string {
  return ` ${(folded.match(WORD) ?? []).join(' ')} `;
}

/**
 * A pattern as an admin types it, cleaned for storage: folded words (`*` kept) joined by one space, at most 100
 * characters; undefined when nothing matchable is left (only stars or punctuation).
 */
export function normalizePattern(raw: string): string | undefined {
  const parts = foldText(raw)
    .split(/\s+/u)
    .map((w) => (w.match(/[\p{L}\p{N}*]+/gu) ?? []).join('').replace(/\*{2,}/g, '*'))
    .filter((w) => /[\p{L}\p{N}]/u.test(w));
  const p = parts.join(' ');
  return p && p.length <= 100 ? p : undefined;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The regular expression of a normalized pattern over {@link words}' form of a prompt. */
function patternRegExp(pattern: string): RegExp {
  const body = pattern
    .split(' ')
    .map((w) => w.split('*').map(escape).join('[\\p{L}\\p{N}]*'))
    .join(' ');
  return new RegExp(` ${body} `, 'u');
}

/** One rule as the matcher needs it. */
export interface WordRuleLike {
  readonly pattern: string;
}

/** Compiled patterns by their stored text (null: nothing matchable); emptied when it grows past {@link CACHE_MAX}. */
const compiled = new Map<string, RegExp | null>();
const CACHE_MAX = 10_000;

function compiledPattern(stored: string): RegExp | null {
  let re = compiled.get(stored);
  if (re === undefined) {
    const p = normalizePattern(stored);
    re = p ? patternRegExp(p) : null;
    if (compiled.size >= CACHE_MAX) compiled.clear();
    compiled.set(stored, re);
  }
  return re;
}

/**
 * The first rule (in the given order) whose pattern matches `prompt` as whole words after folding, or undefined.
 * Patterns are folded again (once per distinct pattern, then cached), so a rule stored before a change of the mapping
 * still matches.
 */
export function firstMatch<R extends WordRuleLike>(prompt: string, rules: readonly R[]): R | undefined {
  if (rules.length === 0) return undefined;
  const text = words(foldText(prompt));
  return rules.find((r) => compiledPattern(r.pattern)?.test(text) === true);
}
