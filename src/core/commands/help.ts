import { DEFAULT_LOCALE, t } from '../i18n/catalog.js';
import { describeFailure } from '../messages.js';
import { argDescription, commandDescription, commandHelp as helpText, en } from './words.js';
import { placeholder } from './arg-forms.js';
import { unknownCommand } from './grammar.js';
import { findCommand } from './lookup.js';
import { failureReply } from './reply-kit.js';
import { canRunSome, roleAllows } from './roles.js';
import type { ArgSpec, CommandDefinition, Reply, Role, SubcommandDefinition } from './types.js';
import type { SurfaceInfo } from '../ports/surface.js';

/**
 * `/help` and `/help <command>`, generated from the definitions: the commands this role can run (hidden ones left
 * out), or one command's help text, usage, flags, subcommands and examples. Command names are written the way the
 * surface writes them (`SurfaceInfo.commandHint`). An unknown name answers with "did you mean …?".
 */
export function helpReply(commands: readonly CommandDefinition[], surface: SurfaceInfo, role: Role, name?: string, locale: string = DEFAULT_LOCALE, reader?: Reader): Reply {
  const hint = (c: string, s?: string) => surface.commandHint(c, s);
  if (name?.trim()) {
    const def = findCommand(commands, name);
    if (!def) {
      const failure = unknownCommand(commands, name.trim().replace(/^\//, ''));
      return { visibility: 'private', tone: 'error', blocks: [describeFailure(failure, { now: Date.now(), hint, locale }).text], failure };
    }
    return commandHelp(def, surface, role, locale, reader);
  }
  const listed = commands.filter((c) => !c.hidden && canRunSome(role, c));
  const lines = listed.map((c) => `${hint(c.name)} — ${commandDescription(locale, c)}`);
  return {
    visibility: 'private',
    tone: 'info',
    title: t(locale, 'help-title'),
    blocks: [t(locale, 'help-intro'), lines.join('\n'), t(locale, 'help-more', { help: hint('help') })],
  };
}

/** A usage line with the neutral `/name` written the surface's way. */
export function surfaceUsage(line: string, def: CommandDefinition, surface: SurfaceInfo): string {
  const head = `/${def.name}`;
  return line.startsWith(head) ? surface.commandHint(def.name) + line.slice(head.length) : line;
}

/**
 * The usage lines of a command (or one subcommand) as this surface takes them: the definition's typed lines with the
 * command written the surface's way, or, on a surface with `optionHint` (Discord), one line generated from the
 * arguments (`/imagine prompt: [aspect:] [model:]`, optional ones in brackets), since typed flags mean nothing there.
 */
export function usageLines(def: CommandDefinition, sub: SubcommandDefinition | undefined, surface: SurfaceInfo): string[] {
  const hint = surface.optionHint?.bind(surface);
  if (!hint) return (sub ? [sub.usage] : def.usage).map((u) => surfaceUsage(u, def, surface));
  const at = sub ? { command: def, sub } : { command: def };
  const words = ((sub ? sub.args : def.args) ?? []).flatMap((a) => {
    const h = hint(a, at);
    return h === undefined ? [] : [a.required ? h : `[${h}]`];
  });
  return [[surface.commandHint(def.name, sub?.name), ...words].join(' ')];
}

/** The typed-flag hint of text surfaces: `--ar / --aspect W:H` for a flagged argument; undefined for a positional one. */
export function flagHint(a: ArgSpec): string | undefined {
  if (!a.flags?.length) return undefined;
  return `${a.flags.map((f) => `--${f}`).join(' / ')} ${placeholder(a)}`;
}

/** Who reads `/help`, as an admin names them on this surface: a display name and the platform's id. */
export interface Reader {
  readonly name: string;
  readonly id: string;
}

/** Whether the command (one of its subcommands this role may run) names a member. */
function namesMembers(def: CommandDefinition, role: Role): boolean {
  const specs = [...(def.args ?? []), ...(def.subcommands ?? []).filter((s) => roleAllows(role, s.role)).flatMap((s) => s.args ?? [])];
  return specs.some((a) => a.kind === 'user');
}

function commandHelp(def: CommandDefinition, surface: SurfaceInfo, role: Role, locale: string, reader?: Reader): Reply {
  const blocks = [helpText(locale, def)];
  const subs = (def.subcommands ?? []).filter((s) => roleAllows(role, s.role));
  const usage = def.subcommands ? subs.flatMap((s) => usageLines(def, s, surface)) : usageLines(def, undefined, surface);
  if (usage.length) blocks.push([t(locale, 'help-usage'), ...usage].join('\n'));
  const hint = (a: ArgSpec) => (surface.optionHint ? surface.optionHint(a, { command: def }) : flagHint(a));
  const options = (def.args ?? []).flatMap((a) => {
    if (a.kind === 'attachment' && surface.attachmentOption) return [surface.attachmentOption(a, locale)];
    const h = hint(a);
    return h === undefined ? [] : [`${h} — ${argDescription(locale, def, undefined, a)}`];
  });
  if (options.length) blocks.push([t(locale, 'help-options'), ...options].join('\n'));
  if (subs.length) blocks.push(subs.map((s) => `${surface.commandHint(def.name, s.name)} — ${commandDescription(locale, def, s)}`).join('\n'));
  // Examples are typed text (`/imagine a fox --ar 16:9`): on a surface of options they would mislead.
  if (def.examples?.length && !surface.optionHint) blocks.push([t(locale, 'help-examples'), ...def.examples.map((e) => surfaceUsage(e, def, surface))].join('\n'));
  if (reader && canRunSome(role, def) && namesMembers(def, role)) {
    blocks.push(t(locale, 'help-naming', { how: t(locale, 'member-naming', { surface: surface.id }), name: reader.name, id: reader.id }));
  }
  if (!canRunSome(role, def)) blocks.push(t(locale, def.role === 'owner' ? 'help-only-owner' : 'help-only-admins'));
  return { visibility: 'private', tone: 'info', title: surface.commandHint(def.name), blocks };
}

/**
 * The `help [command]` piece; `commands` is read when it runs (the registry includes this command itself). Its
 * `command` argument is a choice of the listed commands' names (a menu on Discord), read when asked for.
 */
export function helpCommand(commands: () => readonly CommandDefinition[]): CommandDefinition {
  const commandArg: ArgSpec = {
    name: 'command',
    kind: 'choice',
    get description() { return en('cmd-help-opt-command'); },
    get choices() {
      return commands()
        .filter((c) => !c.hidden)
        .map((c) => ({ value: c.name, label: c.name }));
    },
  };
  return {
    name: 'help',
    get description() { return en('cmd-help'); },
    get help() { return en('cmd-help.help'); },
    usage: ['/help [command]'],
    examples: ['/help', '/help imagine'],
    role: 'member',
    place: 'anywhere',
    visibility: 'private',
    args: [commandArg],
    async run(ctx, args) {
      const all = commands();
      const name = typeof args.command === 'string' ? args.command.trim().replace(/^\//, '') : undefined;
      if (name && !findCommand(all, name)) return failureReply(ctx, unknownCommand(all, name));
      const role = await ctx.role();
      const u = ctx.actor.user;
      return helpReply(all, ctx.surface, role, name, ctx.actor.locale ?? DEFAULT_LOCALE, { name: u.displayName ?? (u.username ? `@${u.username}` : u.externalId), id: u.externalId });
    },
  };
}
