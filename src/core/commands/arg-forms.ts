import { PERIODS } from '../budget/periods.js';
import { phrase, type Phrase } from '../i18n/phrase.js';
import { closestName } from './suggest.js';
import type { ArgSpec, ArgValue } from './types.js';

/**
 * The written form of each argument kind, shared by the text grammar (words typed on Telegram, the console, the CLI)
 * and the dispatcher (values from Discord options): one place decides what `16:9`, `1024x1024` or `8s` means.
 * Ranges (seconds 4..15, count 1..4) are the dispatcher's business, not the form's.
 */

/** `W:H` with positive sides, normalized (`016:09` → `16:9`). */
export function parseAspect(v: string): string | undefined {
  const m = /^(\d{1,4}):(\d{1,4})$/.exec(v.trim());
  return m && Number(m[1]) > 0 && Number(m[2]) > 0 ? `${Number(m[1])}:${Number(m[2])}` : undefined;
}

/** `WxH` (`x`, `X` or `×`) with positive sides, normalized to lower-case `x`; or `auto`. */
export function parseSize(v: string): string | undefined {
  const t = v.trim();
  if (/^auto$/i.test(t)) return 'auto';
  const m = /^(\d{1,5})[x×](\d{1,5})$/i.exec(t);
  return m && Number(m[1]) > 0 && Number(m[2]) > 0 ? `${Number(m[1])}x${Number(m[2])}` : undefined;
}

/** A whole number, optionally signed, with an optional `s` suffix (`8s` for seconds). */
export function parseInteger(v: string): number | undefined {
  const m = /^([+-]?\d{1,9})s?$/i.exec(v.trim());
  return m ? Number.parseInt(m[1] ?? '', 10) : undefined;
}

const MODEL = /^[A-Za-z0-9][\w.:/@+-]{0,127}$/;
const JOB = /^[A-Za-z0-9_-]{1,64}$/;
/** `@username`, a Discord mention `<@id>`, `<surface>:<id>`, or a bare id / name (the core resolves it). */
const USER = /^(?:@\w{1,64}|<@!?\d{5,25}>|[a-z]{2,16}:[A-Za-z0-9_-]{1,64}|[A-Za-z0-9_-]{1,64})$/;
/** Looks like a member rather than an amount or a period: `@name`, a mention, `surface:id`, or an id of 3+ digits. */
const USER_LIKE = /^(?:@\w{1,64}|<@!?\d{5,25}>|[a-z]{2,16}:[A-Za-z0-9_-]{1,64}|\d{3,25})$/;
const AMOUNT = /^(?:[+-]?\$?[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)\$?|none|unlimited|off|∞)$/i;

/** Whether a word reads as a member reference in preference to another argument (see {@link USER_LIKE}). */
export function looksLikeUser(word: string): boolean {
  return USER_LIKE.test(word);
}

/**
 * Reads one typed word (or a Discord string option) as a value of `spec`, normalized; undefined when malformed.
 * Amounts are only checked for shape (the money module parses them); text and secrets pass as given.
 */
export function parseArgWord(spec: ArgSpec, word: string): ArgValue | undefined {
  const w = word.trim();
  switch (spec.kind) {
    case 'aspect':
      return parseAspect(w);
    case 'size':
      return parseSize(w);
    case 'integer':
      return parseInteger(w);
    case 'model':
      return MODEL.test(w) ? w : undefined;
    case 'job':
      return JOB.test(w) ? w : undefined;
    case 'user':
      return USER.test(w) ? w : undefined;
    case 'amount':
      return AMOUNT.test(w) ? w : undefined;
    case 'period': {
      const p = w.toLowerCase();
      return (PERIODS as readonly string[]).includes(p) ? p : undefined;
    }
    case 'choice': {
      // A leading slash is forgiven (`/help /imagine`): no choice value starts with one.
      const c = spec.choices?.find((x) => x.value.toLowerCase() === w.replace(/^\//, '').toLowerCase());
      // A model option the list does not name may still be one a model offers (its price file's): the core decides.
      if (!c && spec.modelOption && spec.modelOption !== 'audio' && /^[a-z0-9_-]{1,20}$/i.test(w)) return w.toLowerCase();
      return c?.value;
    }
    case 'text':
    case 'secret':
      return w === '' ? undefined : w;
    case 'attachment':
      return undefined;
  }
}

/** The placeholder shown after a flag in usage and flag lists: `W:H`, `WxH`, `ID`, `N`. */
export function placeholder(spec: ArgSpec): string {
  switch (spec.kind) {
    case 'aspect':
      return 'W:H';
    case 'size':
      return 'WxH';
    case 'model':
    case 'job':
      return 'ID';
    case 'integer':
      return 'N';
    case 'period':
      return 'PERIOD';
    case 'user':
      return 'USER';
    case 'amount':
      return 'USD';
    case 'choice':
      return (spec.choices ?? []).map((c) => c.value).join('|') || 'VALUE';
    default:
      return 'TEXT';
  }
}

/** What a well-formed value looks like, for error messages ("W:H, e.g. 16:9" in English), in the reader's words. */
export function formText(spec: ArgSpec): Phrase {
  switch (spec.kind) {
    case 'aspect':
      return phrase('input-form-aspect');
    case 'size':
      return phrase('input-form-size');
    case 'model':
      return phrase('input-form-model');
    case 'integer':
      return spec.min !== undefined && spec.max !== undefined ? phrase('input-form-integer-range', { min: spec.min, max: spec.max }) : phrase('input-form-integer');
    case 'job':
      return phrase('input-form-job');
    case 'user':
      return phrase('input-form-user');
    case 'amount':
      return phrase('input-form-amount');
    case 'period':
      return phrase('input-form-period');
    case 'choice':
      return phrase('input-form-choice', { choices: (spec.choices ?? []).map((c) => c.value).join(', ') });
    default:
      return phrase('input-form-text');
  }
}

/**
 * `problem` followed by "Did you mean video?" when `spec` is a `choice` and one choice is close to the refused
 * `word`; `problem` unchanged otherwise.
 */
export function didYouMean(spec: ArgSpec, word: string, problem: Phrase): Phrase {
  if (spec.kind !== 'choice') return problem;
  const close = closestName(word, (spec.choices ?? []).map((c) => c.value));
  return close ? phrase('input-did-you-mean', { problem, suggestion: close }) : problem;
}
