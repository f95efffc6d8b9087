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

const CONFUSABLE = new RegExp(`[${Object.keys(CONFUSABLES).join('')}]`, 'gu');
const MARKS = /\p{M}+/gu;
const FORMAT = /\p{Cf}+/gu;
const WORD = /[\p{L}\p{N}]+/gu;

/** `s` folded for comparison (see the module comment): NFKC, lower case, no marks, no format characters, confusables mapped. */
export function foldText(s: string): string {
  const folded = s.normalize('NFKC').toLowerCase().normalize('NFD').replace(MARKS, '').replace(FORMAT, '').normalize('NFC');
  return folded.replace(CONFUSABLE, (ch) => CONFUSABLES[ch] ?? ch);
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

/** One word of a pattern: the pieces between its stars (one piece: no star), matched against one word of a prompt. */
type WordMatcher = readonly string[];

/** Whether `word` matches the pieces of a pattern word (`a*b*c`: starts with a, then b, ends with c; no regex). */
function globWord(pieces: WordMatcher, word: string): boolean {
  if (pieces.length === 1) return word === pieces[0];
  const first = pieces[0] ?? '';
  const last = pieces[pieces.length - 1] ?? '';
  if (word.length < first.length + last.length || !word.startsWith(first) || !word.endsWith(last)) return false;
  let at = first.length;
  const end = word.length - last.length;
  for (const piece of pieces.slice(1, -1)) {
    const found = word.indexOf(piece, at);
    if (found < 0 || found + piece.length > end) return false;
    at = found + piece.length;
  }
  return true;
}

/** A normalized pattern compiled: one matcher per word. */
function compile(pattern: string): WordMatcher[] {
  return pattern.split(' ').map((w) => w.split('*'));
}

/** Whether the compiled pattern matches the prompt's words (`set`: the same words, for a one-word literal). */
function matches(m: readonly WordMatcher[], words: readonly string[], set: ReadonlySet<string>): boolean {
  const head = m[0];
  if (!head) return false;
  if (m.length === 1) {
    if (head.length === 1) return set.has(head[0] ?? '');
    for (const w of set) if (globWord(head, w)) return true;
    return false;
  }
  // Several words: every literal one must be in the prompt before the words in a row are compared.
  if (m.some((pieces) => pieces.length === 1 && !set.has(pieces[0] ?? ''))) return false;
  for (let i = 0; i + m.length <= words.length; i++) {
    let all = true;
    for (let k = 0; k < m.length && all; k++) all = globWord(m[k] ?? [], words[i + k] ?? '');
    if (all) return true;
  }
  return false;
}

/** One rule as the matcher needs it. */
export interface WordRuleLike {
  readonly pattern: string;
}

/** Compiled patterns by their stored text (null: nothing matchable); emptied when it grows past {@link CACHE_MAX}. */
const compiled = new Map<string, WordMatcher[] | null>();
const CACHE_MAX = 10_000;

function compiledPattern(stored: string): WordMatcher[] | null {
  let m = compiled.get(stored);
  if (m === undefined) {
    const p = normalizePattern(stored);
    m = p ? compile(p) : null;
    if (compiled.size >= CACHE_MAX) compiled.clear();
    compiled.set(stored, m);
  }
  return m;
}

/**
 * The first rule (in the given order) whose pattern matches `prompt` as whole words after folding, or undefined.
 * Patterns are folded again (once per distinct pattern, then cached), so a rule stored before a change of the mapping
 * still matches.
 */
export function firstMatch<R extends WordRuleLike>(prompt: string, rules: readonly R[]): R | undefined {
  if (rules.length === 0) return undefined;
  const words = foldText(prompt).match(WORD) ?? [];
  const set = new Set(words);
  return rules.find((r) => {
    const m = compiledPattern(r.pattern);
    return m !== null && matches(m, words, set);
  });
}
