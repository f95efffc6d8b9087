import { afterEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/core/ports/clock.js';
import { JobLeases } from '../../src/jobs/job-leases.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { openHolds } from '../support/ledger.js';
import { RecordingDelivery } from '../support/recording-delivery.js';
import { testEngines } from '../support/engines.js';

/**
 * Issue 21 N5: two bot processes on one database whose clocks disagree by far more than a lease. Lease expiry is the
 * database's clock plus a duration, so the process ahead never takes the live jobs of the one behind, and a dead
 * owner's job is still taken over once its lease ran out.
 */

const SKEW_MS = 5 * 60_000;
const LEASE_MS = 1_500;

/** The machine's clock moved by `by` ms, running at real speed. */
function skewedClock(by: number): Clock {
  return { now: () => Date.now() + by };
}

const stacks: TestStack[] = [];
afterEach(async () => {
  // The second process first: it shares the first one's database.
  for (const s of stacks.reverse()) await s.close();
  stacks.length = 0;
});

const engines = await testEngines();

describe.each(engines)('leases across processes with skewed clocks ($name)', (engine) => {
  it('neither process takes the other\'s live leased job; a dead owner\'s jobs are taken over after the lease', async () => {
    const behindDelivery = new RecordingDelivery('console');
    const aheadDelivery = new RecordingDelivery('console');
    const common = {
      engine,
      startPoller: false,
      config: (c: { poller: { leaseMs: number } }) => {
        c.poller.leaseMs = LEASE_MS;
      },
      app: { pollerTuning: { purgeEveryMs: 0, staleReservedMs: 3_600_000 } },
    };
    // Process "behind" (−5 min) runs a slow gateway call; process "ahead" (+5 min) shares its database.
    const behind = await createTestStack({ ...common, clock: skewedClock(-SKEW_MS), sim: { imageDelayMs: 4_000 }, deliveries: [behindDelivery] });
    stacks.push(behind);
    const ahead = await createTestStack({
      ...common,
      clock: skewedClock(SKEW_MS),
      deliveries: [aheadDelivery],
      env: behind.config.databaseUrl ? { DATABASE_URL: behind.config.databaseUrl } : { DATABASE_PATH: behind.dbPath },
    });
    stacks.push(ahead);

    const actor = behind.actor();
    const scope = await behind.store.directory.ensureScope({ platform: actor.scope.platform, externalId: actor.scope.externalId });
    const user = await behind.store.directory.ensureUser({ platform: actor.user.platform, externalId: actor.user.externalId });
    const base = {
      scopeId: scope.id, userId: user.id, model: 'gamma-video-1', prompt: 'a wave', params: { seconds: 4 },
      tokenSource: 'operator' as const, tokenId: null, estimateMicros: 200_000,
    };

    // A video the process behind has claimed and keeps renewing (its own lease class), and one whose owner died.
    const liveLeases = new JobLeases(behind.app.jobs, skewedClock(-SKEW_MS), 'behind:1:live', LEASE_MS);
    for (const [id, owner] of [['j_skew_live1', 'behind:1:live'], ['j_skew_dead1', 'behind:1:dead']] as const) {
      await behind.app.jobs.create({ ...base, id, kind: 'video', status: 'submitted', delivery: { surface: 'console', chatId: 'console', userExternalId: actor.user.externalId } });
      await behind.app.jobs.update(id, ['submitted'], { remoteTaskId: `task_${id}` });
      const [claimed] = await behind.app.jobs.claimDue(owner, Date.now() - SKEW_MS, LEASE_MS, 1);
      expect(claimed?.leaseOwner).toBe(owner);
    }
    liveLeases.keep('j_skew_live1');

    // A command whose process died mid-call: leased, hold placed, never renewed.
    const hold = await behind.store.budgets.reserve({ scopeId: scope.id, userId: user.id, amountMicros: 200_000, jobId: 'j_skew_dead2', tokenSource: 'operator' });
    if (!hold.ok) throw new Error(hold.reason);
    await behind.app.jobs.create({ ...base, id: 'j_skew_dead2', kind: 'imagine', status: 'reserved', holdId: hold.holdId, delivery: null, leaseOwner: 'behind:1:dead', leaseMs: LEASE_MS });

    // A command the process behind is running right now (4 s at the gateway, lease renewed by its command path).
    const running = behind.core.imagine({ ...actor, prompt: 'a slow lighthouse', delivery: { surface: 'console', instance: '' } });
    await new Promise((r) => setTimeout(r, 200));

    // The process ahead ticks (claims and sweeps) for more than twice the lease; so does the process behind.
    const started = Date.now();
    let deadSeenReservedEarly = false;
    while (Date.now() - started < 3_200) {
      await ahead.app.runner.tick();
      await behind.app.runner.tick();
      if (Date.now() - started < LEASE_MS - 700) deadSeenReservedEarly ||= (await ahead.app.jobs.get('j_skew_dead2'))?.status === 'reserved';
      await new Promise((r) => setTimeout(r, 100));
    }

    // Live work stayed with its owner.
    expect((await ahead.app.jobs.get('j_skew_live1'))?.leaseOwner).toBe('behind:1:live');
    const res = await running;
    if (!res.ok) throw new Error(res.failure.code);
    expect(res.value.costMicros).toBe(10_000);
    expect((await ahead.app.jobs.get(res.value.jobId))?.status).toBe('delivering');
    expect([...behindDelivery.events, ...aheadDelivery.events].filter((e) => e.type === 'failure' && e.jobId !== 'j_skew_dead1')).toHaveLength(0);
    expect((await ahead.store.budgets.gatewayLosses()).count).toBe(1); // the dead command's, only

    // Dead owners' jobs were taken over, but not before their lease ran out.
    expect(deadSeenReservedEarly).toBe(true);
    const dead2 = await ahead.app.jobs.get('j_skew_dead2');
    expect(dead2?.status).toBe('released');
    expect(dead2?.errorCode).toBe('job_interrupted');
    expect((await ahead.app.jobs.get('j_skew_dead1'))?.leaseOwner).not.toBe('behind:1:dead');

    liveLeases.close();
    await behind.core.recordDelivery(res.value.jobId, ['m-1']);
    expect(await openHolds(behind.store)).toBe(0);
  });
});
