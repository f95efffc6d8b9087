import { Redis } from 'ioredis';
import { CoordinationUnavailableError, type Coordination, type SlotCounter } from '../core/ports/coordination.js';
import type { Logger } from '../log.js';
import { redisHostOf } from './redis-host.js';

/** Options of {@link openRedisCoordination}. */
export interface RedisCoordinationOptions {
  /** `redis://[user:password@]host:port[/db]` or `rediss://…` (TLS). */
  url: string;
  /** Put before every key (default `mediabot:`), so several bots or tests can share one Redis. */
  prefix?: string;
  /** Connection problems are logged here (never the URL: it may carry a password). */
  logger?: Logger;
  /** How long one command may take before it fails as unavailable, ms; default 3000. */
  commandTimeoutMs?: number;
  /** How long the first connection may take, ms; default 5000. */
  connectTimeoutMs?: number;
}

// Times come from Redis itself (TIME), so processes on hosts with skewed clocks agree on every expiry.
const NOW = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** KEYS: counters. ARGV: holder, ttl, limit per key. Returns the 1-based indexes of the counters that were full. */
const TAKE_SLOTS = `${NOW}
local holder, ttl, full = ARGV[1], tonumber(ARGV[2]), {}
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  if not redis.call('ZSCORE', key, holder) and redis.call('ZCARD', key) >= tonumber(ARGV[2 + i]) then table.insert(full, i) end
end
if #full == 0 then
  for _, key in ipairs(KEYS) do
    redis.call('ZADD', key, now + ttl, holder)
    if redis.call('PTTL', key) < ttl then redis.call('PEXPIRE', key, ttl) end
  end
end
return full`;

/** KEYS: counters. ARGV: holder, ttl. */
const RENEW_SLOTS = `${NOW}
local holder, ttl = ARGV[1], tonumber(ARGV[2])
for _, key in ipairs(KEYS) do
  local at = redis.call('ZSCORE', key, holder)
  if at and tonumber(at) > now then
    redis.call('ZADD', key, 'XX', now + ttl, holder)
    if redis.call('PTTL', key) < ttl then redis.call('PEXPIRE', key, ttl) end
  end
end
return 0`;

const COUNT_SLOTS = `${NOW}
return redis.call('ZCOUNT', KEYS[1], '(' .. now, '+inf')`;

/** KEYS: the claim. ARGV: ttl. 0 when claimed now, else the ms left. */
const CLAIM = `if redis.call('SET', KEYS[1], '1', 'PX', ARGV[1], 'NX') then return 0 end
local left = redis.call('PTTL', KEYS[1])
if left < 1 then return 1 end
return left`;

/** KEYS: the list. ARGV: value, ttl, max length (0 = none). */
const APPEND = `local n = redis.call('RPUSH', KEYS[1], ARGV[1])
local max = tonumber(ARGV[3])
if max > 0 and n > max then redis.call('LTRIM', KEYS[1], -max, -1) n = max end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return n`;

/** KEYS: the list. ARGV: expected length (-1 = any). Returns {1, entries} when taken, else {0, length}. */
const TAKE_LIST = `local n = redis.call('LLEN', KEYS[1])
if tonumber(ARGV[1]) >= 0 and n ~= tonumber(ARGV[1]) then return {0, n} end
local items = redis.call('LRANGE', KEYS[1], 0, -1)
redis.call('DEL', KEYS[1])
return {1, items}`;

/**
 * KEYS: the line (members scored by join order), its expiries (members scored by expiry), its join counter.
 * ARGV: member, ttl. Drops expired members, enters or renews `member`, returns how many joined before it.
 */
const LINE_ENTER = `${NOW}
local member, ttl = ARGV[1], tonumber(ARGV[2])
local gone = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now)
for _, m in ipairs(gone) do redis.call('ZREM', KEYS[1], m) redis.call('ZREM', KEYS[2], m) end
if not redis.call('ZSCORE', KEYS[1], member) then redis.call('ZADD', KEYS[1], redis.call('INCR', KEYS[3]), member) end
redis.call('ZADD', KEYS[2], now + ttl, member)
for _, k in ipairs(KEYS) do if redis.call('PTTL', k) < ttl then redis.call('PEXPIRE', k, ttl) end end
return redis.call('ZRANK', KEYS[1], member)`;

/** KEYS: the lease. ARGV: owner, ttl. */
const HOLD_LEASE = `local cur = redis.call('GET', KEYS[1])
if not cur then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
if cur == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
return 0`;

const RELEASE_LEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0`;

const SCRIPTS = { mbTakeSlots: TAKE_SLOTS, mbRenewSlots: RENEW_SLOTS, mbCountSlots: COUNT_SLOTS, mbClaim: CLAIM, mbAppend: APPEND, mbTakeList: TAKE_LIST, mbLineEnter: LINE_ENTER, mbHoldLease: HOLD_LEASE, mbReleaseLease: RELEASE_LEASE };
type ScriptName = keyof typeof SCRIPTS;
type ScriptFn = (numKeys: number, ...args: (string | number)[]) => Promise<unknown>;

/**
 * {@link Coordination} over Redis (ioredis): every multi-step change is one Lua script, so it is atomic; slots are
 * sorted sets scored by their expiry, claims and values are `SET … PX`, leases are `SET` with an owner checked by the
 * script. Keys are `<prefix><key>`; every key has a TTL, so nothing is left behind.
 *
 * Failure behaviour: commands are not queued while disconnected and fail after `commandTimeoutMs`, each as a
 * {@link CoordinationUnavailableError}; the client keeps reconnecting in the background.
 */
export class RedisCoordination implements Coordination {
  readonly shared = true;
  private closing: Promise<void> | undefined;
  private lastErrorLog = 0;

  private constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly host: string,
  ) {
    for (const [name, lua] of Object.entries(SCRIPTS)) redis.defineCommand(name, { lua });
  }

  /**
   * Connects and checks that Redis answers (`PING`).
   * @throws CoordinationUnavailableError naming the host and the cause when it cannot.
   */
  static async open(o: RedisCoordinationOptions): Promise<RedisCoordination> {
    const host = redisHostOf(o.url);
    const redis = new Redis(o.url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: o.connectTimeoutMs ?? 5_000,
      commandTimeout: o.commandTimeoutMs ?? 3_000,
      retryStrategy: (times) => Math.min(200 * times, 2_000),
    });
    const c = new RedisCoordination(redis, o.prefix ?? 'mediabot:', host);
    let first: Error | undefined;
    const onFirst = (e: Error) => (first ??= e);
    redis.on('error', onFirst);
    try {
      await redis.connect();
      await redis.ping();
    } catch (e) {
      redis.disconnect();
      // `connect()` rejects with "Connection is closed."; the socket's own error says why.
      throw new CoordinationUnavailableError(`Redis at ${host} cannot be reached: ${codeOf(first ?? e)}`, { cause: first ?? e });
    }
    redis.off('error', onFirst);
    redis.on('error', (e: Error) => c.logError(o.logger, e));
    return c;
  }

  async takeSlots(counters: readonly SlotCounter[], holder: string, ttlMs: number): Promise<string[]> {
    if (counters.length === 0) return [];
    const full = (await this.script('mbTakeSlots', counters.map((c) => this.k(c.key)), [holder, ttlMs, ...counters.map((c) => c.limit)])) as number[];
    return full.map((i) => counters[i - 1]!.key);
  }

  async renewSlots(keys: readonly string[], holder: string, ttlMs: number): Promise<void> {
    if (keys.length > 0) await this.script('mbRenewSlots', keys.map((k) => this.k(k)), [holder, ttlMs]);
  }

  async releaseSlots(keys: readonly string[], holder: string): Promise<void> {
    if (keys.length === 0) return;
    await this.call(() => {
      const m = this.redis.multi();
      for (const k of keys) m.zrem(this.k(k), holder);
      return m.exec();
    });
  }

  async countSlots(key: string): Promise<number> {
    return Number(await this.script('mbCountSlots', [this.k(key)], []));
  }

  async claim(key: string, ttlMs: number): Promise<number> {
    return Number(await this.script('mbClaim', [this.k(key)], [Math.max(1, Math.ceil(ttlMs))]));
  }

  async put(key: string, value: string, ttlMs: number): Promise<void> {
    await this.call(() => this.redis.set(this.k(key), value, 'PX', Math.max(1, Math.ceil(ttlMs))));
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.call(() => this.redis.get(this.k(key)))) ?? undefined;
  }

  async take(key: string): Promise<string | undefined> {
    return (await this.call(() => this.redis.getdel(this.k(key)))) ?? undefined;
  }

  async delete(key: string): Promise<void> {
    await this.call(() => this.redis.del(this.k(key)));
  }

  async append(key: string, value: string, ttlMs: number, maxLength?: number): Promise<number> {
    return Number(await this.script('mbAppend', [this.k(key)], [value, Math.max(1, Math.ceil(ttlMs)), maxLength ?? 0]));
  }

  async takeList(key: string, ifLength?: number): Promise<{ taken: string[] } | { length: number }> {
    const [taken, v] = (await this.script('mbTakeList', [this.k(key)], [ifLength ?? -1])) as [number, string[] | number];
    return taken === 1 ? { taken: v as string[] } : { length: Number(v) };
  }

  async listLength(key: string): Promise<number> {
    return this.call(() => this.redis.llen(this.k(key)));
  }

  async lineEnter(key: string, member: string, ttlMs: number): Promise<number> {
    const k = this.k(`line:${key}`);
    return Number(await this.script('mbLineEnter', [k, `${k}:exp`, `${k}:seq`], [member, Math.max(1, Math.ceil(ttlMs))]));
  }

  async lineLeave(key: string, member: string): Promise<void> {
    const k = this.k(`line:${key}`);
    await this.call(() => this.redis.multi().zrem(k, member).zrem(`${k}:exp`, member).exec());
  }

  async holdLease(name: string, owner: string, ttlMs: number): Promise<boolean> {
    return Number(await this.script('mbHoldLease', [this.k(`lease:${name}`)], [owner, Math.max(1, Math.ceil(ttlMs))])) === 1;
  }

  async releaseLease(name: string, owner: string): Promise<void> {
    await this.script('mbReleaseLease', [this.k(`lease:${name}`)], [owner]);
  }

  /** Closes the connection (`QUIT`, or a plain disconnect when Redis does not answer). Idempotent. */
  close(): Promise<void> {
    this.closing ??= this.redis.quit().then(
      () => undefined,
      () => this.redis.disconnect(),
    );
    return this.closing;
  }

  private k(key: string): string {
    return this.prefix + key;
  }

  private script(name: ScriptName, keys: string[], args: (string | number)[]): Promise<unknown> {
    const fn = (this.redis as unknown as Record<ScriptName, ScriptFn>)[name];
    return this.call(() => fn.call(this.redis, keys.length, ...keys, ...args));
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      throw new CoordinationUnavailableError(`Redis at ${this.host} did not answer: ${codeOf(e)}`, { cause: e });
    }
  }

  /** Connection errors repeat on every reconnect attempt: logged at most every 30 s. */
  private logError(logger: Logger | undefined, e: Error): void {
    const now = Date.now();
    if (now - this.lastErrorLog < 30_000) return;
    this.lastErrorLog = now;
    logger?.warn({ redis: this.host, code: codeOf(e) }, 'Redis connection problem: shared limits unavailable until it is back (new commands are refused with "try again in a moment")');
  }
}

/** A short cause: the network code when there is one, else the message. */
function codeOf(e: unknown): string {
  const code = (e as { code?: unknown })?.code;
  if (typeof code === 'string') return code;
  return e instanceof Error ? e.message : String(e);
}
