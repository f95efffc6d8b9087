import type { AskRequest, AskResult, JobHooks } from '../api.js';
import { err, ok, withMoney, type Result } from '../failures.js';
import { newJobId } from '../ids.js';
import { validatePrompt } from '../media/inputs.js';
import type { Micros } from '../money.js';
import { actorIds, gatewayFailure, refusal, resolveToken, withFairUse } from './context.js';
import type { CoreDeps } from './deps.js';
import { checkModel } from './model-check.js';

/** Price of `tokens` at `per1kMicros` per 1,000 tokens, rounded up to a whole micro-dollar (as the gateway bills). */
export function tokenCostMicros(tokens: number, per1kMicros: Micros): Micros {
  return Math.ceil((tokens * per1kMicros) / 1000);
}

/** The hold for a question: (characters / 4 prompt tokens + `maxOutput` output tokens) at the price, at least 1 micro. */
export function askHoldMicros(prompt: string, per1kMicros: Micros, maxOutput: number): Micros {
  return Math.max(1, tokenCostMicros(Math.ceil(prompt.length / 4) + maxOutput, per1kMicros));
}

/**
 * `ask`: a text model through `chat`. Holds an estimate ({@link askHoldMicros}), settles from the usage the gateway
 * returned (clamped to the hold by the ledger), releases on any failure.
 */
export async function ask(d: CoreDeps, req: AskRequest, hooks?: JobHooks): Promise<Result<AskResult>> {
  const prompt = validatePrompt(req.prompt);
  if (!prompt.ok) return prompt;
  const model = req.model?.trim() || d.settings.defaults.textModel;
  const ids = await actorIds(d, req);
  const token = await resolveToken(d, req, ids);
  if (!token.ok) return token;
  const price = await checkModel(d, token.value, model, 'text');
  if (!price.ok) return price;
  const t = token.value;
  const maxTokens = d.settings.askMaxTokens ?? 1024;
  const estimate = askHoldMicros(prompt.value, price.value.unitMicros, maxTokens);
  return withFairUse(d, req, hooks, async () => {
    const jobId = newJobId();
    await d.jobs.create({
      id: jobId, kind: 'ask', status: 'reserved', scopeId: ids.scopeId, userId: ids.userId, model, prompt: prompt.value,
      params: {}, tokenSource: t.source, tokenId: t.tokenId, estimateMicros: estimate, delivery: null,
    });
    const hold = await d.store.budgets.reserve({ scopeId: ids.scopeId, userId: ids.userId, amountMicros: estimate, jobId, tokenSource: t.source });
    if (!hold.ok) {
      const f = refusal(hold);
      await d.jobs.transition(jobId, ['reserved'], 'failed', { errorCode: f.code, finishedAt: d.clock.now() });
      return err(f);
    }
    await d.jobs.update(jobId, ['reserved'], { holdId: hold.holdId });
    try {
      const res = await d.gateway.chat(t.token, { model, messages: [{ role: 'user', content: prompt.value }], maxTokens });
      const total = res.usage.totalTokens;
      const settled = await d.store.budgets.settle(hold.holdId, tokenCostMicros(total, price.value.unitMicros), { units: total, unit: 'token' });
      const charged = settled.ok ? settled.chargedMicros : 0;
      await d.jobs.transition(jobId, ['reserved'], 'succeeded', { chargedMicros: charged, progress: 100, finishedAt: d.clock.now() });
      return ok({ jobId, model, text: res.text, costMicros: charged, totalTokens: total });
    } catch (e) {
      const f = gatewayFailure(d, e, { model, tokenSource: t.source, stage: 'chat', money: 'released' });
      await d.store.budgets.release(hold.holdId, f.code);
      await d.jobs.transition(jobId, ['reserved'], 'failed', { errorCode: f.code, finishedAt: d.clock.now() });
      return err(withMoney(f, 'released'));
    }
  });
}
