import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryAddress } from '../../src/core/api/actor.js';
import { encodePng } from '../../src/simulator/png.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerOfJob, openHolds } from '../support/ledger.js';
import { RecordingDelivery } from '../support/recording-delivery.js';

/**
 * Issue 22 item 2, in the core against the simulator's `expr` catalogue: the options a model offers are sent, the
 * hold and the charge equal what the gateway bills for them, an option the model does not offer is refused before
 * anything is held or sent, and Kling's last frame goes out as `image_tail`.
 */
let t: TestStack;
const delivery = new RecordingDelivery('console');
const target: DeliveryAddress = { surface: 'console', chatId: 'chat-1', userExternalId: 'u1' };

async function until(jobId: string, statuses: string[], ms = 8000): Promise<string> {
  const end = Date.now() + ms;
  for (;;) {
    const j = await t.app.jobs.get(jobId);
    if (j && statuses.includes(j.status)) return j.status;
    if (Date.now() > end) throw new Error(`job ${jobId} still ${j?.status}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const lastOf = (endpoint: string) => t.sim.requests().filter((q) => q.endpoint === endpoint).at(-1);
const countOf = (endpoint: string) => t.sim.requests().filter((q) => q.endpoint === endpoint).length;

beforeAll(async () => {
  t = await createTestStack({ sim: { catalogue: 'expr' }, deliveries: [delivery], env: { DEFAULT_ALLOWANCE: '50' } });
});
afterAll(() => t?.close());

describe('model options in the core', () => {
  it('--quality high on gpt-image-2: sent, held and charged at the high price, which is what the gateway billed', async () => {
    const before = t.sim.spentMicros(t.sim.tokens.media);
    const r = await t.core.imagine({ ...t.actor(), prompt: 'a paper crane', model: 'gpt-image-2', quality: 'high', background: 'transparent', format: 'webp' });
    if (!r.ok) throw new Error(r.failure.code);
    const bill = t.sim.spentMicros(t.sim.tokens.media) - before;
    expect(bill).toBe(167_000);
    expect(r.value.costMicros).toBe(bill);
    expect(r.value.options).toEqual({ quality: 'high', background: 'transparent', format: 'webp' });
    expect(lastOf('image')!.options).toEqual({ quality: 'high', background: 'transparent', output_format: 'webp' });
    expect(await ledgerOfJob(t.store, r.value.jobId)).toEqual([
      { kind: 'hold', amount: 167_000 },
      { kind: 'charge', amount: 167_000 },
    ]);
    // What a Reroll sends again.
    const again = await t.core.jobRequest(t.actor(), r.value.jobId);
    expect(again.ok && again.value.options).toEqual({ quality: 'high', background: 'transparent', format: 'webp' });
  });

  it('--resolution 1080p --audio on on veo-3.1: the hold and the charge are the gateway bill of the audio tier', async () => {
    const before = t.sim.spentMicros(t.sim.tokens.media);
    // A 720p size: the resolution sent decides the tier, not the size.
    const r = await t.core.startVideo({ ...t.actor(), prompt: 'a drummer', model: 'veo-3.1', seconds: 6, size: '1280x720', resolution: '1080p', audio: true, delivery: target });
    if (!r.ok) throw new Error(r.failure.code);
    const bill = t.sim.spentMicros(t.sim.tokens.media) - before;
    // $0.40 × 6 s × 1.5 (audio).
    expect(bill).toBe(3_600_000);
    expect(r.value.estimateMicros).toBe(bill);
    expect(r.value.options).toEqual({ resolution: '1080p', audio: true });
    const sent = lastOf('video_create')!;
    expect(sent.seconds).toBe('6');
    expect(sent.options).toEqual({ resolution: '1080p', generate_audio: 'true' });
    expect(await until(r.value.jobId, ['delivered'])).toBe('delivered');
    expect(await ledgerOfJob(t.store, r.value.jobId)).toEqual([
      { kind: 'hold', amount: 3_600_000 },
      { kind: 'charge', amount: 3_600_000 },
    ]);
    const view = await t.core.job(t.actor(), r.value.jobId);
    if (!view.ok) throw new Error(view.failure.code);
    expect(view.value.options).toBe('--resolution 1080p · --audio on');
  });

  it('--audio off is sent and priced without the audio tier', async () => {
    const before = t.sim.spentMicros(t.sim.tokens.media);
    const r = await t.core.startVideo({ ...t.actor(), prompt: 'a quiet lake', model: 'veo-3.1', seconds: 4, size: '1920x1080', audio: false, delivery: target });
    if (!r.ok) throw new Error(r.failure.code);
    expect(r.value.estimateMicros).toBe(1_600_000);
    expect(t.sim.spentMicros(t.sim.tokens.media) - before).toBe(1_600_000);
    expect(lastOf('video_create')!.options).toEqual({ generate_audio: 'false' });
    await until(r.value.jobId, ['delivered']);
  });

  it('a Kling job with a last frame and a negative prompt sends image_tail and negative_prompt, and seconds', async () => {
    const first = new Uint8Array(await encodePng(32, 32, { r: 1, g: 2, b: 3 }));
    const last = new Uint8Array(await encodePng(32, 32, { r: 200, g: 2, b: 3 }));
    const r = await t.core.startVideo({
      ...t.actor(), prompt: 'a flower opening', model: 'kling-v2.1', seconds: 5, image: { name: 'a.png', bytes: first }, endImage: { name: 'b.png', bytes: last }, negative: 'blurry, text', delivery: target,
    });
    if (!r.ok) throw new Error(r.failure.code);
    const sent = lastOf('video_create')!;
    expect(sent.hasInputReference).toBe(true);
    expect(sent.seconds).toBe('5');
    expect(sent.options).toEqual({ image_tail: 'image/png', negative_prompt: 'blurry, text' });
    await until(r.value.jobId, ['delivered']);
  });

  it('an option the model does not offer is refused before anything is held or sent, naming what it offers', async () => {
    const images = countOf('image');
    const videos = countOf('video_create');
    const spent = t.sim.spentMicros(t.sim.tokens.media);
    const ultra = await t.core.imagine({ ...t.actor(), prompt: 'x', model: 'gpt-image-2', quality: 'ultra' });
    expect(ultra.ok).toBe(false);
    if (ultra.ok) return;
    expect(ultra.failure).toMatchObject({ code: 'option_unsupported', money: 'none', details: { model: 'gpt-image-2', option: 'quality', value: 'ultra', offered: ['low', 'medium', 'high', 'auto'] } });
    const words = t.core.explain(ultra.failure);
    expect(words).toContain('gpt-image-2');
    expect(words).toContain('does not offer --quality ultra; it offers low, medium, high, auto');

    const audio = await t.core.startVideo({ ...t.actor(), prompt: 'x', model: 'kling-v2.1', seconds: 5, audio: true, delivery: target });
    expect(!audio.ok && audio.failure).toMatchObject({ code: 'option_unsupported', details: { option: 'audio', offered: [], all: ['--end-image', '--negative'] } });
    const res = await t.core.startVideo({ ...t.actor(), prompt: 'x', model: 'kling-v2.1', seconds: 5, resolution: '1080p', delivery: target });
    expect(!res.ok && res.failure).toMatchObject({ code: 'option_unsupported', details: { option: 'resolution', offered: [] } });
    const tail = new Uint8Array(await encodePng(16, 16, { r: 1, g: 1, b: 1 }));
    const veo = await t.core.startVideo({ ...t.actor(), prompt: 'x', model: 'veo-3.1', seconds: 5, endImage: { name: 't.png', bytes: tail }, delivery: target });
    expect(!veo.ok && veo.failure).toMatchObject({ code: 'option_unsupported', details: { option: 'endImage' } });
    if (!veo.ok) expect(t.core.explain(veo.failure)).toContain('does not take --end-image');

    expect(countOf('image')).toBe(images);
    expect(countOf('video_create')).toBe(videos);
    expect(t.sim.spentMicros(t.sim.tokens.media)).toBe(spent);
    expect(await openHolds(t.store)).toBe(0);
  });
});
