import type { DiscordShardSettings } from './config.js';
import type { ShardPlan } from './shards.js';
import { hostOf, StartupError, withStartupTimeout } from '../../startup-errors.js';
import { explainDiscordStartError } from './startup-errors.js';

/** What `GET /gateway/bot` says about starting this bot's shards. */
export interface GatewayBotInfo {
  /** Discord's recommended shard count. */
  shards: number;
  /** `session_start_limit.max_concurrency`: shards that may identify at the same time. */
  maxConcurrency: number;
}

/** `GET /v10/gateway/bot` with the bot token (the call discord.js makes at login), bounded by `timeoutMs`. */
export async function fetchGatewayBot(token: string, apiBase: string | undefined, timeoutMs: number): Promise<GatewayBotInfo> {
  const base = (apiBase ?? 'https://discord.com/api').replace(/\/+$/, '');
  const controller = new AbortController();
  try {
    const res = await withStartupTimeout(fetch(`${base}/v10/gateway/bot`, { headers: { authorization: `Bot ${token}` }, signal: controller.signal }), timeoutMs, 'Discord', hostOf(base));
    if (res.status === 401) throw Object.assign(new Error('401: Unauthorized'), { status: 401 });
    if (!res.ok) throw Object.assign(new Error(`GET /gateway/bot answered ${res.status}`), { status: res.status });
    const body = (await res.json()) as { shards?: unknown; session_start_limit?: { max_concurrency?: unknown } };
    const { shards } = body;
    const maxConcurrency = body.session_start_limit?.max_concurrency;
    if (typeof shards !== 'number' || !Number.isInteger(shards) || shards < 1) throw new Error('GET /gateway/bot gave no shard count');
    return { shards, maxConcurrency: typeof maxConcurrency === 'number' && maxConcurrency >= 1 ? maxConcurrency : 1 };
  } catch (e) {
    throw explainDiscordStartError(e, apiBase);
  } finally {
    controller.abort();
  }
}

/**
 * The {@link ShardPlan} of `DISCORD_SHARD_COUNT` / `DISCORD_SHARD_IDS`: `auto` is Discord's recommended count
 * (`recommended`), and no ids means every shard. Ids with a number were already checked by the configuration; ids
 * with `auto` are checked here, against the recommendation.
 * @throws StartupError naming the variables when an id is not below the recommended count.
 */
export function resolveShardPlan(settings: DiscordShardSettings, recommended: number): ShardPlan {
  const count = settings.count === 'auto' ? recommended : settings.count;
  const ids = settings.ids ?? Array.from({ length: count }, (_, i) => i);
  const bad = ids.find((id) => id >= count);
  if (bad !== undefined) {
    throw new StartupError(
      `DISCORD_SHARD_IDS lists shard ${bad}, but Discord recommends ${count} shard${count === 1 ? '' : 's'} (${count === 1 ? 'id 0' : `ids 0 to ${count - 1}`}) and DISCORD_SHARD_COUNT is auto: set DISCORD_SHARD_COUNT to the total your processes share, or list ids below ${count}.`,
    );
  }
  return { count, ids };
}

/**
 * The longest discord.js may wait between identifies of `ids` before every shard is ready: shards share a bucket
 * when their ids are equal modulo `maxConcurrency` (Discord's `session_start_limit.max_concurrency`), and discord.js
 * spaces a bucket's identifies by 5 s plus up to 1.5 s of jitter. A start-up deadline must allow for it.
 */
export function identifyWaitMs(ids: readonly number[], maxConcurrency: number): number {
  const buckets = new Map<number, number>();
  for (const id of ids) buckets.set(id % Math.max(1, maxConcurrency), (buckets.get(id % Math.max(1, maxConcurrency)) ?? 0) + 1);
  return Math.max(0, ...[...buckets.values()].map((n) => n - 1)) * 6_500;
}
