import type { GatewayBalance, PublishedModelPrice } from '../core/ports/media-gateway.js';

/**
 * Pure readers of the gateway's money endpoints (new-api / one-api family). They return `undefined` when a body
 * does not have the promised shape; the client turns that into `malformed` (or tries the next endpoint).
 */

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined);

/** Quota units per USD when the gateway does not say (new-api and one-api default). */
export const DEFAULT_QUOTA_PER_UNIT = 500_000;
/** A subscription limit at or above this many USD means "unlimited" (what the family reports for unlimited tokens). */
const UNLIMITED_USD = 100_000_000;

/** `GET /api/status` → `data.quota_per_unit` (a positive number), else {@link DEFAULT_QUOTA_PER_UNIT}. */
export function parseQuotaPerUnit(body: unknown): number {
  const q = num(rec(rec(body)?.data)?.quota_per_unit);
  return q !== undefined && q > 0 ? q : DEFAULT_QUOTA_PER_UNIT;
}

/**
 * The group ratio applied to a model: the largest ratio among the groups the model is enabled for (so a hold is
 * never below what the gateway takes, whichever of those groups the token is in); with no `enable_groups`, the
 * `default` group's ratio; 1 when the gateway publishes no ratios.
 */
export function groupRatioFor(enableGroups: unknown, ratios: Rec | undefined): number {
  const groups = Array.isArray(enableGroups) ? enableGroups.filter((g): g is string => typeof g === 'string') : [];
  const values = (groups.length ? groups : ['default']).map((g) => num(ratios?.[g])).filter((v): v is number => v !== undefined && v >= 0);
  return values.length ? Math.max(...values) : 1;
}

/**
 * `GET /api/pricing` → one entry per model, in micro-dollars:
 * - `quota_type` 1 (per call): `model_price` USD × group ratio per call (images: per image; videos: per second,
 *   which the gateway multiplies by the seconds asked for);
 * - `quota_type` 0 (by tokens): `model_ratio` × group ratio × 1,000 quota units per 1K prompt tokens, converted with
 *   `quotaPerUnit` (ratio 1 = $0.002 per 1K at 500,000 units per USD); completion tokens × `completion_ratio`.
 * - `billing_mode` `"tiered_expr"`: the `billing_expr` as published, with the group ratio and `quotaPerUnit` it is
 *   converted with; the legacy fields are ignored (the gateway fills them with defaults for such models).
 * Entries without a name are skipped; entries without a usable price keep only their name and endpoint types.
 * Amounts are rounded to the nearest micro-dollar, at least 1 when positive.
 */
export function parsePricing(body: unknown, quotaPerUnit: number): PublishedModelPrice[] | undefined {
  const b = rec(body);
  if (!b || b.success === false || !Array.isArray(b.data)) return undefined;
  const ratios = rec(b.group_ratio);
  const micros = (usd: number): number => (usd > 0 ? Math.max(1, Math.round(usd * 1_000_000)) : 0);
  const out: PublishedModelPrice[] = [];
  for (const raw of b.data) {
    const e = rec(raw);
    const model = typeof e?.model_name === 'string' && e.model_name !== '' ? e.model_name : undefined;
    if (!e || !model) continue;
    const g = groupRatioFor(e.enable_groups, ratios);
    const entry: PublishedModelPrice = { model };
    if (Array.isArray(e.supported_endpoint_types)) entry.endpointTypes = e.supported_endpoint_types.filter((t): t is string => typeof t === 'string');
    if (e.billing_mode === 'tiered_expr') {
      if (typeof e.billing_expr === 'string' && e.billing_expr.trim() !== '') entry.expression = { source: e.billing_expr, groupRatio: g, quotaPerUnit };
    } else if (num(e.quota_type) === 1) {
      const per = micros((num(e.model_price) ?? 0) * g);
      if (per > 0) entry.perCallMicros = per;
    } else {
      const ratio = (num(e.model_ratio) ?? 0) * g;
      const input = micros((ratio * 1000) / quotaPerUnit);
      if (input > 0) {
        entry.inputPer1kMicros = input;
        entry.outputPer1kMicros = micros(((ratio * 1000) / quotaPerUnit) * (num(e.completion_ratio) ?? 1));
      }
    }
    out.push(entry);
  }
  return out;
}

/** An error a billing endpoint sent with HTTP 200 (`{error:{message,type}}`, or `{success:false,message}`), if any. */
export function billingError(body: unknown): string | undefined {
  const b = rec(body);
  const e = rec(b?.error);
  if (e) return typeof e.message === 'string' && e.message ? e.message : 'error';
  if (b && (b.success === false || b.code === false)) return typeof b.message === 'string' && b.message ? b.message : 'error';
  return undefined;
}

function epochMs(seconds: number | undefined): number | null {
  return seconds !== undefined && seconds > 0 ? Math.round(seconds * 1000) : null;
}

/**
 * new-api `GET /api/usage/token/` → `{code:true, data:{total_used, total_available, unlimited_quota, expires_at}}`
 * (quota units; `expires_at` in seconds, 0 or -1 = never).
 */
export function parseTokenUsage(body: unknown, quotaPerUnit: number): GatewayBalance | undefined {
  const b = rec(body);
  const d = rec(b?.data);
  if (!b || b.code !== true || !d) return undefined;
  const available = num(d.total_available);
  if (available === undefined && d.unlimited_quota !== true) return undefined;
  const used = num(d.total_used);
  const toMicros = (q: number): number => Math.round((q / quotaPerUnit) * 1_000_000);
  return {
    remainingMicros: d.unlimited_quota === true ? null : toMicros(available ?? 0),
    usedMicros: used === undefined ? null : toMicros(used),
    expiresAt: epochMs(num(d.expires_at)),
    source: 'token_usage',
  };
}

/**
 * The OpenAI-style pair: `/v1/dashboard/billing/subscription` (`hard_limit_usd` = remaining + used, 100,000,000
 * when unlimited; `access_until` seconds, 0 = never) and `/v1/dashboard/billing/usage` (`total_usage` in US cents).
 */
export function parseDashboardBilling(subscription: unknown, usage: unknown): GatewayBalance | undefined {
  const s = rec(subscription);
  const limit = num(s?.hard_limit_usd);
  if (!s || limit === undefined) return undefined;
  const cents = num(rec(usage)?.total_usage);
  const usedMicros = cents === undefined ? null : Math.round(cents * 10_000);
  const unlimited = limit >= UNLIMITED_USD;
  return {
    remainingMicros: unlimited ? null : Math.max(0, Math.round(limit * 1_000_000) - (usedMicros ?? 0)),
    usedMicros,
    expiresAt: epochMs(num(s.access_until)),
    source: 'dashboard_billing',
  };
}
