import type { App } from '../../app/build-app.js';
import type { JobStatus } from '../../core/api.js';
import { formatUsd } from '../../core/money.js';

const POLLING: readonly JobStatus[] = ['submitted', 'running'];

/**
 * What becomes of the session's unfinished videos when the playground stops, said truthfully.
 *
 * With the BUILT-IN simulator (`embedded`), the tasks live in that simulator's memory and die with it, so nothing
 * could finish them later: each one still at the gateway is ended now, its hold released (nothing charged) and the
 * job marked `released`. Call it after the poller stopped (so no poll races the release) and before the database
 * closes. With a real gateway the tasks go on there, and the next playground start adopts and delivers them.
 */
export async function stopVideos(app: App, ids: readonly string[], embedded: boolean, print: (line: string) => void): Promise<void> {
  if (ids.length === 0) return;
  if (!embedded) {
    print(`${ids.length} video job(s) still running at the gateway; the next start of the playground delivers them (/jobs lists them).`);
    return;
  }
  for (const id of ids) {
    const job = await app.jobs.get(id);
    if (!job) continue;
    if (!POLLING.includes(job.status)) {
      print(`  video ${id} is already made and charged; it is ${job.status}. /job ${id} shows it the next time.`);
      continue;
    }
    const released = job.holdId ? await app.store.budgets.release(job.holdId, 'playground_stopped') : { ok: true as const };
    if (!released.ok) continue;
    const done = await app.jobs.transition(id, POLLING, 'released', { errorCode: 'job_interrupted', errorDetail: 'playground stopped: the built-in simulator keeps its tasks in memory' });
    if (done) print(`✗ video ${id} cancelled: the built-in simulator keeps its tasks in memory, so it cannot finish after the playground stops. Its hold of ${formatUsd(job.estimateMicros)} was released: nothing was charged.`);
  }
}
