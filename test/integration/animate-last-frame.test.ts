/**
 * "Animate with last frame" on a finished video, on the simulator: the runner delivers the simulator's mp4, keeps its
 * last frame (ffmpeg) after the video itself is deleted, and the delivered result carries the follow-up; pressing it
 * starts an image-to-video job from that frame (the gateway gets the frame as its input reference). Extend is never
 * offered (no supported gateway has it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryAddress } from '../../src/core/api/actor.js';
import { CommandDispatcher } from '../../src/core/commands/dispatch.js';
import type { SurfaceRequest } from '../../src/core/ports/surface.js';
import { locateFfmpeg } from '../../src/jobs/ffmpeg-locator.js';
import { probeVideo } from '../../src/jobs/probe-video.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, openHolds } from '../support/ledger.js';
import { RecordingDelivery, type DeliveryEvent } from '../support/recording-delivery.js';

let t: TestStack;
const delivery = new RecordingDelivery('console');
const target: DeliveryAddress = { surface: 'console', chatId: 'chat-1', userExternalId: 'u1' };

beforeAll(async () => {
  // The ffmpeg the bot would find (PATH, else the packaged one): the frame is extracted by the real binary.
  const ffmpeg = await locateFfmpeg();
  expect(ffmpeg).not.toBeNull();
  t = await createTestStack({ deliveries: [delivery], env: { DEFAULT_ALLOWANCE: '5' }, app: { ffmpegPath: ffmpeg!.path } });
});
afterAll(() => t?.close());

/** Width and height of a PNG from its IHDR. */
function pngSize(b: Buffer): { width: number; height: number } {
  expect(b.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

describe('Animate with last frame', () => {
  it("the simulator's mp4 → its last frame kept → an image-to-video job from it", async () => {
    const started = await t.core.startVideo({ ...t.actor(), prompt: 'a wave rolls in', seconds: 4, delivery: target });
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    const jobId = started.value.jobId;
    const posted = (await delivery.waitFor((e) => e.type === 'video' && e.jobId === jobId)) as Extract<DeliveryEvent, { type: 'video' }>;
    const facts = await probeVideo(posted.path);
    expect(facts).toBeDefined();
    const labels = posted.reply.actions?.map((a) => a.label);
    expect(labels).toContain('Animate with last frame');
    expect(labels?.some((l) => /extend/i.test(l))).toBe(false);
    const action = posted.reply.actions!.find((a) => a.label === 'Animate with last frame')!;
    expect(action).toMatchObject({ command: 'animate', args: { job: jobId } });

    // Delivered: the video file is gone, its last frame stays (for the retention time), and /job does not post it.
    const until = Date.now() + 5_000;
    while ((await t.app.jobs.get(jobId))?.status !== 'delivered' && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    const row = await t.app.jobs.get(jobId);
    expect(row?.status).toBe('delivered');
    expect(row?.outputExpiresAt).toBeGreaterThan(Date.now());
    expect(existsSync(posted.path)).toBe(false);
    const view = await t.core.job(t.actor(), jobId);
    expect(view.ok && (view.value.outputs ?? [])).toEqual([]);
    const request = await t.core.jobRequest(t.actor(), jobId);
    expect(request.ok).toBe(true);
    if (!request.ok) return;
    const frame = request.value.lastFrame?.[0];
    expect(frame?.filename).toBe('last-frame.png');
    expect(pngSize(readFileSync(frame!.path))).toEqual({ width: facts!.width, height: facts!.height });

    // The button: an image-to-video job from that frame, held and sent like any video.
    const dispatcher = new CommandDispatcher({ core: t.core, ownerIds: t.config.ownerIds, logger: t.logger });
    const req: SurfaceRequest = {
      actor: t.actor(),
      surface: { id: 'console', buttons: true, commandHint: (c, s) => `/${c}${s ? ` ${s}` : ''}` },
      uploadLimitBytes: 50 * 1024 * 1024,
      isAdmin: () => Promise.resolve(false),
      progress: () => undefined,
      deliveryAddress: () => Promise.resolve(target),
    };
    const creates = () => t.sim.requests().filter((r) => r.endpoint === 'video_create');
    const before = creates().length;
    const reply = await dispatcher.run({ command: action.command, args: action.args, request: req });
    expect(reply.tone).not.toBe('error');
    expect(reply.jobId).toMatch(/^j_/);
    const sent = creates().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.hasInputReference).toBe(true);
    const next = await t.app.jobs.get(reply.jobId!);
    expect(next?.params.references).toBe(1);
    expect(next?.prompt).toBe('a wave rolls in');

    await delivery.waitFor((e) => e.type === 'video' && e.jobId === reply.jobId);
    const done = Date.now() + 5_000;
    while ((await openHolds(t.store)) > 0 && Date.now() < done) await new Promise((r) => setTimeout(r, 25));
    expect(await openHolds(t.store)).toBe(0);
    expect(await ledgerNetCharged(t.store, 'operator')).toBe(t.sim.spentMicros(t.sim.tokens.media));
  });
});
