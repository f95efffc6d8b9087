/**
 * Billing by a model's published expression (the `expr` catalogue), with the same evaluator the bot quotes with:
 * the charge of one request from its JSON body (or multipart text fields), images per request, task usage facts
 * (from the body, plus `mode`, `std` unless sent) or token counts, at the current time, converted as new-api does.
 */
import { compileBillingExpr, quoteExpr, taskFacts, type CompiledExpr, type QuoteInput } from '../core/billing-expr/index.js';
import { SIM_GROUP_RATIO, SIM_QUOTA_PER_UNIT, type SimModel } from './catalog.js';
import { apiError, type ErrorCtx } from './errors.js';
import { ReplyError } from './reply.js';

const compiled = new Map<string, CompiledExpr>();

function compile(src: string): CompiledExpr | undefined {
  const hit = compiled.get(src);
  if (hit) return hit;
  const c = compileBillingExpr(src);
  if (!c.ok) return undefined;
  compiled.set(src, c.expr);
  return c.expr;
}

/** What one request offers the expression. */
export type ExprFacts =
  | { kind: 'image'; body: Record<string, unknown>; n: number }
  | { kind: 'video'; body: Record<string, unknown> }
  | { kind: 'text'; body: Record<string, unknown>; promptTokens: number; completionTokens: number };

/**
 * The charge in micro-dollars of a request on `model`, or undefined when the model is not priced by expression.
 * An expression that cannot price the request exactly answers 400 `model_price_error` (thrown as a reply), as
 * new-api does for a model whose expression names what the request does not declare.
 */
export function exprChargeMicros(err: ErrorCtx, model: SimModel, facts: ExprFacts): number | undefined {
  if (!model.billingExpr) return undefined;
  const expr = compile(model.billingExpr);
  const input: QuoteInput = { body: facts.body, now: Date.now() };
  if (facts.kind === 'image') input.imageCount = facts.n;
  if (facts.kind === 'video') input.usage = { ...taskFacts(facts.body), mode: typeof facts.body.mode === 'string' ? facts.body.mode : 'std' };
  if (facts.kind === 'text') input.tokens = { prompt: facts.promptTokens, completion: facts.completionTokens };
  const q = expr ? quoteExpr(expr, input, { quotaPerUnit: SIM_QUOTA_PER_UNIT, groupRatio: SIM_GROUP_RATIO }, facts.kind === 'video') : undefined;
  if (!q?.ok || !q.exact) throw new ReplyError(apiError(err, 400, { message: `model ${model.id} price expression cannot price this request`, code: 'model_price_error' }));
  return q.micros;
}
