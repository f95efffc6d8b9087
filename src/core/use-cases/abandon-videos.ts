import type { AbandonOutcome, JobStatus } from '../api/jobs.js';
import type { CoreDeps } from './deps.js';

/** Statuses in which a video task is still at the gateway (nothing made yet). */
const AT_GATEWAY: readonly JobStatus[] = ['submitted', 'running'];

/**
 * Ends video jobs whose gateway task can never finish (the playground's built-in simulator keeps its tasks in
 * memory and dies with the playground). Each job still at the gateway is first moved to `released` by a conditional
 * transition (so a poll that got there first wins and nothing is released twice), then its hold is released:
 * nothing is charged. Jobs past the gateway (made, being delivered, ended) are left alone and reported as `kept`.
 * Call it after the poller stopped.
 */
export async function abandonVideos(d: CoreDeps, ids: readonly string[], note: string): Promise<AbandonOutcome[]> {
  const out: AbandonOutcome[] = [];
  for (const id of ids) {
    const job = await d.jobs.get(id);
    if (!job) {
      out.push({ id, outcome: 'unknown' });
      continue;
    }
    const moved = AT_GATEWAY.includes(job.status)
      ? await d.jobs.transition(id, AT_GATEWAY, 'released', { errorCode: 'job_interrupted', errorDetail: note, finishedAt: d.clock.now() })
      : undefined;
    if (!moved) {
      out.push({ id, outcome: 'kept', status: (await d.jobs.get(id))?.status ?? job.status });
      continue;
    }
    if (job.holdId) await d.money.release(job, 'gateway_task_abandoned');
    out.push({ id, outcome: 'released', heldMicros: job.estimateMicros });
  }
  return out;
}
