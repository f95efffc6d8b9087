/**
 * Channel rules: which commands a channel (a Discord channel, a Telegram chat or forum topic, the console) allows.
 * Pure; the rules come from the store (`RulesPort`).
 *
 * A channel's rule has three parts, each optional:
 * - `silent`: the bot answers no member command here (it stays silent; admin commands still work).
 * - `only`: the only commands that work here (`/setup channel only video imagine`).
 * - `allow`: commands bound to this channel (`/setup channel allow video` in #video): once any channel of the
 *   community allows a command, that command works only in the channels that allow it.
 * Commands are matched by their name (`video`, `imagine`); admin commands are never refused (so a rule can be undone).
 */

/** One channel's stored rule. */
export interface ChannelRule {
  /** The surface's channel id (Discord channel id, Telegram `<thread id>` or `main`, `console`). */
  readonly channelId: string;
  /** How the surface names the channel in a message (`<#123>` on Discord, a topic name); absent: unknown. */
  readonly label?: string;
  readonly silent: boolean;
  /** Null: no `only` list (every command not bound elsewhere works). */
  readonly only: readonly string[] | null;
  readonly allow: readonly string[];
}

/** What the channel rules say about one command in one channel. */
export type ChannelVerdict =
  | { readonly kind: 'ok' }
  /** The channel is silent: the surface posts nothing. */
  | { readonly kind: 'silent' }
  /** Refused here; `where` are the labels of the channels where the command works (empty: none named). */
  | { readonly kind: 'refused'; readonly where: readonly string[] };

/** Whether `command` may run in `channelId` under the community's `rules`. */
export function channelVerdict(rules: readonly ChannelRule[], channelId: string, command: string): ChannelVerdict {
  const here = rules.find((r) => r.channelId === channelId);
  if (here?.silent) return { kind: 'silent' };
  const bound = rules.filter((r) => r.allow.includes(command));
  const allowedHere = here ? (here.only === null || here.only.includes(command)) && (bound.length === 0 || bound.includes(here)) : bound.length === 0;
  if (allowedHere) return { kind: 'ok' };
  const works = rules.filter((r) => !r.silent && (r.allow.includes(command) || (bound.length === 0 && r.only?.includes(command))));
  return { kind: 'refused', where: works.map((r) => r.label ?? r.channelId) };
}

/** A rule change as `/setup channel` asks for it. */
export type ChannelRuleChange =
  | { readonly op: 'allow'; readonly commands: readonly string[] }
  | { readonly op: 'only'; readonly commands: readonly string[] }
  | { readonly op: 'silent' }
  | { readonly op: 'reset' };

/** The rule after `change` (null: the channel has no rule left). */
export function applyChange(before: ChannelRule | undefined, channelId: string, label: string | undefined, change: ChannelRuleChange): ChannelRule | null {
  if (change.op === 'reset') return null;
  const base: ChannelRule = before ?? { channelId, silent: false, only: null, allow: [] };
  const withLabel = label ? { ...base, label } : base;
  const uniq = (xs: readonly string[]) => [...new Set(xs)];
  if (change.op === 'silent') return { ...withLabel, silent: true };
  if (change.op === 'only') return { ...withLabel, silent: false, only: uniq(change.commands) };
  return { ...withLabel, silent: false, allow: uniq([...base.allow, ...change.commands]) };
}
