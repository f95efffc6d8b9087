import type { App } from '../../app/build-app.js';
import { formatUsd } from '../../core/money.js';

/**
 * What becomes of the session's unfinished videos when the playground stops, said truthfully.
 *
 * With the BUILT-IN simulator (`embedded`), the tasks live in that simulator's memory and die with it, so nothing
 * could finish them later: the core ends each one still at the gateway and releases its hold (`abandonVideos`).
 * Call it after the poller stopped and before the database closes. With a real gateway the tasks go on there, and
 * the next playground start adopts and delivers them.
 */
export async function stopVideos(app: App, ids: readonly string[], embedded: boolean, print: (line: string) => void): Promise<void> {
  if (ids.length === 0) return;
  if (!embedded) {
    print(`${ids.length} video job(s) still running at the gateway; the next start of the playground delivers them (/jobs lists them).`);
    return;
  }
  for (const r of await app.core.abandonVideos(ids, 'playground stopped: the built-in simulator keeps its tasks in memory')) {
    if (r.outcome === 'released') {
      print(`✗ video ${r.id} cancelled: the built-in simulator keeps its tasks in memory, so it cannot finish after the playground stops. Its hold of ${formatUsd(r.heldMicros)} was released: nothing was charged.`);
    } else if (r.outcome === 'kept') {
      const made = r.status === 'downloading' || r.status === 'delivering' || r.status === 'delivered';
      print(made ? `  video ${r.id} is already made and charged; it is ${r.status}. /job ${r.id} shows it the next time.` : `  video ${r.id} already ended (${r.status}).`);
    }
  }
}
