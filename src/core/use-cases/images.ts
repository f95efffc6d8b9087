import type { DeliveryAddress, EditRequest, ImageFile, ImageJobResult, ImagineRequest, JobHooks } from '../api.js';
import { err, fail, ok, withMoney, type Failure, type Result } from '../failures.js';
import { newJobId } from '../ids.js';
import { validateCount } from '../media/inputs.js';
import { resolveSize } from '../media/sizes.js';
import { sniffImage } from '../media/sniff.js';
import { validateReferenceImages, type ValidImage } from '../media/validate-images.js';
import { isGatewayFailure, type GatewayImage } from '../ports/media-gateway.js';
import { quoteJobPrice } from '../pricing.js';
import { gatewayFailure, remainingFor, withFairUse } from './context.js';
import { jobBasics, openJob, type JobBasics } from './job-start.js';
import type { CoreDeps } from './deps.js';

const MIB = 1024 * 1024;
const EXT: Record<string, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', gif: 'gif' };

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
  return withFairUse(d, req, hooks, () => execute(d, planned.value));
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
    const v = validateReferenceImages(images, { minImages: 1, maxImages: price.maxReferenceImages ?? 3, maxBytes: price.maxReferenceBytes ?? 8 * MIB });
    if (!v.ok) return v;
    refs = v.value;
  }
  const quote = quoteJobPrice(price, { kind: 'image', n: count.value, size: size.value });
  if (!quote.ok) return err(fail('model_unpriced', { model: basics.value.model }, { log: { stage: 'image', note: `price expression refused: ${quote.reason}` } }));
  const p: ImagePlan = { ...basics.value, kind, size: size.value, count: count.value, estimateMicros: quote.micros, refs, delivery: req.delivery ?? null };
  if (req.aspect && !req.size) p.aspect = req.aspect;
  return ok(p);
}

async function execute(d: CoreDeps, p: ImagePlan): Promise<Result<ImageJobResult>> {
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
  const hold = opened.value;
  let outcome: Result<ImageJobResult>;
  try {
    outcome = await callAndKeep(d, p, jobId, hold.holdId);
  } catch (e) {
    outcome = err(gatewayFailure(d, e, { model: p.model, tokenSource: p.token.source, stage: p.kind === 'edit' ? 'edit' : 'image', size: p.size, maxSide: p.price.maxSide ?? 1536, money: 'released' }));
  }
  if (!outcome.ok) {
    d.leases.stop(jobId);
    await d.store.budgets.release(hold.holdId, outcome.failure.code);
    await d.jobs.transition(jobId, ['reserved'], 'failed', { errorCode: outcome.failure.code, finishedAt: d.clock.now() });
    return err(withMoney(outcome.failure, 'released', jobId));
  }
  return outcome;
}

/** The price of `n` of the plan's images (a share of the hold when the price cannot be quoted for `n`). */
function imagesMicros(p: ImagePlan, n: number): number {
  const q = quoteJobPrice(p.price, { kind: 'image', n, size: p.size });
  return Math.min(p.estimateMicros, q.ok ? q.micros : Math.ceil((p.estimateMicros * n) / p.count));
}

async function callAndKeep(d: CoreDeps, p: ImagePlan, jobId: string, holdId: string): Promise<Result<ImageJobResult>> {
  const base = { model: p.model, prompt: p.prompt, size: p.size, ...(p.count > 1 ? { n: p.count } : {}) };
  const res =
    p.kind === 'edit'
      ? await d.gateway.editImage(p.token.token, { ...base, images: p.refs.map((r) => ({ data: r.data, filename: r.filename, contentType: r.contentType })) })
      : await d.gateway.generateImage(p.token.token, base);
  const billed = Math.min(p.count, res.images.length);
  const unsafe = { count: 0 };
  const files = await verifiedImages(d, jobId, res.images.slice(0, p.count), unsafe);
  if (files.length < billed) await recordLoss(d, p, jobId, imagesMicros(p, billed) - imagesMicros(p, files.length), 'invalid_result');
  if (files.length === 0) {
    return err(unsafe.count > 0 ? fail('result_url_refused', {}, { money: 'released', log: { stage: 'image', note: 'image URL on a private or local address' } }) : noImage(res.images.length));
  }
  for (const f of files) await d.outputs.save(jobId, f.filename, f.bytes);
  await keepReferences(d, jobId, p.refs);
  const actual = imagesMicros(p, files.length);
  const now = d.clock.now();
  const saved = (await d.outputs.list(jobId)).filter((f) => !isReferenceFile(f.filename));
  const kept = { chargedMicros: actual, progress: 100, outputPath: saved[0]?.path ?? null, outputExpiresAt: now + d.settings.outputRetentionMs };
  // The state first, then the money: a crash in between leaves a `delivering` job whose delivery step settles
  // (settle is idempotent), never a charge without a job that ends in a delivery or an honest message.
  await moveOn(d, jobId, p.delivery !== null, kept);
  const settled = await d.store.budgets.settle(holdId, actual, { units: files.length, unit: 'image' });
  const charged = settled.ok ? settled.chargedMicros : 0;
  if (!settled.ok) d.logger.error({ jobId, holdId, reason: settled.reason }, 'settle failed after a successful image job');
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
 * Moves a job whose result is kept on: with a delivery address to `delivering` (due at once for the poller's
 * delivery step, but leased to this process, which keeps renewing until the surface reports back with
 * `recordDelivery` or `handOver`); without one (operator CLI, direct calls) to `succeeded`.
 */
export async function moveOn(d: CoreDeps, jobId: string, hasAddress: boolean, patch: { chargedMicros: number; progress: number; outputPath: string | null; outputExpiresAt: number }): Promise<void> {
  const now = d.clock.now();
  if (hasAddress) {
    await d.jobs.transition(jobId, ['reserved'], 'delivering', { ...patch, nextPollAt: now, attempts: 0 });
    return;
  }
  d.leases.stop(jobId);
  await d.jobs.transition(jobId, ['reserved'], 'succeeded', { ...patch, finishedAt: now });
}

/** Records what the gateway billed for this job that the member is not charged for (never throws). */
async function recordLoss(d: CoreDeps, p: ImagePlan, jobId: string, amountMicros: number, reason: string): Promise<void> {
  if (amountMicros <= 0) return;
  await d.store.budgets
    .recordGatewayLoss({ jobId, scopeId: p.ids.scopeId, userId: p.ids.userId, tokenSource: p.token.source, amountMicros, certain: true, reason })
    .catch((e: unknown) => d.logger.error({ jobId, err: e }, 'could not record a gateway loss'));
}

/** Kept reference images are named `ref-<n>.<ext>`; result files are `<jobId>-<n>.<ext>`, so the two never clash. */
export function isReferenceFile(filename: string): boolean {
  return /^ref-\d+\./.test(filename);
}

/**
 * Keeps an edit's reference images next to its results (`ref-1.png`…, same retention and purge), so Reroll can
 * re-run the edit without the user sending them again. Trade-off: up to `maxReferenceImages` × 8 MiB more disk
 * per edit while retained. A failure to keep them is logged, never fails the (already charged) job.
 */
async function keepReferences(d: CoreDeps, jobId: string, refs: ValidImage[]): Promise<void> {
  try {
    for (const [i, r] of refs.entries()) await d.outputs.save(jobId, `ref-${i + 1}.${EXT[r.type] ?? 'png'}`, r.data);
  } catch (e) {
    d.logger.warn({ jobId, err: e }, 'could not keep the reference images of an edit');
  }
}

function noImage(returned: number): Failure {
  return fail('gateway_down', {}, { money: 'released', log: { stage: 'image', note: `the gateway returned ${returned} result(s) and none was a valid image` } });
}

/** Decodes (or fetches) each result and keeps only real images; the rest are logged and not charged. */
async function verifiedImages(d: CoreDeps, jobId: string, images: GatewayImage[], unsafe: { count: number }): Promise<ImageFile[]> {
  const out: ImageFile[] = [];
  for (const [i, img] of images.entries()) {
    let bytes: Uint8Array | undefined;
    try {
      if (img.b64) bytes = Buffer.from(img.b64, 'base64'); // a Buffer is a Uint8Array: no second copy
      else if (img.url) bytes = await d.gateway.fetchImage(img.url, d.settings.maxImageFetchBytes ?? 32 * MIB);
    } catch (e) {
      if (isGatewayFailure(e) && e.code === 'unsafe_download_url') unsafe.count += 1;
      d.logger.warn({ jobId, index: i, err: e }, 'could not fetch an image result');
    }
    const s = bytes ? sniffImage(bytes) : undefined;
    if (!bytes || !s) {
      d.logger.warn({ jobId, index: i, bytes: bytes?.length ?? 0 }, 'gateway result is not an image; not charged');
      continue;
    }
    out.push({ filename: `${jobId}-${out.length + 1}.${EXT[s.type] ?? 'png'}`, mime: s.mime, bytes, width: s.width, height: s.height });
  }
  return out;
}
