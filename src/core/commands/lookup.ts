import { closestName } from './suggest.js';
import type { ArgSpec, CommandDefinition } from './types.js';

/** The definition named `name` (case-insensitive, a leading `/` ignored). */
export function findCommand(commands: readonly CommandDefinition[], name: string): CommandDefinition | undefined {
  const n = name.trim().replace(/^\//, '').toLowerCase();
  return commands.find((c) => c.name === n);
}

/** The arguments of `def`, or of its subcommand `subcommand`; none when either does not exist. */
export function commandArgs(def: CommandDefinition | undefined, subcommand?: string): readonly ArgSpec[] {
  return (subcommand ? def?.subcommands?.find((s) => s.name === subcommand)?.args : def?.args) ?? [];
}

/**
 * The closest command path to `given` (`imagin` → imagine; `budget sett` → budget set when `def` is budget), among
 * listed (not hidden) commands; undefined when nothing is close.
 */
export function suggestCommand(commands: readonly CommandDefinition[], given: string, def?: CommandDefinition): { command: string; subcommand?: string } | undefined {
  if (def?.subcommands) {
    const sub = given.trim().split(/\s+/)[1] ?? '';
    const name = closestName(sub, def.subcommands.map((s) => s.name));
    return name ? { command: def.name, subcommand: name } : undefined;
  }
  const name = closestName(given, commands.filter((c) => !c.hidden).map((c) => c.name));
  return name ? { command: name } : undefined;
}
