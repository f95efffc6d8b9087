import { PermissionFlagsBits, type BaseInteraction, type User } from 'discord.js';
import type { Actor, ScopeRef, UserRef } from '../../core/api/surface.js';

/** The scope of an interaction: its guild, or `dm:<user id>` outside a guild. */
export function scopeOf(interaction: BaseInteraction): ScopeRef {
  if (interaction.guildId) {
    const title = interaction.guild?.name;
    return { platform: 'discord', externalId: interaction.guildId, kind: 'guild', ...(title ? { title } : {}) };
  }
  return { platform: 'discord', externalId: `dm:${interaction.user.id}`, kind: 'private' };
}

/** A Discord user as the core sees it (display name: global name, else username). */
export function userRefOf(user: User): UserRef {
  return { platform: 'discord', externalId: user.id, displayName: user.globalName ?? user.username, username: user.username };
}

/** Interaction → {@link Actor}, with the user's client language (`interaction.locale`, e.g. `zh-CN`). Pure; never calls Discord. */
export function actorOf(interaction: BaseInteraction): Actor {
  const locale: string | undefined = interaction.locale;
  // The channel (or thread) for channel rules, named by its mention so a refusal links to where a command works.
  const channel = interaction.guildId && interaction.channelId ? { id: interaction.channelId, label: `<#${interaction.channelId}>` } : undefined;
  return { scope: scopeOf(interaction), user: userRefOf(interaction.user), ...(channel ? { channel } : {}), ...(locale ? { locale } : {}) };
}

/**
 * The surface's answer to "is this user an admin here?": a guild member whose resolved permissions in this channel
 * include Manage Server. Owners (`OWNER_IDS`) and what the answer allows are the core's business. Asked on every
 * run because `default_member_permissions` only hides commands and server admins can override it.
 */
export function managesGuild(interaction: BaseInteraction): boolean {
  if (!interaction.inGuild()) return false;
  return interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false;
}
