import { fail } from '../core/failures.js';
import { notify, releaseHold } from './job-outcomes.js';
import type { PollerContext } from './poller-context.js';

/**
 * Ends jobs left `reserved` by a process that died between placing the hold and recording the gateway's answer.
 * Safe because `staleReservedMs` is longer than any gateway call may last (the client's overall deadline), so no
 * live process can still move such a job to `submitted`. The hold is released; the user is told when the job has
 * a delivery target. Caveat, logged: a video create the gateway accepted just before the crash is unknown to us
 * (no idempotency key exists), so the gateway may have charged a task the bot never saw.
 */
export async function sweepStaleReserved(ctx: PollerContext, now: number): Promise<number> {
  const stale = await ctx.deps.jobs.staleReserved(now - ctx.config.staleReservedMs, 50);
  let ended = 0;
  for (const job of stale) {
    // The hold id is recorded just after the reserve; a crash in between leaves it findable only by job id.
    const holds = job.holdId ? [job.holdId] : await ctx.deps.budgets.openHoldsOfJob(job.id);
    for (const holdId of holds) await releaseHold(ctx, { ...job, holdId }, 'interrupted');
    const failure = fail('job_interrupted', { kind: job.kind });
    const done = await ctx.deps.jobs.transition(job.id, ['reserved'], 'released', { errorCode: failure.code });
    if (!done) continue;
    ended += 1;
    if (job.kind === 'video') ctx.deps.logger.warn({ jobId: job.id, model: job.model }, 'poller: video job interrupted before its task id was stored; the gateway may hold an unknown task');
    await notify(ctx, done, failure);
  }
  return ended;
}
