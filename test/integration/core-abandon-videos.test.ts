import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryAddress } from '../../src/core/api/actor.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerOfJob, openHolds } from '../support/ledger.js';

let t: TestStack;
const address: DeliveryAddress = { surface: 'console', chatId: 'chat-1', userExternalId: 'u1' };

beforeAll(async () => {
  // No poller: the video stays at the gateway, as when the playground stops with a task still rendering.
  t = await createTestStack({ startPoller: false, env: { DEFAULT_ALLOWANCE: '5' } });
});
afterAll(() => t?.close());

describe('abandonVideos (the core ends videos whose gateway task can never finish)', () => {
  it('marks a video still at the gateway released and releases its hold once; a second call leaves it alone', async () => {
    const r = await t.core.startVideo({ ...t.actor(), prompt: 'a wave', seconds: 4, delivery: address });
    if (!r.ok) throw new Error(r.failure.code);
    expect(await openHolds(t.store)).toBe(1);

    const first = await t.core.abandonVideos([r.value.jobId, 'j_missing'], 'test: the simulator went away');
    expect(first).toEqual([
      { id: r.value.jobId, outcome: 'released', heldMicros: 200_000 },
      { id: 'j_missing', outcome: 'unknown' },
    ]);
    expect((await t.app.jobs.get(r.value.jobId))?.status).toBe('released');
    expect(await openHolds(t.store)).toBe(0);
    expect(await ledgerOfJob(t.store, r.value.jobId)).toEqual([
      { kind: 'hold', amount: 200_000 },
      { kind: 'release', amount: 200_000 },
    ]);

    const again = await t.core.abandonVideos([r.value.jobId], 'test: again');
    expect(again).toEqual([{ id: r.value.jobId, outcome: 'kept', status: 'released' }]);
    expect(await ledgerOfJob(t.store, r.value.jobId)).toHaveLength(2);
  });
});
