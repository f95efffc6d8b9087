import { createHash, randomBytes } from 'node:crypto';
import type { Actor } from '../api/actor.js';
import type { JobView } from '../api/jobs.js';
import type { GalleryQuery, WebFileView, WebLinkView, WebSessionView } from '../api/web.js';
import { isJobId } from '../ids.js';
import { toJobView } from '../jobs/job-view.js';
import { isReferenceFile, mimeOf } from '../jobs/kept-files.js';
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

const isShown = (v: JobView, kind: GalleryQuery['kind']) =>
  (v.outputs?.length ?? 0) > 0 && (kind === undefined || (kind === 'video' ? v.kind === 'video' : v.kind !== 'video'));

/** `webGallery`: the actor's own results with kept files (texts and jobs whose files expired are left out). */
export async function webGallery(d: CoreDeps, actor: Actor, q: GalleryQuery = {}): Promise<JobView[]> {
  const ids = await actorIds(d, actor);
  const limit = Math.min(Math.max(1, q.limit ?? GALLERY_DEFAULT), GALLERY_MAX);
  const recs = (await d.jobs.listByUser(ids.scopeId, ids.userId, limit)).filter((r) => r.kind !== 'ask' && (r.outputExpiresAt === null || r.outputExpiresAt > d.clock.now()));
  const money = await d.store.budgets.jobMoney(recs.map((r) => r.id));
  const views = await Promise.all(
    recs.map(async (r) => {
      const files = (await d.outputs.list(r.id)).filter((f) => !isReferenceFile(f.filename));
      return toJobView(r, actor.user.externalId, money.get(r.id), files);
    }),
  );
  return views.filter((v) => isShown(v, q.kind));
}

/** `webFile`: one kept file of the actor's own job in the actor's community. */
export async function webFile(d: CoreDeps, actor: Actor, jobId: string, index: number): Promise<WebFileView | null> {
  if (!isJobId(jobId) || !Number.isInteger(index) || index < 0) return null;
  const ids = await actorIds(d, actor);
  const rec = await d.jobs.get(jobId);
  if (!rec || rec.userId !== ids.userId || rec.scopeId !== ids.scopeId) return null;
  if (rec.outputExpiresAt !== null && rec.outputExpiresAt <= d.clock.now()) return null;
  const f = (await d.outputs.list(rec.id)).filter((x) => !isReferenceFile(x.filename))[index];
  return f ? { path: f.path, filename: f.filename, mime: mimeOf(f.filename), bytes: f.bytes } : null;
}
