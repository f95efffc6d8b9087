import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryAddress } from '../../src/core/api/actor.js';
import { encodePng } from '../../src/simulator/png.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, ledgerOfJob, openHolds } from '../support/ledger.js';
import { RecordingDelivery } from '../support/recording-delivery.js';

let t: TestStack;
const delivery = new RecordingDelivery('console');
const target: DeliveryAddress = { surface: 'console', chatId: 'chat-1', userExternalId: 'u1' };

async function ledgerMatches(s: TestStack = t): Promise<void> {
  expect(await ledgerNetCharged(s.store, 'operator')).toBe(s.sim.spentMicros(s.sim.tokens.media));
  expect(await openHolds(s.store)).toBe(0);
}

/** Waits until the job reaches one of `statuses` (polling the store), or fails after `ms`. */
async function until(s: TestStack, jobId: string, statuses: string[], ms = 8000): Promise<string> {
  const end = Date.now() + ms;
  for (;;) {
    const j = await s.app.jobs.get(jobId);
    if (j && statuses.includes(j.status)) return j.status;
    if (Date.now() > end) throw new Error(`job ${jobId} still ${j?.status}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  t = await createTestStack({ deliveries: [delivery], env: { DEFAULT_ALLOWANCE: '5' } });
});
afterAll(() => t?.close());

describe('startVideo', () => {
  it('holds price × seconds, returns at once, and ends delivered with the right charge', async () => {
    const r = await t.core.startVideo({ ...t.actor(), prompt: 'a wave', seconds: 4, delivery: target });
    if (!r.ok) throw new Error(r.failure.code);
    expect(r.value).toMatchObject({ model: 'gamma-video-1', seconds: 4, size: '1280x720', estimateMicros: 200_000, etaSeconds: 46, remainingMicros: 4_800_000 });
    const create = t.sim.requests().find((q) => q.endpoint === 'video_create')!;
    expect(create.seconds).toBe('4');
    const ev = await delivery.waitFor((e) => e.type === 'video' && e.jobId === r.value.jobId);
    if (ev.type !== 'video') throw new Error('no video');
    expect(ev.mime).toBe('video/mp4');
    expect(readFileSync(ev.path).subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(await until(t, r.value.jobId, ['delivered'])).toBe('delivered');
    const job = await t.core.job(t.actor(), r.value.jobId);
    expect(job.ok && job.value.chargedMicros).toBe(200_000);
    expect(await ledgerOfJob(t.store, r.value.jobId)).toEqual([
      { kind: 'hold', amount: 200_000 },
      { kind: 'charge', amount: 200_000 },
    ]);
    await ledgerMatches();
  });

  it('sends a reference image as input_reference', async () => {
    const img = new Uint8Array(await encodePng(32, 32, { r: 1, g: 2, b: 3 }));
    const r = await t.core.startVideo({ ...t.actor(), prompt: 'animate', seconds: 5, model: 'omega-video-i2v', image: { name: 'a.png', bytes: img }, delivery: target });
    if (!r.ok) throw new Error(r.failure.code);
    expect(t.sim.requests().filter((q) => q.endpoint === 'video_create').at(-1)!.hasInputReference).toBe(true);
    expect(r.value.estimateMicros).toBe(300_000);
    await until(t, r.value.jobId, ['delivered']);
    await ledgerMatches();
  });

  it('a failed task is refunded by the gateway and the hold released; the user is told', async () => {
    const r = await t.core.startVideo({ ...t.actor(), prompt: 'doomed [[fault:task_fail]]', seconds: 4, delivery: target });
    if (!r.ok) throw new Error(r.failure.code);
    const ev = await delivery.waitFor((e) => e.type === 'failure' && e.jobId === r.value.jobId);
    if (ev.type !== 'failure') throw new Error('no failure');
    expect(ev.failure.code).toBe('task_failed_refunded');
    expect(ev.failure.money).toBe('refunded');
    expect(t.core.explain(ev.failure)).toMatch(/refunded/i);
    expect(await ledgerOfJob(t.store, r.value.jobId)).toEqual([
      { kind: 'hold', amount: 200_000 },
      { kind: 'release', amount: 200_000 },
    ]);
    await ledgerMatches();
  });

  it('refuses bad durations, a bad aspect, an image model and two reference images without holding', async () => {
    t.sim.clearRequests();
    const a = t.actor();
    for (const seconds of [3, 16]) {
      const r = await t.core.startVideo({ ...a, prompt: 'x', seconds, delivery: target });
      expect(!r.ok && r.failure.code).toBe('bad_duration');
      expect(!r.ok && r.failure.details).toEqual({ given: seconds, min: 4, max: 15 });
    }
    const aspect = await t.core.startVideo({ ...a, prompt: 'x', aspect: '5:1', delivery: target });
    expect(!aspect.ok && aspect.failure.code).toBe('bad_aspect');
    const kind = await t.core.startVideo({ ...a, prompt: 'x', model: 'alpha-image-2', delivery: target });
    expect(!kind.ok && kind.failure.code).toBe('model_wrong_kind');
    const pdf = await t.core.startVideo({ ...a, prompt: 'x', image: { name: 'x.png', bytes: new TextEncoder().encode('%PDF-1.4') }, delivery: target });
    expect(!pdf.ok && pdf.failure.code).toBe('attachment_not_image');
    expect(t.sim.requests().filter((q) => q.endpoint === 'video_create')).toHaveLength(0);
    await ledgerMatches();
  });
});

describe('a task that never ends', () => {
  it('expires at the deadline and the hold is released', async () => {
    const rec = new RecordingDelivery('console');
    const s = await createTestStack({ deliveries: [rec], config: (c) => void (c.poller.deadlineMs = 700) });
    try {
      const r = await s.core.startVideo({ ...s.actor(), prompt: 'forever [[fault:task_never_ends]]', seconds: 4, delivery: target });
      if (!r.ok) throw new Error(r.failure.code);
      const ev = await rec.waitFor((e) => e.type === 'failure' && e.jobId === r.value.jobId);
      if (ev.type !== 'failure') throw new Error('no failure');
      expect(ev.failure.code).toBe('task_expired_released');
      expect(await until(s, r.value.jobId, ['expired'])).toBe('expired');
      expect(await ledgerOfJob(s.store, r.value.jobId)).toEqual([
        { kind: 'hold', amount: 200_000 },
        { kind: 'release', amount: 200_000 },
      ]);
      expect(await openHolds(s.store)).toBe(0);
    } finally {
      await s.close();
    }
  });
});

describe('a task whose content is not a video', () => {
  it('a finished task whose content is an HTML page is neither posted nor charged: the member is told, the bill is the operator\'s loss', async () => {
    const rec = new RecordingDelivery('console');
    const s = await createTestStack({ deliveries: [rec] });
    s.sim.addFault({ kind: 'html_content', endpoint: 'video_content' });
    try {
      const billedBefore = s.sim.spentMicros(s.sim.tokens.media);
      const lossesBefore = (await s.store.budgets.gatewayLosses()).certainMicros;
      const r = await s.core.startVideo({ ...s.actor(), prompt: 'a wave that never plays', seconds: 4, delivery: target });
      if (!r.ok) throw new Error(r.failure.code);
      const ev = await rec.waitFor((e) => e.type === 'failure' && e.jobId === r.value.jobId);
      if (ev.type !== 'failure') throw new Error('no failure');
      expect(ev.failure.code).toBe('result_not_delivered');
      expect(ev.failure.money).toBe('released');
      expect(s.core.explain(ev.failure)).toMatch(/not a playable video.*not charged/is);
      expect(await until(s, r.value.jobId, ['failed'])).toBe('failed');
      expect(rec.events.some((e) => e.type === 'video' && e.jobId === r.value.jobId)).toBe(false);
      expect(await ledgerOfJob(s.store, r.value.jobId)).toEqual([
        { kind: 'hold', amount: 200_000 },
        { kind: 'release', amount: 200_000 },
      ]);
      const billed = s.sim.spentMicros(s.sim.tokens.media) - billedBefore;
      expect(billed).toBe(200_000);
      expect((await s.store.budgets.gatewayLosses()).certainMicros - lossesBefore).toBe(billed);
      expect(await openHolds(s.store)).toBe(0);
    } finally {
      await s.close();
    }
  });
});
