import { fail } from '../core/failures.js';
import type { JobRecord } from '../core/ports/job-store.js';
import { isResultMedia } from '../core/jobs/kept-files.js';
import { galleryPatch } from '../core/jobs/gallery-retention.js';
import { notify } from './job-outcomes.js';
import type { RunnerContext } from './runner-context.js';

/**
 * Ends jobs left `reserved` by a process that died between placing the hold and recording the gateway's answer:
 * jobs whose lease (renewed by the live process for as long as its gateway call runs, however slow) expired, and
 * unleased rows older than `staleReservedMs` (written before leases). A live process's job is never swept.
 * - An image or edit job whose result files were already kept resumes: it moves to `delivering` (charged for the kept
 *   images) and the delivery step posts it.
 * - Otherwise the hold is released, the user told (when the job has an address), and, since the request may have
 *   reached the gateway, its estimate recorded as a possible gateway loss (the bot cannot know whether it billed:
 *   no idempotency key exists).
 */
export async function sweepStaleReserved(ctx: RunnerContext, now: number): Promise<number> {
  const stale = await ctx.deps.jobs.staleReserved(now - ctx.config.staleReservedMs, 50);
  let ended = 0;
  for (const job of stale) {
    if (await resumeKept(ctx, job, now)) {
      ended += 1;
      continue;
    }
    // The hold id is recorded just after the reserve; a crash in between leaves it findable only by job id (`release`).
    const holds = await ctx.money.release(job, 'interrupted');
    const failure = fail('job_interrupted', { kind: job.kind });
    const done = await ctx.deps.jobs.transition(job.id, ['reserved'], 'released', { errorCode: failure.code });
    if (!done) continue;
    ended += 1;
    if (holds > 0) await ctx.money.loss(job, job.estimateMicros, false, 'interrupted');
    ctx.deps.logger.warn({ jobId: job.id, kind: job.kind, model: job.model }, 'runner: job interrupted before the gateway answer was recorded; the gateway may have billed it');
    await notify(ctx, done, failure);
  }
  return ended;
}

/** An image job whose files were kept before the crash: on to `delivering`, charged per kept image. */
async function resumeKept(ctx: RunnerContext, job: JobRecord, now: number): Promise<boolean> {
  if ((job.kind !== 'imagine' && job.kind !== 'edit') || !job.delivery || !job.holdId) return false;
  const files = (await ctx.deps.outputs.list(job.id)).filter((f) => isResultMedia(f.filename));
  if (files.length === 0) return false;
  const count = Math.max(1, job.params.count ?? 1);
  const charged = Math.min(job.estimateMicros, Math.round((job.estimateMicros / count) * files.length));
  const moved = await ctx.deps.jobs.transition(job.id, ['reserved'], 'delivering', {
    chargedMicros: charged,
    progress: 100,
    outputPath: files[0]!.path,
    outputExpiresAt: now + ctx.config.retentionMs,
    ...galleryPatch(ctx.config.galleryRetentionMs, now, files),
    nextPollAt: now,
    attempts: 0,
    leaseOwner: null,
    leaseExpiresAt: null,
  });
  if (moved) ctx.deps.logger.info({ jobId: job.id, files: files.length }, 'runner: an interrupted image job had its result kept; delivering it');
  return moved !== undefined;
}
