import { afterEach, expect, it, vi } from 'vitest';
import type { DeliveryAddress } from '../../src/core/api/actor.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, openHolds } from '../support/ledger.js';
import { RecordingDelivery } from '../support/recording-delivery.js';

/**
 * A command whose job stops being its own during the gateway call: its lease renewals stop reaching the database (the
 * renewal write is dropped, as when the store does not answer), the lease runs out and the stale-job sweep releases the
 * job and tells the member it was interrupted. When the gateway then answers, the command must not settle or show the
 * result as its own (it used to return the images with a cost of $0 while the member was told "interrupted"): it says
 * what the sweep did, and nothing is charged.
 */

let t: TestStack | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await t?.close();
  t = undefined;
});

const LEASE_MS = 1_000; // swept every third of it once expired
const address: DeliveryAddress = { surface: 'console', instance: 'test' };

it('an image whose lease ran out during the gateway call: "interrupted", released, never shown as free', async () => {
  const delivery = new RecordingDelivery('console');
  t = await createTestStack({
    deliveries: [delivery],
    env: { DEFAULT_ALLOWANCE: '5' },
    sim: { imageDelayMs: 3 * LEASE_MS },
    config: (c) => {
      c.poller.leaseMs = LEASE_MS;
    },
  });
  vi.spyOn(t.app.jobs, 'renewLease').mockResolvedValue(true);
  const r = await t.core.imagine({ ...t.actor(), prompt: 'a slow fox', delivery: address });
  if (r.ok) throw new Error(`the command showed the result as its own, costing ${r.value.costMicros}`);
  expect(r.failure.code).toBe('job_interrupted');
  expect(r.failure.money).toBe('released');
  const jobId = r.failure.jobId!;
  expect((await t.store.jobs.get(jobId))?.status).toBe('released');
  expect(delivery.events.filter((e) => e.type === 'failure' && e.jobId === jobId).map((e) => e.type === 'failure' && e.failure.code)).toEqual(['job_interrupted']);
  expect(delivery.events.filter((e) => e.type === 'result')).toEqual([]);
  expect(await ledgerNetCharged(t.store, 'operator')).toBe(0);
  expect(await openHolds(t.store)).toBe(0);
});
