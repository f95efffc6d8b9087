import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryAddress } from '../../src/core/api/actor.js';
import { StoreUnavailableError } from '../../src/core/ports/store-unavailable.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { gatewayLosses, ledgerNetCharged, ledgerOfJob, openHolds } from '../support/ledger.js';
import { RecordingDelivery } from '../support/recording-delivery.js';

/**
 * The store fails in the settle step, after the gateway answered and the result was kept. The member must not read a
 * gateway failure with "released" while the job goes on to be delivered: with an address, the job runner settles and
 * posts the kept result (charged exactly what the gateway billed) and the command answers `result_delayed` (no money
 * claim); without one, the money is given back, the gateway's bill recorded as a loss, and the failure says released.
 */

let t: TestStack | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await t?.close();
  t = undefined;
});

const address: DeliveryAddress = { surface: 'console', instance: 'test' };

/** The ledger's `settle` throws once, as when the database connection drops in the middle of the settle step. */
function settleFailsOnce(stack: TestStack): void {
  vi.spyOn(stack.store.budgets, 'settle').mockRejectedValueOnce(new StoreUnavailableError('ECONNRESET'));
}

describe('a store failure after the result was kept', () => {
  it('an image with an address: "on its way", then posted by the runner and charged what the gateway billed', async () => {
    const delivery = new RecordingDelivery('console');
    t = await createTestStack({ deliveries: [delivery], env: { DEFAULT_ALLOWANCE: '5' } });
    settleFailsOnce(t);
    const r = await t.core.imagine({ ...t.actor(), prompt: 'a red fox', delivery: address });
    if (r.ok) throw new Error('expected the settle failure to reach the command');
    expect(r.failure.code).toBe('result_delayed');
    expect(r.failure.money).toBe('none');
    const jobId = r.failure.jobId!;
    const posted = await delivery.waitFor((e) => e.type === 'result' && e.jobId === jobId);
    expect(posted.type === 'result' && posted.files).toHaveLength(1);
    await vi.waitFor(async () => expect((await t!.store.jobs.get(jobId))?.status).toBe('delivered'), { timeout: 8000 });
    expect(await ledgerOfJob(t.store, jobId)).toEqual([
      { kind: 'hold', amount: 10_000 },
      { kind: 'charge', amount: 10_000 },
    ]);
    expect(await ledgerNetCharged(t.store, 'operator')).toBe(t.sim.spentMicros(t.sim.tokens.media));
    expect(await openHolds(t.store)).toBe(0);
    expect(delivery.events.filter((e) => e.type === 'failure')).toEqual([]);
  });

  it('an answer with an address: the same, in the member\'s words', async () => {
    const delivery = new RecordingDelivery('console');
    t = await createTestStack({ deliveries: [delivery], env: { DEFAULT_ALLOWANCE: '5' } });
    settleFailsOnce(t);
    const r = await t.core.ask({ ...t.actor(), prompt: 'what is a haiku?', delivery: address });
    if (r.ok) throw new Error('expected the settle failure to reach the command');
    expect(r.failure.code).toBe('result_delayed');
    const text = t.core.explain(r.failure);
    expect(text).toContain('answer was made');
    expect(text).not.toMatch(/not charged|released|gateway/i);
    const jobId = r.failure.jobId!;
    await delivery.waitFor((e) => e.type === 'result' && e.jobId === jobId);
    await vi.waitFor(async () => expect((await t!.store.jobs.get(jobId))?.status).toBe('delivered'), { timeout: 8000 });
    expect(await ledgerNetCharged(t.store, 'operator')).toBe(t.sim.spentMicros(t.sim.tokens.media));
    expect(await openHolds(t.store)).toBe(0);
  });

  it('an image without an address (a direct call): the money given back, the bill recorded as a loss, "released"', async () => {
    t = await createTestStack({ env: { DEFAULT_ALLOWANCE: '5' } });
    settleFailsOnce(t);
    const r = await t.core.imagine({ ...t.actor(), prompt: 'a red fox' });
    if (r.ok) throw new Error('expected the settle failure to reach the command');
    expect(r.failure.code).toBe('store_unavailable');
    expect(r.failure.money).toBe('released');
    const job = await t.store.jobs.get(r.failure.jobId!);
    expect(job?.status).toBe('failed');
    expect(await ledgerNetCharged(t.store, 'operator')).toBe(0);
    expect(await gatewayLosses(t.store, 'operator')).toBe(t.sim.spentMicros(t.sim.tokens.media));
    expect(await openHolds(t.store)).toBe(0);
  });

  it('an image whose files cannot be kept (the disk failing): released, and the gateway\'s bill recorded as a loss', async () => {
    t = await createTestStack({ env: { DEFAULT_ALLOWANCE: '5' } });
    vi.spyOn(t.app.outputs, 'save').mockRejectedValueOnce(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));
    const r = await t.core.imagine({ ...t.actor(), prompt: 'a red fox', delivery: address });
    if (r.ok) throw new Error('expected the keep failure to reach the command');
    expect(r.failure.money).toBe('released');
    expect((await t.store.jobs.get(r.failure.jobId!))?.status).toBe('failed');
    expect(await ledgerNetCharged(t.store, 'operator')).toBe(0);
    expect(t.sim.spentMicros(t.sim.tokens.media)).toBe(10_000);
    expect(await gatewayLosses(t.store, 'operator')).toBe(10_000);
    expect(await openHolds(t.store)).toBe(0);
  });
});
