import type { JobStatus } from '../core/api/jobs.js';
import { fail, type Failure, type FailureLogInfo } from '../core/failures.js';
import { settleKept } from '../core/jobs/engine.js';
import { finalBill } from '../core/money/final-bill.js';
import type { JobPatch, JobRecord } from '../core/ports/job-store.js';
import { failureReply } from './late-post.js';
import type { RunnerContext } from './runner-context.js';
import { retryLater } from './retry-later.js';

/**
 * The ways a job ends without being delivered. Each one moves money first (through `ctx.money`: release, settle and
 * refund are idempotent), then applies ONE conditional transition, then tells the user only if that transition applied —
 * so a crash or a second process can repeat the money step harmlessly and never tells the user twice.
 */

const POLLING: readonly JobStatus[] = ['submitted', 'running'];

/** Ends a job still polling, hold released: `to` is refunded (task failed), expired (deadline) or released (token gone). */
export async function endWithRelease(ctx: RunnerContext, job: JobRecord, to: JobStatus, reason: string, failure: Failure, detail?: string): Promise<void> {
  await ctx.money.release(job, reason);
  const patch: JobPatch = { errorCode: failure.code, errorDetail: detail ?? null };
  const done = await ctx.deps.jobs.transition(job.id, POLLING, to, patch, ctx.owner);
  if (done) await notify(ctx, done, failure);
}

/**
 * Ends a job whose task succeeded but whose file cannot be delivered: status `undeliverable`, charged when `failure`
 * says so (a video's hold is settled here if it was not yet), the file (when there is one) kept until the retention
 * time, and the user told how to fetch it.
 */
export async function endUndeliverable(ctx: RunnerContext, job: JobRecord, from: readonly JobStatus[], failure: Failure, filePath: string | null): Promise<void> {
  const charged = failure.money === 'charged' && job.kind === 'video' ? await chargeVideo(ctx, job) : null;
  const expiresAt = filePath ? ctx.deps.clock.now() + ctx.config.retentionMs : null;
  const patch: JobPatch = { errorCode: failure.code, outputPath: filePath, outputExpiresAt: expiresAt, ...(charged ?? {}) };
  const done = await ctx.deps.jobs.transition(job.id, from, 'undeliverable', patch, ctx.owner);
  if (done) await notify(ctx, done, failure);
}

/**
 * Charges a video the gateway made: the hold becomes a charge of its {@link finalBill} — the hold (unit price × the
 * seconds asked), or less when the gateway billed fewer seconds than asked (a shorter video: charged for what was
 * delivered, never above the hold). Called once the file was checked and kept, or when the video is given up as made
 * but not deliverable (the words then say it was charged). Returns the patch of the charge and of what the gateway
 * billed (a repeat returns the first charge), or null when there was nothing to settle.
 */
export async function chargeVideo(ctx: RunnerContext, job: JobRecord): Promise<{ chargedMicros: number; gatewayBilledMicros?: number } | null> {
  const bill = finalBill(job, job.params.billedSeconds !== undefined ? { billedSeconds: job.params.billedSeconds } : {});
  const charged = await settleKept(ctx.money, job, bill.owedMicros, bill.seconds);
  if (charged === null) return null;
  return { chargedMicros: charged, ...(bill.gatewayMicros !== null ? { gatewayBilledMicros: bill.gatewayMicros } : {}) };
}

/** The output_too_large failure for a file of `bytes` against `limitBytes`, retrievable until the retention time. */
export function tooLarge(ctx: RunnerContext, bytes: number | null, limitBytes: number, retained: boolean): Failure {
  return fail('output_too_large', { bytes, limitBytes, retrievableUntil: retained ? ctx.deps.clock.now() + ctx.config.retentionMs : null });
}

/** Retries later, or after `maxAttempts` ends the job undeliverable with `failure` (keeping `filePath` if any). */
export async function giveUpOrRetry(ctx: RunnerContext, job: JobRecord, failure: Failure, filePath: string | null, retryAfterMs?: number): Promise<void> {
  if (job.attempts + 1 >= ctx.config.maxAttempts) return endUndeliverable(ctx, job, [job.status], failure, filePath);
  await retryLater(ctx, job, retryAfterMs);
}

/**
 * The failure of a video that was made and charged but not delivered (`delivery_failed_charged`); `kept` when its
 * file stays retrievable with `/job <id>` for the retention time.
 */
export function deliveryFailed(ctx: RunnerContext, job: JobRecord, reason: 'download' | 'chat_gone' | 'upload', kept: boolean, log?: FailureLogInfo): Failure {
  const retrievableUntil = kept ? ctx.deps.clock.now() + ctx.config.retentionMs : null;
  return fail('delivery_failed_charged', { reason, jobId: job.id, retrievableUntil }, { money: 'charged', ...(log ? { log } : {}) });
}

/** Tells the user through the job's surface; a failure to tell is logged, never thrown (the state is already final). */
export async function notify(ctx: RunnerContext, job: JobRecord, failure: Failure): Promise<void> {
  ctx.progressAt.delete(job.id);
  const address = job.delivery;
  const delivery = address ? ctx.deps.router.for(address.surface) : undefined;
  ctx.deps.logger.info({ jobId: job.id, code: failure.code, ref: failure.ref, status: job.status, log: failure.log }, 'runner: job ended without delivery');
  if (!address || !delivery) return;
  try {
    await delivery.post(address, failureReply(ctx, delivery, job, failure));
  } catch (e) {
    ctx.deps.logger.warn({ jobId: job.id, err: e }, 'runner: could not notify the user');
  }
}
