import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import type { IncomingFile } from '../../core/api/surface.js';
import { err, fail, ok } from '../../core/failures.js';
import { phrase, type Phrase } from '../../core/i18n/phrase.js';

/** True for a path naming an existing regular file. */
export function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** `~` and `~/…` → the home directory; then resolved against the working directory. */
export function expandPath(path: string): string {
  if (path === '~') return homedir();
  if (path.startsWith('~/')) return join(homedir(), path.slice(2));
  return resolve(path);
}

/** A line with its `--image <path>` flags taken out. */
export interface ImageFlags {
  /** The line without the image flags, for the command grammar. */
  text: string;
  /** Absolute paths, in the order given (not checked for existence: see {@link isFile}). */
  paths: string[];
  /** The words as typed, for messages ("No file at …"). */
  typed: string[];
}

const FLAG = /(^|\s)(?:--|[—–])(end-)?image(?:=|(?=\s)|$)/gu;
const NEXT_FLAG = /^(?:--|[—–])\S/u;

/** One whitespace-separated word from `at` (a backslash escapes the next character); undefined at the end. */
function word(line: string, at: number): { text: string; start: number; end: number } | undefined {
  let i = at;
  while (i < line.length && /\s/.test(line[i]!)) i++;
  if (i >= line.length) return undefined;
  const start = i;
  let text = '';
  while (i < line.length && !/\s/.test(line[i]!)) {
    if (line[i] === '\\' && i + 1 < line.length) i++;
    text += line[i];
    i++;
  }
  return { text, start, end: i };
}

/**
 * Takes the console's `--image <path>` flags (repeatable; also `—image`, `--image=path`) out of a line, and
 * `--end-image <path>` (a video's last frame): its path comes after every `--image` path, and it needs one before it. A path may be
 * quoted (`"my photo.png"`, `'~/a b.png'`), have escaped spaces (`my\ photo.png`), or have plain spaces: then the
 * longest run of following words naming an existing file is taken (`--image ~/My Pictures/fox.png make it blue`).
 * @returns the flags, or the words for a flag with no path or an unclosed quote (to say in the console's language).
 */
export function takeImageFlags(line: string, exists: (path: string) => boolean = isFile): ImageFlags | { error: Phrase } {
  const paths: string[] = [];
  const typed: string[] = [];
  const ends: { path: string; typed: string }[] = [];
  let text = '';
  let from = 0;
  FLAG.lastIndex = 0;
  for (let m = FLAG.exec(line); m; m = FLAG.exec(line)) {
    text += line.slice(from, m.index + (m[1] ?? '').length);
    let at = m.index + m[0].length;
    while (at < line.length && line[at] === ' ') at++;
    const quote = line[at];
    let path: string;
    if (quote === '"' || quote === "'") {
      const close = line.indexOf(quote, at + 1);
      if (close < 0) return { error: phrase('playground-image-unclosed', { quote }) };
      path = line.slice(at + 1, close);
      at = close + 1;
    } else {
      const words: { text: string; end: number }[] = [];
      for (let w = word(line, at); w && !NEXT_FLAG.test(w.text); w = word(line, w.end)) words.push(w);
      if (words.length === 0) return { error: phrase('playground-image-missing') };
      let n = words.length;
      while (n > 1 && !exists(expandPath(words.slice(0, n).map((w) => w.text).join(' ')))) n--;
      path = words.slice(0, n).map((w) => w.text).join(' ');
      at = words[n - 1]!.end;
    }
    if (path.trim() === '') return { error: phrase('playground-image-missing') };
    if (m[2]) ends.push({ path: expandPath(path), typed: path });
    else {
      typed.push(path);
      paths.push(expandPath(path));
    }
    from = at;
    FLAG.lastIndex = at;
  }
  text += line.slice(from);
  if (ends.length && paths.length === 0) return { error: phrase('playground-end-image-alone') };
  for (const e of ends) {
    paths.push(e.path);
    typed.push(e.typed);
  }
  return { text: text.replace(/\s+/g, ' ').trim(), paths, typed };
}

/**
 * A local file as an {@link IncomingFile}: its size is declared from `stat` (so the core refuses a file too large
 * before reading it) and `fetch` reads it, refusing more than `maxBytes`.
 */
export function localFile(path: string): IncomingFile {
  const size = statSync(path).size;
  const name = basename(path);
  return {
    name,
    declaredBytes: size,
    async fetch(maxBytes) {
      if (size > maxBytes) return err(fail('attachment_too_large', { maxBytes, gotBytes: size, name }));
      return ok(new Uint8Array(await readFile(path)));
    },
  };
}
