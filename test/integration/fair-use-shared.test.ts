/**
 * Fair use across processes: two apps (two cores, two Redis connections, one database, one gateway simulator) share
 * the per-user and per-scope limits through Redis; a process that dies holding slots frees them within the slot TTL;
 * and when Redis goes away, new requests are refused with "try again in a moment" before any money moves while a
 * job already running finishes and is charged once.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { App } from '../../src/app/build-app.js';
import type { Actor } from '../../src/core/api/actor.js';
import { FairUseGate } from '../../src/core/fair-use/fair-use-gate.js';
import { systemClock } from '../../src/core/ports/clock.js';
import { RedisCoordination } from '../../src/coordination/redis-coordination.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { appOnSameDatabase } from '../support/more-apps.js';
import { dropPrefix, redisForTests, TEST_REDIS_URL, uniquePrefix } from '../support/redis.js';

const redisUp = await redisForTests('fair use across processes');
const prefixes: string[] = [];
afterAll(async () => {
  for (const p of prefixes) await dropPrefix(p);
});

/** Runs an imagine, recording when it started (after the line) and ended. */
async function timedImagine(app: App, actor: Actor, spans: { start: number; end: number; queued: number[] }[]) {
  const span = { start: 0, end: 0, queued: [] as number[] };
  spans.push(span);
  const r = await app.core.imagine({ ...actor, prompt: 'a lighthouse' }, { onQueued: (p) => span.queued.push(p), onStarted: () => (span.start = Date.now()) });
  span.end = Date.now();
  return r;
}

/** Most spans running at the same instant. */
function maxOverlap(spans: { start: number; end: number }[]): number {
  return Math.max(...spans.map((s) => spans.filter((o) => o.start <= s.start && s.start < o.end).length));
}

describe.skipIf(!redisUp)('fair use across two app instances (Redis)', () => {
  let stack: TestStack | undefined;
  let other: App | undefined;
  afterEach(async () => {
    await other?.close();
    await stack?.close();
    other = stack = undefined;
  });

  it('one user, MAX_JOBS_PER_USER=1: a request in the second process waits for the first; the scope limit holds across both', async () => {
    const prefix = uniquePrefix('fair-use');
    prefixes.push(prefix);
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, MAX_JOBS_PER_USER: '1', MAX_JOBS_PER_SCOPE: '2' };
    stack = await createTestStack({ sim: { imageDelayMs: 300 }, env, startPoller: false });
    other = await appOnSameDatabase(stack, env);
    expect(stack.app.coordination.shared).toBe(true);

    const spans: { start: number; end: number; queued: number[] }[] = [];
    const me = stack.actor({ user: 'alice' });
    const [first, second] = await Promise.all([timedImagine(stack.app, me, spans), new Promise((r) => setTimeout(r, 50)).then(() => timedImagine(other!, me, spans))]);
    expect(first.ok && second.ok).toBe(true);
    expect(spans[1]!.queued).toEqual([1]);
    expect(spans[1]!.start).toBeGreaterThanOrEqual(spans[0]!.end - 5);

    // Six members of one scope, spread over both processes: never more than 2 jobs at once in the scope.
    const scopeSpans: { start: number; end: number; queued: number[] }[] = [];
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => timedImagine(i % 2 ? other! : stack!.app, stack!.actor({ user: `m${i}` }), scopeSpans)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(maxOverlap(scopeSpans)).toBe(2);
    // release() hands the slots back to Redis in the background: they are all free within moments of the last reply.
    const free = async () => JSON.stringify(await stack!.app.fairUse.running({ userKey: 'console:alice', scopeKey: 'console:s1' })) === JSON.stringify({ user: 0, scope: 0 });
    for (let i = 0; i < 50 && !(await free()); i++) await new Promise((r) => setTimeout(r, 20));
    expect(await stack.app.fairUse.running({ userKey: 'console:alice', scopeKey: 'console:s1' })).toEqual({ user: 0, scope: 0 });
  }, 30_000);

  it('a process that dies holding a slot (its Redis connection closed, nothing released) frees it within the slot TTL', async () => {
    const prefix = uniquePrefix('fair-use-dead');
    prefixes.push(prefix);
    const deadConn = await RedisCoordination.open({ url: TEST_REDIS_URL, prefix });
    const liveConn = await RedisCoordination.open({ url: TEST_REDIS_URL, prefix });
    const opts = { clock: systemClock, maxPerUser: 1, maxPerScope: 5, slotTtlMs: 1_000, retryMs: 50 };
    const dying = new FairUseGate({ ...opts, coordination: deadConn });
    const living = new FairUseGate({ ...opts, coordination: liveConn });
    const req = { userKey: 'telegram:7', scopeKey: 'telegram:-100' };
    const held = await dying.acquire(req);
    expect(held.ok).toBe(true);
    dying.close();
    await deadConn.close(); // the process is gone: no release, no renewal
    const t0 = Date.now();
    const positions: number[] = [];
    const next = await living.acquire(req, { onQueued: (p) => positions.push(p) });
    const waited = Date.now() - t0;
    expect(next.ok).toBe(true);
    expect(positions).toEqual([1]);
    expect(waited).toBeGreaterThan(700);
    expect(waited).toBeLessThan(2_000);
    if (next.ok) next.value.release();
    living.close();
    await liveConn.close();
  });

  it('Redis going away: new and waiting requests get "try again in a moment" before any money moves; a running job finishes and is charged once', async () => {
    const prefix = uniquePrefix('fair-use-down');
    prefixes.push(prefix);
    stack = await createTestStack({ sim: { imageDelayMs: 800 }, env: { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, MAX_JOBS_PER_USER: '1' }, startPoller: false });
    const t = stack;
    expect((await t.app.readiness.run()).checks.redis).toEqual({ ok: true, detail: 'reachable' });
    const running = t.core.imagine({ ...t.actor({ user: 'early' }), prompt: 'a slow harbour' });
    await new Promise((r) => setTimeout(r, 100));
    const positions: number[] = [];
    const waiting = t.core.imagine({ ...t.actor({ user: 'early' }), prompt: 'a queued harbour' }, { onQueued: (p) => positions.push(p) });
    await new Promise((r) => setTimeout(r, 100));
    expect(positions).toEqual([1]);
    await t.app.coordination.close(); // Redis unreachable from now on
    const dropped = await waiting;
    expect(!dropped.ok && dropped.failure.code).toBe('coordination_unavailable');
    expect((await t.app.readiness.run()).checks.redis).toMatchObject({ ok: false, detail: expect.stringMatching(/^Redis at 127\.0\.0\.1:6379 did not answer/) });
    const refused = await t.core.imagine({ ...t.actor({ user: 'late' }), prompt: 'a second harbour' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.failure.code).toBe('coordination_unavailable');
      expect(refused.failure.money).toBe('none');
      expect(t.core.explain(refused.failure)).toMatch(/^The bot cannot start new requests right now .* Try again in a moment; .*nothing was charged\.\nReference [A-Z0-9]+: /);
    }
    expect((await running).ok).toBe(true);
    const images = t.sim.requests().filter((r) => r.endpoint === 'image');
    expect(images).toHaveLength(1);
    expect((await t.core.balance(t.actor({ user: 'early' }))).spentMicros).toBe(10_000);
    expect((await t.core.balance(t.actor({ user: 'late' }))).spentMicros).toBe(0);
    expect(t.sim.spentMicros(t.sim.tokens.media)).toBe(10_000);
  });
});
