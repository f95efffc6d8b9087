import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from '../support/harness.js';
import { RecordingDelivery } from '../support/recording-delivery.js';

let t: TestStack;
const delivery = new RecordingDelivery('console');

async function until(jobId: string, statuses: string[], ms = 8000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const j = await t.app.jobs.get(jobId);
    if (j && statuses.includes(j.status)) return;
    if (Date.now() > end) throw new Error(`job ${jobId} still ${j?.status}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  t = await createTestStack({ deliveries: [delivery], env: { DEFAULT_ALLOWANCE: '5' }, sim: { video: { queuedMs: 50, runMs: 1500, progressSteps: 3 } } });
});
afterAll(() => t?.close());

/** The money outcome of `/jobs` and `/job` comes from the ledger rows, never from the status. */
describe('JobView money outcome and plain state', () => {
  const actor = () => t.actor({ user: 'money' });
  const view = async (id: string) => {
    const r = await t.core.job(actor(), id);
    if (!r.ok) throw new Error(r.failure.code);
    return r.value;
  };

  it('a delivered image is charged, a refused one released, a charge given back is refunded', async () => {
    const good = await t.core.imagine({ ...actor(), prompt: 'a lighthouse' });
    expect(good.ok).toBe(true);
    const goodId = good.ok ? good.value.jobId : '';
    expect((await view(goodId)).money).toEqual({ outcome: 'charged', micros: 10_000 });
    expect((await view(goodId)).state).toBe('done');

    const refused = await t.core.imagine({ ...actor(), prompt: 'a cat [[fault:content_policy]]' });
    expect(refused.ok).toBe(false);
    const refusedId = refused.ok ? '' : refused.failure.jobId!;
    expect((await view(refusedId)).money).toEqual({ outcome: 'released', micros: 10_000 });
    expect((await view(refusedId)).state).toBe('failed');

    const hold = await t.store.db.selectFrom('holds').select('id').where('job_id', '=', goodId).executeTakeFirstOrThrow();
    expect((await t.store.budgets.refund(hold.id, 'broken result')).ok).toBe(true);
    expect((await view(goodId)).money).toEqual({ outcome: 'refunded', micros: 10_000 });

    const list = await t.core.jobs(actor());
    expect(list.find((j) => j.id === refusedId)?.money.outcome).toBe('released');
  });

  it('a running video is held; a failed one is released, never "held"; an undeliverable charged one is charged and kept', async () => {
    const running = await t.core.startVideo({ ...actor(), prompt: 'waves', seconds: 4, delivery: { surface: 'console' } });
    expect(running.ok).toBe(true);
    const runId = running.ok ? running.value.jobId : '';
    const v = await view(runId);
    expect(v.money).toEqual({ outcome: 'held', micros: 200_000 });
    expect(['queued', 'working']).toContain(v.state);

    const failing = await t.core.startVideo({ ...actor(), prompt: 'storm [[fault:task_fail]]', seconds: 4, delivery: { surface: 'console' } });
    const failId = failing.ok ? failing.value.jobId : '';
    await until(failId, ['refunded', 'failed', 'released']);
    const failed = await view(failId);
    expect(failed.money).toEqual({ outcome: 'released', micros: 200_000 });
    expect(failed.state).toBe('failed');

    await until(runId, ['delivered']);
    expect((await view(runId)).money).toEqual({ outcome: 'charged', micros: 200_000 });
    // The same charged job, had it ended undeliverable (its file kept for /job): charged and kept.
    await t.app.jobs.transition(runId, ['delivered'], 'undeliverable');
    const kept = await view(runId);
    expect(kept.state).toBe('not_delivered');
    expect(kept.money).toEqual({ outcome: 'charged_kept', micros: 200_000 });
  });
});
