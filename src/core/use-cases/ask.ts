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

/** The hold for a question: (characters / 4 prompt tokens + `maxOutput` output tokens) at the price, at least 1 micro. */
export function askHoldMicros(prompt: string, per1kMicros: Micros, maxOutput: number): Micros {
  return Math.max(1, tokenCostMicros(Math.ceil(prompt.length / 4) + maxOutput, per1kMicros));
}

/**
 * `ask`: a text model through `chat`. Holds an estimate ({@link askHoldMicros}), settles from the usage the gateway
 * returned (clamped to the hold by the ledger), releases on any failure.
 */
export async function ask(d: CoreDeps, req: AskRequest, hooks?: JobHooks): Promise<Result<AskResult>> {
  const basics = await jobBasics(d, req, 'text', d.settings.defaults.textModel);
  if (!basics.ok) return basics;
  const { prompt, model, token: t, price } = basics.value;
  const maxTokens = d.settings.askMaxTokens ?? 1024;
  const estimate = askHoldMicros(prompt, price.unitMicros, maxTokens);
  return withFairUse(d, req, hooks, async () => {
    const jobId = newJobId();
    const opened = await openJob(d, { jobId, kind: 'ask', basics: basics.value, params: {}, estimateMicros: estimate, delivery: null });
    if (!opened.ok) return opened;
    const { holdId } = opened.value;
    try {
      const res = await d.gateway.chat(t.token, { model, messages: [{ role: 'user', content: prompt }], maxTokens });
      const total = res.usage.totalTokens;
      const settled = await d.store.budgets.settle(holdId, tokenCostMicros(total, price.unitMicros), { units: total, unit: 'token' });
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
