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
  const posted = await postLate(ctx, job, delivery, address, async () => {
    const view = await deliveryView(ctx, job);
    return videoReply(media ? { ...view, media } : view, { path, bytes, mime: 'video/mp4' }, deps.replies.remixOffered(job.model));
  });
  if (!posted.posted) {
    if (posted.kind === 'too_large') return endUndeliverable(ctx, job, DELIVERING, { ...tooLarge(ctx, bytes, delivery.uploadLimitBytes(address), true), money: 'charged' }, path);
    const log = { note: `delivery ${posted.kind}` };
    if (posted.kind === 'gone') return endUndeliverable(ctx, job, DELIVERING, deliveryFailed(ctx, job, 'chat_gone', true, log), path);
    return giveUpOrRetry(ctx, job, deliveryFailed(ctx, job, 'upload', true, log), path, posted.retryAfterMs);
  }
  await finish(ctx, job, posted.messageIds);
}

/** Records `delivered` and deletes the posted file (kept only while it was not delivered). */
async function finish(ctx: RunnerContext, job: JobRecord, messageIds: string[]): Promise<void> {
  if (!(await recordPosted(ctx, job, messageIds, { outputPath: null, outputExpiresAt: null }))) return;
  await ctx.deps.outputs.remove(job.id).catch((e: unknown) => ctx.deps.logger.warn({ jobId: job.id, err: e }, 'runner: could not delete the delivered file'));
}
