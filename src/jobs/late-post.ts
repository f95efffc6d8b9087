import type { DeliveryAddress } from '../core/api/actor.js';
import type { JobKind } from '../core/api/jobs.js';
import type { Failure } from '../core/failures.js';
import { failureNotice } from '../core/jobs/late-replies.js';
import type { Reply } from '../core/commands/types.js';
import { DeliveryError, type Delivery } from '../core/ports/delivery.js';
import type { JobPatch, JobRecord } from '../core/ports/job-store.js';
import type { RunnerContext } from './runner-context.js';

/**
 * The runner's "post, then record" for every late post, written once: {@link postLate} posts a reply through the job's
 * surface and sorts a failure into what the step decides on; {@link recordPosted} records `delivered` with the message
 * ids in one conditional write under the lease. (A command's own reply goes through `postReply` of
 * `src/core/jobs/post-result.ts`, which records or hands the job over to these steps.)
 */

/** How a late post went: its message ids, or the surface's error sorted (`DeliveryError.kind`; anything else is `transient`). */
export type LatePost = { posted: true; messageIds: string[] } | { posted: false; kind: DeliveryError['kind']; retryAfterMs?: number };

/** Posts `reply()` to `address` through `delivery`; a failure is logged (with the attempt) and sorted, never thrown. */
export async function postLate(ctx: RunnerContext, job: JobRecord, delivery: Delivery, address: DeliveryAddress, reply: () => Promise<Reply>): Promise<LatePost> {
  try {
    return { posted: true, messageIds: (await delivery.post(address, await reply())).messageIds };
  } catch (e) {
    const kind = e instanceof DeliveryError ? e.kind : 'transient';
    const retryAfterMs = e instanceof DeliveryError ? e.retryAfterMs : undefined;
    ctx.deps.logger.warn({ jobId: job.id, kind, err: e, attempt: job.attempts + 1, retryAfterMs }, `runner: ${job.kind} delivery failed`);
    return { posted: false, kind, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
  }
}

/**
 * Records a posted job `delivered` with its message ids (and `patch`), only while this process holds its lease in
 * `delivering`; logs either way. Returns whether it applied (false: the job was taken over before the record).
 */
export async function recordPosted(ctx: RunnerContext, job: JobRecord, messageIds: string[], patch: JobPatch = {}): Promise<boolean> {
  const done = await ctx.deps.jobs.transition(job.id, ['delivering'], 'delivered', { ...patch, delivered: { messageIds } }, ctx.owner);
  ctx.progressAt.delete(job.id);
  if (!done) ctx.deps.logger.error({ jobId: job.id, messageIds }, 'runner: posted, but the job was taken over before the delivery was recorded');
  else ctx.deps.logger.info({ jobId: job.id, kind: job.kind, messageIds }, 'runner: result delivered');
  return done !== undefined;
}

/**
 * The failure notice of `job` for `delivery`'s chat: the core's words for `failure` (in the job's locale, naming
 * commands as that surface writes them, its reference stored with the job and the surface), as a neutral reply.
 */
export function failureReply(ctx: RunnerContext, delivery: Delivery, job: { id: string; kind: JobKind; locale?: string | null }, failure: Failure): Reply {
  const hint = delivery.commandHint ? (c: string, s?: string) => delivery.commandHint!(c, s) : undefined;
  const text = ctx.deps.replies.explain(failure, hint, { jobId: job.id, surface: delivery.surface, ...(delivery.readerIsAdmin ? { admin: true } : {}) }, job.locale ?? undefined);
  return failureNotice({ id: job.id, kind: job.kind, ...(job.locale ? { locale: job.locale } : {}) }, failure, text);
}
