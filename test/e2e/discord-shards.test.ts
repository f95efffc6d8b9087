/**
 * Discord shards across real bot processes (src/main.ts) against the fake Discord, whose gateway routes every guild's
 * interactions to shard `(guild_id >> 22) % num_shards` only (DMs to shard 0), as Discord documents:
 * - DISCORD_SHARD_COUNT=2 with DISCORD_SHARD_IDS=0 and =1 in two processes (one SQLite file each): each IDENTIFY
 *   carries its `[id, 2]`, only the shard-0 process registers the slash commands, and every interaction of several
 *   guilds is answered exactly once, by the process of its shard (its database alone knows the guild);
 * - a third process misconfigured with the same shard as another: both receive its interactions, Discord accepts
 *   one acknowledgement, so each is still answered once and the other process logs that it left it alone;
 * - DISCORD_SHARD_COUNT=auto in one process runs Discord's recommended count (GET /gateway/bot); with
 *   DISCORD_SHARD_IDS naming a shard at or past that count, the start fails with one sentence.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';
import { generateEncryptionKey } from '../../src/store/crypto.js';
import { shardOf, startFakeDiscord, type FakeDiscord, type InteractionHandle } from '../fakes/discord/index.js';
import { spawnMain, type MainProcess } from '../support/main-process.js';

// Spawns child processes (tsx start-ups take seconds each on a loaded machine): a wider bound than the default 30 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const KEY = generateEncryptionKey();
let sim: SimulatorHandle;
let fake: FakeDiscord;
let root: string;
const running: MainProcess[] = [];
/** Guilds with their owner (who runs the commands), at least two on each of 2 shards. */
const guilds: { guildId: string; ownerId: string }[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  sim = await startSimulator();
  fake = await startFakeDiscord({ waitTimeoutMs: 20_000 });
  root = mkdtempSync(join(tmpdir(), 'mb-shards-'));
  guilds.push({ guildId: fake.guildId, ownerId: fake.adminUserId });
  // Snowflakes carry their creation millisecond in the bits above 22: guilds made a few ms apart spread over shards.
  while ([0, 1].some((s) => guilds.filter((g) => shardOf(g.guildId, 2) === s).length < 2)) {
    await sleep(3);
    const g = fake.addGuild();
    guilds.push({ guildId: g.guildId, ownerId: g.ownerId });
  }
});

afterAll(async () => {
  await Promise.all(running.map(stop));
  await fake?.close();
  await sim?.close();
  rmSync(root, { recursive: true, force: true });
});

async function stop(p: MainProcess): Promise<void> {
  if (p.proc.exitCode === null && p.proc.signalCode === null) p.proc.kill('SIGTERM');
  await p.exited;
}

/** Starts a bot process on its own database and output folder; resolves once it logged "mediabot started". */
async function startBot(name: string, extra: NodeJS.ProcessEnv): Promise<MainProcess & { db: string }> {
  const dir = join(root, name);
  const p = spawnMain(
    {
      DISCORD_TOKEN: fake.botToken,
      DISCORD_API_BASE: fake.apiBase,
      DISCORD_APPLICATION_ID: fake.applicationId,
      BOT_ENCRYPTION_KEY: KEY,
      GATEWAY_BASE_URL: sim.baseUrl,
      GATEWAY_TOKEN: sim.tokens.media,
      DATABASE_PATH: join(dir, 'bot.sqlite'),
      OUTPUT_DIR: join(dir, 'outputs'),
      SHUTDOWN_GRACE_MS: '1000',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      ...extra,
    },
    mkdtempSync(join(root, `${name}-cwd-`)),
  );
  running.push(p);
  await p.waitFor('"mediabot started"', 25_000);
  return Object.assign(p, { db: join(dir, 'bot.sqlite') });
}

/** Discord ids of the guilds and people a process's database has met. */
function known(db: string): { scopes: Set<string>; users: Set<string> } {
  const d = new Database(db, { readonly: true, fileMustExist: true });
  try {
    const scopes = d.prepare(`SELECT external_id AS id FROM scopes WHERE platform = 'discord'`).all() as { id: string }[];
    const users = d.prepare(`SELECT external_id AS id FROM users WHERE platform = 'discord'`).all() as { id: string }[];
    return { scopes: new Set(scopes.map((r) => r.id)), users: new Set(users.map((r) => r.id)) };
  } finally {
    d.close();
  }
}

/** Calls to the interaction's callback route, by answer status. */
function callbackAttempts(h: InteractionHandle): number[] {
  return fake
    .requests()
    .filter((r) => r.method === 'POST' && r.path.startsWith(`/interactions/${h.id}/`))
    .map((r) => r.status);
}

/** /balance from `userId` in `guildId` (null: a DM); resolves once its answer is posted. */
async function balance(guildId: string | null, userId: string): Promise<InteractionHandle> {
  const h = fake.slashCommand({ name: 'balance', guildId, userId });
  await h.waitForCallback();
  await h.waitForOriginalEdit((m) => m.content.length > 0 || m.embeds.length > 0);
  return h;
}

const shardIdsOf = (from: number) =>
  fake
    .identifies()
    .slice(from)
    .map((i) => i.shard as [number, number])
    .sort((a, b) => a[0] - b[0]);

describe('Discord shards over processes', () => {
  let p0: MainProcess & { db: string };
  let p1: MainProcess & { db: string };

  it('two processes, shards 0 and 1 of 2: each guild answered once, by the process of its shard', async () => {
    const before = fake.identifies().length;
    const t0 = Date.now();
    [p0, p1] = await Promise.all([
      startBot('shard0', { DISCORD_SHARD_COUNT: '2', DISCORD_SHARD_IDS: '0' }),
      startBot('shard1', { DISCORD_SHARD_COUNT: '2', DISCORD_SHARD_IDS: '1' }),
    ]);
    expect(shardIdsOf(before)).toEqual([
      [0, 2],
      [1, 2],
    ]);
    // Only the shard-0 process registers commands; each names the shards it runs.
    expect(fake.commandPutCount()).toBe(1);
    expect(p0.out()).toContain('"discord commands"');
    expect(p1.out()).not.toContain('"discord commands"');
    expect(p0.out()).toMatch(/"shardIds":\[0\],"shardCount":2[^\n]*this process runs only these shards/);
    expect(p1.out()).toMatch(/"shardIds":\[1\],"shardCount":2[^\n]*this process runs only these shards/);

    const startMs = Date.now() - t0;
    const dmUser = fake.addMember(fake.guildId, { username: 'dm-user' });
    const t1 = Date.now();
    const handles = await Promise.all([...guilds.map((g) => balance(g.guildId, g.ownerId)), balance(null, dmUser)]);
    process.stderr.write(`shards: two processes started in ${startMs} ms; ${handles.length} interactions over ${guilds.length} guilds and a DM answered in ${Date.now() - t1} ms\n`);
    await sleep(300); // a second answer would have come by now
    for (const [i, h] of handles.entries()) {
      const guildId = guilds[i]?.guildId;
      expect(fake.interactionShards(h.id), `interaction in ${guildId ?? 'a DM'}`).toEqual([[shardOf(guildId, 2), 2]]);
      expect(h.callbacks()).toHaveLength(1);
      expect(callbackAttempts(h)).toHaveLength(1);
    }
    const k0 = known(p0.db);
    const k1 = known(p1.db);
    for (const g of guilds) {
      const s = shardOf(g.guildId, 2);
      expect(k0.scopes.has(g.guildId), `guild on shard ${s} in process 0`).toBe(s === 0);
      expect(k1.scopes.has(g.guildId), `guild on shard ${s} in process 1`).toBe(s === 1);
    }
    expect(k0.scopes.has(`dm:${dmUser}`)).toBe(true);
    expect(k1.scopes.has(`dm:${dmUser}`)).toBe(false);
    for (const p of [p0, p1]) expect(p.out() + p.err()).not.toMatch(/handler failed|already acknowledged by another process/);
  }, 90_000);

  it('a second process on shard 1 by mistake: its interactions are still answered once, the other process stands back', async () => {
    const before = fake.identifies().length;
    const dup = await startBot('shard1-again', { DISCORD_SHARD_COUNT: '2', DISCORD_SHARD_IDS: '1' });
    expect(shardIdsOf(before)).toEqual([[1, 2]]);
    expect(fake.commandPutCount()).toBe(1);

    const shard1 = guilds.filter((g) => shardOf(g.guildId, 2) === 1);
    const askers = shard1.map((g) => ({ guildId: g.guildId, userId: fake.addMember(g.guildId) }));
    const handles = await Promise.all(askers.map((a) => balance(a.guildId, a.userId)));
    const losers = () => (p1.out() + dup.out()).split('\n').filter((l) => l.includes('already acknowledged by another process')).length;
    const deadline = Date.now() + 10_000;
    while (losers() < handles.length && Date.now() < deadline) await sleep(50);
    const kp1 = known(p1.db);
    const kdup = known(dup.db);
    for (const [i, h] of handles.entries()) {
      expect(fake.interactionShards(h.id)).toEqual([
        [1, 2],
        [1, 2],
      ]);
      expect(h.callbacks()).toHaveLength(1);
      // Both processes tried; Discord refused the later one (40060), and only the winner ran the command.
      expect(callbackAttempts(h).sort()).toEqual([204, 400].sort());
      const userId = askers[i]!.userId;
      expect(Number(kp1.users.has(userId)) + Number(kdup.users.has(userId)), `user ${userId} met by exactly one process`).toBe(1);
    }
    expect(losers()).toBe(handles.length);
    expect(p1.out() + dup.out()).not.toContain('handler failed');
    await stop(dup);
  }, 90_000);

  it('DISCORD_SHARD_COUNT=auto runs every shard Discord recommends in one process', async () => {
    await Promise.all([stop(p0), stop(p1)]);
    fake.setGatewayBot({ shards: 2, maxConcurrency: 2 });
    const before = fake.identifies().length;
    const all = await startBot('auto', { DISCORD_SHARD_COUNT: 'auto' });
    expect(shardIdsOf(before)).toEqual([
      [0, 2],
      [1, 2],
    ]);
    expect(all.out()).toMatch(/"shardIds":\[0,1\],"shardCount":2[^\n]*this process runs every shard/);
    const handles = await Promise.all(guilds.map((g) => balance(g.guildId, g.ownerId)));
    await sleep(300);
    for (const [i, h] of handles.entries()) {
      expect(fake.interactionShards(h.id)).toEqual([[shardOf(guilds[i]!.guildId, 2), 2]]);
      expect(callbackAttempts(h)).toHaveLength(1);
    }
    await stop(all);
  }, 90_000);

  it('DISCORD_SHARD_IDS past the recommended count with auto: the start fails with one sentence', async () => {
    fake.setGatewayBot({ shards: 2 });
    const p = spawnMain({
      DISCORD_TOKEN: fake.botToken,
      DISCORD_API_BASE: fake.apiBase,
      BOT_ENCRYPTION_KEY: KEY,
      GATEWAY_BASE_URL: sim.baseUrl,
      DATABASE_PATH: join(root, 'bad', 'bot.sqlite'),
      DISCORD_SHARD_COUNT: 'auto',
      DISCORD_SHARD_IDS: '0,2',
      LOG_LEVEL: 'silent',
    });
    running.push(p);
    expect(await p.exited).toBe(1);
    expect(p.err().trim()).toBe(
      'DISCORD_SHARD_IDS lists shard 2, but Discord recommends 2 shards (ids 0 to 1) and DISCORD_SHARD_COUNT is auto: set DISCORD_SHARD_COUNT to the total your processes share, or list ids below 2.',
    );
  }, 30_000);
});
