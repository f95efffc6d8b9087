import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { quoteJob, type CompiledExpr, type JobPriceOptions, type PriceContext, type RefusalReason } from './billing-expr/index.js';
import { MoneyError, parseUsd, type Micros } from './money.js';
import type { ModelOptions } from './models/model-options.js';

/**
 * Price shapes, the operator's price file and estimates. The bot refuses to run a model it has no price for: an
 * unpriced job could spend money no budget accounted for. Where a model's price comes from is `core/catalog/`.
 */

/** What a model makes. */
export type ModelKind = 'image' | 'video' | 'text';
/** What one unit price buys. */
export type PriceUnit = 'image' | 'second' | '1k_tokens';

/** One model's price and limits. Image limits are absent for video and text models. */
export interface ModelPrice {
  kind: ModelKind;
  unit: PriceUnit;
  unitMicros: Micros;
  /** False for models the gateway lists but does not sell (e.g. `beta-edit-max`): refused like unpriced ones. */
  onSale: boolean;
  maxReferenceImages?: number;
  maxReferenceBytes?: number;
  /** Longest image side in pixels. */
  maxSide?: number;
  /** The deadline of one gateway call of a job on this model, ms (`deadlineSeconds` in `PRICES_FILE`); see `gateway-call.ts`. */
  deadlineMs?: number;
  /** Text models: price per 1,000 completion tokens when it differs from `unitMicros` (which then prices prompt tokens). */
  completionPer1kMicros?: Micros;
  /**
   * A price the gateway publishes as an expression: jobs are quoted from their options with it ({@link quoteJobPrice});
   * `unitMicros` (and `completionPer1kMicros`) then hold the most one unit can cost, for listings and older paths.
   */
  expression?: ExpressionPrice;
  /** Options the operator says the model takes (`options` in `PRICES_FILE`); see `models/model-options.ts`. */
  options?: ModelOptions;
}

/** A compiled gateway expression, how its result becomes money, and the markup on top in millionths (rounded up). */
export interface ExpressionPrice {
  expr: CompiledExpr;
  ctx: PriceContext;
  markupPpm: bigint;
}

/** `micros` × a markup given in millionths (1.1 = 1_100_000n), in integers, rounded up to the next micro-dollar. */
export function applyMarkup(micros: Micros, markupPpm: bigint): Micros {
  return Number((BigInt(Math.ceil(micros)) * markupPpm + 999_999n) / 1_000_000n);
}

/** The price of one job: exact, or (`exact` false) the most its options can cost; or why there is none. */
export type JobQuote = { ok: true; micros: Micros; exact: boolean; tier: string | null } | { ok: false; reason: RefusalReason; detail: string };

/**
 * The price of a job sent with `o` on a model priced `price`: with an expression, the gateway's own formula
 * ({@link quoteJob}) × markup, rounded up; otherwise unit price × images (`n`, default 1), × seconds, or per 1,000
 * prompt and completion tokens (`maxTokens` until the completion is known), one rounding up for the whole call.
 */
export function quoteJobPrice(price: ModelPrice, o: JobPriceOptions): JobQuote {
  if (price.expression) {
    const q = quoteJob(price.expression.expr, o, price.expression.ctx);
    if (!q.ok) return { ok: false, ...q.refusal };
    return { ok: true, micros: applyMarkup(q.micros, price.expression.markupPpm), exact: q.exact, tier: q.tier };
  }
  if (price.unit === '1k_tokens') {
    const completion = o.completionTokens ?? o.maxTokens ?? 0;
    const micros = Math.ceil(((o.promptTokens ?? 0) * price.unitMicros + completion * (price.completionPer1kMicros ?? price.unitMicros)) / 1000);
    return { ok: true, micros, exact: o.completionTokens !== undefined, tier: null };
  }
  const units = price.unit === 'image' ? (o.n ?? 1) : (o.seconds ?? 0);
  return { ok: true, micros: units * price.unitMicros, exact: true, tier: null };
}

/** Model id → price. Ids are exact strings (case and separators matter). */
export type PriceTable = Readonly<Record<string, ModelPrice>>;

const MIB = 1024 * 1024;

/**
 * The only prices the product itself knows: two model ids of the built-in simulator with a documented price
 * (`alpha-image-2` at $0.01 per image, on sale; `beta-edit-max` at $0.025, not on sale). Every other price comes
 * from an admin, the operator's `PRICES_FILE` or the gateway's published pricing (see `core/catalog/`).
 */
export function documentedPriceTable(): PriceTable {
  const doc = (usd: string, refs: number, onSale: boolean): ModelPrice => ({
    kind: 'image', unit: 'image', unitMicros: parseUsd(usd), onSale, maxReferenceImages: refs, maxReferenceBytes: 8 * MIB, maxSide: onSale ? 1536 : 2048,
  });
  return { 'alpha-image-2': doc('0.01', 3, true), 'beta-edit-max': doc('0.025', 1, false) };
}

const UNIT_OF: Record<ModelKind, PriceUnit> = { image: 'image', video: 'second', text: '1k_tokens' };

const entrySchema = z
  .object({
    kind: z.enum(['image', 'video', 'text']),
    usd: z.string(),
    per: z.enum(['image', 'second', '1k_tokens']).optional(),
    onSale: z.boolean().optional(),
    maxReferenceImages: z.number().int().min(0).max(16).optional(),
    maxReferenceMB: z.number().positive().max(2000).optional(),
    maxSide: z.number().int().min(64).max(16384).optional(),
    deadlineSeconds: z.number().int().min(1).max(3600).optional(),
    options: z
      .object({
        quality: z.array(z.string().regex(/^[a-z0-9_-]{1,20}$/)).max(10).optional(),
        background: z.array(z.string().regex(/^[a-z0-9_-]{1,20}$/)).max(10).optional(),
        format: z.array(z.string().regex(/^[a-z0-9_-]{1,20}$/)).max(10).optional(),
        resolution: z.array(z.string().regex(/^[a-z0-9_-]{1,20}$/)).max(10).optional(),
        audio: z.boolean().optional(),
        endImage: z.boolean().optional(),
        negative: z.boolean().optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
const fileSchema = z.object({ models: z.record(z.string().regex(/^[A-Za-z0-9._:/-]+$/), entrySchema) }).strict();

/** A price file problem; the message names the model and field. */
export class PriceFileError extends Error {
  constructor(message: string) {
    super(`Price file: ${message}`);
    this.name = 'PriceFileError';
  }
}

/**
 * Merges a `PRICES_FILE` document over `base`. Schema:
 * `{"models": {"<id>": {"kind":"image","usd":"0.01","per":"image","onSale":true,"maxReferenceImages":3,"maxReferenceMB":8,"maxSide":1536,"deadlineSeconds":300,"options":{"quality":["low","high"]}}}}`.
 * `options` (images: `quality`/`background`/`format` value lists; videos: `resolution` list, `audio`/`endImage`/`negative`
 * switches) adds to what the bot knows the model takes (`models/model-options.ts`).
 * `per` defaults from `kind` (image→image, video→second, text→1k_tokens) and must agree with it; `onSale` defaults to true;
 * image limits default to the base entry's, else 3 refs of 8 MiB and 1536 px.
 * @throws PriceFileError naming the model and field.
 */
export function mergePriceFile(base: PriceTable, doc: unknown): PriceTable {
  const parsed = fileSchema.safeParse(doc);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const [, model, field] = issue.path.map(String);
    const where = model ? `model "${model}"${field ? `, field "${field}"` : ''}` : `"${issue.path.join('.') || 'document'}"`;
    throw new PriceFileError(`${where}: ${issue.message}`);
  }
  const out: Record<string, ModelPrice> = { ...base };
  for (const [id, e] of Object.entries(parsed.data.models)) {
    const unit = e.per ?? UNIT_OF[e.kind];
    if (unit !== UNIT_OF[e.kind]) throw new PriceFileError(`model "${id}", field "per": a ${e.kind} model is priced per ${UNIT_OF[e.kind]}`);
    let unitMicros: Micros;
    try {
      unitMicros = parseUsd(e.usd);
    } catch (err) {
      throw new PriceFileError(`model "${id}", field "usd": ${err instanceof MoneyError ? err.message : String(err)}`);
    }
    const prev = base[id];
    const price: ModelPrice = { kind: e.kind, unit, unitMicros, onSale: e.onSale ?? true };
    if (e.kind === 'image') {
      price.maxReferenceImages = e.maxReferenceImages ?? prev?.maxReferenceImages ?? 3;
      price.maxReferenceBytes = e.maxReferenceMB !== undefined ? Math.round(e.maxReferenceMB * MIB) : (prev?.maxReferenceBytes ?? 8 * MIB);
      price.maxSide = e.maxSide ?? prev?.maxSide ?? 1536;
    }
    const deadline = e.deadlineSeconds !== undefined ? e.deadlineSeconds * 1000 : prev?.deadlineMs;
    if (deadline !== undefined) price.deadlineMs = deadline;
    if (e.options) price.options = Object.fromEntries(Object.entries(e.options).filter(([, v]) => v !== undefined)) as ModelOptions;
    out[id] = price;
  }
  return out;
}

/** Loads the operator's JSON price file at `path` (an empty table when none). Throws {@link PriceFileError}. */
export function loadPriceTable(path: string | undefined): PriceTable {
  const base: PriceTable = {};
  if (!path) return base;
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new PriceFileError(`${path} is not readable JSON (${(err as Error).message})`);
  }
  return mergePriceFile(base, doc);
}

/** How much of a model a job uses. Images default to 1; tokens are rounded up to whole thousands. */
export interface Usage {
  images?: number;
  seconds?: number;
  tokens?: number;
}

/** The result of {@link estimate}: a price, or why there is none. */
export type Estimate =
  | { ok: true; micros: Micros; units: number; unit: PriceUnit; price: ModelPrice }
  | { ok: false; reason: 'unpriced' | 'not_on_sale'; model: string };

/**
 * Price of `usage` on `model`: images × unit, seconds × unit, ceil(tokens / 1000) × unit.
 * Unknown models give `unpriced`, models not on sale give `not_on_sale`: never run either.
 * @throws RangeError for a negative or fractional usage (a bug, not user input).
 */
export function estimate(table: PriceTable, model: string, usage: Usage = {}): Estimate {
  const price = Object.hasOwn(table, model) ? table[model] : undefined;
  if (!price) return { ok: false, reason: 'unpriced', model };
  if (!price.onSale) return { ok: false, reason: 'not_on_sale', model };
  let units: number;
  if (price.unit === 'image') units = usage.images ?? 1;
  else if (price.unit === 'second') units = usage.seconds ?? 0;
  else units = Math.ceil((usage.tokens ?? 0) / 1000);
  if (!Number.isSafeInteger(units) || units < 0) throw new RangeError(`estimate: usage must be a whole number ≥ 0, got ${units}`);
  return { ok: true, micros: units * price.unitMicros, units, unit: price.unit, price };
}
