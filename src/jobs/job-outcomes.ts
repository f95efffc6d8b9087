import type { JobStatus } from '../core/api.js';
import { fail, type Failure, type FailureLogInfo } from '../core/failures.js';
import type { JobPatch, JobRecord } from '../core/ports/job-store.js';
import { pollerJobView } from './job-view.js';
import type { PollerContext } from './poller-context.js';
import { retryLater } from './retry-later.js';

/**
 * The ways a video job ends without being delivered. Each one moves money first (release and settle are
 * idempotent), then applies ONE conditional transition, then tells the user only if that transition applied —
 * so a crash or a second process can repeat the money step harmlessly and never tells the user twice.
 */

const POLLING: readonly JobStatus[] = ['submitted', 'running'];

/** Releases the job's hold (when it has one). A hold already settled stays settled (logged). */
export async function releaseHold(ctx: PollerContext, job: JobRecord, reason: string): Promise<void> {
  if (!job.holdId) return;
  const r = await ctx.deps.budgets.release(job.holdId, reason);
  if (!r.ok) ctx.deps.logger.warn({ jobId: job.id, holdId: job.holdId, reason: r.reason }, 'poller: hold could not be released');
}

/** Ends a job still polling, hold released: `to` is refunded (task failed), expired (deadline) or released (token gone). */
export async function endWithRelease(ctx: PollerContext, job: JobRecord, to: JobStatus, reason: string, failure: Failure, detail?: string): Promise<void> {
  await releaseHold(ctx, job, reason);
  const patch: JobPatch = { errorCode: failure.code, errorDetail: detail ?? null };
  const done = await ctx.deps.jobs.transition(job.id, POLLING, to, patch, ctx.owner);
  if (done) await notify(ctx, done, failure);
}

/**
 * Ends a job whose task succeeded (so it was charged) but whose file cannot be delivered: status `undeliverable`,
 * the file (when there is one) kept until the retention time, and the user told how to fetch it.
 */
export async function endUndeliverable(ctx: PollerContext, job: JobRecord, from: readonly JobStatus[], failure: Failure, filePath: string | null): Promise<void> {
  const expiresAt = filePath ? ctx.deps.clock.now() + ctx.config.retentionMs : null;
  const patch: JobPatch = { errorCode: failure.code, outputPath: filePath, outputExpiresAt: expiresAt };
  const done = await ctx.deps.jobs.transition(job.id, from, 'undeliverable', patch, ctx.owner);
  if (done) await notify(ctx, done, failure);
}

/** The output_too_large failure for a file of `bytes` against `limitBytes`, retrievable until the retention time. */
export function tooLarge(ctx: PollerContext, bytes: number | null, limitBytes: number, retained: boolean): Failure {
  return fail('output_too_large', { bytes, limitBytes, retrievableUntil: retained ? ctx.deps.clock.now() + ctx.config.retentionMs : null });
}

/** Retries later, or after `maxAttempts` ends the job undeliverable with `failure` (keeping `filePath` if any). */
export async function giveUpOrRetry(ctx: PollerContext, job: JobRecord, failure: Failure, filePath: string | null, retryAfterMs?: number): Promise<void> {
  if (job.attempts + 1 >= ctx.config.maxAttempts) return endUndeliverable(ctx, job, [job.status], failure, filePath);
  await retryLater(ctx, job, retryAfterMs);
}

/**
 * The failure of a video that was made and charged but not delivered (`delivery_failed_charged`); `kept` when its
 * file stays retrievable with `/job <id>` for the retention time.
 */
export function deliveryFailed(ctx: PollerContext, job: JobRecord, reason: 'download' | 'chat_gone' | 'upload', kept: boolean, log?: FailureLogInfo): Failure {
  const retrievableUntil = kept ? ctx.deps.clock.now() + ctx.config.retentionMs : null;
  return fail('delivery_failed_charged', { reason, jobId: job.id, retrievableUntil }, { money: 'charged', ...(log ? { log } : {}) });
}

/** Tells the user through the job's surface; a failure to tell is logged, never thrown (the state is already final). */
export async function notify(ctx: PollerContext, job: JobRecord, failure: Failure): Promise<void> {
  ctx.progressAt.delete(job.id);
  const address = job.delivery;
  const delivery = address ? ctx.deps.router.for(address.surface) : undefined;
  ctx.deps.logger.info({ jobId: job.id, code: failure.code, ref: failure.ref, status: job.status, log: failure.log }, 'poller: job ended without delivery');
  if (!address || !delivery) return;
  try {
    await delivery.notifyFailure(address, await pollerJobView(ctx, job, true), failure);
  } catch (e) {
    ctx.deps.logger.warn({ jobId: job.id, err: e }, 'poller: could not notify the user');
  }
}
