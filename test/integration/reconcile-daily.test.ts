import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/ports/clock.js';
import { describeOnEngines, testEngines } from '../support/engines.js';
import { createTestStack, type TestStack } from '../support/harness.js';

describeOnEngines(await testEngines(), 'the daily reconciliation ($name)', (engine) => {
  let t: TestStack;
  const clock = new ManualClock(Date.now());

  beforeAll(async () => {
    t = await createTestStack({ engine, clock, startPoller: false, env: { RECONCILE_DRIFT_ALERT_USD: '0.01' }, config: (c) => void (c.ownerIds = ['console:boss']) });
  });
  afterAll(() => t?.close());

    it('reconciles yesterday once, in one process, and tells the owners (chat notice and warn log) when the drift passes the threshold', async () => {
      expect(t.config.reconcileDriftAlertMicros).toBe(10_000);
      const r = await t.core.imagine({ ...t.actor(), prompt: 'a red fox' });
      if (!r.ok) throw new Error(r.failure.code);
      // A charge on the operator's token that the bot did not make.
      const res = await fetch(`${t.sim.baseUrl}/v1/images/generations`, { method: 'POST', headers: { authorization: `Bearer ${t.sim.tokens.media}`, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'alpha-image-2', prompt: 'planted' }) });
      expect(res.status).toBe(200);

      // Today is not reconciled yet: the run looks at yesterday, which had nothing.
      const first = await t.app.reconciler!.tick();
      expect(first?.[0]).toMatchObject({ name: 'operator', ok: true, days: [expect.objectContaining({ driftMicros: 10_000 })] });
      expect(t.logs()).not.toMatch(/the gateway billed a different amount/);

      clock.advance(86_400_000);
      const reports = await t.app.reconciler!.tick();
      expect(reports?.[0]).toMatchObject({ name: 'operator', ok: true });
      expect(t.logs()).toMatch(/reconcile: the gateway billed a different amount than the bot recorded/);
      expect(t.logs()).not.toContain(t.sim.tokens.media);
      // Once per day: a second check (or another process) does nothing.
      expect(await t.app.reconciler!.tick()).toBeUndefined();

      // A member reads nothing; the owner reads it once, in their words.
      expect(await t.core.adminAlerts(t.actor({ user: 'member' }))).toEqual([]);
      const owner = t.actor({ user: 'boss' });
      const notices = await t.core.adminAlerts(owner);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatch(/token operator: the gateway billed \$0\.02, the bot recorded \$0\.01 \(drift \$0\.01\)/);
      expect(await t.core.adminAlerts(owner)).toEqual([]);
    }, 30_000);
});
