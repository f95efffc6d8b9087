/** Flags a prompt may end with. Values are checked for form only; ranges and model ids are the core's business. */
export interface PromptFlags {
  /** `--ar 16:9` / `--aspect 16:9`, kept as written `W:H`. */
  aspectRatio?: string;
  /** `--size 1024x1024` (normalized to lower-case `x`) or `auto`. */
  size?: string;
  /** `--model <id>`, exact as typed (ids are never rewritten). */
  model?: string;
  /** `--seconds 8` / `--duration 8` (an `s` suffix is accepted). */
  seconds?: number;
  /** `--n 2`. */
  n?: number;
}

/** A prompt with its trailing flags taken off. */
export interface ParsedPrompt {
  ok: true;
  prompt: string;
  flags: PromptFlags;
}

/** A malformed or unknown flag; `message` is user-facing and lists the valid flags. */
export interface FlagError {
  ok: false;
  code: 'bad_flag';
  /** The flag as the user meant it, e.g. `--foo` (em-dashes normalized). */
  flag: string;
  message: string;
}

/** The line listing every flag, used in error messages and help. */
export const VALID_FLAGS = 'Valid flags: --ar W:H, --size WxH, --model ID, --seconds N, --n N';

type Key = keyof PromptFlags;
interface Spec {
  key: Key;
  form: string;
  parse: (v: string) => string | number | undefined;
}

const posInt = (v: string) => (/^\d{1,4}s?$/i.test(v) && parseInt(v, 10) > 0 ? parseInt(v, 10) : undefined);
const SPECS: Record<string, Spec> = {
  ar: { key: 'aspectRatio', form: 'W:H, e.g. --ar 16:9', parse: ratio },
  aspect: { key: 'aspectRatio', form: 'W:H, e.g. --ar 16:9', parse: ratio },
  size: { key: 'size', form: 'WxH, e.g. --size 1024x1024', parse: (v) => (/^auto$/i.test(v) ? 'auto' : /^\d{2,5}[x×]\d{2,5}$/i.test(v) && !/^0+[x×]|[x×]0+$/i.test(v) ? v.toLowerCase().replace('×', 'x') : undefined) },
  model: { key: 'model', form: 'a model id, e.g. --model alpha-image-2', parse: (v) => (/^[A-Za-z0-9][\w.:/@+-]{0,127}$/.test(v) ? v : undefined) },
  seconds: { key: 'seconds', form: 'a whole number of seconds, e.g. --seconds 8', parse: posInt },
  duration: { key: 'seconds', form: 'a whole number of seconds, e.g. --seconds 8', parse: posInt },
  n: { key: 'n', form: 'a whole number, e.g. --n 2', parse: posInt },
};

function ratio(v: string): string | undefined {
  const m = /^(\d{1,4}):(\d{1,4})$/.exec(v);
  return m && Number(m[1]) > 0 && Number(m[2]) > 0 ? `${Number(m[1])}:${Number(m[2])}` : undefined;
}

/** A flag token: `--name`, `—name` (phones turn `--` into an em dash), `–name`, optionally `=value`. */
const FLAG = /^(?:--|—-?|–-?)([A-Za-z][A-Za-z0-9_-]*)(?:=(.*))?$/;

/**
 * Splits Midjourney-style flags off the END of a prompt: `a cat --ar 16:9 --model x` → prompt `a cat` and flags.
 * The flag section starts at the first flag after which every word is a flag or one flag's value, so a flag-like word
 * followed by more prose stays in the prompt, and `--` inside a word (`well--known`) is never a flag.
 * A repeated flag, a missing value, a malformed value or an unknown name gives a {@link FlagError}.
 */
export function parsePromptFlags(input: string): ParsedPrompt | FlagError {
  const words = input.trim().split(/\s+/).filter(Boolean);
  const start = flagSectionStart(words);
  const flags: PromptFlags = {};
  for (let i = start; i < words.length; i++) {
    const m = FLAG.exec(words[i] ?? '');
    if (!m) continue;
    const name = (m[1] ?? '').toLowerCase();
    const flag = `--${name}`;
    const spec = SPECS[name];
    if (!spec) return error(flag, `Unknown flag ${flag}. ${VALID_FLAGS}`);
    let value = m[2];
    if (value === undefined && words[i + 1] !== undefined && !FLAG.test(words[i + 1] ?? '')) value = words[++i];
    if (value === undefined || value === '') return error(flag, `${flag} needs a value: ${spec.form}. ${VALID_FLAGS}`);
    const parsed = spec.parse(value);
    if (parsed === undefined) return error(flag, `${flag} ${value} is not valid: use ${spec.form}. ${VALID_FLAGS}`);
    if (flags[spec.key] !== undefined) return error(flag, `${flag} is given twice. ${VALID_FLAGS}`);
    (flags as Record<Key, string | number>)[spec.key] = parsed;
  }
  return { ok: true, prompt: words.slice(0, start).join(' '), flags };
}

/** Index where the trailing run of `flag` / `flag value` units begins (words.length when there is none). */
function flagSectionStart(words: string[]): number {
  const isFlag = (i: number) => i >= 0 && FLAG.test(words[i] ?? '');
  let j = words.length;
  while (j > 0) {
    if (isFlag(j - 1)) j -= 1;
    else if (isFlag(j - 2) && !(words[j - 2] ?? '').includes('=')) j -= 2;
    else break;
  }
  return j;
}

function error(flag: string, message: string): FlagError {
  return { ok: false, code: 'bad_flag', flag, message };
}
