import type { ModelView } from '../api/models.js';
import { priceText } from '../admin-text/texts.js';
import { priceVariants, type PriceVariant } from '../billing-expr/index.js';
import { DEFAULT_LOCALE, t } from '../i18n/catalog.js';
import type { GatewayModel } from '../ports/media-gateway.js';
import { applyMarkup, type ExpressionPrice, type ModelKind, type ModelPrice } from '../pricing.js';
import { DEFAULT_VARIABLE, type DefaultChoice } from './default-models.js';
import type { CatalogEntry } from './price-book.js';
import { describeOptions, modelOptions } from '../models/model-options.js';

/**
 * The price words of one entry in `locale`: "$0.04 / image (gateway's published price)", "not on sale", or "no price
 * yet" for a model the token lists but nobody priced.
 */
export function entryPriceText(e: CatalogEntry, locale: string = DEFAULT_LOCALE): string {
  if (!e.price || !e.priceSource) return t(locale, 'price-none-yet');
  if (!e.price.onSale) return t(locale, 'price-not-on-sale');
  const listed = e.price.expression ? expressionPriceText(e.price, e.price.expression, locale) : undefined;
  const base =
    listed ??
    (e.price.completionPer1kMicros !== undefined
      ? t(locale, 'price-in-out', { input: priceText(locale, e.price.unitMicros, e.price.unit), output: priceText(locale, e.price.completionPer1kMicros, e.price.unit) })
      : priceText(locale, e.price.unitMicros, e.price.unit));
  return t(locale, 'price-with-source', { price: base, source: t(locale, 'price-source', { source: e.priceSource }) });
}

/**
 * A price published as an expression, in words: one row per option that changes it (image quality; video resolution
 * × audio), "at most" where an input the bot cannot know decides it; undefined when a single exact price (or none)
 * says it all.
 */
function expressionPriceText(price: ModelPrice, x: ExpressionPrice, locale: string): string | undefined {
  const rows = priceVariants(x.expr, price.kind, x.ctx);
  const only = rows.length === 1 ? rows[0]! : undefined;
  if (only) return only.exact ? undefined : t(locale, 'price-at-most', { price: priceText(locale, applyMarkup(only.micros, x.markupPpm), price.unit) });
  if (rows.length === 0) return undefined;
  const label = (v: PriceVariant): string => {
    const parts: string[] = [];
    if (price.kind === 'image') parts.push(v.quality !== undefined ? t(locale, 'price-option-quality', { quality: v.quality }) : t(locale, 'price-option-default'));
    if (price.kind === 'video') parts.push(v.resolution !== undefined ? v.resolution : t(locale, 'price-option-other-resolution'));
    if (v.audio !== undefined) parts.push(t(locale, 'price-option-audio', { audio: v.audio ? 'yes' : 'no' }));
    return parts.join(', ');
  };
  return rows
    .map((v) => {
      const each = priceText(locale, applyMarkup(v.micros, x.markupPpm), price.unit);
      return t(locale, 'price-option-row', { options: label(v), price: v.exact ? each : t(locale, 'price-at-most', { price: each }) });
    })
    .join(' · ');
}

/** Views of a token's list joined with its entries, in the gateway's order; `kind` filters. */
export function modelViews(list: readonly GatewayModel[], entryOf: (m: GatewayModel) => CatalogEntry, defaults: Partial<Record<ModelKind, string>>, kind?: ModelKind, locale: string = DEFAULT_LOCALE): ModelView[] {
  const out: ModelView[] = [];
  for (const m of list) {
    const e = entryOf(m);
    if (kind && e.kind !== kind) continue;
    const onSale = e.price?.onSale === true;
    const v: ModelView = { id: m.id, kind: e.kind, unitMicros: e.price?.unitMicros ?? 0, priceText: entryPriceText(e, locale), onSale, priceSource: e.priceSource ?? null, kindSource: e.kindSource };
    if (defaults[e.kind] === m.id) v.isDefault = true;
    const options = e.kind === 'text' ? {} : modelOptions(m.id, e.price);
    if (Object.keys(options).length) v.options = options;
    out.push(v);
  }
  return out;
}

/**
 * The `/models` text in `locale`: one line per model (id, kind, price and where the price comes from), then
 * {@link modelsNotes}.
 */
export function modelsText(views: readonly ModelView[], defaults: Record<ModelKind, DefaultChoice>, locale: string = DEFAULT_LOCALE): string {
  if (views.length === 0) return t(locale, 'models-none');
  const width = Math.max(...views.map((v) => v.id.length));
  const lines = views.map((v) => {
    const line = `${v.id.padEnd(width)}  ${v.kind.padEnd(5)}  ${v.priceText}${v.isDefault ? `  ${t(locale, 'models-default-mark')}` : ''}`;
    const options = v.options ? describeOptions(v.options) : [];
    return options.length ? `${line}\n${' '.repeat(width + 2)}${t(locale, 'models-options', { options: options.join(' · ') })}` : line;
  });
  return [lines.join('\n'), ...modelsNotes(defaults, locale)].join('\n\n');
}

/** The paragraphs that follow the model list: the default of each kind and how it was chosen, then the rule for prices. */
export function modelsNotes(defaults: Record<ModelKind, DefaultChoice>, locale: string = DEFAULT_LOCALE): string[] {
  const lines = [t(locale, 'models-defaults')];
  for (const kind of ['image', 'video', 'text'] as const) {
    const c = defaults[kind];
    const variable = DEFAULT_VARIABLE[kind];
    const line = c.ok
      ? t(locale, 'models-default-chosen', { kind, model: c.model, how: c.how === 'configured' ? 'configured' : 'first', variable })
      : c.failure.code === 'default_model_missing'
        ? t(locale, 'models-default-missing', { kind, variable, model: c.failure.details.model, closest: c.failure.details.suggestions.length ? c.failure.details.suggestions.join(', ') : 'none' })
        : t(locale, 'models-default-none', { kind });
    lines.push(`  ${line}`);
  }
  return [lines.join('\n'), t(locale, 'models-price-rule')];
}
