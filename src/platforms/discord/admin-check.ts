import { DiscordAPIError, PermissionFlagsBits, Routes, type APIGuild, type APIGuildMember, type REST } from 'discord.js';

/** Discord's "Unknown Member": the user is not in the guild (any more). */
const UNKNOWN_MEMBER = 10007;

/**
 * Whether `userId` may manage guild `guildId` now, as the chat's admin check reads an interaction's permissions
 * (Manage Server, or Administrator, which implies it; the owner always): two REST reads, the guild (its owner and
 * role permissions) and the member (their roles); channel overwrites do not matter for a guild permission. False when
 * the user is not a member; rejects when Discord cannot be asked.
 */
export async function managesGuildNow(rest: REST, guildId: string, userId: string): Promise<boolean> {
  const guild = (await rest.get(Routes.guild(guildId))) as APIGuild;
  if (guild.owner_id === userId) return true;
  let member: APIGuildMember;
  try {
    member = (await rest.get(Routes.guildMember(guildId, userId))) as APIGuildMember;
  } catch (e) {
    if (e instanceof DiscordAPIError && e.code === UNKNOWN_MEMBER) return false;
    throw e;
  }
  const perms = new Map(guild.roles.map((r) => [r.id, BigInt(r.permissions)]));
  // The @everyone role has the guild's id; every member has it without listing it.
  let granted = perms.get(guildId) ?? 0n;
  for (const id of member.roles) granted |= perms.get(id) ?? 0n;
  return (granted & (PermissionFlagsBits.Administrator | PermissionFlagsBits.ManageGuild)) !== 0n;
}
