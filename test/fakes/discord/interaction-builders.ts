import type { CommandJson, CommandOptionJson, FakeCore } from './core.js';
import { randomPart } from './ids.js';
import { InteractionRecord } from './interaction-record.js';
import type { AttachmentJson, MessageSnapshot } from './types.js';

/**
 * An option value for {@link SlashCommandInput.options}. Strings, numbers and booleans take the option type of the
 * registered command when the fake knows it (else STRING, INTEGER for whole numbers, NUMBER, BOOLEAN);
 * an attachment (as returned by `addAttachment`) becomes ATTACHMENT with `resolved.attachments`;
 * `{ user }` becomes USER with `resolved.users`/`members`; `{ type, value }` is sent as is.
 */
export type OptionValue = string | number | boolean | AttachmentJson | { user: string } | { type: number; value: string | number | boolean };

/** Who, where and how for any interaction. Defaults: the plain member, the default guild and channel. */
export interface InteractionContext {
  /** The acting user (default: the plain member). */
  userId?: string;
  /** Guild; `null` for a DM with the bot (default: the default guild). */
  guildId?: string | null;
  /** Channel (default: the guild's first channel, or the user's DM channel when `guildId` is null). */
  channelId?: string;
  /** `app_permissions` (default: the bot member's permissions in the guild). */
  appPermissions?: bigint;
  locale?: string;
  /** `attachment_size_limit` (default: the fake's, 10 MiB unless configured). */
  attachmentSizeLimit?: number;
}

export interface SlashCommandInput extends InteractionContext {
  name: string;
  subcommand?: string;
  subcommandGroup?: string;
  options?: Record<string, OptionValue>;
}

export interface AutocompleteInput extends SlashCommandInput {
  /** The option being typed; its value is sent as a string. */
  focused: string;
}

export interface ComponentInput extends InteractionContext {
  customId: string;
  /** The bot message carrying the component (default: a new bot message in the channel). */
  message?: MessageSnapshot;
}

export interface SelectInput extends ComponentInput {
  values: string[];
}

export interface ModalSubmitInput extends InteractionContext {
  customId: string;
  /** Text input custom ids → values. */
  fields: Record<string, string>;
  message?: MessageSnapshot;
}

export interface MessageContextMenuInput extends InteractionContext {
  name: string;
  /** The target: an existing message, or what to post first (author default: the acting user). */
  targetMessage?: MessageSnapshot | { content?: string; attachments?: AttachmentJson[]; authorId?: string };
}

/** Builds INTERACTION_CREATE payloads the way Discord shapes them and dispatches them. */
export class InteractionFactory {
  constructor(
    private readonly core: FakeCore,
    private readonly defaults: { guildId: string; memberUserId: string },
  ) {}

  slashCommand(input: SlashCommandInput): InteractionRecord {
    const { options, resolved } = this.buildOptions(input);
    const cmd = this.findCommand(input.name, input.guildId);
    return this.dispatch(2, input, {
      data: { id: cmd?.id ?? this.core.world.ids.next(), name: input.name, type: 1, options, ...(resolved ? { resolved } : {}) },
    });
  }

  autocomplete(input: AutocompleteInput): InteractionRecord {
    const { options } = this.buildOptions(input, input.focused);
    const cmd = this.findCommand(input.name, input.guildId);
    return this.dispatch(4, input, { data: { id: cmd?.id ?? this.core.world.ids.next(), name: input.name, type: 1, options } });
  }

  button(input: ComponentInput): InteractionRecord {
    return this.dispatch(3, input, { data: { custom_id: input.customId, component_type: 2 }, message: this.componentMessage(input) });
  }

  select(input: SelectInput): InteractionRecord {
    return this.dispatch(3, input, {
      data: { custom_id: input.customId, component_type: 3, values: input.values },
      message: this.componentMessage(input),
    });
  }

  modalSubmit(input: ModalSubmitInput): InteractionRecord {
    const components = Object.entries(input.fields).map(([customId, value]) => ({
      type: 1,
      components: [{ type: 4, custom_id: customId, value }],
    }));
    const extra: Record<string, unknown> = { data: { custom_id: input.customId, components } };
    if (input.message) extra.message = this.core.store.messageJson(this.stored(input.message));
    return this.dispatch(5, input, extra);
  }

  messageContextMenu(input: MessageContextMenuInput): InteractionRecord {
    const ctx = this.context(input);
    const t = input.targetMessage;
    let target;
    if (t && 'id' in t) target = this.stored(t);
    else {
      target = this.core.store.create({ channelId: ctx.channelId, authorId: t?.authorId ?? ctx.userId, body: { content: t?.content ?? '' }, files: [] });
      for (const a of t?.attachments ?? []) {
        const att = this.core.store.attachments.get(a.id);
        if (!att) throw new Error(`fake discord: attachment ${a.id} was not registered with addAttachment`);
        target.attachments.push(att);
      }
    }
    const cmd = this.findCommand(input.name, input.guildId);
    return this.dispatch(2, input, {
      data: {
        id: cmd?.id ?? this.core.world.ids.next(),
        name: input.name,
        type: 3,
        target_id: target.id,
        resolved: { messages: { [target.id]: this.core.store.messageJson(target) } },
      },
    });
  }

  private stored(snapshot: MessageSnapshot) {
    const m = this.core.store.messages.get(snapshot.id);
    if (!m) throw new Error(`fake discord: unknown message ${snapshot.id}`);
    return m;
  }

  private componentMessage(input: ComponentInput): Record<string, unknown> {
    if (input.message) return this.core.store.messageJson(this.stored(input.message));
    const ctx = this.context(input);
    const button = { type: 2, style: 1, label: 'Button', custom_id: input.customId };
    const m = this.core.store.create({ channelId: ctx.channelId, authorId: this.core.botUserId, body: { content: '', components: [{ type: 1, components: [button] }] }, files: [] });
    return this.core.store.messageJson(m);
  }

  private context(input: InteractionContext): { userId: string; guildId: string | null; channelId: string } {
    const { world } = this.core;
    const userId = input.userId ?? this.defaults.memberUserId;
    const guildId = input.guildId === undefined ? this.defaults.guildId : input.guildId;
    const channelId = input.channelId ?? (guildId ? world.guild(guildId).channelIds[0] : world.dmChannel(userId).id);
    if (!channelId) throw new Error(`fake discord: guild ${guildId} has no channel`);
    return { userId, guildId, channelId };
  }

  private dispatch(type: number, input: InteractionContext, extra: Record<string, unknown>): InteractionRecord {
    const { world, applicationId, botUserId } = this.core;
    const { userId, guildId, channelId } = this.context(input);
    const id = world.ids.next();
    const token = Buffer.from(`interaction:${id}:${randomPart(90)}`).toString('base64url');
    const appPerms = input.appPermissions ?? (guildId ? world.permissionsOf(guildId, botUserId) : 0n);
    const payload: Record<string, unknown> = {
      id,
      application_id: applicationId,
      type,
      token,
      version: 1,
      channel_id: channelId,
      channel: world.channelJson(channelId),
      app_permissions: appPerms.toString(),
      locale: input.locale ?? 'en-US',
      entitlements: [],
      attachment_size_limit: input.attachmentSizeLimit ?? this.core.attachmentSizeLimit,
      ...(guildId
        ? {
            guild_id: guildId,
            guild: { id: guildId, locale: 'en-US', features: [] },
            guild_locale: 'en-US',
            member: world.memberJson(guildId, userId, true),
            authorizing_integration_owners: { '0': guildId },
            context: 0,
          }
        : { user: world.userJson(userId), authorizing_integration_owners: { '0': '0' }, context: 1 }),
      ...extra,
    };
    const record = new InteractionRecord(this.core, id, token, payload);
    this.core.interactions.set(token, record);
    this.core.dispatch('INTERACTION_CREATE', payload);
    return record;
  }

  private findCommand(name: string, guildId: string | null | undefined): CommandJson | undefined {
    const g = guildId === undefined ? this.defaults.guildId : guildId;
    const guildCmds = g ? (this.core.guildCommands.get(g) ?? []) : [];
    return guildCmds.find((c) => c.name === name) ?? this.core.globalCommands.find((c) => c.name === name);
  }

  private buildOptions(input: SlashCommandInput, focused?: string): { options: unknown[]; resolved?: Record<string, Record<string, unknown>> } {
    const cmd = this.findCommand(input.name, input.guildId);
    let defs: CommandOptionJson[] = cmd?.options ?? [];
    if (input.subcommandGroup) defs = defs.find((o) => o.name === input.subcommandGroup)?.options ?? [];
    if (input.subcommand) defs = defs.find((o) => o.name === input.subcommand)?.options ?? [];
    const resolved: Record<string, Record<string, unknown>> = {};
    const guildId = input.guildId === undefined ? this.defaults.guildId : input.guildId;
    const leaf = Object.entries(input.options ?? {}).map(([name, value]) => {
      const o = this.option(name, value, defs.find((d) => d.name === name)?.type, resolved, guildId);
      return name === focused ? { ...o, value: String(o.value), focused: true } : o;
    });
    let options: unknown[] = leaf;
    if (input.subcommand) options = [{ name: input.subcommand, type: 1, options }];
    if (input.subcommandGroup) options = [{ name: input.subcommandGroup, type: 2, options }];
    return { options, ...(Object.keys(resolved).length ? { resolved } : {}) };
  }

  private option(
    name: string,
    value: OptionValue,
    defType: number | undefined,
    resolved: Record<string, Record<string, unknown>>,
    guildId: string | null,
  ): { name: string; type: number; value: string | number | boolean } {
    const { world } = this.core;
    if (typeof value === 'object') {
      if ('url' in value) {
        (resolved.attachments ??= {})[value.id] = value;
        return { name, type: 11, value: value.id };
      }
      if ('user' in value) {
        (resolved.users ??= {})[value.user] = world.userJson(value.user);
        if (guildId && world.guild(guildId).members.has(value.user)) {
          const { user: _u, ...member } = world.memberJson(guildId, value.user, true);
          (resolved.members ??= {})[value.user] = member;
        }
        return { name, type: 6, value: value.user };
      }
      return { name, type: value.type, value: value.value };
    }
    if (defType !== undefined) return { name, type: defType, value };
    if (typeof value === 'boolean') return { name, type: 5, value };
    if (typeof value === 'number') return { name, type: Number.isInteger(value) ? 4 : 10, value };
    return { name, type: 3, value };
  }
}
