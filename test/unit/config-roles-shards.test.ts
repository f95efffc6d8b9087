import { describe, expect, it } from 'vitest';
import { identifyWaitMs, resolveShardPlan } from '../../src/platforms/discord/shard-plan.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import { clientShardOptions, registersCommands } from '../../src/platforms/discord/shards.js';

const DISCORD = { DISCORD_TOKEN: 'discord-token' };

function errorOf(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('ROLE', () => {
  it('defaults to all; gateway-bot and worker are accepted with a platform token', () => {
    expect(loadConfig({}).role).toBe('all');
    expect(loadConfig({ ...DISCORD, ROLE: 'gateway-bot' }).role).toBe('gateway-bot');
    expect(loadConfig({ TELEGRAM_BOT_TOKEN: '123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', ROLE: 'worker' }).role).toBe('worker');
  });

  it('refuses an unknown role, and a split role without any platform token (that would be the playground)', () => {
    expect(errorOf({ ROLE: 'poller' })).toBe('Configuration error: ROLE must be one of all, gateway-bot, worker.');
    expect(errorOf({ ROLE: 'worker' })).toMatch(/^Configuration error: ROLE must be all \(the default\) when neither DISCORD_TOKEN nor TELEGRAM_BOT_TOKEN is set/);
  });
});

describe('DISCORD_SHARD_COUNT and DISCORD_SHARD_IDS', () => {
  const shards = (env: NodeJS.ProcessEnv) => loadConfig({ ...DISCORD, ...env }).discord!.shards;

  it('default: auto, every shard in this process', () => {
    expect(shards({})).toEqual({ count: 'auto', ids: undefined });
    expect(shards({ DISCORD_SHARD_COUNT: 'AUTO' })).toEqual({ count: 'auto', ids: undefined });
  });

  it('reads lists and ranges, sorted', () => {
    expect(shards({ DISCORD_SHARD_COUNT: '4', DISCORD_SHARD_IDS: '0-3' })).toEqual({ count: 4, ids: [0, 1, 2, 3] });
    expect(shards({ DISCORD_SHARD_COUNT: '16', DISCORD_SHARD_IDS: '8, 1 ,3-4' })).toEqual({ count: 16, ids: [1, 3, 4, 8] });
    expect(shards({ DISCORD_SHARD_IDS: '2' })).toEqual({ count: 'auto', ids: [2] });
    expect(shards({ DISCORD_SHARD_COUNT: '65536', DISCORD_SHARD_IDS: '0-65535' }).ids).toHaveLength(65_536);
  });

  it('refuses bad counts, bad lists, duplicates and ids not below the count, naming the variable', () => {
    expect(errorOf({ ...DISCORD, DISCORD_SHARD_COUNT: '0' })).toMatch(/^Configuration error: DISCORD_SHARD_COUNT must be auto or a whole number of shards/);
    expect(errorOf({ ...DISCORD, DISCORD_SHARD_COUNT: 'two' })).toMatch(/^Configuration error: DISCORD_SHARD_COUNT must be/);
    expect(errorOf({ ...DISCORD, DISCORD_SHARD_IDS: '0;1' })).toMatch(/^Configuration error: DISCORD_SHARD_IDS must be shard ids as a comma-separated list/);
    expect(errorOf({ ...DISCORD, DISCORD_SHARD_IDS: '3-1' })).toMatch(/a range goes from low to high/);
    expect(errorOf({ ...DISCORD, DISCORD_SHARD_IDS: '0-2,2' })).toBe('Configuration error: DISCORD_SHARD_IDS must be each shard id once (2 is listed twice).');
    expect(errorOf({ ...DISCORD, DISCORD_SHARD_COUNT: '2', DISCORD_SHARD_IDS: '1,2' })).toBe(
      'Configuration error: DISCORD_SHARD_IDS must be shard ids below DISCORD_SHARD_COUNT (2), from 0 to 1; 2 is not.',
    );
  });
});

describe('shard plans', () => {
  it('auto is the recommended count; no ids means every shard', () => {
    expect(resolveShardPlan({ count: 'auto', ids: undefined }, 3)).toEqual({ count: 3, ids: [0, 1, 2] });
    expect(resolveShardPlan({ count: 4, ids: undefined }, 1)).toEqual({ count: 4, ids: [0, 1, 2, 3] });
    expect(resolveShardPlan({ count: 4, ids: [2] }, 1)).toEqual({ count: 4, ids: [2] });
    expect(resolveShardPlan({ count: 'auto', ids: [1] }, 2)).toEqual({ count: 2, ids: [1] });
  });

  it('ids with auto at or past the recommended count are refused with one sentence', () => {
    expect(() => resolveShardPlan({ count: 'auto', ids: [0, 1] }, 1)).toThrow(
      'DISCORD_SHARD_IDS lists shard 1, but Discord recommends 1 shard (id 0) and DISCORD_SHARD_COUNT is auto: set DISCORD_SHARD_COUNT to the total your processes share, or list ids below 1.',
    );
  });

  it('the start-up allowance grows with the identifies discord.js must space out (5 s + jitter per bucket)', () => {
    expect(identifyWaitMs([0], 1)).toBe(0);
    expect(identifyWaitMs([0, 1], 2)).toBe(0);
    expect(identifyWaitMs([0, 1, 2, 3], 1)).toBe(3 * 6_500);
    expect(identifyWaitMs([0, 1, 2, 3, 4, 5, 6, 7], 4)).toBe(6_500);
  });

  it('maps to discord.js client options; only a plan with shard 0 registers commands', () => {
    expect(clientShardOptions({ count: 4, ids: [2, 3] })).toEqual({ shards: [2, 3], shardCount: 4 });
    expect(registersCommands(undefined)).toBe(true);
    expect(registersCommands({ count: 4, ids: [0, 1] })).toBe(true);
    expect(registersCommands({ count: 4, ids: [2, 3] })).toBe(false);
  });
});
