import { createHash, randomBytes } from 'node:crypto';
import type { Actor } from '../api/actor.js';
import type { DeliveryAddress } from '../api/actor.js';
import type { GalleryPage, GalleryQuery, WebFileView, WebJobOrigin, WebLinkView, WebSessionView } from '../api/web.js';
import type { GalleryFilter, JobRecord } from '../ports/job-store.js';
import { isJobId } from '../ids.js';
import { toJobView } from '../jobs/job-view.js';
import { isGalleryMedia, mimeOf } from '../jobs/kept-files.js';
import { actorIds, isOwner } from './context.js';
import type { CoreDeps } from './deps.js';

/** A sign-in link lives 10 minutes. */
export const WEB_LINK_MS = 10 * 60_000;
/** A session lives 7 days. */
export const WEB_SESSION_MS = 7 * 24 * 3_600_000;
const GALLERY_DEFAULT = 100;
const GALLERY_MAX = 1_000;
const SECRET = /^[A-Za-z0-9_-]{43}$/;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const secret = () => randomBytes(32).toString('base64url');

/** The form token of a session: derived from the secret session id, so only its holder can compute it. */
export function csrfOf(sessionId: string): string {
  return createHash('sha256').update(`csrf\u0000${sessionId}`).digest('base64url');
}

/** `webLink`: stores the hash of a new random token for the actor; the URL carries the token itself. */
export async function webLink(d: CoreDeps, actor: Actor, admin: boolean): Promise<WebLinkView | null> {
  const base = d.web?.url();
  if (!base) return null;
  const ids = await actorIds(d, actor);
  const token = secret();
  const now = d.clock.now();
  const expiresAt = now + WEB_LINK_MS;
  // Expired links and sessions go whenever a link is made: the tables stay as small as their live rows.
  await d.store.web.purge(now);
  const refs = { scope: actor.scope, user: { platform: actor.user.platform, externalId: actor.user.externalId, ...(actor.user.displayName ? { displayName: actor.user.displayName } : {}), ...(actor.user.username ? { username: actor.user.username } : {}) } };
  await d.store.web.addLink(sha256(token), { scopeId: ids.scopeId, userId: ids.userId, actor: JSON.stringify(refs), admin, locale: ids.locale }, now, expiresAt);
  return { url: `${base.replace(/\/+$/, '')}/in/${token}`, expiresAt };
}

/** `webSignIn`: uses the link once and opens a session with a new id (never the link's token). */
export async function webSignIn(d: CoreDeps, token: string): Promise<{ sessionId: string; expiresAt: number } | null> {
  if (!SECRET.test(token)) return null;
  const now = d.clock.now();
  const grant = await d.store.web.useLink(sha256(token), now);
  if (!grant) return null;
  const sessionId = secret();
  const expiresAt = now + WEB_SESSION_MS;
  await d.store.web.addSession(sha256(sessionId), grant, now, expiresAt);
  return { sessionId, expiresAt };
}

/** `webSession`: the session's actor and rights while it lives. */
export async function webSession(d: CoreDeps, sessionId: string): Promise<WebSessionView | null> {
  if (!SECRET.test(sessionId)) return null;
  const s = await d.store.web.session(sha256(sessionId), d.clock.now());
  if (!s) return null;
  const refs = JSON.parse(s.actor) as Pick<Actor, 'scope' | 'user'>;
  const actor = { scope: refs.scope, user: refs.user, locale: s.locale };
  return { actor, admin: s.admin, owner: isOwner(d, actor), locale: s.locale, csrf: csrfOf(sessionId), expiresAt: s.expiresAt };
}

export async function webSignOut(d: CoreDeps, sessionId: string): Promise<void> {
  if (SECRET.test(sessionId)) await d.store.web.endSession(sha256(sessionId));
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Epoch ms of a `YYYY-MM-DD` day's start (UTC), or undefined when it is not a real day. */
function dayStart(text: string | undefined): number | undefined {
  const m = text ? DAY.exec(text) : null;
  if (!m) return undefined;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().slice(0, 10) === text ? ms : undefined;
}

const CURSOR = /^(\d{1,15})\.([a-z0-9_]{1,40})$/;

/** The files the gallery may show of `rec` now: while the chat's retention or the gallery's own keeps them. */
async function galleryFiles(d: CoreDeps, rec: JobRecord): Promise<{ path: string; filename: string; bytes: number }[]> {
  const now = d.clock.now();
  const chat = rec.outputExpiresAt === null || rec.outputExpiresAt > now;
  const gallery = (rec.galleryExpiresAt ?? 0) > now;
  if (!chat && !gallery) return [];
  return (await d.outputs.list(rec.id)).filter((f) => isGalleryMedia(f.filename));
}

/**
 * `webGallery`: the actor's own media results (filtered by kind, model and days; keyset pages), each with the files
 * still kept; a result whose files are gone is listed without them.
 */
export async function webGallery(d: CoreDeps, actor: Actor, q: GalleryQuery = {}): Promise<GalleryPage> {
  const ids = await actorIds(d, actor);
  const limit = Math.min(Math.max(1, q.limit ?? GALLERY_DEFAULT), GALLERY_MAX);
  const from = dayStart(q.from);
  const toDay = dayStart(q.to);
  const cursor = q.after ? CURSOR.exec(q.after) : null;
  const filter: GalleryFilter = {
    ...(q.kind ? { kind: q.kind } : {}),
    ...(q.model ? { model: q.model } : {}),
    ...(from !== undefined ? { from } : {}),
    ...(toDay !== undefined ? { to: toDay + 86_400_000 } : {}),
    ...(cursor ? { before: { createdAt: Number(cursor[1]), id: cursor[2]! } } : {}),
  };
  // One more than shown tells whether a next page exists.
  const [recs, models] = await Promise.all([d.jobs.listGallery(ids.scopeId, ids.userId, filter, limit + 1), d.jobs.galleryModels(ids.scopeId, ids.userId)]);
  const shown = recs.slice(0, limit);
  const money = await d.store.budgets.jobMoney(shown.map((r) => r.id));
  const jobs = await Promise.all(shown.map(async (r) => toJobView(r, actor.user.externalId, money.get(r.id), await galleryFiles(d, r))));
  const last = shown[shown.length - 1];
  return { jobs, models, ...(recs.length > limit && last ? { next: `${last.createdAt}.${last.id}` } : {}) };
}

/** The actor's own job in the actor's community, or undefined. */
async function ownJob(d: CoreDeps, actor: Actor, jobId: string): Promise<JobRecord | undefined> {
  if (!isJobId(jobId)) return undefined;
  const ids = await actorIds(d, actor);
  const rec = await d.jobs.get(jobId);
  return rec && rec.userId === ids.userId && rec.scopeId === ids.scopeId ? rec : undefined;
}

/** `webFile`: one kept file of the actor's own job in the actor's community. */
export async function webFile(d: CoreDeps, actor: Actor, jobId: string, index: number): Promise<WebFileView | null> {
  if (!Number.isInteger(index) || index < 0) return null;
  const rec = await ownJob(d, actor, jobId);
  if (!rec) return null;
  const f = (await galleryFiles(d, rec))[index];
  return f ? { path: f.path, filename: f.filename, mime: mimeOf(f.filename), bytes: f.bytes } : null;
}

/** What of a stored address served only the job it was made for: its status message and interaction (a secret). */
const ONE_JOB_KEYS = new Set(['statusMessageId', 'interaction']);

/** `webJobOrigin`: the chat of the actor's own job, its address stripped of what only that job could use. */
export async function webJobOrigin(d: CoreDeps, actor: Actor, jobId: string): Promise<WebJobOrigin | null> {
  const rec = await ownJob(d, actor, jobId);
  if (!rec?.delivery || rec.kind === 'ask') return null;
  const delivery = Object.fromEntries(Object.entries(rec.delivery).filter(([k]) => !ONE_JOB_KEYS.has(k))) as DeliveryAddress;
  return { kind: rec.kind, delivery };
}
