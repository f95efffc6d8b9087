import { existsSync, statSync } from 'node:fs';
import { parsePromptFlags, type PromptFlags } from '../telegram/util/flags.js';

/** A console line split into its command and the rest. */
export interface ConsoleLine {
  command: string;
  rest: string;
}

/** `/imagine a fox` → `{ command: 'imagine', rest: 'a fox' }`; a line without a slash has command ''. */
export function splitCommand(line: string): ConsoleLine {
  const t = line.trim();
  const m = /^\/([A-Za-z_]+)(?:\s+([\s\S]*))?$/.exec(t);
  if (!m) return { command: '', rest: t };
  return { command: (m[1] ?? '').toLowerCase(), rest: (m[2] ?? '').trim() };
}

/** A prompt with flags, or the flag parser's user-facing error. */
export type PromptParse = { ok: true; prompt: string; flags: PromptFlags; image?: string } | { ok: false; message: string };

/**
 * Parses `<prompt> [flags]` with the SAME parser as Telegram. `--image <file>` (video only, when `allowImage`) is taken
 * out first, since it is a console-only flag naming a local file.
 */
export function parsePrompt(rest: string, allowImage = false): PromptParse {
  let text = rest;
  let image: string | undefined;
  if (allowImage) {
    const m = /(?:^|\s)--image(?:=|\s+)(\S+)/.exec(text);
    if (m) {
      image = m[1];
      text = text.replace(m[0], ' ');
    }
  }
  const parsed = parsePromptFlags(text);
  if (!parsed.ok) return { ok: false, message: parsed.message + (allowImage ? ', --image FILE' : '') };
  return image === undefined ? { ok: true, prompt: parsed.prompt, flags: parsed.flags } : { ok: true, prompt: parsed.prompt, flags: parsed.flags, image };
}

/** True for a path naming an existing regular file. */
export function isFile(path: string): boolean {
  try {
    return existsSync(path) && statSync(path).isFile();
  } catch {
    return false;
  }
}

/** `/edit a.png b.png make it blue` → the leading words that are existing files (up to `max`), and the rest. */
export function splitFiles(rest: string, max = 16): { files: string[]; rest: string } {
  const words = rest.split(/\s+/).filter(Boolean);
  const files: string[] = [];
  while (files.length < max && words.length > 0 && isFile(words[0] ?? '')) files.push(words.shift() ?? '');
  return { files, rest: words.join(' ') };
}

/** Splits on whitespace, keeping the rest after `n - 1` words as the last element (for notes). */
export function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}
