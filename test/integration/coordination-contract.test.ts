/**
 * The contract of the `Coordination` port, run on both implementations from one file: in memory (always) and Redis
 * (127.0.0.1:6379 with a unique key prefix; skipped with a printed reason when unreachable, a failure with
 * MEDIABOT_REQUIRE_SERVICES=1), plus the scoped view over Redis. Two handles over one Redis play two processes.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryCoordination } from '../../src/core/coordination/memory-coordination.js';
import { ScopedCoordination } from '../../src/core/coordination/scoped-coordination.js';
import { isCoordinationUnavailable, type Coordination } from '../../src/core/ports/coordination.js';
import { RedisCoordination } from '../../src/coordination/redis-coordination.js';
import { dropPrefix, redisForTests, TEST_REDIS_URL, uniquePrefix } from '../support/redis.js';

const redisUp = await redisForTests('coordination contract (Redis)');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Impl {
  name: string;
  /** Two handles on the same state (two processes for Redis; the same object in memory). */
  open(): Promise<[Coordination, Coordination]>;
  skip: boolean;
}

const prefixes: string[] = [];
const opened: Coordination[] = [];
afterAll(async () => {
  await Promise.all(opened.map((c) => c.close()));
  if (redisUp) for (const p of prefixes) await dropPrefix(p);
});

const impls: Impl[] = [
  {
    name: 'memory',
    skip: false,
    open: async () => {
      const m = new MemoryCoordination();
      return [m, m];
    },
  },
  {
    name: 'redis',
    skip: !redisUp,
    open: async () => {
      const prefix = uniquePrefix('contract');
      prefixes.push(prefix);
      const a = await RedisCoordination.open({ url: TEST_REDIS_URL, prefix });
      const b = await RedisCoordination.open({ url: TEST_REDIS_URL, prefix });
      opened.push(a, b);
      return [a, b];
    },
  },
  {
    // The view the Telegram surface uses (keys under `telegram:<bot id>:`) keeps the same contract.
    name: 'redis, scoped view',
    skip: !redisUp,
    open: async () => {
      const prefix = uniquePrefix('contract-scoped');
      prefixes.push(prefix);
      const a = await RedisCoordination.open({ url: TEST_REDIS_URL, prefix });
      const b = await RedisCoordination.open({ url: TEST_REDIS_URL, prefix });
      opened.push(a, b);
      return [new ScopedCoordination(a, 'telegram:42:'), new ScopedCoordination(b, 'telegram:42:')];
    },
  },
];

for (const impl of impls) {
  describe.skipIf(impl.skip)(`Coordination contract: ${impl.name}`, () => {
    it('bounded counters: all or nothing across counters, per holder, released and counted', async () => {
      const [a, b] = await impl.open();
      const user = { key: 'slots:user:1', limit: 1 };
      const scope = { key: 'slots:scope:1', limit: 2 };
      expect(await a.takeSlots([user, scope], 'h1', 10_000)).toEqual([]);
      // The user is full: nothing is taken on the scope either.
      expect(await b.takeSlots([user, scope], 'h2', 10_000)).toEqual(['slots:user:1']);
      expect(await b.countSlots('slots:scope:1')).toBe(1);
      // Taking again for the same holder refreshes rather than counting twice.
      expect(await a.takeSlots([user, scope], 'h1', 10_000)).toEqual([]);
      expect(await a.countSlots('slots:user:1')).toBe(1);
      expect(await b.takeSlots([{ key: 'slots:user:2', limit: 1 }, scope], 'h3', 10_000)).toEqual([]);
      expect(await b.takeSlots([{ key: 'slots:user:3', limit: 1 }, scope], 'h4', 10_000)).toEqual(['slots:scope:1']);
      await a.releaseSlots(['slots:user:1', 'slots:scope:1'], 'h1');
      await a.releaseSlots(['slots:user:1', 'slots:scope:1'], 'h1');
      expect(await b.countSlots('slots:scope:1')).toBe(1);
      expect(await b.takeSlots([user, scope], 'h2', 10_000)).toEqual([]);
    });

    it('bounded counters: a holder that stops renewing loses its slots after the TTL; renewal keeps them', async () => {
      const [a, b] = await impl.open();
      const c = { key: 'slots:ttl', limit: 1 };
      expect(await a.takeSlots([c], 'dead', 150)).toEqual([]);
      expect(await b.takeSlots([c], 'alive', 150)).toEqual(['slots:ttl']);
      await sleep(200);
      expect(await b.countSlots('slots:ttl')).toBe(0);
      expect(await b.takeSlots([c], 'alive', 200)).toEqual([]);
      for (let i = 0; i < 3; i++) {
        await sleep(100);
        await b.renewSlots(['slots:ttl'], 'alive', 200);
      }
      expect(await a.takeSlots([c], 'other', 200)).toEqual(['slots:ttl']);
      // Renewing an expired slot does not bring it back.
      await sleep(250);
      await b.renewSlots(['slots:ttl'], 'alive', 200);
      expect(await a.countSlots('slots:ttl')).toBe(0);
    });

    it('first-time keys: one caller wins, the others learn how long the claim lasts; it ends with its TTL', async () => {
      const [a, b] = await impl.open();
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).claim('once:update:42', 300)));
      expect(results.filter((r) => r === 0)).toHaveLength(1);
      for (const r of results.filter((x) => x !== 0)) {
        expect(r).toBeGreaterThan(0);
        expect(r).toBeLessThanOrEqual(300);
      }
      await sleep(350);
      expect(await b.claim('once:update:42', 300)).toBe(0);
    });

    it('small values with TTL: put, get, take once, delete, expiry', async () => {
      const [a, b] = await impl.open();
      await a.put('value:nonce', '{"x":1}', 10_000);
      expect(await b.get('value:nonce')).toBe('{"x":1}');
      const taken = await Promise.all([a.take('value:nonce'), b.take('value:nonce'), a.take('value:nonce')]);
      expect(taken.filter((t) => t !== undefined)).toEqual(['{"x":1}']);
      await a.put('value:short', 'v', 100);
      await a.put('value:gone', 'v', 10_000);
      await b.delete('value:gone');
      expect(await a.get('value:gone')).toBeUndefined();
      await sleep(150);
      expect(await b.get('value:short')).toBeUndefined();
    });

    it('lists: append from two handles, bounded length, take only at the expected length, atomically', async () => {
      const [a, b] = await impl.open();
      expect(await a.append('list:album', 'p1', 10_000)).toBe(1);
      expect(await b.append('list:album', 'p2', 10_000)).toBe(2);
      expect(await b.listLength('list:album')).toBe(2);
      expect(await a.takeList('list:album', 1)).toEqual({ length: 2 });
      const both = await Promise.all([a.takeList('list:album', 2), b.takeList('list:album', 2)]);
      expect(both).toContainEqual({ taken: ['p1', 'p2'] });
      expect(both).toContainEqual({ length: 0 });
      for (let i = 1; i <= 5; i++) await a.append('list:capped', `n${i}`, 10_000, 3);
      expect(await b.takeList('list:capped')).toEqual({ taken: ['n3', 'n4', 'n5'] });
      expect(await b.takeList('list:missing')).toEqual({ taken: [] });
      await a.append('list:short', 'x', 100);
      await sleep(150);
      expect(await a.listLength('list:short')).toBe(0);
    });

    it('waiting lines: join order across handles, a renewal keeps the place, leaving and expiry move the rest up', async () => {
      const [a, b] = await impl.open();
      expect(await a.lineEnter('line:tok', 'j1', 10_000)).toBe(0);
      expect(await b.lineEnter('line:tok', 'j2', 10_000)).toBe(1);
      expect(await a.lineEnter('line:tok', 'j3', 300)).toBe(2);
      expect(await b.lineEnter('line:tok', 'j1', 10_000)).toBe(0); // renewed, still first
      expect(await a.lineEnter('line:other', 'j9', 10_000)).toBe(0);
      await b.lineLeave('line:tok', 'j1');
      await b.lineLeave('line:tok', 'nobody');
      expect(await a.lineEnter('line:tok', 'j2', 10_000)).toBe(0);
      expect(await a.lineEnter('line:tok', 'j4', 10_000)).toBe(2);
      await sleep(400); // j3 stopped renewing: it drops out
      expect(await b.lineEnter('line:tok', 'j4', 10_000)).toBe(1);
    });

    it('leader lease: one owner at a time, renewal, release, failover after the TTL', async () => {
      const [a, b] = await impl.open();
      expect(await a.holdLease('poll', 'p1', 200)).toBe(true);
      expect(await b.holdLease('poll', 'p2', 200)).toBe(false);
      await sleep(120);
      expect(await a.holdLease('poll', 'p1', 200)).toBe(true);
      await sleep(120);
      expect(await b.holdLease('poll', 'p2', 200)).toBe(false);
      // p2 cannot release p1's lease; p1 can.
      await b.releaseLease('poll', 'p2');
      expect(await b.holdLease('poll', 'p2', 200)).toBe(false);
      await a.releaseLease('poll', 'p1');
      expect(await b.holdLease('poll', 'p2', 200)).toBe(true);
      // p2 dies (stops renewing): p1 takes over once the TTL ran out.
      await sleep(250);
      expect(await a.holdLease('poll', 'p1', 200)).toBe(true);
    });
  });
}

describe.skipIf(!redisUp)('Coordination: Redis going away', () => {
  it('a call on a closed connection fails as unavailable, naming the host, never the URL', async () => {
    const prefix = uniquePrefix('gone');
    prefixes.push(prefix);
    const c = await RedisCoordination.open({ url: TEST_REDIS_URL, prefix });
    await c.close();
    const e = await c.claim('x', 1000).catch((x: unknown) => x);
    expect(isCoordinationUnavailable(e)).toBe(true);
    expect(String((e as Error).message)).toMatch(/^Redis at 127\.0\.0\.1:6379 did not answer/);
  });

  it('opening against a port nobody listens on fails at once with the host and the cause', async () => {
    const e = await RedisCoordination.open({ url: 'redis://:hunter2@127.0.0.1:1/0', connectTimeoutMs: 1000 }).catch((x: unknown) => x);
    expect(isCoordinationUnavailable(e)).toBe(true);
    expect((e as Error).message).toBe('Redis at 127.0.0.1:1 cannot be reached: ECONNREFUSED');
    expect((e as Error).message).not.toContain('hunter2');
  });
});
