import type { ChangeSignal } from './waiter.js';
import type { MessageStore } from './messages.js';
import type { World } from './state.js';
import type { InteractionRecord } from './interaction-record.js';
import type { StoredMessage } from './types.js';

/** A registered application command as the fake stores and returns it. */
export interface CommandJson {
  id: string;
  application_id: string;
  name: string;
  type: number;
  description: string;
  options?: CommandOptionJson[];
  [key: string]: unknown;
}

/** An application command option (recursive for subcommands). */
export interface CommandOptionJson {
  name: string;
  type: number;
  options?: CommandOptionJson[];
  [key: string]: unknown;
}

/** The shared state every part of the fake (routes, gateway, interaction helpers) works on. */
export interface FakeCore {
  readonly world: World;
  readonly store: MessageStore;
  readonly signal: ChangeSignal;
  readonly applicationId: string;
  readonly botUserId: string;
  readonly botToken: string;
  readonly attachmentSizeLimit: number;
  origin(): string;
  /** Keyed by interaction token (webhook routes are keyed by it). */
  readonly interactions: Map<string, InteractionRecord>;
  /** Messages the bot posted with `POST /channels/{id}/messages` in guild channels. */
  readonly channelMessages: StoredMessage[];
  /** Messages the bot posted to DM channels. */
  readonly dms: StoredMessage[];
  readonly globalCommands: CommandJson[];
  readonly guildCommands: Map<string, CommandJson[]>;
  /** What `GET /gateway/bot` answers: the recommended shard count and the identify concurrency. Tests may change it. */
  readonly gatewayBot: { shards: number; maxConcurrency: number };
  /**
   * Sends a dispatch to the identified gateway sessions of the event's shard (by its guild; shard 0 without one),
   * optionally only those with `intent`.
   */
  dispatch(t: string, d: unknown, intent?: number): void;
}
