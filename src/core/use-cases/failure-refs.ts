import type { Actor } from '../api/actor.js';
import type { FailureRefView, ShownAt } from '../api/failure-refs.js';
import { err, fail, ok, type Failure, type Result } from '../failures.js';
import { isFailureRef } from '../ids.js';
import { describeFailure } from '../messages.js';
import { actorIds } from './context.js';
import type { CoreDeps } from './deps.js';
import { graphemePrefix } from '../text-cut.js';

/** Keys whose values never reach the stored detail, whatever they hold (the logger's redact paths, by name). */
const SECRET_KEY = /token|api.?key|authorization|secret|password|cookie|headers/i;
/** The stored detail is cut here: enough for any gateway error, bounded for a hostile one. */
const MAX_DETAIL = 4_000;

/**
 * The failure as logged (code, money, details, log facts, job), as JSON with secret-named keys dropped, then through
 * the process's scrubber (every token it opened and every token-shaped string), cut to {@link MAX_DETAIL}.
 */
export function scrubbedDetail(d: Pick<CoreDeps, 'secrets'>, failure: Failure, jobId: string | null): string {
  const logged = { code: failure.code, money: failure.money, details: failure.details, ...(failure.log ? { log: failure.log } : {}), ...(jobId ? { jobId } : {}) };
  const json = JSON.stringify(logged, (key, value: unknown) => (key !== '' && SECRET_KEY.test(key) ? undefined : value));
  return d.secrets.scrub(json).slice(0, MAX_DETAIL);
}

/**
 * Stores the reference a user is being shown. Who saw it comes from `at.actor`, else from the job (`at.jobId`); with
 * neither, nothing is stored. Never throws (a failure to record is logged: the user still gets the message).
 */
export async function recordShownRef(d: CoreDeps, failure: Failure, at: ShownAt): Promise<void> {
  try {
    const jobId = at.jobId ?? null;
    let owner: { scopeId: string; userId: string } | undefined;
    if (at.actor) owner = await actorIds(d, at.actor);
    else if (jobId) owner = await d.jobs.get(jobId);
    if (!owner) return;
    const surface = at.surface ?? at.actor?.scope.platform ?? 'unknown';
    await d.store.refs.record({ ref: failure.ref, createdAt: d.clock.now(), scopeId: owner.scopeId, userId: owner.userId, jobId, code: failure.code, detail: scrubbedDetail(d, failure, jobId), surface });
  } catch (e) {
    d.logger.warn({ ref: failure.ref, err: e }, 'failure reference not recorded');
  }
}

/**
 * `/job <ref>`: a reference shown in the actor's community. `admin` (the dispatcher's role, admin or owner) reads any
 * reference of this community with its logged detail; a member reads only the plain outcome of their own (in the
 * actor's locale). Anything else is `job_not_found` (a reference of another community is not told apart from an
 * unknown one).
 */
export async function lookUpRef(d: CoreDeps, actor: Actor, text: string, admin: boolean): Promise<Result<FailureRefView>> {
  const ref = text.trim().toUpperCase();
  const notFound = err<FailureRefView>(fail('job_not_found', { id: graphemePrefix(text.trim(), 40) }));
  if (!isFailureRef(ref)) return notFound;
  const rec = await d.store.refs.get(ref);
  if (!rec) return notFound;
  const ids = await actorIds(d, actor);
  const own = rec.userId === ids.userId && rec.scopeId === ids.scopeId;
  if (rec.scopeId !== ids.scopeId || (!admin && !own)) return notFound;
  const user = await d.store.directory.getUser(rec.userId);
  const view: FailureRefView = { ref, createdAt: rec.createdAt, code: rec.code, outcome: outcomeText(rec.code, rec.detail, ref, d.clock.now(), ids.timeZone, ids.locale), userExternalId: user?.externalId ?? '', surface: rec.surface };
  if (rec.jobId) view.jobId = rec.jobId;
  if (admin) view.detail = rec.detail;
  return ok(view);
}

/** The member's own references in this community, newest first (at most `limit`), in their words as shown. */
export async function ownRefs(d: CoreDeps, actor: Actor, limit: number): Promise<FailureRefView[]> {
  const ids = await actorIds(d, actor);
  const now = d.clock.now();
  return (await d.store.refs.listByUser(ids.scopeId, ids.userId, limit)).map((rec) => ({
    ref: rec.ref,
    createdAt: rec.createdAt,
    code: rec.code,
    outcome: outcomeText(rec.code, rec.detail, rec.ref, now, ids.timeZone, ids.locale),
    userExternalId: actor.user.externalId,
    surface: rec.surface,
    ...(rec.jobId ? { jobId: rec.jobId } : {}),
  }));
}

/** The failure's plain words again in `locale`, from the stored code and details (the code itself when they no longer parse). */
function outcomeText(code: string, detail: string, ref: string, now: number, timeZone: string, locale: string): string {
  try {
    const parsed = JSON.parse(detail) as { code: Failure['code']; money: Failure['money']; details: Failure['details'] };
    return describeFailure({ code: parsed.code, money: parsed.money, details: parsed.details, ref } as Failure, { now, timeZone, locale }).text;
  } catch {
    return code;
  }
}
