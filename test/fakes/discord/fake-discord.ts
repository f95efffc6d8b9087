import type { CommandJson, FakeCore } from './core.js';
import type { FakeGateway, IdentifyRecord, ShardPair } from './gateway.js';
import {
  InteractionFactory,
  type AutocompleteInput,
  type ComponentInput,
  type MessageContextMenuInput,
  type ModalSubmitInput,
  type SelectInput,
  type SlashCommandInput,
} from './interaction-builders.js';
import type { InteractionHandle } from './interaction-record.js';
import { BOT_PERMISSIONS, startServer, type FakeDiscordOptions, type ServerParts } from './server.js';
import type { AttachmentJson, MessageSnapshot, RecordedRequest, RouteMatcher } from './types.js';

/** Ids of a guild made by {@link FakeDiscord.addGuild}. */
export interface FakeGuildIds {
  guildId: string;
  /** Its first text channel. */
  channelId: string;
  ownerId: string;
}

/**
 * A fake Discord on loopback: REST under `/api/v10`, a gateway at `/gateway`, a CDN-like `/attachments/` route.
 * The real discord.js client runs against it unmodified (`rest: { api: fake.apiBase }`). Seeded with one guild
 * ("Test Guild") owned by an admin user, a text channel `#general`, a plain member and the bot member.
 * Every wait helper resolves on the first matching event, past or future, and rejects after the wait timeout.
 */
export class FakeDiscord {
  /** e.g. `http://127.0.0.1:PORT/api` (discord.js appends `/v10`). */
  readonly apiBase: string;
  readonly origin: string;
  readonly applicationId: string;
  readonly botUserId: string;
  /** Random per instance; shaped like a real bot token. Accepted on REST (`Bot …`) and IDENTIFY. */
  readonly botToken: string;
  readonly guildId: string;
  readonly channelId: string;
  /** The guild owner (all permissions, incl. Manage Guild). */
  readonly adminUserId: string;
  /** A member with only `@everyone` permissions. */
  readonly memberUserId: string;
  private readonly core: FakeCore;
  private readonly gateway: FakeGateway;
  private readonly factory: InteractionFactory;

  private constructor(private readonly parts: ServerParts) {
    this.core = parts.core;
    this.gateway = parts.gateway;
    this.origin = parts.origin;
    this.apiBase = `${parts.origin}/api`;
    this.applicationId = this.core.applicationId;
    this.botUserId = this.core.botUserId;
    this.botToken = this.core.botToken;
    const { world } = this.core;
    this.adminUserId = world.addUser('owner').id;
    this.memberUserId = world.addUser('member').id;
    const g = this.addGuild({ name: 'Test Guild', ownerId: this.adminUserId });
    this.guildId = g.guildId;
    this.channelId = g.channelId;
    this.addMember(this.guildId, { userId: this.memberUserId });
    this.factory = new InteractionFactory(this.core, { guildId: this.guildId, memberUserId: this.memberUserId });
  }

  /** Starts the server on 127.0.0.1 (ephemeral port). Call {@link close} when done. */
  static async start(opts: FakeDiscordOptions = {}): Promise<FakeDiscord> {
    return new FakeDiscord(await startServer(opts));
  }

  // ---- world ----

  /** Adds a guild with a `#general` text channel, its owner and the bot (with a "MediaBot" role) as members. */
  addGuild(opts: { name?: string; ownerId?: string; premiumTier?: number } = {}): FakeGuildIds {
    const { world } = this.core;
    const ownerId = opts.ownerId ?? world.addUser(`owner-${world.guilds.size + 1}`).id;
    const guild = world.addGuild(opts.name ?? `Guild ${world.guilds.size + 1}`, ownerId);
    guild.premiumTier = opts.premiumTier ?? 0;
    const botRole = world.addRole(guild.id, world.user(this.core.botUserId).username, BOT_PERMISSIONS);
    world.addMember(guild.id, this.core.botUserId, [botRole.id]);
    const channel = world.addChannel(guild.id, 'general', 0);
    this.core.dispatch('GUILD_CREATE', world.guildCreateJson(guild.id));
    return { guildId: guild.id, channelId: channel.id, ownerId };
  }

  /** Adds a channel (default: text, type 0) and dispatches CHANNEL_CREATE. Returns its id. */
  addChannel(guildId: string, opts: { name?: string; type?: number } = {}): string {
    const c = this.core.world.addChannel(guildId, opts.name ?? 'channel', opts.type ?? 0);
    this.core.dispatch('CHANNEL_CREATE', this.core.world.channelJson(c.id));
    return c.id;
  }

  /** Adds a role; members given it gain `permissions` (a bitfield, e.g. `PermissionFlagsBits.ManageGuild`). */
  addRole(guildId: string, name: string, permissions: bigint): string {
    return this.core.world.addRole(guildId, name, permissions).id;
  }

  /**
   * Adds a member (a new user unless `userId` is given). `permissions` creates a role with those bits;
   * `roleIds` adds existing roles. Returns the user id.
   */
  addMember(guildId: string, opts: { userId?: string; username?: string; permissions?: bigint; roleIds?: string[] } = {}): string {
    const { world } = this.core;
    const userId = opts.userId ?? world.addUser(opts.username ?? `user-${world.users.size + 1}`).id;
    const roles = [...(opts.roleIds ?? [])];
    if (opts.permissions !== undefined) roles.push(world.addRole(guildId, `perms-${userId}`, opts.permissions).id);
    world.addMember(guildId, userId, roles);
    return userId;
  }

  /** Registers bytes on the CDN route; pass the result as an ATTACHMENT option or a message attachment. */
  addAttachment(bytes: Buffer, filename: string, contentType: string): AttachmentJson {
    return this.core.store.attachmentJson(this.core.store.addAttachment(bytes, filename, contentType));
  }

  // ---- gateway ----

  /** Sends any dispatch event to the identified sessions of its shard (sequence numbers increase per session). */
  dispatch(t: string, d: unknown): void {
    this.core.dispatch(t, d);
  }

  /** IDENTIFY payloads received so far (intents, shard, properties). */
  identifies(): readonly IdentifyRecord[] {
    return [...this.gateway.identifies];
  }

  /**
   * The shard of every gateway session an interaction was sent to (Discord's routing: one shard per guild, see
   * `shardOf`); empty when no session of its shard was connected.
   */
  interactionShards(interactionId: string): readonly ShardPair[] {
    return [...(this.gateway.interactionShards.get(interactionId) ?? [])];
  }

  /** Changes what `GET /gateway/bot` answers from now on (recommended shards, identify concurrency). */
  setGatewayBot(o: { shards?: number; maxConcurrency?: number }): void {
    Object.assign(this.core.gatewayBot, o);
  }

  /** Resolves once `count` sessions are identified and open. */
  waitForSessions(count = 1, timeoutMs?: number): Promise<number> {
    return this.core.signal.waitFor(() => (this.gateway.readySessions >= count ? this.gateway.readySessions : undefined), `${count} gateway session(s)`, timeoutMs);
  }

  /** Closes every gateway connection with `code` (default 4000, which clients recover from). */
  disconnectGateway(code?: number): void {
    this.gateway.disconnectAll(code);
  }

  // ---- interactions ----

  /** Dispatches a CHAT_INPUT command (type 2). See {@link SlashCommandInput} for defaults. */
  slashCommand(input: SlashCommandInput): InteractionHandle {
    return this.factory.slashCommand(input);
  }

  /** Dispatches an autocomplete interaction (type 4) with `focused` marked. */
  autocomplete(input: AutocompleteInput): InteractionHandle {
    return this.factory.autocomplete(input);
  }

  /** Dispatches a button click (type 3, component_type 2). */
  button(input: ComponentInput): InteractionHandle {
    return this.factory.button(input);
  }

  /** Dispatches a string-select choice (type 3, component_type 3). */
  select(input: SelectInput): InteractionHandle {
    return this.factory.select(input);
  }

  /** Dispatches a modal submit (type 5) with one text input per field. */
  modalSubmit(input: ModalSubmitInput): InteractionHandle {
    return this.factory.modalSubmit(input);
  }

  /** Dispatches a message context menu command (type 2, data.type 3). */
  messageContextMenu(input: MessageContextMenuInput): InteractionHandle {
    return this.factory.messageContextMenu(input);
  }

  // ---- messages ----

  /** Messages the bot posted in guild channels (current state). */
  channelMessages(channelId?: string): MessageSnapshot[] {
    return this.core.channelMessages.filter((m) => !channelId || m.channelId === channelId).map((m) => this.core.store.snapshot(m));
  }

  /** First bot message (past or future) in `channelId` matching `predicate`. */
  waitForChannelMessage(channelId: string, predicate: (m: MessageSnapshot) => boolean = () => true, timeoutMs?: number): Promise<MessageSnapshot> {
    return this.core.signal.waitFor(() => this.channelMessages(channelId).find(predicate), `a message in channel ${channelId}`, timeoutMs);
  }

  /** Messages the bot sent to users in DMs (optionally to one user). */
  dms(userId?: string): MessageSnapshot[] {
    const { world, store } = this.core;
    return this.core.dms.filter((m) => !userId || world.channels.get(m.channelId)?.recipientId === userId).map((m) => store.snapshot(m));
  }

  /** Closes `userId`'s DMs to the bot (their privacy setting): sends there fail with 403, code 50007, as on Discord. */
  closeDms(userId: string): void {
    this.core.world.closedDms.add(userId);
  }

  waitForDm(userId: string, predicate: (m: MessageSnapshot) => boolean = () => true, timeoutMs?: number): Promise<MessageSnapshot> {
    return this.core.signal.waitFor(() => this.dms(userId).find(predicate), `a DM to ${userId}`, timeoutMs);
  }

  // ---- REST bookkeeping ----

  /** Every REST request so far (method, path without `/api/v10`, query, hasAuth, json, files, status). */
  requests(): readonly RecordedRequest[] {
    return [...this.parts.requests];
  }

  /** Requests no route matched (answered 404). */
  unknownRequests(): RecordedRequest[] {
    return this.parts.requests.filter((r) => r.unknown);
  }

  /** First request (past or future) matching `predicate`. */
  waitForRequest(predicate: (r: RecordedRequest) => boolean, timeoutMs?: number): Promise<RecordedRequest> {
    return this.core.signal.waitFor(() => this.parts.requests.find(predicate), 'a matching REST request', timeoutMs);
  }

  /** The next request matching `matcher` (a substring/RegExp of `"METHOD /path"`, or a predicate) answers 429. */
  rateLimitNext(matcher: RouteMatcher, retryAfterSeconds: number): void {
    this.parts.rateLimits.arm(matcher, retryAfterSeconds);
  }

  /**
   * The next request matching `matcher` is handled at once but answered only after `ms` (a slow upload as the client
   * sees it: with a shorter client timeout, the client gives up although the message exists).
   */
  delayNext(matcher: RouteMatcher, ms: number): void {
    this.parts.delays.arm(matcher, ms);
  }

  /** Stored application commands, global or for one guild. */
  commands(guildId?: string): CommandJson[] {
    return guildId ? [...(this.core.guildCommands.get(guildId) ?? [])] : [...this.core.globalCommands];
  }

  /** How many successful bulk-overwrite PUTs were made (global, or for one guild). */
  commandPutCount(guildId?: string): number {
    const path = guildId ? `/applications/${this.applicationId}/guilds/${guildId}/commands` : `/applications/${this.applicationId}/commands`;
    return this.parts.requests.filter((r) => r.method === 'PUT' && r.path === path && r.status === 200).length;
  }

  /** Terminates gateway clients, rejects pending waits and closes the HTTP server. */
  async close(): Promise<void> {
    this.core.signal.cancelAll();
    await this.gateway.close();
    this.parts.server.closeAllConnections();
    await new Promise<void>((resolve) => this.parts.server.close(() => resolve()));
  }
}

/** Starts a {@link FakeDiscord} on 127.0.0.1 with an ephemeral port. */
export function startFakeDiscord(opts?: FakeDiscordOptions): Promise<FakeDiscord> {
  return FakeDiscord.start(opts);
}
