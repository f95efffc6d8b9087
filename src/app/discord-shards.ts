import type { DiscordShardSettings } from '../config.js';
import type { ShardPlan } from '../platforms/discord/shards.js';
import { explainDiscordStartError, hostOf, StartupError, withStartupTimeout } from './startup-errors.js';

/** Discord's recommended shard count for the bot (`GET /v10/gateway/bot`, the same call discord.js makes for `auto`). */
export async function fetchRecommendedShards(token: string, apiBase: string | undefined, timeoutMs: number): Promise<number> {
  const base = (apiBase ?? 'https://discord.com/api').replace(/\/+$/, '');
  const controller = new AbortController();
  try {
    const res = await withStartupTimeout(fetch(`${base}/v10/gateway/bot`, { headers: { authorization: `Bot ${token}` }, signal: controller.signal }), timeoutMs, 'Discord', hostOf(base));
    if (res.status === 401) throw Object.assign(new Error('401: Unauthorized'), { status: 401 });
    if (!res.ok) throw Object.assign(new Error(`GET /gateway/bot answered ${res.status}`), { status: res.status });
    const shards = ((await res.json()) as { shards?: unknown }).shards;
    if (typeof shards !== 'number' || !Number.isInteger(shards) || shards < 1) throw new Error('GET /gateway/bot gave no shard count');
    return shards;
  } catch (e) {
    throw explainDiscordStartError(e, apiBase);
  } finally {
    controller.abort();
  }
}

/**
 * The {@link ShardPlan} of `DISCORD_SHARD_COUNT` / `DISCORD_SHARD_IDS`. Every shard with `auto` is left to discord.js
 * (it reads the recommendation itself); a list of ids with `auto` reads the recommendation here (`recommended`) and
 * checks the ids against it. A list with a number was already checked by the configuration.
 * @throws StartupError naming the variables when an id is not below the recommended count.
 */
export async function resolveShardPlan(settings: DiscordShardSettings, recommended: () => Promise<number>): Promise<ShardPlan> {
  const { count, ids } = settings;
  if (ids === undefined) return count === 'auto' ? { count: 'auto' } : { count, ids: Array.from({ length: count }, (_, i) => i) };
  if (count !== 'auto') return { count, ids };
  const total = await recommended();
  const bad = ids.find((id) => id >= total);
  if (bad !== undefined) {
    throw new StartupError(
      `DISCORD_SHARD_IDS lists shard ${bad}, but Discord recommends ${total} shard${total === 1 ? '' : 's'} (${total === 1 ? 'id 0' : `ids 0 to ${total - 1}`}) and DISCORD_SHARD_COUNT is auto: set DISCORD_SHARD_COUNT to the total your processes share, or list ids below ${total}.`,
    );
  }
  return { count: total, ids };
}
