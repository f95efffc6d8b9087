import type { JobStatus } from '../core/api/jobs.js';
import { videoReply } from '../core/jobs/late-replies.js';
import { fail } from '../core/failures.js';
import type { JobRecord } from '../core/ports/job-store.js';
import { deliveryFailed, endUndeliverable, giveUpOrRetry, tooLarge } from './job-outcomes.js';
import { deliveryView } from './job-view.js';
import { postLate, recordPosted } from './late-post.js';
import { probeVideo } from './probe-video.js';
import { fileSize } from './output-store.js';
import type { RunnerContext } from './runner-context.js';
import { retryWithoutSurface } from './retry-later.js';
import { extractLastFrame } from './last-frame.js';
import { GALLERY_VIDEO_FILE, isLastFrameFile, LAST_FRAME_FILE, VIDEO_FILE, VIDEO_FIT_FILE } from '../core/jobs/kept-files.js';
import { galleryPatch } from '../core/jobs/gallery-retention.js';
import { rename, rm } from 'node:fs/promises';

const DELIVERING: readonly JobStatus[] = ['delivering'];

/**
 * A job in `delivering`: posts the file through its surface's Delivery, then records the message ids and
 * the `delivered` status in ONE conditional write and deletes the file. A missing file (lost temp dir) sends the
 * job back to `downloading`. DeliveryError `transient` → retry later keeping the file (up to `maxAttempts`, then
 * `delivery_failed_charged` 'upload'); `gone` → `delivery_failed_charged` 'chat_gone'; `too_large` →
 * `output_too_large`; all three end `undeliverable` with the file kept for the retention time. A duplicate post is possible only
 * if the process dies between the platform accepting the upload and that write.
 */
export async function deliverVideoStep(ctx: RunnerContext, job: JobRecord, signal: AbortSignal): Promise<void> {
  const { deps } = ctx;
  const address = job.delivery;
  if (!address) return endUndeliverable(ctx, job, DELIVERING, fail('internal', {}, { money: 'charged', log: { note: 'no delivery address' } }), job.outputPath);
  if (job.delivered) return finish(ctx, job, job.delivered.messageIds);
  const delivery = deps.router.for(address.surface);
  if (!delivery) return retryWithoutSurface(ctx, job, address.surface);
  const path = job.outputPath;
  const bytes = path ? await fileSize(path) : null;
  if (path === null || bytes === null) {
    const back = await deps.jobs.transition(job.id, DELIVERING, 'downloading', { outputPath: null }, ctx.owner);
    if (back) await ctx.resume(back, signal);
    return;
  }
  // The facts shown come from the file being posted; a file that cannot be read is still posted, without them.
  const media = await probeVideo(path);
  if (!media) deps.logger.warn({ jobId: job.id, bytes }, 'runner: the video file could not be probed; posted without length and size');
  const frame = await keepLastFrame(ctx, job, path, signal);
  const posted = await postLate(ctx, job, delivery, address, async () => {
    const view = await deliveryView(ctx, job);
    return videoReply(media ? { ...view, media } : view, { path, bytes, mime: 'video/mp4' }, deps.replies.remixOffered(job.model), frame);
  });
  if (!posted.posted) {
    if (posted.kind === 'too_large') return endUndeliverable(ctx, job, DELIVERING, { ...tooLarge(ctx, bytes, delivery.uploadLimitBytes(address), true), money: 'charged' }, path);
    const log = { note: `delivery ${posted.kind}` };
    if (posted.kind === 'gone') return endUndeliverable(ctx, job, DELIVERING, deliveryFailed(ctx, job, 'chat_gone', true, log), path);
    return giveUpOrRetry(ctx, job, deliveryFailed(ctx, job, 'upload', true, log), path, posted.retryAfterMs);
  }
  await finish(ctx, job, posted.messageIds, media?.durationSeconds);
}

/**
 * Records `delivered` and deletes the posted file (kept only while it was not delivered), unless the web gallery keeps
 * it (`galleryRetentionMs`): then it is renamed {@link GALLERY_VIDEO_FILE} (never re-sent by `/job`) and the job gets
 * its gallery expiry. Its last frame, when one was kept, stays for the retention time (for "Animate with last frame");
 * the sweep of expired outputs removes it.
 */
async function finish(ctx: RunnerContext, job: JobRecord, messageIds: string[], deliveredSeconds?: number): Promise<void> {
  const { deps } = ctx;
  const files = await deps.outputs.list(job.id).catch(() => []);
  const frame = files.some((f) => isLastFrameFile(f.filename));
  const now = deps.clock.now();
  const expiresAt = frame ? now + ctx.config.retentionMs : null;
  const posted = files.find((f) => f.path === job.outputPath) ?? files.find((f) => f.filename === VIDEO_FIT_FILE) ?? files.find((f) => f.filename === VIDEO_FILE);
  const keep = ctx.config.galleryRetentionMs && posted ? { ...posted, filename: GALLERY_VIDEO_FILE, path: deps.outputs.pathOf(job.id, GALLERY_VIDEO_FILE) } : undefined;
  // The posted file's length stays with the job for `/job` once the file is gone.
  const params = deliveredSeconds !== undefined ? { params: { ...job.params, deliveredSeconds } } : {};
  const gone = (e: unknown) => deps.logger.warn({ jobId: job.id, err: e }, 'runner: could not delete the delivered file');
  const gallery = keep ? galleryPatch(ctx.config.galleryRetentionMs, now, [keep]) : {};
  if (!(await recordPosted(ctx, job, messageIds, { outputPath: null, outputExpiresAt: expiresAt, ...gallery, ...params }))) return;
  // Renamed only once recorded: a crash before the record must still find the file to post under its own name.
  if (keep && posted) await rename(posted.path, keep.path).catch(gone);
  if (!frame && !keep) return deps.outputs.remove(job.id).catch(gone);
  for (const f of files) if (!isLastFrameFile(f.filename) && !(keep && f === posted)) await rm(f.path, { force: true }).catch(gone);
}

/**
 * Keeps the last frame of the video at `path` beside it ({@link LAST_FRAME_FILE}) when ffmpeg is available; true when
 * it is there (kept now or by an earlier attempt). A failure only hides the follow-up: the video is posted anyway.
 */
async function keepLastFrame(ctx: RunnerContext, job: JobRecord, path: string, signal: AbortSignal): Promise<boolean> {
  const { deps } = ctx;
  const out = await deps.outputs.tempPath(job.id, LAST_FRAME_FILE);
  if (await fileSize(out)) return true;
  if (!ctx.ffmpeg) return false;
  const kept = await extractLastFrame(ctx.ffmpeg, path, out, signal).catch(() => false);
  if (!kept) deps.logger.warn({ jobId: job.id }, 'runner: the last frame of the video could not be extracted; posted without "Animate with last frame"');
  return kept;
}
