import type { DeliveryAddress, JobHooks } from '../api/actor.js';
import type { EditRequest, ImageJobResult, ImagineRequest } from '../api/images.js';
import { err, fail, ok, type Result } from '../failures.js';
import type { Micros } from '../money.js';
import { validateCount } from '../media/inputs.js';
import { resolveSize, upscaleSize } from '../media/sizes.js';
import { validateReferenceImages, type ValidImage } from '../media/validate-images.js';
import { quoteJobPrice } from '../pricing.js';
import { checkOptions } from './option-check.js';
import { handToRunner, runToKept } from '../jobs/engine.js';
import { imageSteps, type ImagePlan } from '../jobs/image-steps.js';
import { isUpscaleModel } from '../catalog/model-kinds.js';
import { gatewayFailure, listedModels, payerOf, remainingFor, scopeRef, withFairUse, type UsableToken } from './context.js';
import { jobBasics, openJob, type JobBasics } from './job-start.js';
import type { CoreDeps } from './deps.js';

const MIB = 1024 * 1024;

/** Everything validated about an image request, ready to run. */
interface Planned extends JobBasics, Omit<ImagePlan, 'token' | keyof JobBasics> {
  aspect?: string;
  /** What an Upscale of the result asks for: a size, on the job's own model or on `model` (an upscale model). */
  upscale?: { size: string; model?: string };
  delivery: DeliveryAddress | null;
}

/**
 * `imagine` and `edit`: validate everything (prompt, token, model, size, count, reference images, the options asked
 * for against what the model offers: quality, background, format), then under a
 * fair-use lease open the job (hold count × unit price) and run the engine's inline steps ({@link imageSteps}: call
 * the gateway, verify every returned image by its bytes, keep the files, settle for the images that verified). A
 * failure before the images are kept releases the hold; a store failure after hands the job to the runner.
 */
export async function runImageJob(d: CoreDeps, req: ImagineRequest | EditRequest, kind: 'imagine' | 'edit', hooks?: JobHooks): Promise<Result<ImageJobResult>> {
  const planned = await plan(d, req, kind);
  if (!planned.ok) return planned;
  return withFairUse(d, req, hooks, { kind, model: planned.value.model }, (jobId, hooks) => execute(d, planned.value, jobId, hooks));
}

async function plan(d: CoreDeps, req: ImagineRequest | EditRequest, kind: 'imagine' | 'edit'): Promise<Result<Planned>> {
  const basics = await jobBasics(d, req, 'image');
  if (!basics.ok) return basics;
  const price = basics.value.price;
  const maxSide = isUpscaleModel(basics.value.model) ? Math.max(price.maxSide ?? 0, UPSCALER_MIN_SIDE) : (price.maxSide ?? 1536);
  const size = resolveSize({ maxSide, ...(req.aspect !== undefined ? { aspect: req.aspect } : {}), ...(req.size !== undefined ? { size: req.size } : {}) });
  if (!size.ok) return size;
  const count = validateCount(req.count ?? 1, d.settings.maxImagesPerRequest ?? 4);
  if (!count.ok) return count;
  let refs: ValidImage[] = [];
  if (kind === 'edit') {
    const images = 'images' in req ? req.images : [];
    const v = await validateReferenceImages(images, { minImages: 1, maxImages: price.maxReferenceImages ?? 3, maxBytes: price.maxReferenceBytes ?? 8 * MIB });
    if (!v.ok) return v;
    refs = v.value;
  }
  const options = { ...(req.quality ? { quality: req.quality } : {}), ...(req.background ? { background: req.background } : {}), ...(req.format ? { format: req.format } : {}) };
  const checked = checkOptions(basics.value.model, price, options);
  if (!checked.ok) return checked;
  const quote = quoteJobPrice(price, { kind: 'image', n: count.value, size: size.value, ...options });
  if (!quote.ok) return err(fail('model_unpriced', { model: basics.value.model }, { log: { stage: 'image', note: `price expression refused: ${quote.reason}` } }));
  const p: Planned = { ...basics.value, kind, size: size.value, count: count.value, options, estimateMicros: quote.micros, refs, delivery: req.delivery ?? null };
  if (req.aspect && !req.size) p.aspect = req.aspect;
  const upscale = await upscaleFor(d, req, basics.value.token, basics.value.model, size.value, maxSide);
  if (upscale) p.upscale = upscale;
  return ok(p);
}

/**
 * The longest side an upscale model is taken to reach at least (4K): the gateway publishes no size limit, and the
 * image-model default (1536) would offer no upscale at all; a larger `maxSide` in PRICES_FILE raises it.
 */
const UPSCALER_MIN_SIDE = 4096;

/**
 * What an Upscale of an image of `size` made by `model` asks for: the model's next larger size tier; else, when the
 * model has none, the next size of the first upscale model ({@link isUpscaleModel}) the token lists, priced and on
 * sale; else nothing (no U button). Reads the cached list only when the model has no larger size; a list that cannot
 * be read offers no upscale (the job itself is not refused for it).
 */
async function upscaleFor(d: CoreDeps, a: ImagineRequest | EditRequest, t: UsableToken, model: string, size: string, maxSide: number): Promise<{ size: string; model?: string } | undefined> {
  const own = upscaleSize(size, maxSide);
  if (own) return { size: own };
  if (isUpscaleModel(model)) return undefined;
  const listed = await listedModels(d, t, '');
  if (!listed.ok || !listed.value) return undefined;
  const ref = scopeRef(a);
  for (const m of listed.value) {
    if (!isUpscaleModel(m.id)) continue;
    const e = d.catalog.book.entry(m.id, ref, m, payerOf(t));
    if (e.kind !== 'image' || !e.price?.onSale) continue;
    const target = upscaleSize(size, Math.max(e.price.maxSide ?? 0, UPSCALER_MIN_SIDE));
    if (target) return { size: target, model: m.id };
  }
  return undefined;
}

async function execute(d: CoreDeps, p: Planned, jobId: string, hooks: JobHooks): Promise<Result<ImageJobResult>> {
  const upscale = p.upscale?.size;
  const opened = await openJob(d, {
    jobId,
    kind: p.kind,
    basics: p,
    params: { size: p.size, count: p.count, ...p.options, ...(p.aspect ? { aspect: p.aspect } : {}), ...(p.kind === 'edit' ? { references: p.refs.length } : {}), ...(upscale ? { upscaleSize: upscale } : {}), ...(p.upscale?.model ? { upscaleModel: p.upscale.model } : {}) },
    estimateMicros: p.estimateMicros,
    delivery: p.delivery,
  });
  if (!opened.ok) return opened;
  const job = opened.value;
  const thrown = (e: unknown) => gatewayFailure(d, e, { model: p.model, tokenSource: p.token.source, stage: p.kind === 'edit' ? 'edit' : 'image', size: p.size, maxSide: p.price.maxSide ?? 1536, money: 'released' });
  const done = await runToKept(d, job, imageSteps(d, { ...p, token: p.token.token, hooks }, thrown));
  if (!done.ok) return done;
  const { images, chargedMicros } = done.value;
  d.logger.info({ jobId: job.id, model: p.model, images: images.length, chargedMicros, tokenSource: p.token.source }, 'image job kept and charged');
  let remainingMicros: Micros | null;
  try {
    remainingMicros = await remainingFor(d, p.ids, p.token.source);
  } catch (e) {
    // Kept and charged: with an address the job is the runner's to post now, as after any store failure once kept.
    if (!job.hasAddress) throw e;
    return handToRunner(d, job, e);
  }
  return ok({ jobId: job.id, model: p.model, size: p.size, ...(Object.keys(p.options).length ? { options: p.options } : {}), images, requested: p.count, ...(upscale ? { upscaleSize: upscale } : {}), costMicros: chargedMicros, tokenSource: p.token.source, remainingMicros });
}
