import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coldStartEtaSeconds, videoEtaSeconds } from '../../src/core/use-cases/video-eta.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { RecordingDelivery } from '../support/recording-delivery.js';

let t: TestStack;
const delivery = new RecordingDelivery('console');

async function until(jobId: string, status: string, ms = 8000): Promise<void> {
  const end = Date.now() + ms;
  while ((await t.app.jobs.get(jobId))?.status !== status) {
    if (Date.now() > end) throw new Error(`job ${jobId} not ${status}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  t = await createTestStack({ deliveries: [delivery], env: { DEFAULT_ALLOWANCE: '20' }, sim: { video: { queuedMs: 20, runMs: 150, progressSteps: 2 } } });
});
afterAll(() => t?.close());

/** The wait a video start announces comes from the model's delivered jobs, the constant only on a cold start. */
describe('video estimates from history', () => {
  const actor = () => t.actor({ user: 'eta' });
  const start = async (seconds: number) => {
    const r = await t.core.startVideo({ ...actor(), prompt: 'waves', seconds, delivery: { surface: 'console' } });
    if (!r.ok) throw new Error(r.failure.code);
    return r.value;
  };

  it('a cold model gets the fallback; after three delivered jobs the estimate is their run time, not 46 s', async () => {
    const first = await start(4);
    expect(first.etaSeconds).toBe(coldStartEtaSeconds(4));
    await until(first.jobId, 'delivered');
    for (let i = 0; i < 2; i++) await until((await start(4)).jobId, 'delivered');
    const warm = await start(4);
    // The simulator's videos take well under 5 s end to end (poll interval 50 ms), so the history says a few seconds.
    expect(warm.etaSeconds).toBeGreaterThanOrEqual(1);
    expect(warm.etaSeconds).toBeLessThan(10);
    await until(warm.jobId, 'delivered');
  });

  it('takes the 75th percentile per requested second over the delivered rows, scaled to the request', async () => {
    const model = 'gamma-video-1';
    const rows = await t.store.db.selectFrom('jobs').select(['id']).where('kind', '=', 'video').where('status', '=', 'delivered').orderBy('created_at').execute();
    expect(rows.length).toBeGreaterThanOrEqual(4);
    // Give the real rows known run times: 8, 12, 16 and 40 s for 4-second videos (2, 3, 4 and 10 s per second).
    const runs = [8_000, 12_000, 16_000, 40_000];
    const now = Date.now();
    for (const [i, r] of rows.slice(0, 4).entries()) {
      await t.store.db.updateTable('jobs').set({ created_at: now - 60_000 - runs[i]!, finished_at: now - 60_000 }).where('id', '=', r.id).execute();
    }
    for (const r of rows.slice(4)) await t.store.db.updateTable('jobs').set({ status: 'failed' }).where('id', '=', r.id).execute();
    // p75 of [2, 3, 4, 10] s per second is 4: a 3-second video is told 12 s, a 10-second one 40 s.
    expect(await videoEtaSeconds({ jobs: t.app.jobs, clock: { now: () => Date.now() }, logger: t.logger }, model, 3)).toBe(12);
    expect((await start(10)).etaSeconds).toBe(40);
    // Jobs older than the window no longer count: back to the cold start.
    await t.store.db.updateTable('jobs').set({ finished_at: now - 8 * 86_400_000 }).where('status', '=', 'delivered').execute();
    expect((await start(4)).etaSeconds).toBe(coldStartEtaSeconds(4));
  });
});
