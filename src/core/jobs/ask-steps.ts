import { basename } from 'node:path';
import { ok, type Failure } from '../failures.js';
import type { Micros } from '../money.js';
import { chatCostMicros, TEMPLATE_TOKENS, tokenBound } from '../money/chat-cost.js';
import type { ChatResult } from '../ports/media-gateway.js';
import { quoteJobPrice, type ModelPrice } from '../pricing.js';
import type { JobHooks } from '../api/actor.js';
import type { CoreDeps } from '../use-cases/deps.js';
import { gatewayCall } from '../use-cases/gateway-call.js';
import { gatewayCostMicros } from '../use-cases/gateway-cost.js';
import type { KeptSteps, OpenedJob, Owed } from './engine.js';
import { ANSWER_FILE } from './kept-files.js';

/** An `/ask` job as planned: what its steps send and how its answer is priced. */
export interface AskPlan {
  prompt: string;
  model: string;
  token: string;
  price: ModelPrice;
  /** Sent as `max_tokens`: the gateway cannot bill more output. */
  maxTokens: number;
  /** Progress told to the member while the gateway works (waiting line, elapsed time). */
  hooks?: JobHooks | undefined;
}

/** An answer checked: its text, the tokens billed and what it owes (the charge is clamped to the hold). */
export interface CheckedAnswer extends Owed {
  text: string;
  totalTokens: number;
  /** The answer carried no usage: the tokens and the cost are the bot's own count (the reply says it is an estimate). */
  usageEstimated: boolean;
}

/**
 * The inline steps of an answer: `submit` asks the text model (with `max_tokens`); `check` prices the answer from the
 * usage the gateway returned ({@link chatCostMicros}, or the model's expression on those counts), or, when it carries
 * none (or 0 tokens for a non-empty answer), from the bot's own conservative count ({@link tokenBound} of the prompt and
 * of the answer, the answer's count capped at `max_tokens`) — never $0 — and records what the gateway billed beyond
 * the hold as a gateway loss; `keep` writes `answer.txt` when the job has an address.
 */
export function askSteps(d: CoreDeps, p: AskPlan, thrown: (e: unknown) => Failure): KeptSteps<ChatResult, CheckedAnswer> {
  return {
    submit: () =>
      gatewayCall(p.hooks, { kind: 'text', model: p.model, deadlines: d.settings.callDeadlines, catalogueMs: p.price.deadlineMs }, (o) =>
        d.gateway.chat(p.token, { model: p.model, messages: [{ role: 'user', content: p.prompt }], maxTokens: p.maxTokens }, o),
      ),
    check: async (job, res) => ok(await priceAnswer(d, p, job, res)),
    keep: async (job, c) => {
      if (!job.hasAddress) return { path: null, files: [] };
      const saved = await d.outputs.save(job.id, ANSWER_FILE, Buffer.from(c.text, 'utf8'));
      return { path: saved.path, files: [{ filename: basename(saved.path), bytes: saved.bytes }] };
    },
    thrown,
  };
}

async function priceAnswer(d: CoreDeps, p: AskPlan, job: OpenedJob, res: ChatResult): Promise<CheckedAnswer> {
  const { price, maxTokens } = p;
  const estimate: Micros = job.estimateMicros;
  // Zero tokens for a non-empty answer is no usage at all (some gateways send `{0, 0}`): counted like a missing one.
  const reported = res.usageReported !== false && !(res.usage.promptTokens === 0 && res.usage.completionTokens === 0 && res.text !== '');
  const promptTokens = reported ? res.usage.promptTokens : tokenBound(p.prompt);
  // Without usage, the answer's bytes, but never more than `max_tokens`: the gateway cannot bill more output than that
  // (a CJK answer of 1,024 characters is 3,072 bytes), so counting past it would charge, or record as lost, a bill
  // that cannot exist.
  const completionTokens = reported ? res.usage.completionTokens : Math.min(tokenBound(res.text) - TEMPLATE_TOKENS, maxTokens);
  const total = reported ? res.usage.totalTokens : promptTokens + completionTokens;
  const outputPer1k = price.completionPer1kMicros ?? price.unitMicros;
  const byExpr = price.expression ? quoteJobPrice(price, { kind: 'text', promptTokens, completionTokens, maxTokens }) : undefined;
  const exact = byExpr ? (byExpr.ok ? byExpr.micros : estimate) : chatCostMicros(promptTokens, completionTokens, price.unitMicros, outputPer1k);
  const cost = Math.max(reported ? 0 : 1, exact);
  if (!reported) d.logger.warn({ jobId: job.id, model: p.model, promptTokens, completionTokens }, 'the gateway answered without usage; charged from the bot\'s own count');
  await d.money.loss(job, cost - estimate, reported, 'over_hold');
  // The gateway's own price of the tokens it billed (the bot's count when the answer carried none).
  const gatewayBilledMicros = gatewayCostMicros(d, p.model, price, { kind: 'text', promptTokens, completionTokens, maxTokens });
  return { text: res.text, totalTokens: total, usageEstimated: !reported, owedMicros: Math.min(cost, estimate), units: total, gatewayBilledMicros };
}
