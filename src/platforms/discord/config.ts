import { z } from 'zod';
import { ConfigError, doc, optionalString, url } from '../../config-kit.js';

/** Discord's section of the configuration: its variables, in the README's order, and the settings read from them. */

/** Largest shard id or count accepted (far beyond any bot's needs; Discord recommends one shard per 1,000 servers). */
const MAX_SHARDS = 65_536;

const shardCount = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx): number | 'auto' => {
    if (v === undefined || v === '' || v.toLowerCase() === 'auto') return 'auto';
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > MAX_SHARDS) {
      ctx.addIssue({ code: 'custom', message: `auto or a whole number of shards from 1 to ${MAX_SHARDS}` });
      return z.NEVER;
    }
    return n;
  });

const shardIds = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx): number[] | undefined => {
    if (v === undefined || v === '') return undefined;
    const ids = new Set<number>();
    for (const part of v.split(/\s*,\s*/)) {
      const m = /^(\d+)(?:\s*-\s*(\d+))?$/.exec(part);
      const from = m ? Number(m[1]) : NaN;
      const to = m?.[2] !== undefined ? Number(m[2]) : from;
      if (!m || from > to || to >= MAX_SHARDS) {
        ctx.addIssue({ code: 'custom', message: 'shard ids as a comma-separated list and/or ranges, e.g. 0,1 or 0-3 or 0-3,8 (a range goes from low to high)' });
        return z.NEVER;
      }
      for (let id = from; id <= to; id++) {
        if (ids.has(id)) {
          ctx.addIssue({ code: 'custom', message: `each shard id once (${id} is listed twice)` });
          return z.NEVER;
        }
        ids.add(id);
      }
    }
    return [...ids].sort((a, b) => a - b);
  });

const DISCORD = 'Discord';

/** The `DISCORD_*` variables (zod entries with their docs), merged into the configuration schema by the registry. */
export const discordShape = {
  DISCORD_TOKEN: doc(optionalString, { group: DISCORD, secret: true, description: 'Bot token from the Discord developer portal. Setting it enables the Discord adapter.' }),
  DISCORD_APPLICATION_ID: doc(
    z
      .string()
      .trim()
      .optional()
      .refine((v) => !v || /^[0-9]{5,25}$/.test(v), 'a numeric Discord application id (snowflake)'),
    { group: DISCORD, example: '123456789012345678', description: 'Application id (numeric) from the developer portal, used to register slash commands. Default: read from the logged-in bot.' },
  ),
  DISCORD_API_BASE: doc(url(), { group: DISCORD, description: 'Discord REST base, e.g. a REST proxy (default https://discord.com/api). Gateway discovery follows it.' }),
  DISCORD_GUILD_ID: doc(
    z
      .string()
      .trim()
      .optional()
      .refine((v) => !v || /^[0-9]{5,25}$/.test(v), 'a numeric Discord server id (snowflake)'),
    { group: DISCORD, description: 'Register commands to this server only (instant, good for testing) instead of globally. Default: global.' },
  ),
  DISCORD_SHARD_COUNT: doc(shardCount, {
    group: DISCORD,
    description:
      'Total number of Discord shards across every process of this bot: auto (default: the count Discord recommends, read from GET /gateway/bot at start) or a number. Pin a number when DISCORD_SHARD_IDS spreads the shards over several processes, so they all agree.',
  }),
  DISCORD_SHARD_IDS: doc(shardIds, {
    group: DISCORD,
    example: '0-3',
    description:
      'The shards this process connects, as ids and ranges below DISCORD_SHARD_COUNT (e.g. 0,1 or 0-3). Default: all of them. Each shard must run in exactly one process; the process with shard 0 registers the slash commands.',
  }),
};

/**
 * `DISCORD_SHARD_COUNT` and `DISCORD_SHARD_IDS`. `ids` undefined = every shard in this process; when set, `count` may
 * still be `auto` and is then resolved (and the ids checked against it) at start.
 */
export interface DiscordShardSettings {
  count: number | 'auto';
  /** Ascending, without duplicates. */
  ids: readonly number[] | undefined;
}

/** `Config['discord']`: set when `DISCORD_TOKEN` is. */
export interface DiscordConfig {
  token: string;
  applicationId: string | undefined;
  apiBase: string | undefined;
  guildId: string | undefined;
  shards: DiscordShardSettings;
}

/**
 * The Discord settings of validated variables, or undefined when `DISCORD_TOKEN` is unset (Discord does not start).
 * @throws ConfigError when a numbered `DISCORD_SHARD_COUNT` leaves a `DISCORD_SHARD_IDS` id out of range.
 */
export function discordSettings(e: z.output<z.ZodObject<typeof discordShape>>): DiscordConfig | undefined {
  const outOfRange = typeof e.DISCORD_SHARD_COUNT === 'number' ? e.DISCORD_SHARD_IDS?.find((id) => id >= (e.DISCORD_SHARD_COUNT as number)) : undefined;
  if (outOfRange !== undefined) {
    throw new ConfigError('DISCORD_SHARD_IDS', `shard ids below DISCORD_SHARD_COUNT (${e.DISCORD_SHARD_COUNT}), from 0 to ${(e.DISCORD_SHARD_COUNT as number) - 1}; ${outOfRange} is not`);
  }
  if (!e.DISCORD_TOKEN) return undefined;
  return {
    token: e.DISCORD_TOKEN,
    applicationId: e.DISCORD_APPLICATION_ID || undefined,
    apiBase: e.DISCORD_API_BASE,
    guildId: e.DISCORD_GUILD_ID || undefined,
    shards: { count: e.DISCORD_SHARD_COUNT, ids: e.DISCORD_SHARD_IDS },
  };
}
