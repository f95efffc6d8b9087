import { failWith, ok, type Result } from '../failures.js';
import { looksLikeSecret } from '../secrets.js';

/** Default prompt ceiling, in characters (code points). The gateway documents none; 4000 keeps requests sane. */
export const DEFAULT_MAX_PROMPT = 4000;

/**
 * Characters that show nothing on their own: whitespace and separators, format characters (zero-width space and
 * joiners, U+200B–U+200F, U+2060–U+2064, BOM, tags), combining marks, variation selectors, the combining grapheme
 * joiner and the blank fillers (Hangul fillers, braille blank). A prompt made only of these is empty.
 */
const INVISIBLE = /[\s\p{Z}\p{Cf}\p{M}\u034F\uFE00-\uFE0F\u{E0100}-\u{E01EF}\u115F\u1160\u3164\uFFA0\u2800]/gu;

// C0/C1 control characters except \n; \t and \r are handled before this runs.
const CONTROL = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/g;

/**
 * Cleans a prompt: CRLF/CR → LF, tabs → spaces, other control characters removed, trimmed. Refuses text that
 * is then empty (`prompt_empty`: blank, whitespace, control, or only invisible/combining characters) or longer than `max` code points
 * (default 4000; `prompt_too_long`), or contains something shaped like a token (`prompt_has_secret`, the shapes the
 * log scrubber redacts: such text is never sent to the gateway nor stored in `jobs.prompt`). Emoji-only prompts are fine.
 */
export function validatePrompt(text: string | undefined, opts?: { max?: number }): Result<string> {
  const max = opts?.max ?? DEFAULT_MAX_PROMPT;
  const cleaned = (text ?? '').replace(/\r\n?/g, '\n').replace(/\t/g, ' ').replace(CONTROL, '').trim();
  if (cleaned === '' || cleaned.replace(INVISIBLE, '') === '') return failWith('prompt_empty');
  if (looksLikeSecret(cleaned)) return failWith('prompt_has_secret');
  const got = [...cleaned].length;
  if (got > max) return failWith('prompt_too_long', { max, got });
  return ok(cleaned);
}

/** Default video duration bounds, from the gateway's description: 4 to 15 seconds. */
export const VIDEO_SECONDS = { min: 4, max: 15 } as const;

/**
 * Accepts a whole number of seconds in [min, max] (default 4..15), given as a number or as text ("8", "8s").
 * Fractions, NaN and out-of-range values are `bad_duration`.
 */
export function validateDuration(seconds: number | string, bounds: { min: number; max: number } = VIDEO_SECONDS): Result<number> {
  const n = typeof seconds === 'number' ? seconds : /^\s*\d{1,4}\s*s?\s*$/i.test(seconds) ? parseInt(seconds, 10) : NaN;
  if (!Number.isInteger(n) || n < bounds.min || n > bounds.max) {
    return failWith('bad_duration', { given: typeof seconds === 'number' ? (Number.isFinite(seconds) ? seconds : 'not a number') : seconds, min: bounds.min, max: bounds.max });
  }
  return ok(n);
}

/** Accepts a whole count from 1 to `max` (images per request). */
export function validateCount(count: number | string, max: number): Result<number> {
  const n = typeof count === 'number' ? count : /^\s*\d{1,3}\s*$/.test(count) ? Number(count) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > max) {
    return failWith('bad_count', { given: typeof count === 'number' ? (Number.isFinite(count) ? count : 'not a number') : count, max });
  }
  return ok(n);
}
