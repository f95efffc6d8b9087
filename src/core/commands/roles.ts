import type { CommandDefinition, Role } from './types.js';

const RANK: Record<Role, number> = { member: 0, admin: 1, owner: 2 };

/** Whether `role` is enough for `needed` (owner > admin > member). */
export function roleAllows(role: Role, needed: Role): boolean {
  return RANK[role] >= RANK[needed];
}

/** Whether `role` can run the command, or at least one of its subcommands. */
export function canRunSome(role: Role, def: CommandDefinition): boolean {
  if (def.subcommands) return def.subcommands.some((s) => roleAllows(role, s.role));
  return roleAllows(role, def.role);
}

/**
 * Whether the user is an owner: `OWNER_IDS` entries are `<surface>:<id>` (that surface only) or bare ids (any
 * surface). The one place owner ids are matched.
 */
export function isOwner(ownerIds: readonly string[], surface: string, userId: string): boolean {
  return ownerIds.includes(`${surface}:${userId}`) || ownerIds.includes(userId);
}
