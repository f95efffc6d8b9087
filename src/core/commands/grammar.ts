import { fail, type Failure } from '../failures.js';
import { phrase, say, type Phrase } from '../i18n/phrase.js';
import { didYouMean, formText, looksLikeUser, parseArgWord, placeholder } from './arg-forms.js';
import { findCommand, suggestCommand } from './lookup.js';
import type { ArgSpec, ArgValue, CommandDefinition, SubcommandDefinition } from './types.js';

/** A parsed text command, or the failure to show (never thrown). */
export type TextParse =
  | { ok: true; command: string; subcommand?: string; args: Record<string, ArgValue> }
  | { ok: false; failure: Failure };

/** Options of {@link parseCommandText}. */
export interface ParseOptions {
  /** The bot's username: `/cmd@other_bot` is refused as `unknown_command` with `otherBot: true` (stay silent). */
  botUsername?: string;
  /** Fills a missing `user` argument (Telegram: the author of the replied-to message). */
  replyTarget?: string;
  /**
   * Arguments an action already supplies (a button's `{ job }`): the typed words fill the others only (so the text
   * typed after pressing Remix is all prompt, not a job id and a prompt), and these are merged into the result.
   */
  given?: Readonly<Record<string, string>>;
}

/** `/name[@bot] rest`; the slash is optional (the console and the CLI may omit it). */
const HEAD = /^\s*\/?([A-Za-z0-9_]{1,32})(?:@([A-Za-z0-9_]{1,64}))?(?=\s|$)/;
/** A flag word: `--name`, `—name` / `–name` (phones turn `--` into a dash), optionally `=value`. */
const FLAG = /^(?:--|—-?|–-?)([A-Za-z][A-Za-z0-9_-]*)(?:=([\s\S]*))?$/;

interface Word {
  text: string;
  /** The whitespace before it in the message (kept when prose is joined back, so line breaks survive). */
  sep: string;
}

/**
 * Parses `/cmd[@bot] [sub] words --flag value …` against the definitions (text surfaces: Telegram, console, CLI).
 *
 * - Flags may stand anywhere; each command's flag table comes from its `ArgSpec.flags` (first name canonical,
 *   others aliases). `--flag=value` and phone dashes (`—ar`, `–ar`) are accepted; a word with `--` inside
 *   (`well--known`) or a lone dash is prose. An unknown flag, a flag this command does not take, a missing or
 *   malformed value, a repeated flag and conflicting flags (`--ar` with `--size`) give `bad_flag` with a message
 *   listing the valid flags: nothing is ever folded into the prompt and charged.
 * - Other words fill positional arguments in declaration order; a `rest` argument takes the remaining prose. An
 *   optional positional whose form does not fit the word is skipped when a later one fits (`/usage @bob`).
 *   A `user` positional takes the word when it looks like a member (or no reply target is known) and enough words
 *   remain for the required arguments after it; otherwise `opts.replyTarget` fills it.
 * - When the command has subcommands, the first word names one.
 * - Attachments are not read from text: surfaces add them under the definition's `attachment` argument.
 * - Required arguments are not checked here (the dispatcher answers with the usage).
 */
export function parseCommandText(text: string, commands: readonly CommandDefinition[], opts: ParseOptions = {}): TextParse {
  const head = HEAD.exec(text);
  if (!head) return failed(fail('unknown_command', { given: text.trim().split(/\s+/)[0]?.slice(0, 40) ?? '' }));
  const name = (head[1] ?? '').toLowerCase();
  const bot = head[2];
  if (bot && opts.botUsername && bot.toLowerCase() !== opts.botUsername.toLowerCase()) {
    return failed(fail('unknown_command', { given: name, otherBot: true }));
  }
  const def = findCommand(commands, name);
  if (!def) return failed(unknownCommand(commands, name));
  let words = split(text.slice(head[0].length));
  let sub: SubcommandDefinition | undefined;
  if (def.subcommands) {
    const first = words.findIndex((w) => !FLAG.test(w.text));
    if (first >= 0) {
      const subName = (words[first]?.text ?? '').toLowerCase();
      sub = def.subcommands.find((s) => s.name === subName);
      if (!sub) return failed(unknownCommand(commands, `${name} ${subName}`, def));
      words = words.filter((_, i) => i !== first);
    } else if (words.length === 0) {
      return { ok: true, command: def.name, args: {} };
    }
  }
  const given = opts.given ?? {};
  const all = (sub ? sub.args : def.args) ?? [];
  const specs = all.filter((s) => given[s.name] === undefined);
  const label = `/${def.name}${sub ? ` ${sub.name}` : ''}`;
  const flagged = takeFlags(words, specs, label, knownFlags(commands));
  if (!flagged.ok) return flagged;
  const positional = fillPositionals(flagged.rest, specs, opts.replyTarget, label, sub?.usage ?? def.usage.join(' · '));
  if (!positional.ok) return positional;
  const args: Record<string, ArgValue> = { ...positional.args, ...flagged.args, ...given };
  const conflict = firstConflict(all, args);
  if (conflict) return badFlag(withFlags(phrase('input-flag-conflict', { flag: flagName(conflict[0]), other: flagName(conflict[1]) }), specs));
  return { ok: true, command: def.name, ...(sub ? { subcommand: sub.name } : {}), args };
}

/** The failure for an unknown command (or `command sub`), with the closest visible one as a suggestion. */
export function unknownCommand(commands: readonly CommandDefinition[], given: string, def?: CommandDefinition): Failure {
  const suggestion = suggestCommand(commands, given, def);
  return fail('unknown_command', { given: given.slice(0, 60), ...(suggestion ? { suggestion } : {}) });
}

/** "Valid flags: --ar W:H, --size WxH, --model ID" for these arguments (or a note that there are none). */
export function validFlags(specs: readonly ArgSpec[]): Phrase {
  const list = specs.filter((s) => s.flags?.length).map((s) => `--${s.flags?.[0]} ${placeholder(s)}`);
  return list.length ? phrase('input-valid-flags', { flags: list.join(', ') }) : phrase('input-no-flags');
}

/** `problem` followed by the list of valid flags ({@link validFlags}). */
function withFlags(problem: Phrase, specs: readonly ArgSpec[]): Phrase {
  return phrase('input-with-flags', { problem, flags: validFlags(specs) });
}

function flagName(s: ArgSpec): string {
  return s.flags?.[0] ? `--${s.flags[0]}` : s.name;
}

function split(s: string): Word[] {
  const out: Word[] = [];
  const re = /(\s*)(\S+)/g;
  for (let m = re.exec(s); m; m = re.exec(s)) out.push({ sep: m[1] ?? '', text: m[2] ?? '' });
  return out;
}

type Flagged = { ok: true; args: Record<string, ArgValue>; rest: Word[] } | { ok: false; failure: Failure };

/** Every flag any command takes (to tell "not for this command" from "no such flag"). */
function knownFlags(commands: readonly CommandDefinition[]): Set<string> {
  const out = new Set<string>();
  const add = (specs: readonly ArgSpec[] | undefined) => specs?.forEach((s) => s.flags?.forEach((f) => out.add(f.toLowerCase())));
  for (const c of commands) {
    add(c.args);
    c.subcommands?.forEach((s) => add(s.args));
  }
  return out;
}

function takeFlags(words: readonly Word[], specs: readonly ArgSpec[], label: string, known: ReadonlySet<string>): Flagged {
  const table = new Map<string, ArgSpec>();
  for (const s of specs) for (const f of s.flags ?? []) table.set(f.toLowerCase(), s);
  const args: Record<string, ArgValue> = {};
  const rest: Word[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as Word;
    const m = FLAG.exec(w.text);
    if (!m) {
      rest.push(w);
      continue;
    }
    const flag = `--${(m[1] ?? '').toLowerCase()}`;
    const spec = table.get(flag.slice(2));
    if (!spec) {
      const why = known.has(flag.slice(2)) ? phrase('input-flag-not-here', { command: label, flag }) : phrase('input-flag-unknown', { flag });
      return badFlag(withFlags(why, specs));
    }
    let value = m[2];
    const next = words[i + 1];
    if (value === undefined && next !== undefined && !FLAG.test(next.text)) {
      value = next.text;
      i++;
    }
    // A text flag's value may be several words in double quotes (`--negative "blurry, text"`).
    if (spec.kind === 'text' && value !== undefined && /^["“]/.test(value)) {
      let quoted = value;
      while (!/.["”]$/.test(quoted) && i + 1 < words.length) quoted += `${words[++i]!.sep}${words[i]!.text}`;
      value = quoted.replace(/^["“]|["”]$/g, '');
    }
    if (value === undefined || value === '') return badFlag(withFlags(phrase('input-flag-no-value', { flag, form: formText(spec) }), specs));
    const parsed = parseArgWord(spec, value);
    if (parsed === undefined) {
      return badFlag(withFlags(didYouMean(spec, value, phrase('input-flag-bad-value', { flag, value: clip(value), form: formText(spec) })), specs));
    }
    if (args[spec.name] !== undefined) return badFlag(withFlags(phrase('input-flag-twice', { flag }), specs));
    args[spec.name] = parsed;
  }
  return { ok: true, args, rest };
}

type Filled = { ok: true; args: Record<string, ArgValue> } | { ok: false; failure: Failure };

function fillPositionals(words: readonly Word[], specs: readonly ArgSpec[], replyTarget: string | undefined, label: string, usage: string): Filled {
  const positionals = specs.filter((s) => !s.flags?.length && s.kind !== 'attachment');
  const args: Record<string, ArgValue> = {};
  let wi = 0;
  for (let k = 0; k < positionals.length; k++) {
    const spec = positionals[k] as ArgSpec;
    const left = words.length - wi;
    const later = positionals.slice(k + 1);
    if (spec.rest) {
      if (left > 0) args[spec.name] = words.slice(wi).map((w, j) => (j === 0 ? w.text : w.sep + w.text)).join('');
      wi = words.length;
      continue;
    }
    const w = words[wi]?.text;
    if (spec.kind === 'user') {
      const requiredAfter = later.filter((s) => s.required).length;
      if (w !== undefined && (looksLikeUser(w) || replyTarget === undefined) && left - 1 >= requiredAfter) {
        const v = parseArgWord(spec, w);
        if (v === undefined) return badFlag(phrase('input-not-a-member', { value: clip(w), form: formText(spec) }));
        args[spec.name] = v;
        wi++;
      } else if (replyTarget !== undefined) {
        args[spec.name] = replyTarget;
      }
      continue;
    }
    if (w === undefined) continue;
    const v = parseArgWord(spec, w);
    if (v === undefined && !spec.required && later.some((s) => s.rest || parseArgWord(s, w) !== undefined)) continue;
    if (v === undefined) return badFlag(didYouMean(spec, w, phrase('input-bad-word', { value: clip(w), name: spec.name, command: label, form: formText(spec) })));
    args[spec.name] = v;
    wi++;
  }
  if (wi < words.length) {
    const extra = clip(words.slice(wi).map((w) => w.text).join(' '));
    return badFlag(phrase('input-extra-words', { command: label, extra, usage }));
  }
  return { ok: true, args };
}

/** The first pair of given arguments declared as conflicting. */
export function firstConflict(specs: readonly ArgSpec[], args: Readonly<Record<string, unknown>>): [ArgSpec, ArgSpec] | undefined {
  for (const s of specs) {
    if (args[s.name] === undefined) continue;
    for (const c of s.conflicts ?? []) {
      const other = specs.find((x) => x.name === c);
      if (other && args[other.name] !== undefined) return [other, s];
    }
  }
  return undefined;
}

function clip(s: string): string {
  const one = s.replace(/\s+/g, ' ');
  return one.length > 40 ? `${one.slice(0, 37)}...` : one;
}

/** A `bad_flag` failure: `problem` for the member (in their locale), its English text for logs and the operator CLI. */
export function flagFailure(problem: Phrase): Failure {
  return fail('bad_flag', { message: say('en', problem), problem });
}

function badFlag(problem: Phrase): { ok: false; failure: Failure } {
  return failed(flagFailure(problem));
}

function failed(failure: Failure): { ok: false; failure: Failure } {
  return { ok: false, failure };
}
