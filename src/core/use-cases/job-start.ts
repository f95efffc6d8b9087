import type { Actor, DeliveryAddress } from '../api/actor.js';
import type { JobKind } from '../api/jobs.js';
import { err, ok, type Result } from '../failures.js';
import { validatePrompt } from '../media/inputs.js';
import type { ReserveResult } from '../budget/types.js';
import type { Micros } from '../money.js';
import type { MoneyJob } from '../money/job-money.js';
import type { OpenedJob } from '../jobs/engine.js';
import type { JobLeasePort } from '../ports/job-leases.js';
import { StoreUnavailableError } from '../ports/store-unavailable.js';
import type { JobParams } from '../ports/job-store.js';
import type { ModelKind, ModelPrice } from '../pricing.js';
import { chooseDefault } from '../catalog/default-models.js';
import { actorIds, listedModels, payerOf, readerHint, refusal, resolveToken, scopeRef, type ActorIds, type UsableToken } from './context.js';
import type { CoreDeps } from './deps.js';
import { checkModel } from './model-check.js';
import { checkPrompt } from './rules.js';

/** What every job needs before its own checks: a clean prompt, the model, the actor's ids, a token and the price. */
export interface JobBasics {
  prompt: string;
  model: string;
  ids: ActorIds;
  token: UsableToken;
  price: ModelPrice;
}

/**
 * The checks every job starts with, in order: prompt, the prompt rules (`/setup words`, audited when they refuse), token, model (default: {@link defaultModelFor}), and the
 * model's kind, sale status and price against the token's model list. Nothing is held or sent when one fails.
 */
export async function jobBasics(d: CoreDeps, req: Actor & { prompt: string; model?: string }, kind: ModelKind): Promise<Result<JobBasics>> {
  const prompt = validatePrompt(req.prompt);
  if (!prompt.ok) return prompt;
  const ids = await actorIds(d, req);
  const allowed = await checkPrompt(d, req, ids, prompt.value);
  if (!allowed.ok) return allowed;
  const token = await resolveToken(d, req, ids);
  if (!token.ok) return token;
  let model = req.model?.trim();
  if (!model) {
    const chosen = await defaultModelFor(d, req, token.value, kind);
    if (!chosen.ok) return chosen;
    model = chosen.value;
  }
  const price = await checkModel(d, req, token.value, model, kind);
  if (!price.ok) return price;
  return ok({ prompt: prompt.value, model, ids, token: token.value, price: price.value });
}

/**
 * Records a new job as `reserved`, leased to this process (renewed by `d.leases` until the job is handed on: see
 * {@link JobLeasePort}), and places its hold; returns the job as the engine moves it (its money facts, kind, address). On a budget refusal the job is marked failed and the refusal returned
 * (nothing held). When placing or recording the hold throws, renewal stops and the error is rethrown (see
 * {@link abandonUnopened}). The job row comes first so that a crash after the hold leaves a row the poller's sweep finds (by
 * job id, once its lease ran out) and releases.
 */
export async function openJob(
  d: CoreDeps,
  j: { jobId: string; kind: JobKind; basics: JobBasics; params: JobParams; estimateMicros: Micros; delivery: DeliveryAddress | null },
): Promise<Result<OpenedJob & { holdId: string }>> {
  const { ids, token, model, prompt } = j.basics;
  await d.jobs.create({
    id: j.jobId, kind: j.kind, status: 'reserved', scopeId: ids.scopeId, userId: ids.userId, model, prompt,
    params: j.params, tokenSource: token.source, tokenId: token.tokenId, estimateMicros: j.estimateMicros, delivery: j.delivery, locale: ids.locale,
    ...d.leases.initial(),
  });
  d.leases.keep(j.jobId);
  const money = { id: j.jobId, scopeId: ids.scopeId, userId: ids.userId, tokenSource: token.source, estimateMicros: j.estimateMicros };
  let hold: ReserveResult;
  try {
    hold = await d.money.reserve(money);
    if (hold.ok) await d.jobs.update(j.jobId, ['reserved'], { holdId: hold.holdId });
  } catch (e) {
    await abandonUnopened(d, money, e);
    throw e;
  }
  if (!hold.ok) {
    const f = refusal(hold, ids.timeZone);
    d.leases.stop(j.jobId);
    await d.jobs.transition(j.jobId, ['reserved'], 'failed', { errorCode: f.code, finishedAt: d.clock.now() });
    return err(f);
  }
  return ok({ ...money, holdId: hold.holdId, kind: j.kind, hasAddress: j.delivery !== null });
}

/**
 * Placing or recording the hold threw (the store failed): renewal stops first, so the lease runs out even when the
 * store stays down and the poller's sweep then ends the job by its id; while the store answers, any hold the reserve
 * may have written is released here and the job ends `failed` (the gateway was never called: no loss to record).
 */
async function abandonUnopened(d: CoreDeps, job: Omit<MoneyJob, 'holdId'>, cause: unknown): Promise<void> {
  d.leases.stop(job.id);
  const errorCode = cause instanceof StoreUnavailableError ? 'store_unavailable' : 'internal';
  try {
    await d.money.release({ ...job, holdId: null }, errorCode);
    await d.jobs.transition(job.id, ['reserved'], 'failed', { errorCode, finishedAt: d.clock.now() });
  } catch (e) {
    d.logger.warn({ jobId: job.id, err: e }, 'job: not ended after its hold failed; the sweep ends it once its lease runs out');
  }
}

/**
 * The default model of `kind` for this actor's token (see `chooseDefault`: the configured `DEFAULT_*_MODEL` when the
 * token lists it, else the first priced model of that kind in the token's list).
 */
export async function defaultModelFor(d: CoreDeps, a: Actor, t: UsableToken, kind: ModelKind): Promise<Result<string>> {
  const listed = await listedModels(d, t, '');
  if (!listed.ok) return listed;
  const ref = scopeRef(a);
  const c = chooseDefault(kind, d.settings.defaults, listed.value, (m) => d.catalog.book.entry(m.id, ref, m, payerOf(t)), readerHint(d, a));
  return c.ok ? ok(c.model) : err(c.failure);
}
