import type { Actor } from '../api/actor.js';
import type { JobRequestView, JobStatus, JobView } from '../api/jobs.js';
import { err, fail, ok, type Result } from '../failures.js';
import { isJobId } from '../ids.js';
import { ACTIVE_STATUSES, FINAL_STATUSES, type JobRecord } from '../ports/job-store.js';
import { actorIds, type ActorIds } from './context.js';
import type { CoreDeps } from './deps.js';
import { toJobView } from '../jobs/job-view.js';
import { isGalleryMedia, isGalleryOnlyFile, isLastFrameFile, isReferenceFile, mimeOf } from '../jobs/kept-files.js';
import { graphemePrefix } from '../text-cut.js';

const ALL_STATUSES: readonly JobStatus[] = [...ACTIVE_STATUSES, ...FINAL_STATUSES];

/** `jobs`: the actor's recent jobs in this scope, newest first (default 10, at most 50). */
export async function listJobs(d: CoreDeps, actor: Actor, limit = 10): Promise<JobView[]> {
  const ids = await actorIds(d, actor);
  const recs = await d.jobs.listByUser(ids.scopeId, ids.userId, Math.min(Math.max(1, limit), 50));
  const money = await d.store.budgets.jobMoney(recs.map((r) => r.id));
  return recs.map((r) => toJobView(r, actor.user.externalId, money.get(r.id)));
}

/** The job if the actor may see it: their own, or any job of the same scope. */
async function visibleJob(d: CoreDeps, actor: Actor, id: string): Promise<{ rec: JobRecord; ids: ActorIds } | undefined> {
  const clean = id.trim().toLowerCase();
  if (!isJobId(clean)) return undefined;
  const ids = await actorIds(d, actor);
  const rec = await d.jobs.get(clean);
  if (!rec || (rec.scopeId !== ids.scopeId && rec.userId !== ids.userId)) return undefined;
  return { rec, ids };
}

/**
 * A job's view (results only), its kept reference images (edit jobs) and a delivered video's kept last frame, all
 * empty once no longer retained. `reuse` (a new job made from this one: V/U, Animate, Edit --from): result media the
 * web gallery still keeps count too, so what the gallery shows can be varied; `/job` re-sends only what the chat's
 * retention keeps.
 */
async function viewOf(d: CoreDeps, actor: Actor, rec: JobRecord, ids: ActorIds, reuse = false): Promise<{ view: JobView; references: NonNullable<JobView['outputs']>; lastFrame: NonNullable<JobView['outputs']> }> {
  const owner = rec.userId === ids.userId ? actor.user.externalId : ((await d.store.directory.getUser(rec.userId))?.externalId ?? '');
  const now = d.clock.now();
  const retained = rec.outputExpiresAt === null || rec.outputExpiresAt > now;
  const inGallery = reuse && (rec.galleryExpiresAt ?? 0) > now;
  // A file only the web gallery keeps (a posted video) is never the chat's to re-send.
  const kept = retained || inGallery ? (await d.outputs.list(rec.id)).filter((f) => !isGalleryOnlyFile(f.filename)) : [];
  const files = retained ? kept : kept.filter((f) => isGalleryMedia(f.filename));
  const references = files.filter((f) => isReferenceFile(f.filename)).map((f) => ({ ...f, mime: mimeOf(f.filename) }));
  const lastFrame = files.filter((f) => isLastFrameFile(f.filename)).map((f) => ({ ...f, mime: mimeOf(f.filename) }));
  const money = (await d.store.budgets.jobMoney([rec.id])).get(rec.id);
  return { view: toJobView(rec, owner, money, files.filter((f) => !isReferenceFile(f.filename) && !isLastFrameFile(f.filename))), references, lastFrame };
}

/** `job`: one job of this scope (or the actor's own) with its retained files, else `job_not_found`. */
export async function getJob(d: CoreDeps, actor: Actor, id: string): Promise<Result<JobView>> {
  const found = await visibleJob(d, actor, id);
  if (!found) return err(fail('job_not_found', { id: graphemePrefix(id.trim(), 40) }));
  return ok((await viewOf(d, actor, found.rec, found.ids)).view);
}

/** `jobRequest`: what an earlier job asked for (Reroll / Animate buttons), with an edit's kept reference images. */
export async function jobRequest(d: CoreDeps, actor: Actor, id: string): Promise<Result<JobRequestView>> {
  const found = await visibleJob(d, actor, id);
  if (!found) return err(fail('job_not_found', { id: graphemePrefix(id.trim(), 40) }));
  const { view: v, references, lastFrame } = await viewOf(d, actor, found.rec, found.ids, true);
  // All or nothing: an edit re-run with only some of its references would silently be a different edit.
  const complete = references.length > 0 && references.length >= (found.rec.params.references ?? 0);
  const p = found.rec.params;
  const options = {
    ...(p.quality ? { quality: p.quality } : {}), ...(p.background ? { background: p.background } : {}), ...(p.format ? { format: p.format } : {}),
    ...(p.resolution ? { resolution: p.resolution } : {}), ...(p.audio !== undefined ? { audio: p.audio } : {}),
  };
  return ok({
    kind: v.kind,
    prompt: v.prompt,
    model: v.model,
    ...(v.size !== undefined ? { size: v.size } : {}),
    ...(v.seconds !== undefined ? { seconds: v.seconds } : {}),
    ...(Object.keys(options).length ? { options } : {}),
    ...(v.upscaleSize !== undefined ? { upscaleSize: v.upscaleSize } : {}),
    ...(v.upscaleModel !== undefined ? { upscaleModel: v.upscaleModel } : {}),
    mine: found.rec.userId === found.ids.userId,
    ...(v.outputs ? { outputs: v.outputs } : {}),
    ...(complete ? { references } : {}),
    ...(lastFrame.length ? { lastFrame } : {}),
  });
}

/**
 * `recordDelivery`: remembers the message ids a job's result was posted as. A job in `delivering` that this process
 * still leases becomes `delivered` (lease dropped); any other job only records the ids (whatever its status).
 */
export async function recordDelivery(d: CoreDeps, jobId: string, messageIds: string[]): Promise<void> {
  d.leases.stop(jobId);
  const delivered = { messageIds: [...messageIds] };
  const done = await d.jobs.transition(jobId, ['delivering'], 'delivered', { delivered }, d.leases.owner);
  if (done) return;
  const applied = await d.jobs.update(jobId, ALL_STATUSES, { delivered });
  if (!applied) d.logger.warn({ jobId }, 'recordDelivery for an unknown job');
}

/**
 * `handOver`: the surface could not post the kept result of a job in `delivering`; the poller's delivery step takes
 * it over after `retryAfterMs` (any length: a scheduled retry, not a wait in memory). The lease is dropped.
 */
export async function handOver(d: CoreDeps, jobId: string, opts: { retryAfterMs?: number; reason?: string } = {}): Promise<void> {
  d.leases.stop(jobId);
  const at = d.clock.now() + Math.max(0, opts.retryAfterMs ?? 0);
  const applied = await d.jobs.update(jobId, ['delivering'], { nextPollAt: at, leaseOwner: null, leaseExpiresAt: null }, d.leases.owner);
  d.logger.info({ jobId, retryAfterMs: opts.retryAfterMs ?? 0, reason: opts.reason, applied }, 'result handed over to the delivery step');
}
