import { compileBillingExpr, priceVariants, quoteJob, type CompiledExpr } from '../billing-expr/index.js';
import type { Micros } from '../money.js';
import type { GatewayModel, PublishedModelPrice } from '../ports/media-gateway.js';
import { applyMarkup, type ModelKind, type ModelPrice, type PriceTable, type PriceUnit } from '../pricing.js';
import { guessKindFromId, kindFromEndpointTypes } from './model-kinds.js';

/** Where a model's price comes from, best first. */
export type PriceSource = 'admin' | 'operator' | 'gateway' | 'documented';
/** Where a model's kind comes from, best first. */
export type KindSource = 'admin' | 'gateway' | 'price_table' | 'id';

/** One community's own setting for a model (from the `model_settings` table). */
export interface AdminModelSetting {
  /** `<platform>:<external id>` of the community. */
  scopeRef: string;
  model: string;
  kind: ModelKind | null;
  price: { unit: PriceUnit; unitMicros: Micros } | null;
  /** The price was last set by an owner (`OWNER_IDS`, the operator CLI or the console): it may be below cost. */
  setByOwner?: boolean;
}

/**
 * Whose money a job spends: `operator` (`GATEWAY_TOKEN`: a community admin's price may not go below the gateway's
 * cost) or `own` (a token the community or the person linked: their admin prices apply as set).
 */
export type Payer = 'operator' | 'own';

/** The lowest price per unit a community admin may charge when the operator's token pays. */
export interface CostFloor {
  unit: PriceUnit;
  unitMicros: Micros;
}

/** What the bot knows about one model for one community: its kind and, when it has one, its price. */
export interface CatalogEntry {
  id: string;
  kind: ModelKind;
  kindSource: KindSource;
  price?: ModelPrice;
  priceSource?: PriceSource;
}

/** Settings of {@link PriceBook}. */
export interface PriceBookOptions {
  /** The operator's `PRICES_FILE` table (empty when none). */
  operator: PriceTable;
  /** Prices built into the bot for the simulator's two documented models (`documentedPriceTable()`); default none. */
  documented?: PriceTable;
  /**
   * `PRICE_MARKUP`: multiplies gateway-published and documented prices; default 1. Read to millionths and applied in
   * integers (rounded up to the next micro-dollar), so 1.1 × $0.05 is exactly $0.055.
   */
  markup?: number;
  /** `TEXT_PRICE_PER_1K_TOKENS` when set: the price of any text model that has no other price (source `operator`). */
  textPer1kMicros?: Micros;
}

const UNIT_KIND: Record<PriceUnit, ModelKind> = { image: 'image', second: 'video', '1k_tokens': 'text' };
const MIB = 1024 * 1024;

/**
 * Every price layer, and the one rule that picks among them. For a model in a community:
 * - kind: the community admin's correction, else what the gateway says (`supported_endpoint_types` on the model
 *   list or the pricing page), else the price table's (admin price unit, operator file, documented), else the id
 *   heuristic (`guessKindFromId`);
 * - price: the community admin's price, else the operator's `PRICES_FILE`, else the gateway's published price
 *   (× markup), else the documented price (× markup), else `TEXT_PRICE_PER_1K_TOKENS` for text models, else none.
 *   When the operator's token pays, an admin price counts only if an owner set it or it is at least the model's
 *   {@link PriceBook.costFloor} in the same unit (else the layers below it apply, as if it were not set).
 * A published per-call price is per image for image models and per second for video models; a published token
 * price applies to text models only (a media model priced by tokens stays unpriced: its cost per image is unknown).
 */
export class PriceBook {
  private published = new Map<string, PublishedModelPrice>();
  /** Published expressions by source: compiled, or null when refused (the model then has no gateway price). */
  private compiled = new Map<string, CompiledExpr | null>();
  private settings = new Map<string, AdminModelSetting>();
  private publishedAt: number | null = null;
  private readonly documented: PriceTable;
  private readonly markupPpm: bigint;

  constructor(private readonly opts: PriceBookOptions) {
    this.documented = opts.documented ?? {};
    this.markupPpm = BigInt(Math.round((opts.markup ?? 1) * 1_000_000));
  }

  /** Replaces the gateway's published prices (after a successful `GET /api/pricing`). */
  setPublished(list: readonly PublishedModelPrice[], at: number): void {
    this.published = new Map(list.map((p) => [p.model, p]));
    this.publishedAt = at;
    const compiled = new Map<string, CompiledExpr | null>();
    for (const p of list) {
      const src = p.expression?.source;
      if (src === undefined || compiled.has(src)) continue;
      const prev = this.compiled.get(src);
      if (prev !== undefined) compiled.set(src, prev);
      else {
        const c = compileBillingExpr(src);
        compiled.set(src, c.ok ? c.expr : null);
      }
    }
    this.compiled = compiled;
  }

  /** When the published prices were last read (epoch ms), or null when never. */
  get publishedReadAt(): number | null {
    return this.publishedAt;
  }

  /** Number of models with a published price. */
  get publishedCount(): number {
    return this.published.size;
  }

  /** Replaces all admin settings (read from the store at start and after each change). */
  setAdminSettings(list: readonly AdminModelSetting[]): void {
    this.settings = new Map(list.map((s) => [`${s.scopeRef}|${s.model}`, s]));
  }

  /** The admin settings of one community. */
  adminSettings(scopeRef: string): AdminModelSetting[] {
    return [...this.settings.values()].filter((s) => s.scopeRef === scopeRef);
  }

  /**
   * The model's kind and price for the community `scopeRef` (undefined: no community-specific settings) when `payer`
   * pays (default `operator`: the safe reading when the caller does not know).
   */
  entry(model: string, scopeRef: string | undefined, listed?: GatewayModel, payer: Payer = 'operator'): CatalogEntry {
    const own = scopeRef === undefined ? undefined : this.settings.get(`${scopeRef}|${model}`);
    const pub = this.published.get(model);
    const table = own0(this.opts.operator, model) ?? own0(this.documented, model);
    let kind: ModelKind;
    let kindSource: KindSource;
    const fromGateway = kindFromEndpointTypes(listed?.endpointTypes) ?? kindFromEndpointTypes(pub?.endpointTypes);
    if (own?.kind) [kind, kindSource] = [own.kind, 'admin'];
    else if (fromGateway) [kind, kindSource] = [fromGateway, 'gateway'];
    else if (own?.price) [kind, kindSource] = [UNIT_KIND[own.price.unit], 'price_table'];
    else if (table) [kind, kindSource] = [table.kind, 'price_table'];
    else [kind, kindSource] = [guessKindFromId(model), 'id'];
    const e: CatalogEntry = { id: model, kind, kindSource };
    const admin = own?.price && (payer === 'own' || own.setByOwner || this.atLeastCost(model, kind, own.price)) ? own : undefined;
    const priced = this.price(model, kind, admin, pub, table);
    if (priced) {
      e.price = priced.price;
      e.priceSource = priced.source;
    }
    return e;
  }

  /**
   * Whether a price names `model` for the community `scopeRef`: the gateway's published pricing (priced or not, an
   * expression it could not read included), the operator's `PRICES_FILE`, or a community admin's price. Such a model
   * exists on the gateway (or the operator says it does), so a token whose list lacks it is told its group cannot
   * reach it, not that there is no such model. The documented table and `TEXT_PRICE_PER_1K_TOKENS` do not count:
   * they price models whatever their name.
   */
  knows(model: string, scopeRef: string | undefined): boolean {
    if (this.published.has(model) || own0(this.opts.operator, model)) return true;
    return scopeRef !== undefined && this.settings.get(`${scopeRef}|${model}`)?.price != null;
  }

  /**
   * What the gateway charges per unit for `model` of `kind`, the lowest price a community admin may set while the
   * operator's token pays: its published price, else its documented price (both without markup), else the operator's
   * `PRICES_FILE` price; for text the higher of the prompt and completion prices (an admin price covers both).
   * Undefined when no layer knows the cost: then only an owner, or a community paying with its own token, may price it.
   */
  costFloor(model: string, kind: ModelKind): CostFloor | undefined {
    const pub = this.published.get(model);
    if (pub && (kind === 'image' || kind === 'video') && pub.perCallMicros) return { unit: kind === 'image' ? 'image' : 'second', unitMicros: pub.perCallMicros };
    if (pub && kind === 'text' && pub.inputPer1kMicros) return { unit: '1k_tokens', unitMicros: Math.max(pub.inputPer1kMicros, pub.outputPer1kMicros ?? 0) };
    const table = own0(this.documented, model) ?? own0(this.opts.operator, model);
    if (table && table.kind === kind) return { unit: table.unit, unitMicros: Math.max(table.unitMicros, table.completionPer1kMicros ?? 0) };
    return undefined;
  }

  /**
   * What the gateway itself bills for `model` of `kind`, to record what a job cost its token (reconciliation): the
   * published expression or price, else the documented price, both without `PRICE_MARKUP`, else the operator's
   * `PRICES_FILE` price (the operator's statement of its cost). Never a community's price: an owner's discount is not
   * what the gateway billed. Undefined when no layer knows it.
   */
  gatewayPrice(model: string, kind: ModelKind): ModelPrice | undefined {
    const pub = this.published.get(model);
    if (pub?.expression) {
      const p = this.expressionPrice(kind, pub.expression, {}, 1_000_000n);
      if (p) return p;
    } else if (pub) {
      if ((kind === 'image' || kind === 'video') && pub.perCallMicros) return { kind, unit: kind === 'image' ? 'image' : 'second', unitMicros: pub.perCallMicros, onSale: true };
      if (kind === 'text' && pub.inputPer1kMicros) {
        const out = pub.outputPer1kMicros ?? pub.inputPer1kMicros;
        return { kind, unit: '1k_tokens', unitMicros: pub.inputPer1kMicros, onSale: true, ...(out !== pub.inputPer1kMicros ? { completionPer1kMicros: out } : {}) };
      }
    }
    const table = own0(this.documented, model) ?? own0(this.opts.operator, model);
    return table && table.kind === kind ? table : undefined;
  }

  private atLeastCost(model: string, kind: ModelKind, price: { unit: PriceUnit; unitMicros: Micros }): boolean {
    const floor = this.costFloor(model, kind);
    return floor !== undefined && floor.unit === price.unit && price.unitMicros >= floor.unitMicros;
  }

  private price(model: string, kind: ModelKind, own: AdminModelSetting | undefined, pub: PublishedModelPrice | undefined, table: ModelPrice | undefined): { price: ModelPrice; source: PriceSource } | undefined {
    const limits = (k: ModelKind): Partial<ModelPrice> => ({
      ...(k === 'image' ? { maxReferenceImages: table?.maxReferenceImages ?? 3, maxReferenceBytes: table?.maxReferenceBytes ?? 8 * MIB, maxSide: table?.maxSide ?? 1536 } : {}),
      // The operator's per-model deadline holds whoever prices the model.
      ...(table?.deadlineMs !== undefined ? { deadlineMs: table.deadlineMs } : {}),
      // So are the options the operator lists for it.
      ...(table?.options ? { options: table.options } : {}),
    });
    if (own?.price) {
      const k = UNIT_KIND[own.price.unit];
      return { price: { kind: k, unit: own.price.unit, unitMicros: own.price.unitMicros, onSale: true, ...limits(k) }, source: 'admin' };
    }
    const operator = own0(this.opts.operator, model);
    if (operator) return { price: operator, source: 'operator' };
    const up = (m: Micros): Micros => applyMarkup(m, this.markupPpm);
    if (pub?.expression) {
      const price = this.expressionPrice(kind, pub.expression, limits(kind));
      if (price) return { price, source: 'gateway' };
    } else if (pub) {
      if ((kind === 'image' || kind === 'video') && pub.perCallMicros) {
        return { price: { kind, unit: kind === 'image' ? 'image' : 'second', unitMicros: up(pub.perCallMicros), onSale: true, ...limits(kind) }, source: 'gateway' };
      }
      if (kind === 'text' && pub.inputPer1kMicros) {
        const out = pub.outputPer1kMicros ?? pub.inputPer1kMicros;
        const price: ModelPrice = { kind, unit: '1k_tokens', unitMicros: up(pub.inputPer1kMicros), onSale: true };
        if (out !== pub.inputPer1kMicros) price.completionPer1kMicros = up(out);
        return { price, source: 'gateway' };
      }
    }
    const doc = own0(this.documented, model);
    if (doc) return { price: { ...doc, unitMicros: up(doc.unitMicros) }, source: 'documented' };
    if (kind === 'text' && this.opts.textPer1kMicros !== undefined) {
      return { price: { kind: 'text', unit: '1k_tokens', unitMicros: this.opts.textPer1kMicros, onSale: true }, source: 'operator' };
    }
    return undefined;
  }

  /**
   * A published expression as a price: the compiled expression with its conversion and the markup, and as
   * `unitMicros` the most one unit can cost (an image as the bot sends it, a second at any resolution and audio, 1K
   * prompt tokens at any context tier up to 1M; 1K completion tokens: the most of 1M of each less the prompt part,
   * which is exact for tiers priced per token). Undefined when the expression was refused or cannot price even that.
   */
  private expressionPrice(kind: ModelKind, e: NonNullable<PublishedModelPrice['expression']>, limits: Partial<ModelPrice>, markupPpm: bigint = this.markupPpm): ModelPrice | undefined {
    const expr = this.compiled.get(e.source);
    if (!expr) return undefined;
    const ctx = { quotaPerUnit: e.quotaPerUnit, groupRatio: e.groupRatio };
    const up = (m: Micros): Micros => applyMarkup(m, markupPpm);
    const expression = { expr, ctx, markupPpm };
    if (kind === 'text') {
      const per1k = (prompt: number, completion: number): number | undefined => {
        const q = quoteJob(expr, { kind, promptTokens: prompt, maxTokens: completion }, ctx);
        return q.ok ? Math.ceil(q.micros / 1000) : undefined;
      };
      const input = per1k(1_000_000, 0);
      const both = per1k(1_000_000, 1_000_000);
      if (input === undefined || both === undefined) return undefined;
      const output = Math.max(0, both - input);
      const price: ModelPrice = { kind, unit: '1k_tokens', unitMicros: up(input), onSale: true, expression };
      if (output !== input) price.completionPer1kMicros = up(output);
      return price;
    }
    const unit = kind === 'image' ? quoteJob(expr, { kind }, ctx) : undefined;
    const most = kind === 'image' ? (unit?.ok ? unit.micros : undefined) : Math.max(0, ...priceVariants(expr, kind, ctx).map((v) => v.micros));
    if (most === undefined || (kind === 'video' && most === 0)) return undefined;
    return { kind, unit: kind === 'image' ? 'image' : 'second', unitMicros: up(most), onSale: true, ...limits, expression };
  }
}

function own0(table: PriceTable, model: string): ModelPrice | undefined {
  return Object.hasOwn(table, model) ? table[model] : undefined;
}
