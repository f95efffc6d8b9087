import { gatewayCall } from './gateway-call.js';
import type { Actor, DeliveryAddress, JobHooks } from '../api/actor.js';
import type { VideoRequest, VideoStarted } from '../api/video.js';
import type { JobParams } from '../ports/job-store.js';
import type { VideoTask } from '../ports/media-gateway.js';
import { err, fail, ok, withMoney, type Result } from '../failures.js';
import { quoteJobPrice } from '../pricing.js';
import { validateDuration } from '../media/inputs.js';
import { resolveSize, videoSize } from '../media/sizes.js';
import { validateReferenceImages, type ValidImage } from '../media/validate-images.js';
import { gatewayFailure, remainingFor, withFairUse } from './context.js';
import { jobBasics, openJob, type JobBasics } from './job-start.js';
import { runToRunner } from '../jobs/engine.js';
import type { CoreDeps } from './deps.js';
import { VIDEO_REFERENCE_MAX_BYTES } from './model-check.js';
import { videoEtaSeconds } from './video-eta.js';
import { gatewayCostMicros } from './gateway-cost.js';
import { checkOptions } from './option-check.js';

/** Longest side accepted for an explicit video size. */
export const MAX_VIDEO_SIDE = 4096;

/**
 * `startVideo`: validate (prompt, token, model of kind video, 4–15 s, size, the options asked for against what the
 * model offers — resolution, audio, negative prompt, last frame; see `models/model-options.ts` —, at most one
 * reference image and one last frame), then hold the price of the seconds, size and options asked for (unit price × seconds, or the gateway's expression), create the gateway task and hand the job to the poller (`submitted`, first poll after
 * the configured interval, deadline from config). Returns at once. A failed create releases the hold; the gateway
 * takes no money for a create it refused.
 *
 * A crash between the hold and the `submitted` update leaves the job `reserved`; the poller's sweep releases its
 * hold after the gateway deadline and tells the user (a task the gateway created just before the crash is unknown
 * to the bot: the create call has no idempotency key).
 *
 * Trade-off (fair use): the fair-use lease covers only this start (validate, hold, create) and is released when
 * the task is created, not when the video is delivered. Concurrent *rendering* is therefore bounded by the budget
 * (the full estimate stays held until the job ends), the cooldown and the gateway's limits, not by the per-user
 * and per-scope concurrency of the `FairUseGate` (`fair-use/fair-use-gate.ts`; see its description).
 */
export async function startVideo(d: CoreDeps, req: VideoRequest, hooks?: JobHooks): Promise<Result<VideoStarted>> {
  const basics = await jobBasics(d, req, 'video');
  if (!basics.ok) return basics;
  const { prompt, model, token: t } = basics.value;
  const seconds = validateDuration(req.seconds ?? d.settings.defaults.videoSeconds);
  if (!seconds.ok) return seconds;
  const size = req.size?.trim() ? resolveSize({ size: req.size, maxSide: MAX_VIDEO_SIDE }) : videoSize(req.aspect);
  if (!size.ok) return size;
  const negative = req.negative?.trim();
  const options: VideoOptions = { ...(req.resolution ? { resolution: req.resolution } : {}), ...(req.audio !== undefined ? { audio: req.audio } : {}) };
  const checked = checkOptions(model, basics.value.price, { ...options, ...(negative ? { negative } : {}), ...(req.endImage ? { endImage: true } : {}) });
  if (!checked.ok) return checked;
  let ref: ValidImage | undefined;
  let end: ValidImage | undefined;
  // A last frame only with a first one (the two in order): a lone end image is the start image.
  const given = [req.image ?? req.endImage, req.image ? req.endImage : undefined].filter((a): a is NonNullable<typeof a> => a !== undefined);
  if (given.length) {
    const v = await validateReferenceImages(given, { maxImages: 2, maxBytes: VIDEO_REFERENCE_MAX_BYTES });
    if (!v.ok) return v;
    [ref, end] = v.value;
  }
  let tail: ValidImage | undefined;
  if (req.endImage) {
    const v = await validateReferenceImages([req.endImage], { maxImages: 1, maxBytes: VIDEO_REFERENCE_MAX_BYTES });
    if (!v.ok) return v;
    tail = v.value[0];
  }
  return submitVideoJob(d, req, hooks, {
    basics: basics.value,
    seconds: seconds.value,
    size: size.value,
    options,
    params: { ...(req.aspect && !req.size ? { aspect: req.aspect } : {}), ...(ref ? { references: 1 } : {}), ...(negative ? { negative: true } : {}), ...(tail ? { endImage: true } : {}) },
    stage: 'video_create',
    ...(ref ? { attachmentName: ref.name } : {}),
    create: (hooks) =>
      gatewayCall(hooks, { kind: 'video', model, deadlines: d.settings.callDeadlines, catalogueMs: basics.value.price.deadlineMs }, (o) =>
        d.gateway.createVideo(t.token, {
          model,
          prompt,
          seconds: seconds.value,
          size: size.value,
          ...(options.resolution ? { resolution: options.resolution } : {}),
          ...(options.audio !== undefined ? { generateAudio: options.audio } : {}),
          ...(negative ? { negativePrompt: negative } : {}),
          ...(ref ? { inputReference: { data: ref.data, filename: ref.filename, contentType: ref.contentType } } : {}),
          ...(tail ? { imageTail: { data: tail.data, filename: tail.filename, contentType: tail.contentType } } : {}),
        }, o),
      ),
  });
}

/** Hands a submitted video to the runner (`submitted`, its lease dropped): it waits on the task from here. */
async function toRunner(d: CoreDeps, jobId: string, taskId: string): Promise<void> {
  const now = d.clock.now();
  d.leases.stop(jobId);
  await d.jobs.transition(jobId, ['reserved'], 'submitted', {
    leaseOwner: null,
    leaseExpiresAt: null,
    remoteTaskId: taskId,
    nextPollAt: now + d.settings.pollIntervalMs,
    pollIntervalMs: d.settings.pollIntervalMs,
    deadlineAt: now + d.settings.deadlineMs,
  });
}

/** The video options that change the price and the result (sent, and quoted with). */
export interface VideoOptions {
  resolution?: string;
  audio?: boolean;
}

/** What {@link submitVideoJob} needs: the validated basics, the length and size, extra params and the create call. */
export interface VideoSubmission {
  basics: JobBasics;
  seconds: number;
  size: string;
  /** Options sent with the create (quoted with; absent: none). */
  options?: VideoOptions;
  params: JobParams;
  stage: 'video_create' | 'video_remix';
  attachmentName?: string;
  /** Creates the gateway task (a new video, or a remix) with the job's hooks (its place in the queue); called once, after the hold. */
  create: (hooks: JobHooks) => Promise<VideoTask>;
}

/**
 * The money and state part shared by new videos and remixes: under a fair-use lease, create the job, hold the price
 * of the seconds and size ({@link quoteJobPrice}), create the gateway task, and hand the job to the poller (`submitted`). A failed create releases the hold.
 */
export async function submitVideoJob(d: CoreDeps, req: Actor & { delivery: DeliveryAddress }, hooks: JobHooks | undefined, v: VideoSubmission): Promise<Result<VideoStarted>> {
  const { model, ids, token: t, price } = v.basics;
  const options = v.options ?? {};
  const priced = { kind: 'video', seconds: v.seconds, size: v.size, ...options } as const;
  const quote = quoteJobPrice(price, priced);
  if (!quote.ok) return err(fail('model_unpriced', { model }, { log: { stage: v.stage, note: `price expression refused: ${quote.reason}` } }));
  const estimate = quote.micros;
  return withFairUse(d, req, hooks, { kind: 'video', model }, async (jobId, jobHooks) => {
    const opened = await openJob(d, { jobId, kind: 'video', basics: v.basics, params: { seconds: v.seconds, size: v.size, ...options, ...v.params, gatewayQuoteMicros: gatewayCostMicros(d, model, price, priced) }, estimateMicros: estimate, delivery: req.delivery });
    if (!opened.ok) return opened;
    const job = opened.value;
    const thrown = (e: unknown) => gatewayFailure(d, e, { model, tokenSource: t.source, stage: v.stage, size: v.size, maxSide: MAX_VIDEO_SIDE, money: 'released', ...(v.attachmentName ? { attachmentName: v.attachmentName } : {}) });
    const submitted = await runToRunner(d, job, () => v.create(jobHooks), thrown, (task) => toRunner(d, jobId, task.id));
    if (!submitted.ok) return submitted;
    d.logger.info({ jobId, model, seconds: v.seconds, estimateMicros: estimate, tokenSource: t.source, stage: v.stage }, 'video job submitted');
    return ok({
      jobId,
      model,
      seconds: v.seconds,
      size: v.size,
      ...(Object.keys(options).length ? { options } : {}),
      estimateMicros: estimate,
      etaSeconds: await videoEtaSeconds(d, model, v.seconds),
      remainingMicros: await remainingFor(d, ids, t.source),
    });
  });
}
