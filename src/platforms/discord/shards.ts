import { DiscordAPIError, RESTJSONErrorCodes, type ClientOptions } from 'discord.js';

/**
 * Which Discord shards one client connects, handed to discord.js's own (internal) sharding: shards `ids` of a total
 * of `count` (several processes may split one bot; every process must use the same `count`). Discord sends a guild's
 * events and interactions to shard `(guild_id >> 22) % count`, and DMs to shard 0.
 */
export interface ShardPlan {
  readonly count: number;
  /** Ascending, without duplicates, each below `count`. */
  readonly ids: readonly number[];
}

/** The discord.js `Client` options of a plan. */
export function clientShardOptions(plan: ShardPlan): Pick<ClientOptions, 'shards' | 'shardCount'> {
  return { shards: [...plan.ids], shardCount: plan.count };
}

/**
 * True when this client should register the slash commands: it runs shard 0 (no plan: discord.js's default single
 * shard). Exactly one process of a sharded bot does, so processes starting together never race on the bulk overwrite.
 */
export function registersCommands(plan: ShardPlan | undefined): boolean {
  return plan === undefined || plan.ids.includes(0);
}

/**
 * True when `e` is Discord refusing an interaction response because the interaction was already acknowledged:
 * another process connected the same shard and answered first. The loser must not answer or run anything.
 */
export function isAlreadyAcknowledged(e: unknown): boolean {
  return e instanceof DiscordAPIError && e.code === RESTJSONErrorCodes.InteractionHasAlreadyBeenAcknowledged;
}
