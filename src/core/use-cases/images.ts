import type { DeliveryAddress, JobHooks } from '../api/actor.js';
import type { EditRequest, ImageFile, ImageJobResult, ImagineRequest } from '../api/images.js';
import { err, fail, ok, type Failure, type Result } from '../failures.js';
import { gatewayCostMicros } from './gateway-cost.js';
import { newJobId } from '../ids.js';
import { validateCount } from '../media/inputs.js';
import { resolveSize } from '../media/sizes.js';
import { sniffImage } from '../media/sniff.js';
import { validateReferenceImages, type ValidImage } from '../media/validate-images.js';
import { isGatewayFailure, type GatewayImage } from '../ports/media-gateway.js';
import { quoteJobPrice } from '../pricing.js';
import { gatewayFailure, remainingFor, withFairUse } from './context.js';
import { failOpenJob, jobBasics, moveOn, openJob, type JobBasics } from './job-start.js';
import { gatewayCall, PARTIAL_IMAGE_MODELS, PARTIAL_IMAGES } from './gateway-call.js';
import type { CoreDeps } from './deps.js';
import type { MoneyJob } from '../money/job-money.js';
import { referenceFile, resultImageFile } from '../jobs/kept-files.js';

const MIB = 1024 * 1024;

/** Everything validated about an image request, ready to run. */
interface ImagePlan extends JobBasics {
  kind: 'imagine' | 'edit';
  size: string;
  count: number;
  /** What the job holds: the price of `count` images as sent. */
  estimateMicros: number;
  refs: ValidImage[];
  aspect?: string;
  delivery: DeliveryAddress | null;
}

/**
 * `imagine` and `edit`: validate everything (prompt, token, model, size, count, reference images), then under a
 * fair-use lease create the job, hold count × unit price, call the gateway, verify every returned image by its
 * bytes, keep the files, and settle for the images that verified. Any failure after the hold releases it.
 */
export async function runImageJob(d: CoreDeps, req: ImagineRequest | EditRequest, kind: 'imagine' | 'edit', hooks?: JobHooks): Promise<Result<ImageJobResult>> {
  const planned = await plan(d, req, kind);
  if (!planned.ok) return planned;
  return withFairUse(d, req, hooks, () => execute(d, planned.value, hooks));
}

async function plan(d: CoreDeps, req: ImagineRequest | EditRequest, kind: 'imagine' | 'edit'): Promise<Result<ImagePlan>> {
  const basics = await jobBasics(d, req, 'image');
  if (!basics.ok) return basics;
  const price = basics.value.price;
  const maxSide = price.maxSide ?? 1536;
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
  const quote = quoteJobPrice(price, { kind: 'image', n: count.value, size: size.value });
  if (!quote.ok) return err(fail('model_unpriced', { model: basics.value.model }, { log: { stage: 'image', note: `price expression refused: ${quote.reason}` } }));
  const p: ImagePlan = { ...basics.value, kind, size: size.value, count: count.value, estimateMicros: quote.micros, refs, delivery: req.delivery ?? null };
  if (req.aspect && !req.size) p.aspect = req.aspect;
  return ok(p);
}

async function execute(d: CoreDeps, p: ImagePlan, hooks?: JobHooks): Promise<Result<ImageJobResult>> {
  const jobId = newJobId();
  const estimate = p.estimateMicros;
  const opened = await openJob(d, {
    jobId,
    kind: p.kind,
    basics: p,
    params: { size: p.size, count: p.count, ...(p.aspect ? { aspect: p.aspect } : {}), ...(p.kind === 'edit' ? { references: p.refs.length } : {}) },
    estimateMicros: estimate,
    delivery: p.delivery,
  });
  if (!opened.ok) return opened;
  const job = opened.value;
  let outcome: Result<ImageJobResult>;
  try {
    outcome = await callAndKeep(d, p, job, hooks);
  } catch (e) {
    outcome = err(gatewayFailure(d, e, { model: p.model, tokenSource: p.token.source, stage: p.kind === 'edit' ? 'edit' : 'image', size: p.size, maxSide: p.price.maxSide ?? 1536, money: 'released' }));
  }
  if (!outcome.ok) {
    return failOpenJob(d, job, outcome.failure);
  }
  return outcome;
}

/** The price of `n` of the plan's images (a share of the hold when the price cannot be quoted for `n`). */
function imagesMicros(p: ImagePlan, n: number): number {
  const q = quoteJobPrice(p.price, { kind: 'image', n, size: p.size });
  return Math.min(p.estimateMicros, q.ok ? q.micros : Math.ceil((p.estimateMicros * n) / p.count));
}

async function callAndKeep(d: CoreDeps, p: ImagePlan, job: MoneyJob, hooks?: JobHooks): Promise<Result<ImageJobResult>> {
  const jobId = job.id;
  const base = { model: p.model, prompt: p.prompt, size: p.size, ...(p.count > 1 ? { n: p.count } : {}) };
  // One image from a model that streams: partial previews while it is made (only when someone shows them).
  const previews = p.kind === 'imagine' && p.count === 1 && hooks?.onPreview !== undefined && PARTIAL_IMAGE_MODELS.has(p.model) ? { partialImages: PARTIAL_IMAGES } : {};
  const res = await gatewayCall(hooks, { kind: 'image', model: p.model, deadlines: d.settings.callDeadlines, catalogueMs: p.price.deadlineMs }, (o) =>
    p.kind === 'edit'
      ? d.gateway.editImage(p.token.token, { ...base, images: p.refs.map((r) => ({ data: r.data, filename: r.filename, contentType: r.contentType })) }, o)
      : d.gateway.generateImage(p.token.token, { ...base, ...previews }, o),
  );
  const billed = Math.min(p.count, res.images.length);
  // What the gateway billed its token: every image it returned, at its own price, whether or not it passes our checks.
  const gatewayBilledMicros = gatewayCostMicros(d, p.model, p.price, { kind: 'image', n: billed, size: p.size });
  const unsafe = { count: 0, unreachable: 0 };
  const files = await verifiedImages(d, jobId, res.images.slice(0, p.count), unsafe);
  if (files.length < billed) await d.money.loss(job, imagesMicros(p, billed) - imagesMicros(p, files.length), true, 'invalid_result');
  if (files.length === 0) {
    if (billed > 0) await d.jobs.update(jobId, ['reserved'], { gatewayBilledMicros });
    if (unsafe.count > 0) return err(fail('result_url_refused', {}, { money: 'released', log: { stage: 'image', note: 'image URL on a private or local address' } }));
    if (unsafe.unreachable > 0) return err(fail('result_url_refused', { reason: 'unreachable' }, { money: 'released', log: { stage: 'image', note: 'image URL on a host that does not resolve' } }));
    return err(noImage(res.images.length));
  }
  let first: string | null = null;
  for (const f of files) first ??= (await d.outputs.save(jobId, f.filename, f.bytes)).path;
  await keepReferences(d, jobId, p.refs);
  const actual = imagesMicros(p, files.length);
  const now = d.clock.now();
  const kept = { chargedMicros: actual, gatewayBilledMicros, progress: 100, outputPath: first, outputExpiresAt: now + d.settings.outputRetentionMs };
  // The state first, then the money: a crash in between leaves a `delivering` job whose delivery step settles
  // (settle is idempotent), never a charge without a job that ends in a delivery or an honest message.
  await moveOn(d, jobId, p.delivery !== null, kept);
  const charged = (await d.money.settle(job, actual, { units: files.length, unit: 'image' })) ?? 0;
  d.logger.info({ jobId, model: p.model, images: files.length, chargedMicros: charged, tokenSource: p.token.source }, 'image job kept and charged');
  return ok({
    jobId,
    model: p.model,
    size: p.size,
    images: files,
    costMicros: charged,
    tokenSource: p.token.source,
    remainingMicros: await remainingFor(d, p.ids, p.token.source),
  });
}

/**
 * Keeps an edit's reference images next to its results (`ref-1.png`…, same retention and purge), so Reroll can
 * re-run the edit without the user sending them again. Trade-off: up to `maxReferenceImages` × 8 MiB more disk
 * per edit while retained. A failure to keep them is logged, never fails the (already charged) job.
 */
async function keepReferences(d: CoreDeps, jobId: string, refs: ValidImage[]): Promise<void> {
  try {
    for (const [i, r] of refs.entries()) await d.outputs.save(jobId, referenceFile(i + 1, r.type), r.data);
  } catch (e) {
    d.logger.warn({ jobId, err: e }, 'could not keep the reference images of an edit');
  }
}

function noImage(returned: number): Failure {
  return fail('gateway_down', {}, { money: 'released', log: { stage: 'image', note: `the gateway returned ${returned} result(s) and none was a valid image` } });
}

/** Decodes (or fetches) each result and keeps only real images; the rest are logged and not charged. */
async function verifiedImages(d: CoreDeps, jobId: string, images: GatewayImage[], unsafe: { count: number; unreachable: number }): Promise<ImageFile[]> {
  const out: ImageFile[] = [];
  for (const [i, img] of images.entries()) {
    let bytes: Uint8Array | undefined;
    try {
      if (img.b64) bytes = Buffer.from(img.b64, 'base64'); // a Buffer is a Uint8Array: no second copy
      else if (img.url) bytes = await d.gateway.fetchImage(img.url, d.settings.maxImageFetchBytes ?? 32 * MIB);
    } catch (e) {
      if (isGatewayFailure(e) && e.code === 'unsafe_download_url') unsafe.count += 1;
      if (isGatewayFailure(e) && e.code === 'unresolvable_host') unsafe.unreachable += 1;
      d.logger.warn({ jobId, index: i, err: e }, 'could not fetch an image result');
    }
    const s = bytes ? sniffImage(bytes) : undefined;
    if (!bytes || !s) {
      d.logger.warn({ jobId, index: i, bytes: bytes?.length ?? 0 }, 'gateway result is not an image; not charged');
      continue;
    }
    out.push({ filename: resultImageFile(jobId, out.length + 1, s.type), mime: s.mime, bytes, width: s.width, height: s.height });
  }
  return out;
}
