import { rm } from 'node:fs/promises';
import type { JobStatus } from '../core/api/jobs.js';
import { fail, type Failure } from '../core/failures.js';
import { VIDEO_FILE, VIDEO_FIT_FILE } from '../core/jobs/kept-files.js';
import type { JobRecord } from '../core/ports/job-store.js';
import { isGatewayFailure } from '../core/ports/media-gateway.js';
import { finalBill } from '../core/money/final-bill.js';
import { fitVideo } from './fit-video.js';
import { chargeVideo, deliveryFailed, endUndeliverable, giveUpOrRetry, notify, tooLarge } from './job-outcomes.js';
import { tokenForJob } from './job-token.js';
import { fileSize } from './output-store.js';
import { probeVideo } from './probe-video.js';
import type { RunnerContext } from './runner-context.js';
import { retryWithoutSurface } from './retry-later.js';

const DOWNLOADING: readonly JobStatus[] = ['downloading'];

/**
 * The `fetch → check → keep → settle` steps of a video in `downloading` (its task succeeded; its hold still open):
 * streams the mp4 to `<outputs>/<job>/video.mp4` unless a previous attempt already finished it, checks it is a
 * playable video (its `moov` and a video track, {@link probeVideo}), and only then settles the hold; shrinks it with
 * ffmpeg when over the upload limit of the job's address; then moves to `delivering`.
 * - Not a playable video (an HTML error page served as the content): a gateway failure. The hold is released, what the
 *   gateway billed recorded as the operator's loss, the job `failed` and the member told plainly they were not charged.
 * - Without a way to fit, the file is kept for the retention time and the job ends `undeliverable`, charged (the
 *   gateway made a real video).
 * - Failed downloads are retried with backoff up to `maxAttempts`, then the job ends `undeliverable` with
 *   `delivery_failed_charged` 'download' (charged: the gateway made and billed it).
 * A crash anywhere repeats the step: the kept file is checked again and the settle is idempotent.
 */
export async function fetchStep(ctx: RunnerContext, job: JobRecord, signal: AbortSignal, known: { token?: string; fallbackUrl?: string | undefined } = {}): Promise<void> {
  const { deps, config } = ctx;
  const path = deps.outputs.pathOf(job.id, VIDEO_FILE);
  let bytes = await fileSize(path);
  if (bytes === null) {
    const token = known.token ?? (await tokenForJob(deps.tokens, job));
    if (token === null) return endUndeliverable(ctx, job, DOWNLOADING, fail('token_rejected', { source: job.tokenSource }, { money: 'charged' }), null);
    if (!job.remoteTaskId) return endUndeliverable(ctx, job, DOWNLOADING, fail('internal', {}, { money: 'charged' }), null);
    try {
      const opts = { signal, maxBytes: config.maxDownloadBytes, ...(known.fallbackUrl ? { fallbackUrl: known.fallbackUrl } : {}) };
      await deps.outputs.tempPath(job.id, VIDEO_FILE);
      bytes = (await deps.gateway.downloadVideo(token, job.remoteTaskId, path, opts)).bytes;
    } catch (e) {
      await deps.outputs.removeIfEmpty(job.id).catch(() => undefined);
      // Aborted (shutting down, or the lease was lost): not a failed attempt; the runner hands the job back.
      if (signal.aborted) return;
      if (isGatewayFailure(e) && e.kind === 'bad_request' && e.code === 'too_large') {
        return endUndeliverable(ctx, job, DOWNLOADING, withCharged(tooLarge(ctx, null, config.maxDownloadBytes, false)), null);
      }
      deps.logger.warn({ jobId: job.id, err: e, attempt: job.attempts + 1 }, 'runner: download failed');
      const failure = deliveryFailed(ctx, job, 'download', false, { stage: 'video_download', note: errText(e) });
      return giveUpOrRetry(ctx, job, failure, null, isGatewayFailure(e) ? e.retryAfterMs : undefined);
    }
  }
  if (!(await probeVideo(path))) return notAVideo(ctx, job, bytes);
  const charged = await chargeVideo(ctx, job);
  const address = job.delivery;
  const delivery = address ? deps.router.for(address.surface) : undefined;
  if (!address) return endUndeliverable(ctx, job, DOWNLOADING, fail('internal', {}, { money: 'charged', log: { note: 'no delivery address' } }), path);
  if (!delivery) return retryWithoutSurface(ctx, job, address.surface);
  const limit = delivery.uploadLimitBytes(address);
  let file = path;
  if (bytes > limit) {
    const fitPath = await deps.outputs.tempPath(job.id, VIDEO_FIT_FILE);
    const fitted = ctx.ffmpeg ? await fitVideo({ ffmpegPath: ctx.ffmpeg, input: path, output: fitPath, limitBytes: limit, seconds: job.params.seconds ?? 15, signal }) : null;
    if (!fitted && signal.aborted) return; // the encode was stopped, not impossible
    if (!fitted) return endUndeliverable(ctx, job, DOWNLOADING, withCharged(tooLarge(ctx, bytes, limit, true)), path);
    deps.logger.info({ jobId: job.id, from: bytes, to: fitted.bytes, limit }, 'runner: video re-encoded to fit the upload limit');
    await rm(path, { force: true });
    file = fitPath;
  }
  const next = await deps.jobs.transition(job.id, DOWNLOADING, 'delivering', { outputPath: file, attempts: 0, ...(charged ?? {}) }, ctx.owner);
  if (next) await ctx.resume(next, signal);
}

/**
 * The gateway said the video succeeded but served something that is not one (an error page): nothing is charged, the
 * gateway's bill (the hold: unit price × seconds) is recorded as the operator's loss, the file deleted, the job `failed`.
 */
async function notAVideo(ctx: RunnerContext, job: JobRecord, bytes: number): Promise<void> {
  ctx.deps.logger.warn({ jobId: job.id, bytes }, 'runner: the gateway served a video that is not playable; not charged');
  await ctx.money.refund(job, 'not_a_video', job.estimateMicros);
  const gateway = finalBill(job, job.params.billedSeconds !== undefined ? { billedSeconds: job.params.billedSeconds } : {}).gatewayMicros;
  await ctx.deps.outputs.remove(job.id).catch((e: unknown) => ctx.deps.logger.warn({ jobId: job.id, err: e }, 'runner: could not delete an unplayable video'));
  const failure = fail('result_not_delivered', { kind: 'video', reason: 'not_a_video' }, { money: 'released', log: { stage: 'video_download', note: `not a playable video (${bytes} bytes)` } });
  const done = await ctx.deps.jobs.transition(job.id, DOWNLOADING, 'failed', { errorCode: failure.code, outputPath: null, chargedMicros: 0, ...(gateway !== null ? { gatewayBilledMicros: gateway } : {}) }, ctx.owner);
  if (done) await notify(ctx, done, failure);
}

function withCharged(f: Failure): Failure {
  return { ...f, money: 'charged' };
}

function errText(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}
