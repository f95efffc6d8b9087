import { PermissionFlagsBits } from 'discord.js';
import { SnowflakeGenerator } from './ids.js';

/** Every permission bit discord.js knows (what Discord reports for owners and administrators). */
export const ALL_PERMISSIONS: bigint = Object.values(PermissionFlagsBits).reduce((a, b) => a | b, 0n);

/** What `@everyone` may do in the fake's guilds: read, write, attach, use commands. */
export const EVERYONE_PERMISSIONS: bigint =
  PermissionFlagsBits.ViewChannel |
  PermissionFlagsBits.SendMessages |
  PermissionFlagsBits.ReadMessageHistory |
  PermissionFlagsBits.AttachFiles |
  PermissionFlagsBits.EmbedLinks |
  PermissionFlagsBits.UseApplicationCommands |
  PermissionFlagsBits.AddReactions;

/** A user of the fake (the bot is one, with `bot: true`). */
export interface FakeUser {
  id: string;
  username: string;
  globalName: string | null;
  bot: boolean;
}

/** A guild role; the `@everyone` role's id is the guild id, as on Discord. */
export interface FakeRole {
  id: string;
  name: string;
  permissions: bigint;
  position: number;
}

/** Guild membership of a user. */
export interface FakeMember {
  userId: string;
  roleIds: string[];
  joinedAt: string;
}

/** A guild channel or a DM channel. */
export interface FakeChannel {
  id: string;
  /** null for DM channels. */
  guildId: string | null;
  name: string;
  /** 0 guild text, 1 DM, 2 voice, 4 category, 5 announcement. */
  type: number;
  /** For DM channels: the other user. */
  recipientId?: string;
}

/** A guild with its roles, members and channel ids (in position order). */
export interface FakeGuild {
  id: string;
  name: string;
  ownerId: string;
  roles: Map<string, FakeRole>;
  members: Map<string, FakeMember>;
  channelIds: string[];
  premiumTier: number;
}

/** The fake's world: users, guilds (roles, members), channels. Plain data plus JSON renderers. */
export class World {
  readonly ids = new SnowflakeGenerator();
  readonly users = new Map<string, FakeUser>();
  readonly guilds = new Map<string, FakeGuild>();
  readonly channels = new Map<string, FakeChannel>();
  /** Users whose DMs refuse the bot: a message to their DM channel fails with 403, code 50007. */
  readonly closedDms = new Set<string>();

  addUser(username: string, bot = false): FakeUser {
    const user: FakeUser = { id: this.ids.next(), username, globalName: bot ? null : username, bot };
    this.users.set(user.id, user);
    return user;
  }

  addGuild(name: string, ownerId: string): FakeGuild {
    const id = this.ids.next();
    const everyone: FakeRole = { id, name: '@everyone', permissions: EVERYONE_PERMISSIONS, position: 0 };
    const guild: FakeGuild = { id, name, ownerId, roles: new Map([[id, everyone]]), members: new Map(), channelIds: [], premiumTier: 0 };
    this.guilds.set(id, guild);
    this.addMember(id, ownerId, []);
    return guild;
  }

  addRole(guildId: string, name: string, permissions: bigint): FakeRole {
    const guild = this.guild(guildId);
    const role: FakeRole = { id: this.ids.next(), name, permissions, position: guild.roles.size };
    guild.roles.set(role.id, role);
    return role;
  }

  addMember(guildId: string, userId: string, roleIds: string[]): FakeMember {
    const member: FakeMember = { userId, roleIds, joinedAt: new Date().toISOString() };
    this.guild(guildId).members.set(userId, member);
    return member;
  }

  addChannel(guildId: string | null, name: string, type: number, recipientId?: string): FakeChannel {
    const channel: FakeChannel = { id: this.ids.next(), guildId, name, type, ...(recipientId ? { recipientId } : {}) };
    this.channels.set(channel.id, channel);
    if (guildId) this.guild(guildId).channelIds.push(channel.id);
    return channel;
  }

  /** The DM channel between the bot and `userId`, created on first use (as `POST /users/@me/channels`). */
  dmChannel(userId: string): FakeChannel {
    for (const c of this.channels.values()) if (c.type === 1 && c.recipientId === userId) return c;
    return this.addChannel(null, '', 1, userId);
  }

  guild(id: string): FakeGuild {
    const g = this.guilds.get(id);
    if (!g) throw new Error(`fake discord: unknown guild ${id}`);
    return g;
  }

  user(id: string): FakeUser {
    const u = this.users.get(id);
    if (!u) throw new Error(`fake discord: unknown user ${id}`);
    return u;
  }

  /** Guild-level permissions as Discord computes them: owner and Administrator get everything. */
  permissionsOf(guildId: string, userId: string): bigint {
    const guild = this.guild(guildId);
    if (guild.ownerId === userId) return ALL_PERMISSIONS;
    const member = guild.members.get(userId);
    let perms = guild.roles.get(guild.id)?.permissions ?? 0n;
    for (const r of member?.roleIds ?? []) perms |= guild.roles.get(r)?.permissions ?? 0n;
    return perms & PermissionFlagsBits.Administrator ? ALL_PERMISSIONS : perms;
  }

  userJson(id: string): Record<string, unknown> {
    const u = this.user(id);
    return {
      id: u.id,
      username: u.username,
      global_name: u.globalName,
      discriminator: '0',
      avatar: null,
      bot: u.bot,
      system: false,
      flags: 0,
      public_flags: 0,
    };
  }

  roleJson(r: FakeRole): Record<string, unknown> {
    return {
      id: r.id,
      name: r.name,
      color: 0,
      hoist: false,
      icon: null,
      unicode_emoji: null,
      position: r.position,
      permissions: r.permissions.toString(),
      managed: false,
      mentionable: false,
      flags: 0,
    };
  }

  /** A guild member; `withPermissions` adds the `permissions` string interactions carry. */
  memberJson(guildId: string, userId: string, withPermissions = false): Record<string, unknown> {
    const m = this.guild(guildId).members.get(userId);
    if (!m) throw new Error(`fake discord: user ${userId} is not a member of guild ${guildId}`);
    return {
      user: this.userJson(userId),
      nick: null,
      avatar: null,
      roles: [...m.roleIds],
      joined_at: m.joinedAt,
      premium_since: null,
      deaf: false,
      mute: false,
      flags: 0,
      pending: false,
      ...(withPermissions ? { permissions: this.permissionsOf(guildId, userId).toString() } : {}),
    };
  }

  channelJson(id: string): Record<string, unknown> {
    const c = this.channels.get(id);
    if (!c) throw new Error(`fake discord: unknown channel ${id}`);
    if (c.type === 1) {
      return { id: c.id, type: 1, last_message_id: null, flags: 0, recipients: [this.userJson(c.recipientId ?? '')] };
    }
    return {
      id: c.id,
      type: c.type,
      guild_id: c.guildId,
      name: c.name,
      position: this.guild(c.guildId ?? '').channelIds.indexOf(c.id),
      permission_overwrites: [],
      nsfw: false,
      topic: null,
      last_message_id: null,
      rate_limit_per_user: 0,
      parent_id: null,
      flags: 0,
    };
  }

  /** The guild object of `GET /guilds/{id}` (no members or channels). */
  guildJson(id: string): Record<string, unknown> {
    const g = this.guild(id);
    return {
      id: g.id,
      name: g.name,
      icon: null,
      splash: null,
      discovery_splash: null,
      owner_id: g.ownerId,
      afk_channel_id: null,
      afk_timeout: 300,
      verification_level: 0,
      default_message_notifications: 0,
      explicit_content_filter: 0,
      roles: [...g.roles.values()].map((r) => this.roleJson(r)),
      emojis: [],
      stickers: [],
      features: [],
      mfa_level: 0,
      application_id: null,
      system_channel_id: null,
      system_channel_flags: 0,
      rules_channel_id: null,
      vanity_url_code: null,
      description: null,
      banner: null,
      premium_tier: g.premiumTier,
      premium_subscription_count: 0,
      preferred_locale: 'en-US',
      public_updates_channel_id: null,
      nsfw_level: 0,
      premium_progress_bar_enabled: false,
    };
  }

  /** The GUILD_CREATE dispatch payload: the guild plus channels, members, and the gateway-only fields. */
  guildCreateJson(id: string): Record<string, unknown> {
    const g = this.guild(id);
    return {
      ...this.guildJson(id),
      joined_at: new Date().toISOString(),
      large: false,
      unavailable: false,
      member_count: g.members.size,
      voice_states: [],
      members: [...g.members.keys()].map((u) => this.memberJson(id, u)),
      channels: g.channelIds.map((c) => {
        const { guild_id: _omit, ...rest } = this.channelJson(c);
        return rest;
      }),
      threads: [],
      presences: [],
      stage_instances: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
    };
  }
}
