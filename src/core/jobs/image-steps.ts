import { basename } from 'node:path';
import type { JobHooks } from '../api/actor.js';
import type { ImageFile } from '../api/images.js';
import { err, fail, ok, type Failure, type Result } from '../failures.js';
import type { Micros } from '../money.js';
import { sniffImage } from '../media/sniff.js';
import type { ValidImage } from '../media/validate-images.js';
import { isGatewayFailure, type GatewayImage, type ImageResult } from '../ports/media-gateway.js';
import { quoteJobPrice, type ModelPrice } from '../pricing.js';
import type { CoreDeps } from '../use-cases/deps.js';
import { gatewayCall, PARTIAL_IMAGE_MODELS, PARTIAL_IMAGES } from '../use-cases/gateway-call.js';
import { gatewayCostMicros } from '../use-cases/gateway-cost.js';
import type { KeptSteps, OpenedJob, Owed } from './engine.js';
import { referenceFile, resultImageFile } from './kept-files.js';

const MIB = 1024 * 1024;

/**
 * Image models known to honour the gateway's `n` (several images from one request), with how many one request may
 * ask: OpenAI's `gpt-image-*` (up to 10) and `dall-e-2`. Every other model is sent one request per image: many
 * channels behind new-api ignore `n` or refuse it, and a model that silently returns one image for `n: 4` would be
 * held for 4 and deliver 1. Trade-off: several requests cost several gateway round trips (run side by side, bounded by
 * the gateway client's limiter) where a model might have batched them.
 */
export function gatewayBatchSize(model: string): number {
  return /^gpt-image-/.test(model) || model === 'dall-e-2' ? 10 : 1;
}

/** The `n` of each gateway call of a job of `count` images on `model` ({@link gatewayBatchSize}). */
export function gatewayCalls(model: string, count: number): number[] {
  const batch = Math.max(1, gatewayBatchSize(model));
  const out: number[] = [];
  for (let left = count; left > 0; left -= batch) out.push(Math.min(batch, left));
  return out;
}

/** An `imagine` or `edit` job as planned: what its steps send and how its images are priced. */
export interface ImagePlan {
  kind: 'imagine' | 'edit';
  prompt: string;
  model: string;
  token: string;
  price: ModelPrice;
  size: string;
  count: number;
  /** The options sent (`quality`, `background`, `format`; absent: not sent), already checked against the model. */
  options: { quality?: string; background?: string; format?: string };
  /** What the job holds: the price of `count` images as sent. */
  estimateMicros: Micros;
  /** An edit's reference images (none for `imagine`). */
  refs: ValidImage[];
  /** Progress told to the member while the gateway works (waiting line, elapsed time, partial previews). */
  hooks?: JobHooks | undefined;
}

/** The images that verified, and what they owe. */
export interface CheckedImages extends Owed {
  images: ImageFile[];
}

/**
 * The inline steps of an image job: `submit` calls the gateway (generate, or edit with the reference images); `check`
 * decodes (or fetches) every returned image and keeps only real ones — what the gateway billed for the rest is recorded
 * as a gateway loss, and none at all is a failure (hold released); `keep` writes the images (and an edit's reference
 * images, for Reroll). What is owed is the price of the images that verified ({@link imagesMicros}).
 */
export function imageSteps(d: CoreDeps, p: ImagePlan, thrown: (e: unknown) => Failure): KeptSteps<ImageResult, CheckedImages> {
  return {
    submit: async (job) => {
      const calls = gatewayCalls(p.model, p.count);
      const o = p.options;
      const run = (n: number, first: boolean) => {
        const base = {
          model: p.model, prompt: p.prompt, size: p.size, ...(n > 1 ? { n } : {}),
          ...(o.quality ? { quality: o.quality } : {}), ...(o.background ? { background: o.background } : {}), ...(o.format ? { outputFormat: o.format } : {}),
        };
        // One image from a model that streams: partial previews while it is made (only when someone shows them).
        const previews = p.kind === 'imagine' && p.count === 1 && p.hooks?.onPreview !== undefined && PARTIAL_IMAGE_MODELS.has(p.model) ? { partialImages: PARTIAL_IMAGES } : {};
        // Progress is told once: the first call's waiting line and elapsed time stand for the job's.
        return gatewayCall(first ? p.hooks : undefined, { kind: 'image', model: p.model, deadlines: d.settings.callDeadlines, catalogueMs: p.price.deadlineMs }, (call) =>
          p.kind === 'edit'
            ? d.gateway.editImage(p.token, { ...base, images: p.refs.map((r) => ({ data: r.data, filename: r.filename, contentType: r.contentType })) }, call)
            : d.gateway.generateImage(p.token, { ...base, ...previews }, call),
        );
      };
      if (calls.length === 1) return run(calls[0]!, true);
      // Several calls of one job run side by side; the gateway client's limiter bounds how many reach the gateway.
      const settled = await Promise.allSettled(calls.map((n, i) => run(n, i === 0)));
      const images = settled.flatMap((s) => (s.status === 'fulfilled' ? s.value.images : []));
      const errors = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : []));
      // A refusal that may carry a fee is what the member must read (and the fee is recorded), whichever call got it.
      const fee = errors.find((e) => isGatewayFailure(e) && thrown(e).code === 'content_refused_fee');
      if (images.length === 0 && errors.length > 0) throw fee ?? errors[0];
      if (errors.length > 0) {
        d.logger.warn({ model: p.model, calls: calls.length, failed: errors.length, err: errors[0] }, 'some image calls of a job failed; the images made are delivered and charged');
        if (fee !== undefined) {
          const f = thrown(fee);
          if (f.code === 'content_refused_fee') await d.money.possibleFee(job, f.details.code);
        }
      }
      return { images };
    },
    check: (job, res) => checkImages(d, p, job, res),
    keep: async (job, c) => {
      let first: string | null = null;
      const files: { filename: string; bytes: number }[] = [];
      for (const f of c.images) {
        // Every image is kept (V2, U3 and /job read them), not only the first.
        const saved = await d.outputs.save(job.id, f.filename, f.bytes);
        first ??= saved.path;
        files.push({ filename: basename(saved.path), bytes: saved.bytes });
      }
      await keepReferences(d, job.id, p.refs, files);
      return { path: first, files };
    },
    thrown,
  };
}

async function checkImages(d: CoreDeps, p: ImagePlan, job: OpenedJob, res: ImageResult): Promise<Result<CheckedImages>> {
  const billed = Math.min(p.count, res.images.length);
  // What the gateway billed its token: every image it returned, at its own price, whether or not it passes our checks.
  const gatewayBilledMicros = gatewayCostMicros(d, p.model, p.price, { kind: 'image', n: billed, size: p.size, ...p.options });
  const unsafe = { count: 0, unreachable: 0 };
  const images = await verifiedImages(d, job.id, res.images.slice(0, p.count), unsafe);
  if (images.length < billed) await d.money.loss(job, imagesMicros(p, billed) - imagesMicros(p, images.length), true, 'invalid_result');
  if (images.length === 0) {
    if (billed > 0) await d.jobs.update(job.id, ['reserved'], { gatewayBilledMicros });
    if (unsafe.count > 0) return err(fail('result_url_refused', {}, { money: 'released', log: { stage: 'image', note: 'image URL on a private or local address' } }));
    if (unsafe.unreachable > 0) return err(fail('result_url_refused', { reason: 'unreachable' }, { money: 'released', log: { stage: 'image', note: 'image URL on a host that does not resolve' } }));
    return err(fail('gateway_down', {}, { money: 'released', log: { stage: 'image', note: `the gateway returned ${res.images.length} result(s) and none was a valid image` } }));
  }
  return ok({ images, owedMicros: imagesMicros(p, images.length), units: images.length, gatewayBilledMicros });
}

/** The price of `n` of the plan's images (a share of the hold when the price cannot be quoted for `n`). */
function imagesMicros(p: ImagePlan, n: number): Micros {
  const q = quoteJobPrice(p.price, { kind: 'image', n, size: p.size, ...p.options });
  return Math.min(p.estimateMicros, q.ok ? q.micros : Math.ceil((p.estimateMicros * n) / p.count));
}

/**
 * Keeps an edit's reference images next to its results (`ref-1.png`…, same retention and purge; each one written is
 * added to `files`), so Reroll can re-run the edit without the user sending them again. Trade-off: up to
 * `maxReferenceImages` × 8 MiB more disk per edit while retained. A failure to keep them is logged, never fails the job.
 */
async function keepReferences(d: CoreDeps, jobId: string, refs: ValidImage[], files: { filename: string; bytes: number }[]): Promise<void> {
  try {
    for (const [i, r] of refs.entries()) {
      const saved = await d.outputs.save(jobId, referenceFile(i + 1, r.type), r.data);
      files.push({ filename: basename(saved.path), bytes: saved.bytes });
    }
  } catch (e) {
    d.logger.warn({ jobId, err: e }, 'could not keep the reference images of an edit');
  }
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
