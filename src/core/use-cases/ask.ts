import type { AskRequest, AskResult, JobHooks } from '../api.js';
import { err, ok, withMoney, type Result } from '../failures.js';
import { newJobId } from '../ids.js';
import type { Micros } from '../money.js';
import { gatewayFailure, withFairUse } from './context.js';
import { jobBasics, openJob } from './job-start.js';
import type { CoreDeps } from './deps.js';

/** Price of `tokens` at `per1kMicros` per 1,000 tokens, rounded up to a whole micro-dollar (as the gateway bills). */
export function tokenCostMicros(tokens: number, per1kMicros: Micros): Micros {
  return Math.ceil((tokens * per1kMicros) / 1000);
}

/**
 * Price of a completion: ceil((prompt × input + completion × output) / 1000) micro-dollars, where `output` defaults to
 * `input` (one price for all tokens). One rounding for the whole call, as the gateway bills it.
 */
export function chatCostMicros(promptTokens: number, completionTokens: number, inputPer1k: Micros, outputPer1k: Micros = inputPer1k): Micros {
  return Math.ceil((promptTokens * inputPer1k + completionTokens * outputPer1k) / 1000);
}

/**
 * The hold for a question: characters / 4 prompt tokens at the input price plus `maxOutput` tokens at the output
 * price (default: the input price), at least 1 micro.
 */
export function askHoldMicros(prompt: string, per1kMicros: Micros, maxOutput: number, outputPer1kMicros: Micros = per1kMicros): Micros {
  return Math.max(1, chatCostMicros(Math.ceil(prompt.length / 4), maxOutput, per1kMicros, outputPer1kMicros));
}

/**
 * `ask`: a text model through `chat`. Holds an estimate ({@link askHoldMicros}), settles from the usage the gateway
 * returned ({@link chatCostMicros}: prompt and completion tokens at their prices; clamped to the hold by the ledger),
 * releases on any failure.
 */
export async function ask(d: CoreDeps, req: AskRequest, hooks?: JobHooks): Promise<Result<AskResult>> {
  const basics = await jobBasics(d, req, 'text');
  if (!basics.ok) return basics;
  const { prompt, model, token: t, price } = basics.value;
  const maxTokens = d.settings.askMaxTokens ?? 1024;
  const outputPer1k = price.completionPer1kMicros ?? price.unitMicros;
  const estimate = askHoldMicros(prompt, price.unitMicros, maxTokens, outputPer1k);
  return withFairUse(d, req, hooks, async () => {
    const jobId = newJobId();
    const opened = await openJob(d, { jobId, kind: 'ask', basics: basics.value, params: {}, estimateMicros: estimate, delivery: null });
    if (!opened.ok) return opened;
    const { holdId } = opened.value;
    try {
      const res = await d.gateway.chat(t.token, { model, messages: [{ role: 'user', content: prompt }], maxTokens });
      const total = res.usage.totalTokens;
      const cost = chatCostMicros(res.usage.promptTokens, res.usage.completionTokens, price.unitMicros, outputPer1k);
      const settled = await d.store.budgets.settle(holdId, cost, { units: total, unit: 'token' });
      const charged = settled.ok ? settled.chargedMicros : 0;
      await d.jobs.transition(jobId, ['reserved'], 'succeeded', { chargedMicros: charged, progress: 100, finishedAt: d.clock.now() });
      return ok({ jobId, model, text: res.text, costMicros: charged, totalTokens: total });
    } catch (e) {
      const f = gatewayFailure(d, e, { model, tokenSource: t.source, stage: 'chat', money: 'released' });
      await d.store.budgets.release(holdId, f.code);
      await d.jobs.transition(jobId, ['reserved'], 'failed', { errorCode: f.code, finishedAt: d.clock.now() });
      return err(withMoney(f, 'released'));
    }
  });
}
