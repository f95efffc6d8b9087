import type { JobKind } from '../core/api.js';
import type { Failure } from '../core/failures.js';
import { failureNotice } from '../core/jobs/late-replies.js';
import type { Reply } from '../core/commands/types.js';
import type { Delivery } from '../core/ports/delivery.js';
import type { RunnerContext } from './runner-context.js';

/**
 * The failure notice of `job` for `delivery`'s chat: the core's words for `failure` (in the job's locale, naming
 * commands as that surface writes them, its reference stored with the job and the surface), as a neutral reply.
 */
export function failureReply(ctx: RunnerContext, delivery: Delivery, job: { id: string; kind: JobKind; locale?: string | null }, failure: Failure): Reply {
  const hint = delivery.commandHint ? (c: string, s?: string) => delivery.commandHint!(c, s) : undefined;
  const text = ctx.deps.replies.explain(failure, hint, { jobId: job.id, surface: delivery.surface, ...(delivery.readerIsAdmin ? { admin: true } : {}) }, job.locale ?? undefined);
  return failureNotice({ id: job.id, kind: job.kind, ...(job.locale ? { locale: job.locale } : {}) }, failure, text);
}
