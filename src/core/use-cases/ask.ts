import type { AskRequest, AskResult } from '../api/ask.js';
import type { JobHooks } from '../api/actor.js';
import { err, fail, ok, type Result } from '../failures.js';
import { askHoldMicros, tokenBound } from '../money/chat-cost.js';
import { quoteJobPrice } from '../pricing.js';
import { askSteps } from '../jobs/ask-steps.js';
import { runToKept } from '../jobs/engine.js';
import { gatewayFailure, withFairUse } from './context.js';
import { jobBasics, openJob } from './job-start.js';
import type { CoreDeps } from './deps.js';

/**
 * `ask`: a text model through `chat` with `max_tokens` (default 1,024). Plans and validates the job: holds
 * {@link askHoldMicros} (a model the gateway prices by expression: the most its expression reaches for that prompt
 * bound and `max_tokens`), then opens it and runs the engine's inline steps ({@link askSteps}: the answer is priced
 * from its usage, or from the bot's own count when it has none, never $0 and never above the hold; the rest of what
 * the gateway billed is recorded as a gateway loss). Releases on any failure before the answer is kept. With a
 * delivery address the answer is kept (`answer.txt`) and the job waits in `delivering` for the surface.
 */
export async function ask(d: CoreDeps, req: AskRequest, hooks?: JobHooks): Promise<Result<AskResult>> {
  const basics = await jobBasics(d, req, 'text');
  if (!basics.ok) return basics;
  const { prompt, model, token: t, price } = basics.value;
  const maxTokens = d.settings.askMaxTokens ?? 1024;
  const outputPer1k = price.completionPer1kMicros ?? price.unitMicros;
  const held = price.expression ? quoteJobPrice(price, { kind: 'text', promptTokens: tokenBound(prompt), maxTokens }) : undefined;
  if (held && !held.ok) return err(fail('model_unpriced', { model }, { log: { stage: 'chat', note: `price expression refused: ${held.reason}` } }));
  const estimate = held ? Math.max(1, held.micros) : askHoldMicros(prompt, price.unitMicros, maxTokens, outputPer1k);
  const delivery = req.delivery ?? null;
  return withFairUse(d, req, hooks, { kind: 'ask', model }, async (jobId, hooks) => {
    const opened = await openJob(d, { jobId, kind: 'ask', basics: basics.value, params: {}, estimateMicros: estimate, delivery });
    if (!opened.ok) return opened;
    const job = opened.value;
    const thrown = (e: unknown) => gatewayFailure(d, e, { model, tokenSource: t.source, stage: 'chat', money: 'released' });
    const done = await runToKept(d, job, askSteps(d, { prompt, model, token: t.token, price, maxTokens, hooks }, thrown));
    if (!done.ok) return done;
    return ok({ jobId: job.id, model, text: done.value.text, costMicros: done.value.chargedMicros, totalTokens: done.value.totalTokens, ...(done.value.usageEstimated ? { usageEstimated: true } : {}) });
  });
}
