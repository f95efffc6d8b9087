import { catalogue, endpointTypes, SIM_GROUP_RATIO, SIM_QUOTA_PER_UNIT } from './catalog.js';
import type { ReqCtx, SimState } from './context.js';
import { json, type Reply } from './reply.js';

/**
 * The gateway's money pages:
 * - `GET /api/pricing` (new-api only, no token): `{success, data:[{model_name, quota_type, model_price, model_ratio,
 *   completion_ratio, enable_groups, supported_endpoint_types}], group_ratio, usable_group}`. Media models are per
 *   call (`quota_type` 1; videos per second), text models by ratio; a model with an expression adds
 *   `billing_mode: "tiered_expr"` and `billing_expr`, its legacy fields the defaults new-api shows (`quota_type` 0,
 *   `model_ratio` 37.5). Models not on sale or not published are absent.
 * - `GET /api/status` (new-api and one-api, no token): `{success, data:{quota_per_unit, display_in_currency}}`.
 * - `GET /api/usage/token/` (new-api, token): the token's quota in quota units.
 * - `GET /v1/dashboard/billing/subscription` and `/usage` (both, token): OpenAI-style figures in USD / US cents;
 *   an unknown token gets HTTP 200 with an `{error}` body, as the real ones answer.
 */

const GROUP_RATIO = { default: SIM_GROUP_RATIO, media: SIM_GROUP_RATIO };

/** `GET /api/pricing`. */
export function handlePricing(state: SimState): Reply {
  const data = catalogue(state.catalogue)
    .filter((m) => m.onSale && m.published !== false && !state.unpublished.has(m.id))
    .map((m) => {
      const groups = m.kind === 'text' ? ['default', 'media'] : ['media'];
      const common = { model_name: m.id, enable_groups: groups, supported_endpoint_types: endpointTypes(m.kind), owner_by: m.ownedBy };
      if (m.billingExpr) return { ...common, quota_type: 0, model_ratio: 37.5, completion_ratio: 1, model_price: 0, billing_mode: 'tiered_expr', billing_expr: m.billingExpr };
      return m.kind === 'text'
        ? { ...common, quota_type: 0, model_ratio: m.ratio ?? 1, completion_ratio: m.completionRatio ?? 1, model_price: 0 }
        : { ...common, quota_type: 1, model_ratio: 0, completion_ratio: 1, model_price: m.priceMicros / 1_000_000 };
    });
  return json(200, { success: true, message: '', data, group_ratio: GROUP_RATIO, usable_group: { default: 'default', media: 'media' } });
}

/** `GET /api/status`. */
export function handleStatus(state: SimState): Reply {
  return json(200, { success: true, message: '', data: { system_name: `simulator (${state.flavor})`, quota_per_unit: SIM_QUOTA_PER_UNIT, display_in_currency: true } });
}

const quota = (micros: number): number => Math.round((micros / 1_000_000) * SIM_QUOTA_PER_UNIT);

/** `GET /api/usage/token/` (authenticated by the serve step). */
export function handleTokenUsage(ctx: ReqCtx): Reply {
  ctx.state.tasks.settle();
  const t = ctx.state.tokens;
  const used = t.spent(ctx.token);
  const available = t.balance(ctx.token);
  return json(200, {
    code: true,
    message: 'ok',
    data: { object: 'token_usage', name: 'simulated token', total_granted: quota(used + available), total_used: quota(used), total_available: quota(available), unlimited_quota: false, expires_at: 0 },
  });
}

/** `GET /v1/dashboard/billing/subscription` (`hard_limit_usd` = remaining + used). */
export function handleSubscription(ctx: ReqCtx): Reply {
  ctx.state.tasks.settle();
  const t = ctx.state.tokens;
  const total = t.balance(ctx.token) + t.spent(ctx.token);
  return json(200, { object: 'billing_subscription', has_payment_method: true, soft_limit_usd: total / 1_000_000, hard_limit_usd: total / 1_000_000, system_hard_limit_usd: total / 1_000_000, access_until: 0 });
}

/** `GET /v1/dashboard/billing/usage` (`total_usage` in US cents). */
export function handleUsage(ctx: ReqCtx): Reply {
  ctx.state.tasks.settle();
  return json(200, { object: 'list', total_usage: ctx.state.tokens.spent(ctx.token) / 10_000 });
}

/** The 200-with-an-error answer billing pages give an unknown token. */
export function billingRefusal(): Reply {
  return json(200, { error: { message: 'invalid token', type: 'upstream_error' } });
}
