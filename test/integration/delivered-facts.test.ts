import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageResultReply } from '../../src/core/commands/reply-kit.js';
import type { CommandContext } from '../../src/core/commands/types.js';
import { newJobId } from '../../src/core/ids.js';
import { probeVideo } from '../../src/jobs/probe-video.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { RecordingDelivery, type DeliveryEvent } from '../support/recording-delivery.js';

let t: TestStack;
const delivery = new RecordingDelivery('console');
type VideoEvent = Extract<DeliveryEvent, { type: 'video' }>;

beforeAll(async () => {
  t = await createTestStack({ deliveries: [delivery], env: { DEFAULT_ALLOWANCE: '5' }, sim: { video: { queuedMs: 20, runMs: 150, progressSteps: 2 } } });
});
afterAll(() => t?.close());

/** Results show what the delivered file says about itself, not what was asked for. */
describe('facts of delivered results', () => {
  it('images: the reply names model, the size read from the bytes, and the cost', async () => {
    const r = await t.core.imagine({ ...t.actor(), prompt: 'a lighthouse', size: '1024x1536' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const img = r.value.images[0]!;
    // The PNG's own IHDR width and height.
    const png = Buffer.from(img.bytes);
    const size = `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
    const ctx = { uploadLimitBytes: 50 * 1024 * 1024, actor: { locale: 'en' }, surface: { id: 'console', buttons: false, commandHint: (c: string) => `/${c}` } } as unknown as CommandContext;
    const fields = imageResultReply(ctx, r.value, 'a lighthouse').fields ?? [];
    expect(fields.slice(0, 3)).toEqual([
      { name: 'Model', value: 'alpha-image-2' },
      { name: 'Size', value: size },
      { name: 'Cost', value: '$0.01' },
    ]);
  });

  it('videos: length and size come from probing the delivered mp4 (a 15-second request still plays what the file plays)', async () => {
    const r = await t.core.startVideo({ ...t.actor(), prompt: 'waves', seconds: 15, size: '1920x1080', delivery: { surface: 'console' } });
    expect(r.ok).toBe(true);
    const jobId = r.ok ? r.value.jobId : '';
    const e = (await delivery.waitFor((x) => x.type === 'video' && x.jobId === jobId, 8000)) as VideoEvent;
    // The simulator serves its one real sample (4 s, 320x180) whatever the request asked for.
    const fields = e.reply.fields ?? [];
    expect(fields.map((f) => `${f.name}=${f.value}`)).toEqual(['Model=gamma-video-1', 'Duration=4 s (15 s requested)', 'Size=320x180', 'Cost=$0.75']);
    // /job afterwards (the file is gone once posted): the length the posted file played for, and what was billed.
    for (let i = 0; i < 200 && (await t.app.jobs.get(jobId))?.status !== 'delivered'; i++) await new Promise((r) => setTimeout(r, 20));
    const view = await t.core.job(t.actor(), jobId);
    if (!view.ok) throw new Error(view.failure.code);
    expect(view.value.status).toBe('delivered');
    expect(view.value.deliveredSeconds).toBe(4);
    const billed = (await t.app.jobs.get(jobId))?.params.billedSeconds;
    expect(view.value.billedSeconds).toBe(billed);
    const { jobReply } = await import('../../src/core/commands/pieces/job.js');
    const shown = (jobReply(view.value, 50 * 1024 * 1024, false, 'en').fields ?? []).filter((f) => f.name.startsWith('Duration') || f.name === 'Seconds billed');
    // The simulator bills the 15 s asked for and serves its one 4 s sample.
    expect(billed).toBe(15);
    expect(shown).toEqual([{ name: 'Duration', value: '4 s (15 s requested)' }, { name: 'Seconds billed', value: '15 s' }]);
  });

  it('probeVideo reads a real mp4 and refuses a truncated or garbage file instead of inventing numbers', async () => {
    const dir = join(t.dir, 'probe');
    mkdirSync(dir, { recursive: true });
    const good = join(dir, 'good.mp4');
    copyFileSync(join('src', 'simulator', 'assets', 'sample.mp4'), good);
    expect(await probeVideo(good)).toEqual({ durationSeconds: 4, width: 320, height: 180 });
    const whole = readFileSync(good);
    const cut = join(dir, 'cut.mp4');
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    expect(await probeVideo(cut)).toBeUndefined();
    const garbage = join(dir, 'garbage.mp4');
    writeFileSync(garbage, Buffer.from('this is not a video at all, just words and more words'));
    expect(await probeVideo(garbage)).toBeUndefined();
    expect(await probeVideo(join(dir, 'missing.mp4'))).toBeUndefined();
  });

  it('a delivered file that cannot be probed is still posted, without length or size', async () => {
    const dir = join(t.dir, 'broken');
    mkdirSync(dir, { recursive: true });
    const path = join(dir, 'broken.mp4');
    const whole = readFileSync(join('src', 'simulator', 'assets', 'sample.mp4'));
    writeFileSync(path, whole.subarray(0, 5_000)); // the header promises more than the file holds
    const a = t.actor({ user: 'broken' });
    await t.core.touch(a);
    const scope = await t.store.directory.findScope({ platform: a.scope.platform, externalId: a.scope.externalId });
    const user = await t.store.directory.findUser({ platform: a.user.platform, externalId: a.user.externalId });
    const id = newJobId();
    await t.app.jobs.create({
      id, kind: 'video', status: 'reserved', scopeId: scope!.id, userId: user!.id, model: 'gamma-video-1', prompt: 'broken', params: { seconds: 4, size: '1280x720' },
      tokenSource: 'operator', tokenId: null, estimateMicros: 200_000, delivery: { surface: 'console' },
    });
    await t.app.jobs.transition(id, ['reserved'], 'delivering', { outputPath: path, nextPollAt: Date.now(), chargedMicros: 200_000 });
    const e = (await delivery.waitFor((x) => x.type === 'video' && x.jobId === id, 8000)) as VideoEvent;
    const fields = (e.reply.fields ?? []).map((f) => f.name);
    expect(fields).toEqual(['Model', 'Cost']);
    const end = Date.now() + 5000;
    while ((await t.app.jobs.get(id))?.status !== 'delivered' && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
    expect((await t.app.jobs.get(id))?.status).toBe('delivered');
  });
});
