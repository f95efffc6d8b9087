/**
 * Admin notices across processes (Redis): the low-balance check runs at most once per community per interval and
 * warns once per period across two apps on one database, and a notice queued by one process (credit exhausted on a
 * job) is shown once, by the other.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../../src/app/build-app.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { appOnSameDatabase } from '../support/more-apps.js';
import { dropPrefix, redisForTests, TEST_REDIS_URL, uniquePrefix } from '../support/redis.js';

const redisUp = await redisForTests('admin notices across processes');
const BALANCE_ENDPOINTS = new Set(['token_usage', 'billing_subscription', 'billing_usage']);

describe.skipIf(!redisUp)('admin notices across two app instances (Redis)', () => {
  let stack: TestStack | undefined;
  let other: App | undefined;
  let prefix = '';
  afterEach(async () => {
    await other?.close();
    await stack?.close();
    await dropPrefix(prefix);
    other = stack = undefined;
  });

  it('the low balance is checked once per interval and the warning shown once, across both processes', async () => {
    prefix = uniquePrefix('notices');
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix };
    stack = await createTestStack({ env, startPoller: false });
    other = await appOnSameDatabase(stack, env);
    const t = stack;
    const reads = () => t.sim.requests().filter((r) => BALANCE_ENDPOINTS.has(r.endpoint)).length;
    const admin = t.actor({ scope: 'poor', user: 'boss' });
    expect((await t.core.linkToken(admin, t.sim.tokens.poor, false)).ok).toBe(true);
    const before = reads();
    const first = await other.core.adminAlerts(admin);
    expect(first.filter((a) => a.startsWith("The balance of this community's gateway token is $0"))).toHaveLength(1);
    const perCheck = reads() - before;
    expect(perCheck).toBeGreaterThan(0);
    expect(await t.core.adminAlerts(admin)).toEqual([]);
    expect(await other.core.adminAlerts(admin)).toEqual([]);
    expect(reads() - before).toBe(perCheck);
  });

  it('a notice queued by one process (credit ran out on a job) is shown once, by the other', async () => {
    prefix = uniquePrefix('notices-quota');
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix };
    stack = await createTestStack({ env, startPoller: false });
    other = await appOnSameDatabase(stack, env);
    const admin = stack.actor({ scope: 'broke', user: 'boss' });
    stack.sim.addFault({ kind: 'quota', endpoint: 'image' });
    const r = await stack.core.imagine({ ...stack.actor({ scope: 'broke', user: 'member' }), prompt: 'a coin' });
    expect(!r.ok && r.failure.code).toBe('quota_exhausted');
    expect(await other.core.hasAdminAlerts(admin)).toBe(true);
    const shown = await other.core.adminAlerts(admin);
    expect(shown.filter((a) => a.includes("the bot's own token has run out of credit"))).toHaveLength(1);
    expect(await stack.core.hasAdminAlerts(admin)).toBe(false);
    expect((await stack.core.adminAlerts(admin)).some((a) => a.includes('run out of credit'))).toBe(false);
  });
});
