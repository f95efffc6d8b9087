import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findCommand } from '../../core/commands/lookup.js';
import type { CommandDefinition, Reply, ReplyAction, ReplyFile } from '../../core/api/surface.js';
import { t } from '../../core/i18n/catalog.js';
import { formatBytes } from '../../core/i18n/format.js';

/** Where a reply is printed and its files written. */
export interface ConsoleOutput {
  print(line: string): void;
  /** Created on demand. */
  outputDir: string;
  /** The definitions, to write actions as commands to type. */
  commands: readonly CommandDefinition[];
  /** The language of the console's own words when a reply carries none (`Reply.locale` wins); default English. */
  locale?: string;
}

/** A file name safe on every disk: letters, digits, `.`, `_`, `-`. */
function safeName(name: string): string {
  const n = name.replace(/[^\w.-]/g, '_').replace(/^\.+/, '');
  return n === '' ? 'file' : n;
}

async function save(dir: string, file: ReplyFile, fallback: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const dest = join(dir, safeName(file.name || fallback));
  if (file.bytes) await writeFile(dest, file.bytes);
  else if (file.path) await copyFile(file.path, dest);
  else throw new Error(`reply file ${file.name} has neither bytes nor path`);
  return dest;
}

/**
 * An action as the command to type: `/reroll j_1`, `/animate j_1`, `/edit <prompt> --from j_1`. Arguments are
 * written the way the definition takes them (positional in order, else `--flag value`); the one the user must type
 * (`input`) is a `<placeholder>`.
 */
export function typedAction(action: ReplyAction, commands: readonly CommandDefinition[]): string {
  const def = findCommand(commands, action.command);
  const sub = action.subcommand ? def?.subcommands?.find((s) => s.name === action.subcommand) : undefined;
  const specs = (sub ? sub.args : def?.args) ?? [];
  const value = (name: string): string | undefined => (action.input?.arg === name ? `<${name}>` : action.args[name]);
  const words = [`/${action.command}`, ...(action.subcommand ? [action.subcommand] : [])];
  const flagged: string[] = [];
  for (const spec of specs) {
    const v = value(spec.name);
    if (v === undefined) continue;
    if (spec.flags?.[0]) flagged.push(`--${spec.flags[0]} ${v}`);
    else words.push(v);
  }
  const known = new Set(specs.map((s) => s.name));
  for (const [name, v] of Object.entries(action.args)) if (!known.has(name)) flagged.push(`--${name} ${v}`);
  if (action.input && !known.has(action.input.arg)) flagged.push(`--${action.input.arg} <${action.input.arg}>`);
  return [...words, ...flagged].join(' ');
}

/**
 * Prints a neutral reply as plain lines: `✗` and the core's words for an error; otherwise the title, the blocks,
 * each file saved to the output directory with its path, `name: value` fields, and the actions as commands to type.
 * @returns the paths written.
 */
export async function renderReply(out: ConsoleOutput, reply: Reply): Promise<string[]> {
  const locale = reply.locale ?? out.locale ?? 'en';
  if (reply.tone === 'error') {
    const [first, ...rest] = reply.blocks;
    out.print(`✗ ${first ?? reply.title ?? t(locale, 'playground-failed')}`);
    for (const b of rest) out.print(indent(b));
    return [];
  }
  if (reply.title) out.print(reply.title);
  for (const b of reply.blocks) out.print(b);
  const written: string[] = [];
  for (const [i, f] of (reply.files ?? []).entries()) {
    const path = await save(out.outputDir, f, `${reply.jobId ?? 'file'}-${i + 1}`);
    written.push(path);
    out.print(`✓ ${t(locale, 'playground-file-saved', { kind: f.kind, mime: f.mime, size: formatBytes(locale, f.size), path })}`);
  }
  for (const f of reply.fields ?? []) out.print(`  ${f.name}: ${f.value}`);
  printActions({ ...out, locale }, reply.actions ?? []);
  return written;
}

/**
 * Prints actions as commands to type under a `next:` line (`    /reroll j_1    Reroll`), the console's buttons;
 * nothing when there are none. Used under replies and under a delivered video ({@link ConsoleDelivery}).
 */
export function printActions(out: Pick<ConsoleOutput, 'print' | 'commands' | 'locale'>, actions: readonly ReplyAction[]): void {
  if (actions.length === 0) return;
  out.print(`  ${t(out.locale ?? 'en', 'playground-next')}`);
  for (const a of actions) out.print(`    ${typedAction(a, out.commands).padEnd(32)}  ${a.input ? `${a.label}: ${a.input.label}` : a.label}`);
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
}
