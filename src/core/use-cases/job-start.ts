import type { Actor, DeliveryAddress, JobKind } from '../api.js';
import { err, ok, type Result } from '../failures.js';
import { validatePrompt } from '../media/inputs.js';
import type { Micros } from '../money.js';
import type { JobParams } from '../ports/job-store.js';
import type { ModelKind, ModelPrice } from '../pricing.js';
import { chooseDefault } from '../catalog/default-models.js';
import { actorIds, isOwnerLike, listedModels, payerOf, refusal, resolveToken, scopeRef, type ActorIds, type UsableToken } from './context.js';
import type { CoreDeps } from './deps.js';
import { checkModel } from './model-check.js';

/** What every job needs before its own checks: a clean prompt, the model, the actor's ids, a token and the price. */
export interface JobBasics {
  prompt: string;
  model: string;
  ids: ActorIds;
  token: UsableToken;
  price: ModelPrice;
}

/**
 * The checks every job starts with, in order: prompt, token, model (default: {@link defaultModelFor}), and the
 * model's kind, sale status and price against the token's model list. Nothing is held or sent when one fails.
 */
export async function jobBasics(d: CoreDeps, req: Actor & { prompt: string; model?: string }, kind: ModelKind): Promise<Result<JobBasics>> {
  const prompt = validatePrompt(req.prompt);
  if (!prompt.ok) return prompt;
  const ids = await actorIds(d, req);
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
 * {@link JobLeases}), and places its hold. On a budget refusal the job is marked failed and the refusal returned
 * (nothing held). The job row comes first so that a crash after the hold leaves a row the poller's sweep finds (by
 * job id, once its lease ran out) and releases.
 */
export async function openJob(
  d: CoreDeps,
  j: { jobId: string; kind: JobKind; basics: JobBasics; params: JobParams; estimateMicros: Micros; delivery: DeliveryAddress | null },
): Promise<Result<{ holdId: string }>> {
  const { ids, token, model, prompt } = j.basics;
  await d.jobs.create({
    id: j.jobId, kind: j.kind, status: 'reserved', scopeId: ids.scopeId, userId: ids.userId, model, prompt,
    params: j.params, tokenSource: token.source, tokenId: token.tokenId, estimateMicros: j.estimateMicros, delivery: j.delivery, locale: ids.locale,
    ...d.leases.initial(),
  });
  d.leases.keep(j.jobId);
  const hold = await d.store.budgets.reserve({ scopeId: ids.scopeId, userId: ids.userId, amountMicros: j.estimateMicros, jobId: j.jobId, tokenSource: token.source });
  if (!hold.ok) {
    const f = refusal(hold, ids.timeZone);
    d.leases.stop(j.jobId);
    await d.jobs.transition(j.jobId, ['reserved'], 'failed', { errorCode: f.code, finishedAt: d.clock.now() });
    return err(f);
  }
  await d.jobs.update(j.jobId, ['reserved'], { holdId: hold.holdId });
  return ok({ holdId: hold.holdId });
}

/**
 * The default model of `kind` for this actor's token (see `chooseDefault`: the configured `DEFAULT_*_MODEL` when the
 * token lists it, else the first priced model of that kind in the token's list).
 */
export async function defaultModelFor(d: CoreDeps, a: Actor, t: UsableToken, kind: ModelKind): Promise<Result<string>> {
  const listed = await listedModels(d, t, '');
  if (!listed.ok) return listed;
  const ref = scopeRef(a);
  const c = chooseDefault(kind, d.settings.defaults, listed.value, (m) => d.catalog.book.entry(m.id, ref, m, payerOf(t)), isOwnerLike(d, a));
  return c.ok ? ok(c.model) : err(c.failure);
}
