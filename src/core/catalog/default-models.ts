import { fail, type Failure, type ReaderHint } from '../failures.js';
import { editDistance, normalizeModelId, suggestModel } from '../models/suggest.js';
import type { GatewayModel } from '../ports/media-gateway.js';
import type { ModelKind } from '../pricing.js';
import { isUpscaleModel } from './model-kinds.js';
import type { CatalogEntry } from './price-book.js';

/** The configured defaults (`DEFAULT_IMAGE_MODEL`…); undefined = pick automatically. */
export interface ConfiguredDefaults {
  imageModel?: string | undefined;
  videoModel?: string | undefined;
  textModel?: string | undefined;
}

/** The environment variable behind each kind's default. */
export const DEFAULT_VARIABLE: Record<ModelKind, string> = { image: 'DEFAULT_IMAGE_MODEL', video: 'DEFAULT_VIDEO_MODEL', text: 'DEFAULT_TEXT_MODEL' };

/** The configured default of `kind`, if any. */
export function configuredDefault(d: ConfiguredDefaults, kind: ModelKind): string | undefined {
  const v = kind === 'image' ? d.imageModel : kind === 'video' ? d.videoModel : d.textModel;
  return v?.trim() || undefined;
}

/** A default model, and how it was chosen. */
export type DefaultChoice = { ok: true; model: string; how: 'configured' | 'first_priced' } | { ok: false; failure: Failure };

/** Up to `n` listed ids closest to `id` (the {@link suggestModel} match first, then by edit distance). */
export function closestIds(id: string, listed: readonly string[], n = 3): string[] {
  const first = suggestModel(id, listed);
  const g = normalizeModelId(id);
  const ranked = [...listed].sort((a, b) => editDistance(g, normalizeModelId(a)) - editDistance(g, normalizeModelId(b)));
  return [...new Set([...(first ? [first] : []), ...ranked])].slice(0, n);
}

/**
 * The default model of `kind` for a token whose list is `list` (undefined when the gateway could not be asked):
 * - `DEFAULT_*_MODEL` set: that model, unless the list is known and does not have it (`default_model_missing`
 *   naming the variable and the closest listed ids);
 * - unset: the FIRST model in the gateway's own list order whose kind is `kind` and that has a price on sale
 *   (`first_priced`); none (or no list) → `no_default_model`.
 */
export function chooseDefault(kind: ModelKind, configured: ConfiguredDefaults, list: readonly GatewayModel[] | undefined, entryOf: (m: GatewayModel) => CatalogEntry, reader: ReaderHint = 'member'): DefaultChoice {
  const set = configuredDefault(configured, kind);
  if (set) {
    if (!list || list.some((m) => m.id === set)) return { ok: true, model: set, how: 'configured' };
    return { ok: false, failure: fail('default_model_missing', { variable: DEFAULT_VARIABLE[kind], model: set, suggestions: closestIds(set, list.filter((m) => entryOf(m).kind === kind).map((m) => m.id)) }) };
  }
  for (const m of list ?? []) {
    const e = entryOf(m);
    if (e.kind === kind && e.price?.onSale && !isUpscaleModel(m.id)) return { ok: true, model: m.id, how: 'first_priced' };
  }
  return { ok: false, failure: fail('no_default_model', { kind, reader }) };
}

/**
 * Start-up warnings: one line per `DEFAULT_*_MODEL` that none of the loaded lists has, naming the variable and the
 * closest listed ids. Empty when every configured default is listed, or when no list could be loaded.
 */
export function defaultModelWarnings(configured: ConfiguredDefaults, lists: readonly (readonly GatewayModel[])[]): string[] {
  if (lists.length === 0) return [];
  const ids = [...new Set(lists.flatMap((l) => l.map((m) => m.id)))];
  const out: string[] = [];
  for (const kind of ['image', 'video', 'text'] as const) {
    const set = configuredDefault(configured, kind);
    if (!set || ids.includes(set)) continue;
    const near = closestIds(set, ids);
    out.push(`${DEFAULT_VARIABLE[kind]}=${set} is not a model this gateway lists${near.length ? `; closest listed: ${near.join(', ')}` : ''}. Jobs that rely on it will be refused until it is fixed.`);
  }
  return out;
}
