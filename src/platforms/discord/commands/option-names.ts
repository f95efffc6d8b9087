import type { ArgSpec, CommandDefinition, SubcommandDefinition } from '../../../core/api/surface.js';

/**
 * Registry argument name → Discord option name, where Discord keeps an older name that users and saved commands
 * know (`/job id`). Keyed by `command` or `command sub`. The only renaming table of the surface.
 */
const RENAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  job: { job: 'id' },
};

/**
 * Attachment option names of a command whose first option keeps an older single-image name: `/video image` stays, and
 * its second image (a first+last-frame video's last frame) is `end_image`. Keyed by `command` or `command sub`.
 */
const ATTACHMENT_NAMES: Readonly<Record<string, readonly string[]>> = {
  video: ['image', 'end_image'],
};

/** Most attachment options one argument can become (`image1`..`image10`). */
const MAX_ATTACHMENT_OPTIONS = 10;

/** A command, or one of its subcommands: what a Discord interaction addresses. */
export interface CommandTarget {
  readonly command: CommandDefinition;
  readonly sub?: SubcommandDefinition;
}

/** The arguments of a target (a subcommand's own, or the command's). */
export function argsOf(t: CommandTarget): readonly ArgSpec[] {
  return (t.sub ? t.sub.args : t.command.args) ?? [];
}

/**
 * The Discord option names of one argument: one name for most kinds; `image`, or `image1`..`imageN` for an attachment
 * argument taking more than one file; none for a `secret` (collected in a modal, never an option).
 */
export function optionNamesOf(t: CommandTarget, arg: ArgSpec): string[] {
  if (arg.kind === 'secret') return [];
  if (arg.kind === 'attachment') {
    const n = Math.min(arg.maxCount ?? 1, MAX_ATTACHMENT_OPTIONS);
    const named = ATTACHMENT_NAMES[t.sub ? `${t.command.name} ${t.sub.name}` : t.command.name];
    if (named && named.length >= n) return named.slice(0, n);
    return n > 1 ? Array.from({ length: n }, (_, k) => `image${k + 1}`) : ['image'];
  }
  const key = t.sub ? `${t.command.name} ${t.sub.name}` : t.command.name;
  return [RENAMES[key]?.[arg.name] ?? arg.name];
}

/** The argument a (non-attachment) Discord option carries, or undefined for an option the target does not declare. */
export function argOfOption(t: CommandTarget, optionName: string): ArgSpec | undefined {
  return argsOf(t).find((a) => a.kind !== 'attachment' && optionNamesOf(t, a).includes(optionName));
}

/** Finds a command and subcommand by their Discord names. */
export function findTarget(commands: readonly CommandDefinition[], name: string, sub?: string | null): CommandTarget | undefined {
  const command = commands.find((c) => c.name === name);
  if (!command) return undefined;
  if (!sub) return { command };
  const s = command.subcommands?.find((x) => x.name === sub);
  return s ? { command, sub: s } : undefined;
}
