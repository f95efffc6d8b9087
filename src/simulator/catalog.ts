/**
 * The simulated gateway's model catalogues and prices (integer micro-dollars). Three catalogues:
 * - `neutral` (the default, and the playground's): the seed's neutral ids, 9 image, 5 video and 2 text models;
 * - `real`: provider ids as deployments list them in late 2026 (`gpt-image-2`, `seedream-4.0`, `flux-kontext-pro`,
 *   `veo-3.1`, `kling-v2-1`, `seedance-1-0-pro`, `gpt-4o-mini`), one of them (`flux-kontext-pro`) listed but without a
 *   published price. OpenAI's `sora-2*` (removed 2026-09-24) and `dall-e-2/3` (retired 2026-05-12) are gone from it.
 * - `expr`: late-2026 provider ids priced by new-api expressions (`billing_mode: "tiered_expr"`): `gpt-image-2` per
 *   quality, `veo-3.1` per second × resolution × audio, `kling-v2.1` per second × mode, `gpt-5.2` by token tiers.
 * - `upscale`: the neutral catalogue and one upscale model, `alpha-upscale-4k` (an image model whose id names it an
 *   upscaler, see `isUpscaleModel`: one source image on the edit endpoint, up to 4096 pixels, $0.02 an image).
 * These prices exist only in the simulator: the bot learns them from its `GET /api/pricing` like from any gateway.
 */
import type { ModelPrice, PriceTable } from '../core/pricing.js';
import { GPT_IMAGE_OPTIONS, KLING_OPTIONS, SEEDANCE_OPTIONS, SEEDREAM_OPTIONS, VEO_OPTIONS, type SimOptions } from './options.js';

export type SimModelKind = 'image' | 'video' | 'text';
/** Which catalogue a simulator serves. */
export type SimCatalogueName = 'neutral' | 'real' | 'expr' | 'upscale';

/** One model of the catalog. */
export interface SimModel {
  id: string;
  kind: SimModelKind;
  ownedBy: string;
  /** Listed but not on sale: every request answers "no available channel", and no price is published. */
  onSale: boolean;
  /** Images: per image. Videos: per second. Text: 0 (text is billed per token, see {@link textChargeMicros}). */
  priceMicros: number;
  /** Text: new-api `model_ratio` (1 = $0.002 per 1K prompt tokens) and `completion_ratio`. */
  ratio?: number;
  completionRatio?: number;
  /** False: listed and usable, but absent from `/api/pricing` (the bot has no price for it). Default true. */
  published?: boolean;
  /** Images: largest allowed side in pixels (the resolution tier). */
  maxSide?: number;
  /** Edits: fewest and most source images accepted. */
  minEditImages?: number;
  maxEditImages?: number;
  /** new-api `billing_expr`: published with `billing_mode: "tiered_expr"` and billed by it (`priceMicros` unused). */
  billingExpr?: string;
  /** Request options it takes (`options.ts`); absent: none (any option field is a 400). */
  options?: SimOptions;
}

const img = (id: string, ownedBy: string, priceMicros: number, maxSide: number, onSale = true, edit = { min: 1, max: 3 }): SimModel => ({
  id,
  kind: 'image',
  ownedBy,
  onSale,
  priceMicros,
  maxSide,
  minEditImages: edit.min,
  maxEditImages: edit.max,
});
const vid = (id: string, ownedBy: string, perSecondMicros: number): SimModel => ({ id, kind: 'video', ownedBy, onSale: true, priceMicros: perSecondMicros });
const txt = (id: string, ownedBy = 'text-lab', ratio = 1, completionRatio = 1): SimModel => ({ id, kind: 'text', ownedBy, onSale: true, priceMicros: 0, ratio, completionRatio });

/** The neutral catalogue, in listing order: 9 image, 5 video, 2 text. */
export const CATALOG: readonly SimModel[] = [
  img('alpha-image-2', 'alpha', 10_000, 1536),
  img('alpha-image-2-hd', 'alpha', 20_000, 2048),
  img('alpha-image-2-4k', 'alpha', 40_000, 4096),
  img('beta-edit-max', 'beta', 25_000, 2048, false, { min: 1, max: 1 }),
  img('beta-edit-lite', 'beta', 15_000, 2048, true, { min: 1, max: 1 }),
  img('delta-image-turbo', 'delta', 5_000, 1536),
  img('delta-image-pro', 'delta', 30_000, 2048),
  img('epsilon-image-4k', 'epsilon', 50_000, 4096),
  img('zeta-sketch', 'zeta', 8_000, 1536),
  vid('gamma-video-1', 'gamma', 50_000),
  vid('gamma-video-1-pro', 'gamma', 100_000),
  vid('kappa-video-lite', 'kappa', 30_000),
  vid('kappa-video-hd', 'kappa', 80_000),
  vid('omega-video-i2v', 'omega', 60_000),
  txt('text-chat-mini'),
  txt('text-chat-pro'),
];

/**
 * The video models whose remix the simulator serves (`POST /v1/videos/{id}/remix`): the neutral catalogue's. The
 * bot offers Remix only for the models its operator lists (`VIDEO_REMIX_MODELS`); with the built-in simulator these.
 */
export const SIM_REMIX_MODELS: readonly string[] = CATALOG.filter((m) => m.kind === 'video').map((m) => m.id);

/** The neutral catalogue plus one upscale model (the bot's U buttons use it where the image model has no larger size). */
export const UPSCALE_CATALOG: readonly SimModel[] = [...CATALOG, img('alpha-upscale-4k', 'alpha', 20_000, 4096, true, { min: 1, max: 1 })];

/** The real-ids catalogue (late 2026), in listing order: what a new user sees a current deployment list. */
export const REAL_CATALOG: readonly SimModel[] = [
  { ...img('gpt-image-2', 'openai', 40_000, 1536), options: GPT_IMAGE_OPTIONS },
  { ...img('seedream-4.0', 'bytedance', 30_000, 2048, true, { min: 1, max: 1 }), options: SEEDREAM_OPTIONS },
  { ...img('flux-kontext-pro', 'black-forest-labs', 30_000, 1536), published: false },
  { ...vid('veo-3.1', 'google', 400_000), options: VEO_OPTIONS },
  { ...vid('kling-v2-1', 'kuaishou', 56_000), options: KLING_OPTIONS },
  { ...vid('seedance-1-0-pro', 'bytedance', 30_000), options: SEEDANCE_OPTIONS },
  txt('gpt-4o-mini', 'openai', 0.075, 4),
];

/** The expression-priced catalogue (see the module description); the expressions are in new-api's published forms. */
export const EXPR_CATALOG: readonly SimModel[] = [
  {
    ...img('gpt-image-2', 'openai', 0, 1536),
    options: GPT_IMAGE_OPTIONS,
    billingExpr: 'v1:param("quality") == "high" ? tier("high", fixed(0.167)) : param("quality") == "medium" ? tier("medium", fixed(0.042)) : tier("low", fixed(0.011))',
  },
  {
    ...vid('veo-3.1', 'google', 0),
    options: VEO_OPTIONS,
    billingExpr: '(u("resolution") == "1080p" ? tier("1080p", u("seconds") * 0.4) : tier("720p", u("seconds") * 0.2)) * (param("generate_audio") == true ? 1.5 : 1)',
  },
  { ...vid('kling-v2.1', 'kuaishou', 0), options: KLING_OPTIONS, billingExpr: 'u("mode") == "pro" ? tier("pro", u("seconds") * 0.098) : tier("std", u("seconds") * 0.056)' },
  { ...txt('gpt-5.2', 'openai'), billingExpr: 'len <= 200000 ? tier("short", p * 1.25 + c * 10) : tier("long", p * 2.5 + c * 15)|||when(param("service_tier") == "priority") * 2' },
];

/** The models of a catalogue. */
export function catalogue(name: SimCatalogueName = 'neutral'): readonly SimModel[] {
  return name === 'real' ? REAL_CATALOG : name === 'expr' ? EXPR_CATALOG : name === 'upscale' ? UPSCALE_CATALOG : CATALOG;
}

/** Quota units per USD the simulator publishes (new-api's default). */
export const SIM_QUOTA_PER_UNIT = 500_000;

/** The group ratio of both simulator groups (`default`, `media`). */
export const SIM_GROUP_RATIO = 1;

/** Largest edit source image: 8 MiB. */
export const MAX_EDIT_IMAGE_BYTES = 8 * 1024 * 1024;

/** The model with this exact id in `name`'s catalogue, or undefined (ids are case- and separator-sensitive). */
export function findModel(id: string, name: SimCatalogueName = 'neutral'): SimModel | undefined {
  return catalogue(name).find((m) => m.id === id);
}

/** Models a token of `group` may see: the media group sees all, any other group only text models. */
export function modelsForGroup(group: string, name: SimCatalogueName = 'neutral'): SimModel[] {
  return catalogue(name).filter((m) => group === 'media' || m.kind === 'text');
}

/** True when `group` has a route to `model` (media models need the media group). */
export function groupCanUse(group: string, model: SimModel): boolean {
  return model.kind === 'text' || group === 'media';
}

/** Micro-dollars per 1,000 prompt and completion tokens of a text model: ratio × $0.002, rounded to whole micros. */
export function textPer1kMicros(model: Pick<SimModel, 'ratio' | 'completionRatio'>): { input: number; output: number } {
  const input = Math.round(((model.ratio ?? 1) * 1000 * 1_000_000) / SIM_QUOTA_PER_UNIT);
  return { input, output: Math.round(input * (model.completionRatio ?? 1)) };
}

/** Text charge: ceil((prompt × input + completion × output) / 1000) micro-dollars, the same formula the bot uses. */
export function textChargeMicros(model: Pick<SimModel, 'ratio' | 'completionRatio'>, promptTokens: number, completionTokens: number): number {
  const p = textPer1kMicros(model);
  return Math.ceil((promptTokens * p.input + completionTokens * p.output) / 1000);
}

/** `supported_endpoint_types` as new-api lists them. */
export function endpointTypes(kind: SimModelKind): string[] {
  if (kind === 'image') return ['image-generation'];
  if (kind === 'video') return ['openai-video'];
  return ['openai', 'anthropic'];
}

/**
 * The neutral catalogue as a bot price table (what the bot's old built-in table was), for tests and benchmarks that
 * want prices without asking the simulator's `/api/pricing`: images per image with their tier and edit limits,
 * videos per second, text per 1K tokens; `beta-edit-max` not on sale.
 */
export function simulatorPriceTable(name: SimCatalogueName = 'neutral'): PriceTable {
  const out: Record<string, ModelPrice> = {};
  for (const m of catalogue(name)) {
    if (m.kind === 'image') {
      out[m.id] = { kind: 'image', unit: 'image', unitMicros: m.priceMicros, onSale: m.onSale, maxReferenceImages: m.maxEditImages ?? 3, maxReferenceBytes: MAX_EDIT_IMAGE_BYTES, maxSide: m.maxSide ?? 1536 };
    } else if (m.kind === 'video') {
      out[m.id] = { kind: 'video', unit: 'second', unitMicros: m.priceMicros, onSale: m.onSale };
    } else {
      const p = textPer1kMicros(m);
      out[m.id] = { kind: 'text', unit: '1k_tokens', unitMicros: p.input, onSale: m.onSale, ...(p.output !== p.input ? { completionPer1kMicros: p.output } : {}) };
    }
  }
  return out;
}
