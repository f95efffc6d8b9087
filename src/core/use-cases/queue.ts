import type { Actor } from '../api/actor.js';
import type { CancelledJob, QueueItem, QueueView } from '../api/jobs.js';
import { err, fail, ok, type Result } from '../failures.js';
import { isJobId } from '../ids.js';
import type { QueueEntry } from '../jobs/queue-board.js';
import { graphemePrefix } from '../text-cut.js';
import { actorIds, scopeRef } from './context.js';
import type { CoreDeps } from './deps.js';
import { videoEtaSeconds } from './video-eta.js';

/** Most jobs read from the store for one `/queue` (the oldest active ones of the community). */
const STORE_LIMIT = 50;

/**
 * `/queue`: this process's jobs of the community that are starting (the queue board: in the fair-use line, waiting
 * for the gateway's concurrency gate, being sent) merged with the community's active rows in the store (videos at
 * the gateway, jobs of other processes), oldest first. A member sees their own; `all` (admins) every member's. The
 * counts are always the community's. ETA: videos only (their model's history, see {@link videoEtaSeconds}).
 */
export async function queueView(d: CoreDeps, actor: Actor, all: boolean): Promise<QueueView> {
  const ids = await actorIds(d, actor);
  const me = `${actor.user.platform}:${actor.user.externalId}`;
  const now = d.clock.now();
  const board = d.queue.list(scopeRef(actor));
  const onBoard = new Set(board.map((e) => e.jobId));
  const items: QueueItem[] = board.map((e) => fromBoard(e, me, now));
  const rows = (await d.jobs.activeInScope(ids.scopeId, STORE_LIMIT)).filter((r) => !onBoard.has(r.id));
  const owners = new Map<string, string>();
  for (const r of rows) {
    if (r.userId === ids.userId) owners.set(r.userId, actor.user.externalId);
    else if (all && !owners.has(r.userId)) owners.set(r.userId, (await d.store.directory.getUser(r.userId))?.externalId ?? '');
  }
  for (const r of rows) {
    const item: QueueItem = { jobId: r.id, kind: r.kind, model: r.model, phase: 'running', elapsedMs: Math.max(0, now - r.createdAt), mine: r.userId === ids.userId, userExternalId: owners.get(r.userId) ?? '' };
    if (r.kind === 'video' && r.params.seconds !== undefined) item.etaSeconds = Math.max(0, (await videoEtaSeconds(d, r.model, r.params.seconds)) - Math.round(item.elapsedMs / 1000));
    items.push(item);
  }
  items.sort((a, b) => b.elapsedMs - a.elapsedMs);
  const waiting = items.filter((i) => i.phase !== 'running').length;
  return { items: all ? items : items.filter((i) => i.mine), all, waiting, running: items.length - waiting };
}

function fromBoard(e: QueueEntry, me: string, now: number): QueueItem {
  const phase = e.phase === 'queued' || e.phase === 'waiting' ? e.phase : 'running';
  return {
    jobId: e.jobId,
    kind: e.kind,
    model: e.model,
    phase,
    ...(phase !== 'running' && e.position !== undefined ? { position: e.position } : {}),
    elapsedMs: Math.max(0, now - e.since),
    mine: e.userRef === me,
    userExternalId: e.userRef.slice(e.userRef.indexOf(':') + 1),
  };
}

/**
 * Cancels a job of the actor's community the gateway has not taken (see `JobsApi.cancelJob`): the board decides, a
 * row in the store that is not on the board is at the gateway or finished. Owner or `admin` only.
 */
export async function cancelJob(d: CoreDeps, actor: Actor, id: string, admin: boolean): Promise<Result<CancelledJob>> {
  const clean = id.trim().toLowerCase();
  const shown = graphemePrefix(id.trim(), 40);
  if (!isJobId(clean)) return err(fail('job_not_found', { id: shown }));
  const me = `${actor.user.platform}:${actor.user.externalId}`;
  const entry = d.queue.get(clean);
  if (entry && entry.scopeRef === scopeRef(actor)) {
    if (entry.userRef !== me && !admin) return err(fail('job_not_cancellable', { id: clean, reason: 'not_owner' }));
    const held = entry.phase === 'waiting';
    const outcome = await d.queue.cancel(clean);
    if (outcome === 'cancelled') {
      d.logger.info({ jobId: clean, by: admin && entry.userRef !== me ? 'admin' : 'owner', phase: entry.phase }, 'job cancelled before the gateway took it');
      return ok({ jobId: clean, kind: entry.kind, held });
    }
    if (outcome === undefined) return err(fail('job_not_cancellable', { id: clean, reason: 'finished' }));
    return err(fail('job_not_cancellable', { id: clean, reason: 'at_gateway' }));
  }
  const ids = await actorIds(d, actor);
  const rec = await d.jobs.get(clean);
  if (!rec || rec.scopeId !== ids.scopeId) return err(fail('job_not_found', { id: shown }));
  if (rec.userId !== ids.userId && !admin) return err(fail('job_not_cancellable', { id: clean, reason: 'not_owner' }));
  const active = rec.status === 'reserved' || rec.status === 'submitted' || rec.status === 'running' || rec.status === 'downloading' || rec.status === 'delivering';
  return err(fail('job_not_cancellable', { id: clean, reason: active ? 'at_gateway' : 'finished' }));
}
