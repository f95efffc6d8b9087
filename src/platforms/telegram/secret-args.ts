import type { CommandDefinition } from '../../core/api/surface.js';

/** The subcommand of `def` that takes a secret (`setup token`, `token link`) and the secret argument's name. */
export function secretSubcommand(def: CommandDefinition | undefined): { subcommand: string; arg: string } | undefined {
  for (const s of def?.subcommands ?? []) {
    const arg = s.args?.find((a) => a.kind === 'secret');
    if (arg) return { subcommand: s.name, arg: arg.name };
  }
  return undefined;
}

/** A member's own token command (`token`): its secret is only ever collected in the private chat. */
export function isPersonalSecretCommand(def: CommandDefinition): boolean {
  return def.place !== 'community' && secretSubcommand(def) !== undefined;
}
