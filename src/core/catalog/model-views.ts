import type { ModelView } from '../api.js';
import { priceText } from '../admin-text/texts.js';
import { DEFAULT_LOCALE } from '../i18n/catalog.js';
import type { GatewayModel } from '../ports/media-gateway.js';
import type { ModelKind } from '../pricing.js';
import { DEFAULT_VARIABLE, type DefaultChoice } from './default-models.js';
import type { CatalogEntry, PriceSource } from './price-book.js';

/** How each price source reads in `/models`. */
export const PRICE_SOURCE_TEXT: Record<PriceSource, string> = {
  admin: 'set by an admin here',
  operator: "operator's price file",
  gateway: "gateway's published price",
  documented: "gateway's documented price",
};

/** Shown for a model the token lists but nobody priced. */
export const NO_PRICE_YET = 'no price yet (an admin can set one)';

/** The price words of one entry: "$0.04 / image (gateway's published price)", "not on sale", {@link NO_PRICE_YET}. */
export function entryPriceText(e: CatalogEntry): string {
  if (!e.price || !e.priceSource) return NO_PRICE_YET;
  if (!e.price.onSale) return 'not on sale';
  const base = e.price.completionPer1kMicros !== undefined
    ? `${priceText(DEFAULT_LOCALE, e.price.unitMicros, e.price.unit)} in, ${priceText(DEFAULT_LOCALE, e.price.completionPer1kMicros, e.price.unit)} out`
    : priceText(DEFAULT_LOCALE, e.price.unitMicros, e.price.unit);
  return `${base} (${PRICE_SOURCE_TEXT[e.priceSource]})`;
}

/** Views of a token's list joined with its entries, in the gateway's order; `kind` filters. */
export function modelViews(list: readonly GatewayModel[], entryOf: (m: GatewayModel) => CatalogEntry, defaults: Partial<Record<ModelKind, string>>, kind?: ModelKind): ModelView[] {
  const out: ModelView[] = [];
  for (const m of list) {
    const e = entryOf(m);
    if (kind && e.kind !== kind) continue;
    const onSale = e.price?.onSale === true;
    const v: ModelView = { id: m.id, kind: e.kind, unitMicros: e.price?.unitMicros ?? 0, priceText: entryPriceText(e), onSale, priceSource: e.priceSource ?? null, kindSource: e.kindSource };
    if (defaults[e.kind] === m.id) v.isDefault = true;
    out.push(v);
  }
  return out;
}

/**
 * The `/models` text: one line per model (id, kind, price and where the price comes from), then the default of each
 * kind and how it was chosen, then the rule for prices.
 */
export function modelsText(views: readonly ModelView[], defaults: Record<ModelKind, DefaultChoice>): string {
  if (views.length === 0) return 'This token reaches no models.';
  const width = Math.max(...views.map((v) => v.id.length));
  const lines = views.map((v) => `${v.id.padEnd(width)}  ${v.kind.padEnd(5)}  ${v.priceText}${v.isDefault ? '  [default]' : ''}`);
  lines.push('', 'Defaults:');
  for (const kind of ['image', 'video', 'text'] as const) {
    const c = defaults[kind];
    lines.push(
      c.ok
        ? `  ${kind}: ${c.model} (${c.how === 'configured' ? `set by ${DEFAULT_VARIABLE[kind]}` : `first priced ${kind} model in the gateway's list; set ${DEFAULT_VARIABLE[kind]} to choose`})`
        : c.failure.code === 'default_model_missing'
          ? `  ${kind}: ${DEFAULT_VARIABLE[kind]}=${c.failure.details.model} is not listed here${c.failure.details.suggestions.length ? ` (closest: ${c.failure.details.suggestions.join(', ')})` : ''}`
          : `  ${kind}: none (no priced ${kind} model is listed)`,
    );
  }
  lines.push('', 'Prices: an admin\'s own price wins, then the operator\'s price file, then the gateway\'s published price; a model with none is refused until an admin sets one (/prices set <model> <usd>).');
  return lines.join('\n');
}
