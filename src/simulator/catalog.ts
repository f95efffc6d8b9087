/** The simulated gateway's model catalog and prices (integer micro-dollars). */

export type SimModelKind = 'image' | 'video' | 'text';

/** One model of the catalog. */
export interface SimModel {
  id: string;
  kind: SimModelKind;
  ownedBy: string;
  /** Listed but not on sale: every request answers "no available channel". */
  onSale: boolean;
  /** Images: per image. Videos: per second. Text: 0 (text is billed per token, see {@link TEXT_MICROS_PER_1K_TOKENS}). */
  priceMicros: number;
  /** Images: largest allowed side in pixels (the resolution tier). */
  maxSide?: number;
  /** Edits: fewest and most source images accepted. */
  minEditImages?: number;
  maxEditImages?: number;
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
const txt = (id: string): SimModel => ({ id, kind: 'text', ownedBy: 'text-lab', onSale: true, priceMicros: 0 });

/** Every model, in listing order: 9 image, 5 video, 2 text. */
export const CATALOG: readonly SimModel[] = [
  img('alpha-image-2', 'alpha', 10_000, 1536),
  img('alpha-image-2-hd', 'alpha', 20_000, 2048),
  img('alpha-image-2-4k', 'alpha', 40_000, 4096),
  img('beta-edit-max', 'beta', 25_000, 2048, false),
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

/** Text price: 0.002 USD per 1000 total tokens. */
export const TEXT_MICROS_PER_1K_TOKENS = 2_000;

/** Largest edit source image: 8 MiB. */
export const MAX_EDIT_IMAGE_BYTES = 8 * 1024 * 1024;

const BY_ID = new Map(CATALOG.map((m) => [m.id, m]));

/** The model with this exact id, or undefined (ids are case- and separator-sensitive). */
export function findModel(id: string): SimModel | undefined {
  return BY_ID.get(id);
}

/** Models a token of `group` may see: the media group sees all, any other group only text models. */
export function modelsForGroup(group: string): SimModel[] {
  return CATALOG.filter((m) => group === 'media' || m.kind === 'text');
}

/** True when `group` has a route to `model` (media models need the media group). */
export function groupCanUse(group: string, model: SimModel): boolean {
  return model.kind === 'text' || group === 'media';
}

/** Text charge for `totalTokens`, rounded up to a whole micro-dollar. */
export function textChargeMicros(totalTokens: number): number {
  return Math.ceil((totalTokens * TEXT_MICROS_PER_1K_TOKENS) / 1000);
}

/** `supported_endpoint_types` as new-api lists them. */
export function endpointTypes(kind: SimModelKind): string[] {
  if (kind === 'image') return ['image-generation'];
  if (kind === 'video') return ['openai-video'];
  return ['openai', 'anthropic'];
}
