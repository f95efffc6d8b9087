/**
 * Redis for tests: the server at `MEDIABOT_TEST_REDIS_URL` (default redis://127.0.0.1:6379), a unique key prefix
 * per test, and the skip rule: when the server cannot be reached a suite is skipped with a printed reason, unless
 * `MEDIABOT_REQUIRE_SERVICES=1`, in which case {@link redisForTests} throws and the file fails.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the tests use. */
export const TEST_REDIS_URL = process.env.MEDIABOT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** True when Redis answers PING within a second. */
async function reachable(): Promise<boolean> {
  const r = new Redis(TEST_REDIS_URL, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.on('error', () => undefined);
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

/**
 * Whether Redis tests can run here. Prints why when they cannot; throws instead when services are required.
 * Call at the top level of a test file: `const redisUp = await redisForTests('…')`, then `describe.skipIf(!redisUp)`.
 */
export async function redisForTests(suite: string): Promise<boolean> {
  if (await reachable()) return true;
  const why = `Redis is not reachable at ${TEST_REDIS_URL}`;
  if (process.env.MEDIABOT_REQUIRE_SERVICES === '1') throw new Error(`${suite}: ${why} and MEDIABOT_REQUIRE_SERVICES=1`);
  console.warn(`[skipped] ${suite}: ${why} (set MEDIABOT_REQUIRE_SERVICES=1 to make this a failure)`);
  return false;
}

/** A fresh key prefix, e.g. `mbtest:fair-use:1a2b3c4d:`. */
export function uniquePrefix(name: string): string {
  return `mbtest:${name}:${randomBytes(4).toString('hex')}:`;
}

/** Deletes every key under `prefix`, Bottleneck's (`b_<prefix>…`) included. */
export async function dropPrefix(prefix: string): Promise<void> {
  const r = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    for (const pattern of [`${prefix}*`, `b_${prefix}*`]) {
      let cursor = '0';
      do {
        const [next, keys] = await r.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
        cursor = next;
        if (keys.length) await r.del(...keys);
      } while (cursor !== '0');
    }
  } finally {
    r.disconnect();
  }
}

/** Every key and value under `prefix` (strings, lists, sorted-set members), as one text, to check what is stored. */
export async function dumpPrefix(prefix: string): Promise<string> {
  const r = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  const out: string[] = [];
  try {
    let cursor = '0';
    do {
      const [next, keys] = await r.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      for (const k of keys) {
        const type = await r.type(k);
        const value = type === 'string' ? await r.get(k) : type === 'list' ? (await r.lrange(k, 0, -1)).join('\n') : type === 'zset' ? (await r.zrange(k, 0, -1)).join('\n') : '';
        out.push(`${k}\t${value ?? ''}`);
      }
    } while (cursor !== '0');
  } finally {
    r.disconnect();
  }
  return out.join('\n');
}
