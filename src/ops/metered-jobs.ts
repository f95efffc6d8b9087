import type { Clock } from '../core/ports/clock.js';
import { FINAL_STATUSES, type JobStore } from '../core/ports/job-store.js';
import type { BotMetrics } from './metrics.js';

/**
 * Decorates a {@link JobStore} IN PLACE (so the core and the poller share one measured
 * object) to count jobs reaching a final status (`mediabot_jobs_finished_total` by kind and status; a transition
 * that did not apply is not counted), video jobs put back for a retry, and the poller's lag (how long after its
 * `next_poll_at` each claimed job was picked up). Returns the same object.
 */
export function meterJobStore<T extends JobStore>(jobs: T, metrics: Pick<BotMetrics, 'jobsFinished' | 'jobRetries' | 'pollerLag'>, clock: Clock): T {
  const create = jobs.create.bind(jobs);
  const transition = jobs.transition.bind(jobs);
  const update = jobs.update.bind(jobs);
  const claimDue = jobs.claimDue.bind(jobs);
  jobs.create = async (job) => {
    const r = await create(job);
    if (FINAL_STATUSES.includes(r.status)) metrics.jobsFinished.inc({ kind: r.kind, status: r.status });
    return r;
  };
  jobs.transition = async (id, from, to, patch, leaseOwner) => {
    const r = await transition(id, from, to, patch, leaseOwner);
    if (r && FINAL_STATUSES.includes(to) && !from.every((s) => FINAL_STATUSES.includes(s))) metrics.jobsFinished.inc({ kind: r.kind, status: to });
    return r;
  };
  jobs.update = async (id, expected, patch, leaseOwner) => {
    const ok = await update(id, expected, patch, leaseOwner);
    if (ok && patch.attempts !== undefined && patch.attempts > 0 && patch.nextPollAt != null) metrics.jobRetries.inc({ status: expected[0] ?? 'unknown' });
    return ok;
  };
  jobs.claimDue = async (owner, now, leaseMs, limit) => {
    const claimed = await claimDue(owner, now, leaseMs, limit);
    const at = clock.now();
    for (const j of claimed) if (j.nextPollAt !== null) metrics.pollerLag.observe(Math.max(0, at - j.nextPollAt) / 1000);
    return claimed;
  };
  return jobs;
}
