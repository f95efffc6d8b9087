import type { App } from '../app/build-app.js';
import { t } from '../core/i18n/catalog.js';
import { formatMoney } from '../core/i18n/format.js';
import { describeJobState } from '../core/messages/job-text.js';
import { jobState } from '../core/jobs/job-view.js';

/**
 * What becomes of the session's unfinished videos when the playground stops, said truthfully.
 *
 * With the BUILT-IN simulator (`embedded`), the tasks live in that simulator's memory and die with it, so nothing
 * could finish them later: the core ends each one still at the gateway and releases its hold (`abandonVideos`).
 * Call it after the poller stopped and before the database closes. With a real gateway the tasks go on there, and
 * the next playground start adopts and delivers them. Lines are in `locale` (the console's, default English).
 */
export async function stopVideos(app: App, ids: readonly string[], embedded: boolean, print: (line: string) => void, locale = 'en'): Promise<void> {
  if (ids.length === 0) return;
  if (!embedded) {
    print(t(locale, 'playground-videos-at-gateway', { count: ids.length }));
    return;
  }
  for (const r of await app.core.abandonVideos(ids, 'playground stopped: the built-in simulator keeps its tasks in memory')) {
    if (r.outcome === 'released') {
      print(`✗ ${t(locale, 'playground-video-cancelled', { job: r.id, held: formatMoney(locale, r.heldMicros) })}`);
    } else if (r.outcome === 'kept') {
      const made = r.status === 'downloading' || r.status === 'delivering' || r.status === 'delivered';
      const state = describeJobState(locale, jobState(r.status));
      print(`  ${t(locale, made ? 'playground-video-made' : 'playground-video-ended', { job: r.id, state })}`);
    }
  }
}
