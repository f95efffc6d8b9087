import type { ReplyAction } from '../../core/api/surface.js';

/**
 * The `custom_id`s the surface puts on buttons and modals. Everything a click needs travels in the id (command,
 * job id), so buttons keep working after a restart. Discord allows 100 characters.
 *
 * - button `mb:<command>[.<sub>]:<args>[:<input arg>]`, where `<args>` is the job id alone when `job` is the only
 *   argument (`mb:reroll:j_abc`), else `k=v&k=v`;
 * - modal asking for an action's input `mbm:<command>[.<sub>]:<args>:<input arg>`;
 * - modal asking for a secret `mbs:<command>[.<sub>]:<secret arg>`;
 * - modal of "Edit with AI" `mbc:<key of the kept attachments>`;
 * - select menu `mbsel:<command>[.<sub>]:<args>:<arg the chosen value fills>`.
 */

/** A parsed action id: what to run, with which arguments, and which argument (if any) the user must type first. */
export interface ActionRef {
  readonly command: string;
  readonly subcommand?: string;
  readonly args: Readonly<Record<string, string>>;
  readonly input?: string;
}

const MAX = 100;

/** Buttons made before the command layer, still on old messages: `mb:refresh:<job>` showed the job. */
const LEGACY_COMMANDS: Readonly<Record<string, string>> = { refresh: 'job' };

function encodePath(command: string, subcommand?: string): string {
  return subcommand ? `${command}.${subcommand}` : command;
}

function decodePath(path: string): { command: string; subcommand?: string } {
  const [command = '', subcommand] = path.split('.');
  const c = LEGACY_COMMANDS[command] ?? command;
  return subcommand ? { command: c, subcommand } : { command: c };
}

function encodeArgs(args: Readonly<Record<string, string>>): string {
  const keys = Object.keys(args);
  if (keys.length === 1 && keys[0] === 'job' && /^[\w-]+$/.test(args.job ?? '')) return args.job ?? '';
  return new URLSearchParams(args).toString();
}

function decodeArgs(s: string): Record<string, string> {
  if (s === '') return {};
  if (!s.includes('=')) return { job: s };
  return Object.fromEntries(new URLSearchParams(s));
}

/** The button id of an action; undefined when it would not fit in 100 characters. */
export function actionCustomId(a: ReplyAction): string | undefined {
  const id = `mb:${encodePath(a.command, a.subcommand)}:${encodeArgs(a.args)}${a.input ? `:${a.input.arg}` : ''}`;
  return id.length <= MAX ? id : undefined;
}

/** Parses a button id made by {@link actionCustomId} (or a legacy `mb:refresh:<job>`); undefined for others. */
export function parseActionCustomId(id: string): ActionRef | undefined {
  const m = /^mb:([a-z0-9_.-]+):([^:]*)(?::([a-z0-9_-]+))?$/.exec(id);
  if (!m) return undefined;
  return { ...decodePath(m[1] ?? ''), args: decodeArgs(m[2] ?? ''), ...(m[3] ? { input: m[3] } : {}) };
}

/** The id of the modal asking for `ref.input` (kept with the command and arguments). */
export function inputModalId(ref: ActionRef & { input: string }): string {
  return `mbm:${encodePath(ref.command, ref.subcommand)}:${encodeArgs(ref.args)}:${ref.input}`.slice(0, MAX);
}

/** Parses {@link inputModalId}. */
export function parseInputModalId(id: string): (ActionRef & { input: string }) | undefined {
  const m = /^mbm:([a-z0-9_.-]+):([^:]*):([a-z0-9_-]+)$/.exec(id);
  if (!m) return undefined;
  return { ...decodePath(m[1] ?? ''), args: decodeArgs(m[2] ?? ''), input: m[3] ?? '' };
}

/** The id of the private modal collecting a secret argument. */
export function secretModalId(command: string, subcommand: string | undefined, arg: string): string {
  return `mbs:${encodePath(command, subcommand)}:${arg}`;
}

/** Parses {@link secretModalId}. */
export function parseSecretModalId(id: string): { command: string; subcommand?: string; arg: string } | undefined {
  const m = /^mbs:([a-z0-9_.-]+):([a-z0-9_-]+)$/.exec(id);
  return m ? { ...decodePath(m[1] ?? ''), arg: m[2] ?? '' } : undefined;
}

/** The id of the "Edit with AI" modal; `key` names the kept attachments. */
export function contextModalId(key: string): string {
  return `mbc:${key}`;
}

/** Parses {@link contextModalId}. */
export function parseContextModalId(id: string): string | undefined {
  return /^mbc:([\w-]+)$/.exec(id)?.[1];
}

/** The custom id of a select menu whose chosen value fills `arg` (undefined when it would not fit in 100 characters). */
export function menuCustomId(m: { command: string; subcommand?: string; args: Readonly<Record<string, string>>; arg: string }): string | undefined {
  const id = `mbsel:${encodePath(m.command, m.subcommand)}:${new URLSearchParams(m.args).toString()}:${m.arg}`;
  return id.length <= MAX ? id : undefined;
}

/** Parses {@link menuCustomId} with the chosen value: the command and its arguments. */
export function parseMenuCustomId(id: string, chosen: string): ActionRef | undefined {
  const m = /^mbsel:([a-z0-9_.-]+):([^:]*):([a-z0-9_-]+)$/.exec(id);
  if (!m) return undefined;
  const fixed = m[2] ? Object.fromEntries(new URLSearchParams(m[2])) : {};
  return { ...decodePath(m[1] ?? ''), args: { ...fixed, [m[3] ?? '']: chosen } };
}
