import { rm } from 'node:fs/promises';
import type { JobStatus } from '../core/api.js';
import { fail, type Failure } from '../core/failures.js';
import type { JobRecord } from '../core/ports/job-store.js';
import { isGatewayFailure } from '../core/ports/media-gateway.js';
import { fitVideo } from './fit-video.js';
import { deliveryFailed, endUndeliverable, giveUpOrRetry, tooLarge } from './job-outcomes.js';
import { tokenForJob } from './job-token.js';
import { fileSize } from './output-store.js';
import type { PollerContext } from './poller-context.js';
import { retryWithoutSurface } from './retry-later.js';

const DOWNLOADING: readonly JobStatus[] = ['downloading'];

/**
 * A job in `downloading` (its task succeeded and is settled): streams the mp4 to `<outputs>/<job>/video.mp4`
 * unless a previous attempt already finished it; shrinks it with ffmpeg when over the upload limit of the job's address;
 * then moves to `delivering`. Without a way to fit, the file is kept for the retention time and the job ends
 * `undeliverable` (the charge stands: the gateway made the video). Failed downloads are retried with backoff
 * up to `maxAttempts`, then the job ends `undeliverable` with `delivery_failed_charged` 'download' (still charged).
 */
export async function downloadStep(ctx: PollerContext, job: JobRecord, signal: AbortSignal, known: { token?: string; fallbackUrl?: string | undefined } = {}): Promise<void> {
  const { deps, config } = ctx;
  const path = deps.outputs.pathOf(job.id, 'video.mp4');
  let bytes = await fileSize(path);
  if (bytes === null) {
    const token = known.token ?? (await tokenForJob(deps.tokens, job));
    if (token === null) return endUndeliverable(ctx, job, DOWNLOADING, fail('token_rejected', { source: job.tokenSource }, { money: 'charged' }), null);
    if (!job.remoteTaskId) return endUndeliverable(ctx, job, DOWNLOADING, fail('internal', {}, { money: 'charged' }), null);
    try {
      const opts = { signal, maxBytes: config.maxDownloadBytes, ...(known.fallbackUrl ? { fallbackUrl: known.fallbackUrl } : {}) };
      await deps.outputs.tempPath(job.id, 'video.mp4');
      bytes = (await deps.gateway.downloadVideo(token, job.remoteTaskId, path, opts)).bytes;
    } catch (e) {
      await deps.outputs.removeIfEmpty(job.id).catch(() => undefined);
      // Aborted (shutting down, or the lease was lost): not a failed attempt; the poller hands the job back.
      if (signal.aborted) return;
      if (isGatewayFailure(e) && e.kind === 'bad_request' && e.code === 'too_large') {
        return endUndeliverable(ctx, job, DOWNLOADING, withCharged(tooLarge(ctx, null, config.maxDownloadBytes, false)), null);
      }
      deps.logger.warn({ jobId: job.id, err: e, attempt: job.attempts + 1 }, 'poller: download failed');
      const failure = deliveryFailed(ctx, job, 'download', false, { stage: 'video_download', note: errText(e) });
      return giveUpOrRetry(ctx, job, failure, null, isGatewayFailure(e) ? e.retryAfterMs : undefined);
    }
  }
  const address = job.delivery;
  const delivery = address ? deps.router.for(address.surface) : undefined;
  if (!address) return endUndeliverable(ctx, job, DOWNLOADING, fail('internal', {}, { money: 'charged', log: { note: 'no delivery address' } }), path);
  if (!delivery) return retryWithoutSurface(ctx, job, address.surface);
  const limit = delivery.uploadLimitBytes(address);
  let file = path;
  if (bytes > limit) {
    const fitPath = await deps.outputs.tempPath(job.id, 'video-fit.mp4');
    const fitted = ctx.ffmpeg ? await fitVideo({ ffmpegPath: ctx.ffmpeg, input: path, output: fitPath, limitBytes: limit, seconds: job.params.seconds ?? 15, signal }) : null;
    if (!fitted && signal.aborted) return; // the encode was stopped, not impossible
    if (!fitted) return endUndeliverable(ctx, job, DOWNLOADING, withCharged(tooLarge(ctx, bytes, limit, true)), path);
    deps.logger.info({ jobId: job.id, from: bytes, to: fitted.bytes, limit }, 'poller: video re-encoded to fit the upload limit');
    await rm(path, { force: true });
    file = fitPath;
  }
  const next = await deps.jobs.transition(job.id, DOWNLOADING, 'delivering', { outputPath: file, attempts: 0 }, ctx.owner);
  if (next) await ctx.resume(next, signal);
}

function withCharged(f: Failure): Failure {
  return { ...f, money: 'charged' };
}

function errText(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}
