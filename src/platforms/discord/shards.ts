import { DiscordAPIError, RESTJSONErrorCodes, type ClientOptions } from 'discord.js';

/**
 * Which Discord shards one client connects, handed to discord.js's own (internal) sharding:
 * - `{ count: 'auto' }`: every shard, as many as Discord recommends (discord.js reads `GET /gateway/bot`);
 * - `{ count, ids }`: shards `ids` of a total of `count` (several processes split one bot; every process must use
 *   the same `count`).
 * Discord sends a guild's events and interactions to shard `(guild_id >> 22) % count`, and DMs to shard 0.
 */
export type ShardPlan = { readonly count: 'auto' } | { readonly count: number; readonly ids: readonly number[] };

/** The discord.js `Client` options of a plan. */
export function clientShardOptions(plan: ShardPlan): Pick<ClientOptions, 'shards' | 'shardCount'> {
  return plan.count === 'auto' ? { shards: 'auto' } : { shards: [...plan.ids], shardCount: plan.count };
}

/**
 * True when this client should register the slash commands: it runs shard 0 (or every shard). Exactly one process of
 * a sharded bot does, so processes starting together never race on the bulk overwrite.
 */
export function registersCommands(plan: ShardPlan | undefined): boolean {
  return plan === undefined || plan.count === 'auto' || plan.ids.includes(0);
}

/**
 * True when `e` is Discord refusing an interaction response because the interaction was already acknowledged:
 * another process connected the same shard and answered first. The loser must not answer or run anything.
 */
export function isAlreadyAcknowledged(e: unknown): boolean {
  return e instanceof DiscordAPIError && e.code === RESTJSONErrorCodes.InteractionHasAlreadyBeenAcknowledged;
}
