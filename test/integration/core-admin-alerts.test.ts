import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/ports/clock.js';
import { LOW_BALANCE_CHECK_INTERVAL_MS } from '../../src/core/use-cases/gateway-balance.js';
import { createTestStack, type TestStack } from '../support/harness.js';

/** The gateway endpoints a balance read uses (new-api's token usage, or the OpenAI-style billing pair). */
const BALANCE_ENDPOINTS = new Set(['token_usage', 'billing_subscription', 'billing_usage']);

describe('core.adminAlerts: the low-balance check', () => {
  let t: TestStack | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('asks the gateway for the balance at most once per community every 10 minutes (injected clock)', async () => {
    expect(LOW_BALANCE_CHECK_INTERVAL_MS).toBe(10 * 60_000);
    const clock = new ManualClock(Date.parse('2030-03-04T10:00:00Z'));
    t = await createTestStack({ startPoller: false, clock });
    const stack = t;
    const balanceReads = () => stack.sim.requests().filter((r) => BALANCE_ENDPOINTS.has(r.endpoint)).length;
    const admin = stack.actor({ scope: 'rich', user: 'boss' });

    // The operator token has plenty of credit: no warning, so nothing else stops the checks.
    expect(await stack.core.adminAlerts(admin)).toEqual([]);
    const perCheck = balanceReads();
    expect(perCheck).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) expect(await stack.core.adminAlerts(admin)).toEqual([]);
    expect(balanceReads()).toBe(perCheck);

    clock.advance(LOW_BALANCE_CHECK_INTERVAL_MS - 1);
    await stack.core.adminAlerts(admin);
    expect(balanceReads()).toBe(perCheck);

    // Another community has its own interval.
    await stack.core.adminAlerts(stack.actor({ scope: 'other', user: 'boss2' }));
    expect(balanceReads()).toBe(2 * perCheck);

    clock.advance(1);
    await stack.core.adminAlerts(admin);
    await stack.core.adminAlerts(admin);
    expect(balanceReads()).toBe(3 * perCheck);
  });

  it('still warns once when the balance is low, and a failed check waits its 10 minutes too', async () => {
    const clock = new ManualClock(Date.parse('2030-03-04T10:00:00Z'));
    t = await createTestStack({ startPoller: false, clock });
    const stack = t;
    const balanceReads = () => stack.sim.requests().filter((r) => BALANCE_ENDPOINTS.has(r.endpoint)).length;
    const poor = stack.actor({ scope: 'poor', user: 'boss' });
    expect((await stack.core.linkToken(poor, stack.sim.tokens.poor, false)).ok).toBe(true);
    const alerts = await stack.core.adminAlerts(poor);
    expect(alerts.some((a) => a.startsWith("The balance of this community's gateway token is $0"))).toBe(true);
    expect(await stack.core.adminAlerts(poor)).toEqual([]);

    const down = stack.actor({ scope: 'down', user: 'boss' });
    stack.sim.addFault({ kind: 'server_error', endpoint: 'token_usage' });
    stack.sim.addFault({ kind: 'server_error', endpoint: 'billing_subscription' });
    const before = balanceReads();
    expect(await stack.core.adminAlerts(down)).toEqual([]);
    const failed = balanceReads() - before;
    expect(failed).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) await stack.core.adminAlerts(down);
    expect(balanceReads() - before).toBe(failed);
  });
});
