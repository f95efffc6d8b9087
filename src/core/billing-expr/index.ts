/**
 * Prices as expressions: new-api's `billing_expr` (an expr-lang subset) compiled without `eval`, bounded in size,
 * depth, nodes, numbers and steps, and quoted from the options a job is sent with. Pure TypeScript: the core prices
 * jobs with it and the simulator bills with it.
 */
import { ExprRefusal, type CompiledExpr, type Refusal } from './ast.js';
import { parseBillingExpr } from './parser.js';

export { LIMITS, type CompiledExpr, type Refusal, type RefusalReason, type Value } from './ast.js';
export { evaluate, type EvalEnv, type Evaluation, type RuleOutcome } from './evaluate.js';
export { quoteExpr, toQuota, quotaToMicros, roundHalfAway, readJsonPath, MAX_COMBINATIONS, type PriceContext, type Quote, type QuoteInput, type QuoteOk } from './quote.js';
export { quoteJob, jobQuoteInput, requestBody, taskFacts, priceVariants, DEFAULT_TASK_SECONDS, type JobPriceOptions, type PriceVariant } from './jobs.js';

/** {@link parseBillingExpr} as a value: the compiled expression, or why it was refused. */
export function compileBillingExpr(source: string): { ok: true; expr: CompiledExpr } | { ok: false; refusal: Refusal } {
  try {
    return { ok: true, expr: parseBillingExpr(source) };
  } catch (e) {
    if (e instanceof ExprRefusal) return { ok: false, refusal: e.toRefusal() };
    if (e instanceof RangeError) return { ok: false, refusal: { reason: 'too_deep', detail: 'stack exhausted' } };
    throw e;
  }
}
