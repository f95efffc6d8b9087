import { readFile } from 'node:fs/promises';
import type { JobStatus, JobView } from '../core/api/jobs.js';
import { keptResultReply, type KeptResult } from '../core/jobs/late-replies.js';
import { sniffImage } from '../core/media/sniff.js';
import { fail, type Failure } from '../core/failures.js';
import type { Micros } from '../core/money.js';
import type { JobRecord } from '../core/ports/job-store.js';
import { remainingIn } from '../core/money/remaining.js';
import { ANSWER_FILE, isResultMedia, mimeOf } from '../core/jobs/kept-files.js';
import { settleKept } from '../core/jobs/engine.js';
import { notify } from './job-outcomes.js';
import { failureReply, postLate, recordPosted } from './late-post.js';
import { deliveryView } from './job-view.js';
import type { RunnerContext } from './runner-context.js';
import { retryLater, retryWithoutSurface } from './retry-later.js';

const DELIVERING: readonly JobStatus[] = ['delivering'];

/**
 * The durable delivery of an image, edit or ask job whose result is kept (status `delivering`, charged or about to
 * be): the surface could not post it in the command (rate limit, expired interaction, deleted reply) or the process
 * that could died. Posts the core's reply of the kept result through the surface's `Delivery.post` (which has its own
 * fallbacks), then settles
 * (idempotent: the command normally did) and records `delivered` in one conditional write.
 * - `transient` (429 with `retry_after` of any length, 5xx, network): retried at the server's time or with backoff,
 *   up to `maxAttempts`; then the user is told the result was charged and is kept for `/job <id>`. When even that
 *   message cannot be posted, the charge is given back and recorded as a gateway loss (never charged and not told).
 * - `too_large` (after the surface's own fallbacks, e.g. a document instead of a photo) and `gone`: the result
 *   cannot reach that chat, so the charge is given back, the gateway's bill recorded as a loss, and the user told
 *   when possible; status `undeliverable`.
 */
export async function deliverResultStep(ctx: RunnerContext, job: JobRecord, _signal: AbortSignal): Promise<void> {
  const { deps } = ctx;
  if (job.delivered) return finish(ctx, job, job.delivered.messageIds);
  const address = job.delivery;
  const delivery = address?.surface ? deps.router.for(address.surface) : undefined;
  if (!address?.surface) return notDelivered(ctx, job, 'chat_gone', 'no delivery address');
  if (!delivery) return retryWithoutSurface(ctx, job, address.surface);
  const result = await keptResult(ctx, job);
  if (!result) return notDelivered(ctx, job, 'files_gone', 'kept result missing');
  const posted = await postLate(ctx, job, delivery, address, async () => {
    const remainingMicros = await remaining(ctx, job);
    const shown = remainingMicros === undefined ? result : { ...result, remainingMicros };
    return keptResultReply(await withImageSize(await deliveryView(ctx, job), result), shown, deps.replies.remixOffered(job.model));
  });
  if (!posted.posted) {
    if (posted.kind === 'too_large') return notDelivered(ctx, job, 'too_large', 'delivery too_large');
    if (posted.kind === 'gone') return notDelivered(ctx, job, 'chat_gone', 'delivery gone');
    if (job.attempts + 1 >= ctx.config.maxAttempts) return keptNotDelivered(ctx, job);
    await retryLater(ctx, job, posted.retryAfterMs);
    return;
  }
  await finish(ctx, job, posted.messageIds);
}

/** The view with the first image's size as its bytes say (`media`); unchanged for an answer or unreadable bytes. */
async function withImageSize(view: JobView, result: KeptResult): Promise<JobView> {
  const first = result.files.find((f) => f.mime.startsWith('image/'));
  const s = first ? sniffImage(await readFile(first.path).catch(() => new Uint8Array())) : undefined;
  return s ? { ...view, media: { width: s.width, height: s.height } } : view;
}

/** The kept files (and an answer's text) of a job, or undefined when they are gone. */
async function keptResult(ctx: RunnerContext, job: JobRecord): Promise<KeptResult | undefined> {
  const kept = await ctx.deps.outputs.list(job.id);
  const files = kept.filter((f) => isResultMedia(f.filename)).map((f) => ({ ...f, mime: mimeOf(f.filename) }));
  const answer = kept.find((f) => f.filename === ANSWER_FILE);
  if (job.kind === 'ask') return answer ? { files: [], text: await readFile(answer.path, 'utf8') } : undefined;
  return files.length > 0 ? { files } : undefined;
}

/**
 * What the requester has left, as the command's reply would have shown it under an image: known once the job's hold
 * is settled (the command normally settled before handing over; a hold still open would count the estimate), never
 * for an answer (its reply shows none). A ledger read that fails only leaves it out.
 */
async function remaining(ctx: RunnerContext, job: JobRecord): Promise<Micros | null | undefined> {
  if (job.kind === 'ask') return undefined;
  try {
    if (job.holdId && (await ctx.deps.budgets.openHoldsOfJob(job.id)).length > 0) return undefined;
    return await remainingIn(ctx.deps.budgets, { scopeId: job.scopeId, userId: job.userId }, job.tokenSource);
  } catch (e) {
    ctx.deps.logger.debug({ jobId: job.id, err: e }, 'runner: remaining budget not known for a late delivery');
    return undefined;
  }
}

/** Settles (idempotent) and records `delivered`. */
async function finish(ctx: RunnerContext, job: JobRecord, messageIds: string[]): Promise<void> {
  await charge(ctx, job);
  await recordPosted(ctx, job, messageIds);
}

/** Turns the job's hold into its charge, the amount kept on the job when its result was kept (a repeat returns the first). */
async function charge(ctx: RunnerContext, job: JobRecord): Promise<void> {
  await settleKept(ctx.money, job, job.chargedMicros ?? 0, job.params.count ?? 1);
}

/**
 * Gives the job's money back (an open hold is released, a settled one refunded) and records what the gateway billed
 * as a certain gateway loss: the member is never charged for a result that did not reach them and was not told.
 */
async function unCharge(ctx: RunnerContext, job: JobRecord, reason: string): Promise<void> {
  await ctx.money.refund(job, reason, job.chargedMicros ?? 0);
}

/** The result cannot reach this chat: money back, loss recorded, `undeliverable`, the user told when possible. */
async function notDelivered(ctx: RunnerContext, job: JobRecord, why: 'too_large' | 'chat_gone' | 'files_gone', note: string): Promise<void> {
  await unCharge(ctx, job, `undelivered_${why}`);
  const failure: Failure = fail('result_not_delivered', { kind: job.kind, reason: why }, { money: 'released', log: { note } });
  const done = await ctx.deps.jobs.transition(job.id, DELIVERING, 'undeliverable', { errorCode: `${failure.code}`, chargedMicros: 0 }, ctx.owner);
  if (done) await notify(ctx, done, failure);
}

/**
 * Every attempt failed for a passing reason: the result stays kept for `/job <id>` and the user is told it was
 * charged and where to get it. If that message cannot be posted either, the charge is given back (loss recorded).
 */
async function keptNotDelivered(ctx: RunnerContext, job: JobRecord): Promise<void> {
  const until = ctx.deps.clock.now() + ctx.config.retentionMs;
  await charge(ctx, job);
  const failure = fail('delivery_failed_charged', { reason: 'upload', jobId: job.id, retrievableUntil: until, kind: job.kind }, { money: 'charged' });
  const done = await ctx.deps.jobs.transition(job.id, DELIVERING, 'undeliverable', { errorCode: failure.code, outputExpiresAt: until }, ctx.owner);
  if (!done) return;
  const address = done.delivery;
  const delivery = address ? ctx.deps.router.for(address.surface) : undefined;
  try {
    if (!address || !delivery) throw new Error('no delivery');
    await delivery.post(address, failureReply(ctx, delivery, done, failure));
  } catch (e) {
    ctx.deps.logger.warn({ jobId: job.id, err: e }, 'runner: could not tell the user about a kept result; giving the charge back');
    await unCharge(ctx, job, 'undelivered_untold');
    await ctx.deps.jobs.update(job.id, ['undeliverable'], { chargedMicros: 0, errorCode: 'delivery_failed_untold' });
  }
}
