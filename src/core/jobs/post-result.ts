import type { Logger } from '../ports/logger.js';
import type { JobsApi } from '../api/jobs.js';
import type { Reply } from '../commands/types.js';

/** What a surface says about a post that failed: when the platform allows the next try, and a loggable reason. */
export interface PostFailure {
  /** The platform's `retry_after`, when it gave one (the runner's delivery step waits that long, however long). */
  retryAfterMs?: number;
  /** Why, for the log (scrubbed of secrets by the surface). */
  reason: string;
}

/** How {@link postReply} ended. */
export type PostOutcome = { posted: true; messageIds: string[] } | { posted: false; failure: PostFailure };

/**
 * The one "post, then record or hand over" of every surface, for a command's reply. `post` shows the reply and returns
 * the platform's message ids; `opts.logger` (absent: nothing logged) hears about hand-overs. Then:
 * - a result with a job (`jobId`, tone `result`) that was posted is recorded with its message ids (`recordDelivery`:
 *   the job ends `delivered`); a failed record is logged, never thrown (the member has their result);
 * - a result whose post threw is kept and charged already, so it is never an error the member reads: the job is handed
 *   to the runner's delivery step (`handOver`, after the platform's `retry_after`), and the outcome says so;
 * - any other reply's post error is thrown to the surface, as before.
 */
export async function postReply(
  core: Pick<JobsApi, 'recordDelivery' | 'handOver'>,
  reply: Reply,
  post: () => Promise<readonly string[]>,
  opts: { surface: string; logger?: Pick<Logger, 'warn'>; failure: (e: unknown) => PostFailure },
): Promise<PostOutcome> {
  const result = reply.jobId !== undefined && reply.tone === 'result' ? reply.jobId : undefined;
  let messageIds: string[];
  try {
    messageIds = [...(await post())];
  } catch (e) {
    if (result === undefined) throw e;
    const failure = opts.failure(e);
    opts.logger?.warn({ jobId: result, reason: failure.reason, retryAfterMs: failure.retryAfterMs }, `${opts.surface}: could not post a result; handing it to the delivery step`);
    await core.handOver(result, { ...(failure.retryAfterMs !== undefined ? { retryAfterMs: failure.retryAfterMs } : {}), reason: failure.reason });
    return { posted: false, failure };
  }
  if (result !== undefined && messageIds.length > 0) {
    await core.recordDelivery(result, messageIds).catch((e: unknown) => opts.logger?.warn({ jobId: result, err: e instanceof Error ? e.message : String(e) }, `${opts.surface}: recordDelivery failed`));
  }
  return { posted: true, messageIds };
}
