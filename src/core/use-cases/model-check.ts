import type { Actor } from '../api/actor.js';
import { chooseDefault, configuredDefault } from '../catalog/default-models.js';
import { err, fail, ok, type Result } from '../failures.js';
import { phrase, say } from '../i18n/phrase.js';
import { suggestModel } from '../models/suggest.js';
import { looksLikeKey } from '../secrets.js';
import type { ModelKind, ModelPrice } from '../pricing.js';
import { listedModels, payerOf, readerHint, scopeRef, type UsableToken } from './context.js';
import type { CoreDeps } from './deps.js';

/**
 * Checks a model before any money moves. A key-shaped id is refused at once (`bad_flag`, never echoed, never sent
 * to the gateway). With the token's `GET /v1/models` list (when it can be had):
 * - not listed: `no_channel` ("not available to this token's group") when the model is known to exist (a price
 *   names it: the gateway's pricing page, the operator's `PRICES_FILE` or this community's admin; or another token's
 *   list names it), else `model_unknown` with the closest listed id of that kind as a suggestion;
 * - listed (or no list): no price from any source → `model_unpriced` (with the admin hint for admins); not on sale
 *   → `model_not_on_sale`; another kind → `model_wrong_kind`; else its price.
 */
export async function checkModel(d: CoreDeps, a: Actor, t: UsableToken, model: string, kind: ModelKind): Promise<Result<ModelPrice>> {
  if (looksLikeKey(model)) {
    const problem = phrase('model-id-looks-like-key');
    return err(fail('bad_flag', { message: say('en', problem), problem }));
  }
  const listed = await listedModels(d, t, model);
  if (!listed.ok) return listed;
  const list = listed.value;
  const mine = list?.find((m) => m.id === model);
  const ref = scopeRef(a);
  if (list && !mine) {
    const known = d.catalog.book.knows(model, ref) || d.catalog.cachedLists().some((l) => l.some((m) => m.id === model));
    if (known) return err(fail('no_channel', { model }));
    const candidates = list.filter((m) => d.catalog.book.entry(m.id, ref, m, payerOf(t)).kind === kind).map((m) => m.id);
    const suggestion = suggestModel(model, candidates);
    return err(fail('model_unknown', suggestion ? { model, suggestion } : { model }));
  }
  const e = d.catalog.book.entry(model, ref, mine, payerOf(t));
  if (e.kind !== kind) return err(fail('model_wrong_kind', { model, expected: kind }));
  if (!e.price) return err(fail('model_unpriced', { model, reader: readerHint(d, a) }));
  if (!e.price.onSale) return err(fail('model_not_on_sale', { model }));
  return ok(e.price);
}

/** Largest start image of an image-to-video job (the core's own limit; no model documents one). */
export const VIDEO_REFERENCE_MAX_BYTES = 8 * 1024 * 1024;

/**
 * The most bytes one reference image may have for `model` (default: the default image model, configured or chosen
 * from the operator token's cached list), so adapters can stop downloading early: that model's limit when its price
 * has one, else 8 MiB; for videos, {@link VIDEO_REFERENCE_MAX_BYTES}.
 */
export function referenceLimitBytes(d: CoreDeps, kind: 'image' | 'video', model?: string): number {
  if (kind === 'video') return VIDEO_REFERENCE_MAX_BYTES;
  const auto = () => {
    const c = chooseDefault('image', d.settings.defaults, d.catalog.peekOperator(), (m) => d.catalog.book.entry(m.id, undefined, m));
    return c.ok ? c.model : undefined;
  };
  const id = model?.trim() || configuredDefault(d.settings.defaults, 'image') || auto();
  const p = id ? d.catalog.book.entry(id, undefined).price : undefined;
  return p?.kind === 'image' && p.maxReferenceBytes ? p.maxReferenceBytes : VIDEO_REFERENCE_MAX_BYTES;
}
