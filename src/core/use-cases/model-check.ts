import { err, fail, ok, type Result } from '../failures.js';
import { suggestModel } from '../models/suggest.js';
import type { ModelKind, ModelPrice } from '../pricing.js';
import { listedModels, type UsableToken } from './context.js';
import type { CoreDeps } from './deps.js';

/**
 * Checks a model before any money moves, in this order:
 * priced and on sale (`model_not_on_sale`) and of the right kind (`model_wrong_kind`); then against the token's
 * `GET /v1/models` list when it can be had: a priced model the token does not list is `no_channel` (it exists,
 * but not in this token's group); an unpriced model the token lists is `model_unpriced`; anything else unknown is
 * `model_unknown` with the closest listed (or priced) id as a suggestion. Without a list (the gateway did not
 * answer), a priced model passes and the real call decides.
 */
export async function checkModel(d: CoreDeps, t: UsableToken, model: string, kind: ModelKind): Promise<Result<ModelPrice>> {
  const price = Object.hasOwn(d.prices, model) ? d.prices[model] : undefined;
  if (price && !price.onSale) return err(fail('model_not_on_sale', { model }));
  if (price && price.kind !== kind) return err(fail('model_wrong_kind', { model, expected: kind }));
  const listed = await listedModels(d, t, model);
  if (!listed.ok) return listed;
  const ids = listed.value?.map((m) => m.id);
  if (price) {
    if (ids && !ids.includes(model)) return err(fail('no_channel', { model }));
    return ok(price);
  }
  if (ids?.includes(model)) return err(fail('model_unpriced', { model }));
  const candidates = (ids ?? Object.keys(d.prices)).filter((id) => {
    const p = Object.hasOwn(d.prices, id) ? d.prices[id] : undefined;
    return !p || p.kind === kind;
  });
  const suggestion = suggestModel(model, candidates);
  return err(fail('model_unknown', suggestion ? { model, suggestion } : { model }));
}

/** Largest start image of an image-to-video job (the core's own limit; no model documents one). */
export const VIDEO_REFERENCE_MAX_BYTES = 8 * 1024 * 1024;

/**
 * The most bytes one reference image may have for `model` (default: the configured image model), so adapters can
 * stop downloading early. For an unknown or non-image model, the largest image limit in the price table (the
 * model itself is refused later with a suggestion); for videos, {@link VIDEO_REFERENCE_MAX_BYTES}.
 */
export function referenceLimitBytes(d: CoreDeps, kind: 'image' | 'video', model?: string): number {
  if (kind === 'video') return VIDEO_REFERENCE_MAX_BYTES;
  const id = model?.trim() || d.settings.defaults.imageModel;
  const p = Object.hasOwn(d.prices, id) ? d.prices[id] : undefined;
  if (p?.kind === 'image' && p.maxReferenceBytes) return p.maxReferenceBytes;
  const limits = Object.values(d.prices).flatMap((x) => (x.kind === 'image' && x.maxReferenceBytes ? [x.maxReferenceBytes] : []));
  return limits.length ? Math.max(...limits) : VIDEO_REFERENCE_MAX_BYTES;
}
