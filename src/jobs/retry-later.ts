import type { JobRecord } from '../core/ports/job-store.js';
import type { RunnerContext } from './runner-context.js';

/**
 * Puts a job back for a later attempt in the same status: `attempts` + 1, next try after
 * min(maxInterval, interval × 2^attempts) — or the server's `retryAfterMs` when longer — and the lease dropped.
 * Returns whether it applied (false when the lease was lost meanwhile).
 */
export async function retryLater(ctx: RunnerContext, job: JobRecord, retryAfterMs?: number): Promise<boolean> {
  const backoff = Math.min(ctx.config.maxIntervalMs, ctx.config.intervalMs * 2 ** Math.min(job.attempts, 20));
  const delay = Math.max(backoff, retryAfterMs ?? 0);
  return ctx.deps.jobs.update(
    job.id,
    [job.status],
    { nextPollAt: ctx.deps.clock.now() + delay, attempts: job.attempts + 1, leaseOwner: null, leaseExpiresAt: null },
    ctx.owner,
  );
}

/**
 * A job whose delivery address names a surface this process does not run (say the Telegram bot is not started here):
 * logged, and put back for a later attempt, by this process once the surface runs or by one that runs it.
 */
export async function retryWithoutSurface(ctx: RunnerContext, job: JobRecord, surface: string): Promise<void> {
  ctx.deps.logger.warn({ jobId: job.id, surface }, 'runner: no delivery for this surface in this process; retrying later');
  await retryLater(ctx, job);
}
