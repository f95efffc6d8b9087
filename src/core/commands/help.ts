import { describeFailure } from '../messages.js';
import { placeholder } from './arg-forms.js';
import { unknownCommand } from './grammar.js';
import { findCommand } from './lookup.js';
import { failureReply } from './reply-kit.js';
import { canRunSome, roleAllows } from './roles.js';
import type { ArgSpec, CommandDefinition, Reply, Role, SurfaceInfo } from './types.js';

/**
 * `/help` and `/help <command>`, generated from the definitions: the commands this role can run (hidden ones left
 * out), or one command's help text, usage, flags, subcommands and examples. Command names are written the way the
 * surface writes them (`SurfaceInfo.commandHint`). An unknown name answers with "did you mean …?".
 */
export function helpReply(commands: readonly CommandDefinition[], surface: SurfaceInfo, role: Role, name?: string): Reply {
  const hint = (c: string, s?: string) => surface.commandHint(c, s);
  if (name?.trim()) {
    const def = findCommand(commands, name);
    if (!def) {
      const failure = unknownCommand(commands, name.trim().replace(/^\//, ''));
      return { visibility: 'private', tone: 'error', blocks: [describeFailure(failure, { now: Date.now(), hint }).text], failure };
    }
    return commandHelp(def, surface, role);
  }
  const listed = commands.filter((c) => !c.hidden && canRunSome(role, c));
  const lines = listed.map((c) => `${hint(c.name)} — ${c.description}`);
  return {
    visibility: 'private',
    tone: 'info',
    title: 'Commands',
    blocks: [
      'I make images, videos and answers through the media gateway; every job is charged to your allowance.',
      lines.join('\n'),
      `Send ${hint('help')} <command> for details.`,
    ],
  };
}

/** A usage line with the neutral `/name` written the surface's way. */
export function surfaceUsage(line: string, def: CommandDefinition, surface: SurfaceInfo): string {
  const head = `/${def.name}`;
  return line.startsWith(head) ? surface.commandHint(def.name) + line.slice(head.length) : line;
}

function commandHelp(def: CommandDefinition, surface: SurfaceInfo, role: Role): Reply {
  const blocks = [def.help];
  const subs = (def.subcommands ?? []).filter((s) => roleAllows(role, s.role));
  const usage = def.subcommands ? subs.map((s) => s.usage) : def.usage;
  if (usage.length) blocks.push(['Usage:', ...usage.map((u) => surfaceUsage(u, def, surface))].join('\n'));
  const flags = (def.args ?? []).filter((a) => a.flags?.length);
  if (flags.length) blocks.push(['Options:', ...flags.map(flagLine)].join('\n'));
  if (subs.length) blocks.push(subs.map((s) => `${surface.commandHint(def.name, s.name)} — ${s.description}`).join('\n'));
  if (def.examples?.length) blocks.push(['Examples:', ...def.examples.map((e) => surfaceUsage(e, def, surface))].join('\n'));
  if (!canRunSome(role, def)) blocks.push(def.role === 'owner' ? 'Only the bot owner can run this.' : 'Only admins can run this.');
  return { visibility: 'private', tone: 'info', title: surface.commandHint(def.name), blocks };
}

function flagLine(a: ArgSpec): string {
  const names = (a.flags ?? []).map((f) => `--${f}`).join(' / ');
  return `${names} ${placeholder(a)} — ${a.description}`;
}

/** The `help [command]` piece; `commands` is read when it runs (the registry includes this command itself). */
export function helpCommand(commands: () => readonly CommandDefinition[]): CommandDefinition {
  return {
    name: 'help',
    description: 'How to use this bot',
    help: 'Lists the commands you can use here, or explains one command: its options and examples.',
    usage: ['/help [command]'],
    examples: ['/help', '/help imagine'],
    role: 'member',
    place: 'anywhere',
    args: [{ name: 'command', kind: 'text', description: 'A command to explain, e.g. imagine' }],
    async run(ctx, args) {
      const all = commands();
      const name = typeof args.command === 'string' ? args.command.trim().replace(/^\//, '') : undefined;
      if (name && !findCommand(all, name)) return failureReply(ctx, unknownCommand(all, name));
      const role: Role = ctx.role === 'member' && (await ctx.isAdmin()) ? 'admin' : ctx.role;
      return helpReply(all, ctx.surface, role, name);
    },
  };
}
