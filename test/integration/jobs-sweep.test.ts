import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/ports/clock.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { openHolds } from '../support/ledger.js';
import { RecordingDelivery } from '../support/recording-delivery.js';
import { testEngines } from '../support/engines.js';

let t: TestStack | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** What a process leaves behind when it dies after the hold and before the gateway's answer was recorded. */
async function leaveReservedJob(stack: TestStack, id: string, kind: 'video' | 'imagine', recordHoldId = true) {
  const actor = stack.actor();
  const scope = await stack.store.directory.ensureScope({ platform: actor.scope.platform, externalId: actor.scope.externalId });
  const user = await stack.store.directory.ensureUser({ platform: actor.user.platform, externalId: actor.user.externalId });
  const hold = await stack.store.budgets.reserve({ scopeId: scope.id, userId: user.id, amountMicros: 200_000, jobId: id, tokenSource: 'operator' });
  if (!hold.ok) throw new Error(`reserve refused: ${hold.reason}`);
  await stack.app.jobs.create({
    id, kind, status: 'reserved', scopeId: scope.id, userId: user.id, model: 'gamma-video-1', prompt: 'a wave',
    params: { seconds: 4 }, tokenSource: 'operator', tokenId: null, estimateMicros: 200_000, ...(recordHoldId ? { holdId: hold.holdId } : {}),
    delivery: kind === 'video' ? { surface: 'console', chatId: 'console', userExternalId: actor.user.externalId } : null,
  });
  return { scopeId: scope.id, userId: user.id };
}

const engines = await testEngines();

describe.each(engines)('job sweeps ($name)', (engine) => {
  describe('stale reserved jobs (a process died mid-call)', () => {
    it('are released after the stale time, once, and the user is told; fresh ones are left alone', async () => {
      const clock = new ManualClock(Date.UTC(2026, 10, 22, 12));
      const delivery = new RecordingDelivery('console');
      t = await createTestStack({ engine, clock, startPoller: false, deliveries: [delivery], app: { pollerTuning: { staleReservedMs: 300_000, purgeEveryMs: 0 } } });
      const ids = await leaveReservedJob(t, 'j_stale0001', 'video');
      await leaveReservedJob(t, 'j_stale0002', 'imagine', false);
      expect(await openHolds(t.store)).toBe(2);
      expect((await t.store.budgets.balance(ids.scopeId, ids.userId)).heldMicros).toBe(400_000);

      clock.advance(299_000);
      await t.app.runner.tick();
      expect((await t.app.jobs.get('j_stale0001'))?.status).toBe('reserved');
      expect(await openHolds(t.store)).toBe(2);

      clock.advance(2_000);
      await t.app.runner.tick();
      await t.app.runner.tick();
      for (const id of ['j_stale0001', 'j_stale0002']) {
        const job = await t.app.jobs.get(id);
        expect(job?.status).toBe('released');
        expect(job?.errorCode).toBe('job_interrupted');
      }
      expect(await openHolds(t.store)).toBe(0);
      const bal = await t.store.budgets.balance(ids.scopeId, ids.userId);
      expect(bal.heldMicros).toBe(0);
      expect(bal.spentMicros).toBe(0);
      const told = delivery.events.filter((e) => e.type === 'failure');
      expect(told).toHaveLength(1);
      expect(told[0]?.jobId).toBe('j_stale0001');
      expect(t.core.explain(told[0]!.type === 'failure' ? told[0]!.failure : (undefined as never))).toMatch(/restarted.*nothing was charged/is);
    });
  });

  describe('a dead process\'s command job, taken over within about a lease', () => {
    it('is swept once its lease ran out, on the sweep\'s own cadence (a third of the lease), not the hourly purge\'s', async () => {
      const clock = new ManualClock(Date.UTC(2026, 10, 22, 12));
      const delivery = new RecordingDelivery('console');
      t = await createTestStack({
        engine,
        clock,
        startPoller: false,
        deliveries: [delivery],
        config: (c) => {
          c.poller.leaseMs = 3_000;
        },
        app: { pollerTuning: { purgeEveryMs: 3_600_000 } },
      });
      await t.app.runner.tick(); // the first tick purges and sweeps: nothing yet
      await leaveReservedJob(t, 'j_dead00001', 'video');
      await t.app.jobs.update('j_dead00001', ['reserved'], { leaseOwner: 'host:4242:dead' });
      expect(await t.app.jobs.renewLease('j_dead00001', 'host:4242:dead', 3_000)).toBe(true); // its last renewal

      clock.advance(2_500);
      await t.app.runner.tick();
      expect((await t.app.jobs.get('j_dead00001'))?.status).toBe('reserved');

      clock.advance(1_000); // the lease ran out 500 ms ago; the last sweep was 2.5 s ago (> 3 s / 3)
      await t.app.runner.tick();
      expect((await t.app.jobs.get('j_dead00001'))?.status).toBe('released');
      expect(await openHolds(t.store)).toBe(0);
    });
  });

  describe('a slow gateway against the sweep (issue 11)', () => {
    it('never sweeps a job a live process is still working on: the lease is renewed for as long as the call runs', async () => {
      const delivery = new RecordingDelivery('console');
      // A lease of 600 ms and a "stale" window of 200 ms: both far shorter than the 2 s the gateway takes. Renewed every
      // 200 ms, the lease outlives a missed renewal, so an event-loop stall on a busy CI machine does not end it.
      t = await createTestStack({
        engine,
        sim: { imageDelayMs: 2000 },
        deliveries: [delivery],
        config: (c) => {
          c.poller.leaseMs = 600;
        },
        app: { pollerTuning: { staleReservedMs: 200, purgeEveryMs: 0 } },
      });
      const actor = t.actor();
      const running = t.core.imagine({ ...actor, prompt: 'a very slow lighthouse', delivery: { surface: 'console', instance: '' } });
      const started = Date.now();
      while (Date.now() - started < 1700) {
        await t.app.runner.tick();
        await new Promise((r) => setTimeout(r, 100));
      }
      const res = await running;
      expect(res.ok).toBe(true);
      if (!res.ok) return;
      const job = await t.app.jobs.get(res.value.jobId);
      expect(job?.status).toBe('delivering');
      expect(job?.errorCode).toBeNull();
      expect(res.value.costMicros).toBe(10_000);
      await t.core.recordDelivery(res.value.jobId, ['m-1']);
      expect((await t.app.jobs.get(res.value.jobId))?.status).toBe('delivered');
      expect(await openHolds(t.store)).toBe(0);
      expect(delivery.events.filter((e) => e.type === 'failure')).toHaveLength(0);
      expect((await t.store.budgets.gatewayLosses()).count).toBe(0);
    });

    it('never sweeps a live job past ten minutes in its gateway call: renewal lasts as long as the call, not 600 s', async () => {
      const clock = new ManualClock(Date.UTC(2026, 10, 22, 12));
      const delivery = new RecordingDelivery('console');
      t = await createTestStack({
        engine,
        clock,
        startPoller: false,
        sim: { imageDelayMs: 1500 },
        deliveries: [delivery],
        config: (c) => {
          c.poller.leaseMs = 300;
        },
        app: { pollerTuning: { purgeEveryMs: 0 } },
      });
      const running = t.core.imagine({ ...t.actor(), prompt: 'a lighthouse from a slow model', delivery: { surface: 'console', instance: '' } });
      await new Promise((r) => setTimeout(r, 400));
      clock.advance(601_000); // the call has now run for ten minutes and more
      await new Promise((r) => setTimeout(r, 300)); // a few renewals at the new time
      await t.app.runner.tick(); // the sweep
      const res = await running;
      if (!res.ok) throw new Error(res.failure.code);
      expect(res.value.costMicros).toBe(10_000);
      const job = await t.app.jobs.get(res.value.jobId);
      expect(job?.status).toBe('delivering');
      expect(job?.errorCode).toBeNull();
      await t.core.recordDelivery(res.value.jobId, ['m-1']);
      expect((await t.app.jobs.get(res.value.jobId))?.status).toBe('delivered');
      expect(await openHolds(t.store)).toBe(0);
      expect(delivery.events.filter((e) => e.type === 'failure')).toHaveLength(0);
      expect((await t.store.budgets.gatewayLosses()).count).toBe(0);
    });
  });
});
