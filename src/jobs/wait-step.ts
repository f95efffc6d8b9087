import type { JobStatus } from '../core/api/jobs.js';
import { fail } from '../core/failures.js';
import type { JobRecord } from '../core/ports/job-store.js';
import { isGatewayFailure, type VideoTask } from '../core/ports/media-gateway.js';
import { fetchStep } from './fetch-step.js';
import { endWithRelease } from './job-outcomes.js';
import { tokenForJob } from './job-token.js';
import { deliveryView } from './job-view.js';
import type { RunnerContext } from './runner-context.js';
import { retryLater } from './retry-later.js';

const POLLING: readonly JobStatus[] = ['submitted', 'running'];

/**
 * The `wait` step of a video (`submitted`/`running`): past its deadline it expires (hold released); otherwise the task
 * is polled. Running → progress saved, next poll backed off ×1.5; failed or unknown task → refunded; succeeded → on
 * to `downloading` and the `fetch` step, still only held: the charge comes once the file is checked and kept.
 */
export async function waitStep(ctx: RunnerContext, job: JobRecord, signal: AbortSignal): Promise<void> {
  const now = ctx.deps.clock.now();
  const deadline = job.deadlineAt ?? job.createdAt + ctx.config.deadlineMs;
  if (now >= deadline) return endWithRelease(ctx, job, 'expired', 'deadline', fail('task_expired_released'));
  const token = await tokenForJob(ctx.deps.tokens, job);
  if (token === null) return endWithRelease(ctx, job, 'released', 'token_gone', fail('token_rejected', { source: job.tokenSource }, { money: 'released' }));
  if (!job.remoteTaskId) return endWithRelease(ctx, job, 'failed', 'no_task', fail('internal', {}, { money: 'released', log: { note: 'video job without a task id' } }));
  let task: VideoTask;
  try {
    task = await ctx.deps.gateway.getVideo(token, job.remoteTaskId, { signal });
  } catch (e) {
    // Aborted (shutting down, or the lease was lost): leave the job as it is; the poller hands it back.
    if (signal.aborted) return;
    if (isGatewayFailure(e) && e.kind === 'task_not_found') {
      return endWithRelease(ctx, job, 'refunded', 'gateway_refunded', fail('task_failed_refunded', { reason: 'the gateway no longer knows this task' }), 'task_not_found');
    }
    if (isGatewayFailure(e) && e.kind === 'auth') {
      return endWithRelease(ctx, job, 'released', 'token_rejected', fail('token_rejected', { source: job.tokenSource }, { money: 'released' }));
    }
    ctx.deps.logger.warn({ jobId: job.id, err: e }, 'runner: poll failed, will retry');
    await retryLater(ctx, job, isGatewayFailure(e) ? e.retryAfterMs : undefined);
    return;
  }
  switch (task.status) {
    case 'queued':
    case 'running':
      return running(ctx, job, task);
    case 'failed':
      return endWithRelease(ctx, job, 'refunded', 'gateway_refunded', fail('task_failed_refunded', task.error?.message ? { reason: task.error.message } : {}), task.error?.code);
    case 'succeeded':
      return succeeded(ctx, job, token, task, signal);
  }
}

async function running(ctx: RunnerContext, job: JobRecord, task: VideoTask): Promise<void> {
  const now = ctx.deps.clock.now();
  const interval = job.pollIntervalMs ?? ctx.config.intervalMs;
  const progress = Math.max(0, Math.min(100, Math.round(task.progress)));
  const next = Math.min(ctx.config.maxIntervalMs, Math.round(interval * 1.5));
  const done = await ctx.deps.jobs.transition(
    job.id,
    POLLING,
    'running',
    { progress, nextPollAt: now + interval, pollIntervalMs: next, attempts: 0, leaseOwner: null, leaseExpiresAt: null },
    ctx.owner,
  );
  if (!done || progress === job.progress || !done.delivery) return;
  const last = ctx.progressAt.get(job.id);
  if (last !== undefined && now - last < ctx.config.progressEveryMs) return;
  const delivery = ctx.deps.router.for(done.delivery.surface);
  if (!delivery) return;
  ctx.progressAt.set(job.id, now);
  const address = done.delivery;
  await deliveryView(ctx, done)
    .then((view) => delivery.progress(address, view))
    .catch((e: unknown) => ctx.deps.logger.debug({ jobId: job.id, err: e }, 'runner: progress update failed'));
}

async function succeeded(ctx: RunnerContext, job: JobRecord, token: string, task: VideoTask, signal: AbortSignal): Promise<void> {
  // The seconds the gateway billed travel with the job to its settle (see `finalBill`).
  const params = task.billedSeconds !== undefined ? { params: { ...job.params, billedSeconds: task.billedSeconds } } : {};
  const next = await ctx.deps.jobs.transition(job.id, POLLING, 'downloading', { progress: 100, attempts: 0, ...params }, ctx.owner);
  if (!next) return;
  await fetchStep(ctx, next, signal, { token, fallbackUrl: task.url });
}
