import type { AskRequest, AskResult } from '../api/ask.js';
import type { JobHooks } from '../api/actor.js';
import { err, fail, ok, type Result } from '../failures.js';
import { newJobId } from '../ids.js';
import { gatewayCostMicros } from './gateway-cost.js';
import type { Micros } from '../money.js';
import { quoteJobPrice } from '../pricing.js';
import { gatewayFailure, withFairUse } from './context.js';
import { failOpenJob, jobBasics, moveOn, openJob } from './job-start.js';
import { gatewayCall } from './gateway-call.js';
import type { CoreDeps } from './deps.js';
import { ANSWER_FILE } from '../jobs/kept-files.js';

/** Tokens added to every prompt bound for the chat template (role markers, separators). */
const TEMPLATE_TOKENS = 16;

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
 * An upper bound of the tokens of `text` valid for every script: its UTF-8 byte length (a byte-level BPE token is at
 * least one byte, and a tokenizer billing by characters counts at most one token per byte too), plus
 * {@link TEMPLATE_TOKENS} for the chat template. For English this is about 4× the usual chars/4 estimate, for CJK about
 * 3× one token per character: a generous hold, never an overspend.
 */
export function tokenBound(text: string): number {
  return Buffer.byteLength(text, 'utf8') + TEMPLATE_TOKENS;
}

/**
 * The hold for a question: {@link tokenBound} prompt tokens at the input price plus `maxOutput` tokens (also sent as
 * `max_tokens`, so the gateway cannot bill more output) at the output price (default: the input price), at least 1 micro.
 */
export function askHoldMicros(prompt: string, per1kMicros: Micros, maxOutput: number, outputPer1kMicros: Micros = per1kMicros): Micros {
  return Math.max(1, chatCostMicros(tokenBound(prompt), maxOutput, per1kMicros, outputPer1kMicros));
}

/**
 * `ask`: a text model through `chat` with `max_tokens`. Holds {@link askHoldMicros} (a model the gateway prices by
 * expression: the most its expression reaches for that prompt bound and `max_tokens`); settles from the usage the
 * gateway returned ({@link chatCostMicros}, or the expression on those counts), or, when the answer carries no usage, from the bot's own conservative count
 * ({@link tokenBound} of the prompt and of the answer, the answer's count capped at `max_tokens`, documented in
 * docs/ARCHITECTURE.md) — never $0. A charge is
 * clamped to the hold; what the gateway billed beyond it is recorded as a gateway loss. Releases on any failure.
 * With a delivery address the answer is kept (`answer.txt`) and the job waits in `delivering` for the surface.
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
  return withFairUse(d, req, hooks, async () => {
    const jobId = newJobId();
    const opened = await openJob(d, { jobId, kind: 'ask', basics: basics.value, params: {}, estimateMicros: estimate, delivery });
    if (!opened.ok) return opened;
    const job = opened.value;
    let res;
    try {
      res = await gatewayCall(hooks, { kind: 'text', model, deadlines: d.settings.callDeadlines, catalogueMs: price.deadlineMs }, (o) => d.gateway.chat(t.token, { model, messages: [{ role: 'user', content: prompt }], maxTokens }, o));
    } catch (e) {
      const f = gatewayFailure(d, e, { model, tokenSource: t.source, stage: 'chat', money: 'released' });
      return failOpenJob(d, job, f);
    }
    // Zero tokens for a non-empty answer is no usage at all (some gateways send `{0, 0}`): counted like a missing one.
    const reported = res.usageReported !== false && !(res.usage.promptTokens === 0 && res.usage.completionTokens === 0 && res.text !== '');
    const promptTokens = reported ? res.usage.promptTokens : tokenBound(prompt);
    // Without usage, the answer's bytes, but never more than `max_tokens`: the gateway cannot bill more output than that
    // (a CJK answer of 1,024 characters is 3,072 bytes), so counting past it would charge, or record as lost, a bill
    // that cannot exist.
    const completionTokens = reported ? res.usage.completionTokens : Math.min(tokenBound(res.text) - TEMPLATE_TOKENS, maxTokens);
    const total = reported ? res.usage.totalTokens : promptTokens + completionTokens;
    const byExpr = price.expression ? quoteJobPrice(price, { kind: 'text', promptTokens, completionTokens, maxTokens }) : undefined;
    const exact = byExpr ? (byExpr.ok ? byExpr.micros : estimate) : chatCostMicros(promptTokens, completionTokens, price.unitMicros, outputPer1k);
    const cost = Math.max(reported ? 0 : 1, exact);
    const charge = Math.min(cost, estimate);
    if (!reported) d.logger.warn({ jobId, model, promptTokens, completionTokens }, 'the gateway answered without usage; charged from the bot\'s own count');
    await d.money.loss(job, cost - estimate, reported, 'over_hold');
    const kept = delivery ? await d.outputs.save(jobId, ANSWER_FILE, Buffer.from(res.text, 'utf8')) : undefined;
    // The gateway's own price of the tokens it billed (the bot's count when the answer carried none).
    const gatewayBilledMicros = gatewayCostMicros(d, model, price, { kind: 'text', promptTokens, completionTokens, maxTokens });
    await moveOn(d, jobId, delivery !== null, { chargedMicros: charge, gatewayBilledMicros, progress: 100, outputPath: kept?.path ?? null, outputExpiresAt: d.clock.now() + d.settings.outputRetentionMs });
    const charged = (await d.money.settle(job, charge, { units: total, unit: 'token' })) ?? 0;
    return ok({ jobId, model, text: res.text, costMicros: charged, totalTokens: total, ...(reported ? {} : { usageEstimated: true }) });
  });
}
