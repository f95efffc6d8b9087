import { fail, ok, err, type Result } from '../failures.js';
import type { BinaryInput } from '../ports/media-gateway.js';
import { imageIntact } from './intact.js';
import { describeContent, sniffImage, type ImageType } from './sniff.js';

/** A reference image as an adapter received it. `declaredType` (the platform's MIME claim) is never trusted. */
export interface IncomingFile {
  name: string;
  bytes: Uint8Array;
  declaredType?: string;
}

/** Limits for one request's reference images. */
export interface ReferenceImageLimits {
  maxImages: number;
  maxBytes: number;
  /** Default 0; use 1 for an edit. */
  minImages?: number;
  /** Default 40,000,000 (a 20000x20000 header is refused before any decoder sees it). */
  maxPixels?: number;
  /** Default false: the gateway takes still images only. */
  allowAnimated?: boolean;
}

/** A checked image, ready for the gateway (`data`/`filename`/`contentType` make it a {@link BinaryInput}). */
export interface ValidImage extends BinaryInput {
  /** The name the user gave (for messages). */
  name: string;
  type: ImageType;
  width: number;
  height: number;
}

/** Default pixel ceiling: 40 megapixels. */
export const DEFAULT_MAX_PIXELS = 40_000_000;

const EXT: Record<ImageType, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', gif: 'gif' };

/** The user's name with the extension that matches the real content, reduced to safe characters. */
function gatewayFilename(name: string, type: ImageType, index: number): string {
  const base = name.replace(/\.[A-Za-z0-9]{1,5}$/, '').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').slice(0, 60);
  return `${base || `image-${index + 1}`}.${EXT[type]}`;
}

/**
 * Checks the reference images of one request. Order: count first (missing / too many), then per file in order:
 * empty → too large → not an image (by content: a PDF named `.png` is refused; animated GIF/APNG/WebP refused
 * unless `allowAnimated`; any GIF refused, image models do not take it) → too many pixels → damaged (a truncated
 * upload, a header without its pixel data: {@link imageIntact}; `attachment_not_image` with `detected: 'damaged'`,
 * refused free before the gateway bills an edit). Returns the first failure, or every image with its sniffed type.
 */
export async function validateReferenceImages(files: readonly IncomingFile[], limits: ReferenceImageLimits): Promise<Result<ValidImage[]>> {
  const minImages = limits.minImages ?? 0;
  const maxPixels = limits.maxPixels ?? DEFAULT_MAX_PIXELS;
  if (files.length < minImages) return err(fail('attachment_missing'));
  if (files.length > limits.maxImages) return err(fail('attachment_too_many', { max: limits.maxImages, got: files.length }));
  const out: ValidImage[] = [];
  for (const [i, f] of files.entries()) {
    if (f.bytes.length === 0) return err(fail('attachment_empty', { name: f.name }));
    if (f.bytes.length > limits.maxBytes) {
      return err(fail('attachment_too_large', { maxBytes: limits.maxBytes, gotBytes: f.bytes.length, name: f.name }));
    }
    const s = sniffImage(f.bytes);
    if (!s) {
      const detected = describeContent(f.bytes);
      return err(fail('attachment_not_image', detected ? { name: f.name, detected } : { name: f.name }));
    }
    if (s.animated && !limits.allowAnimated) {
      return err(fail('attachment_not_image', { name: f.name, detected: `animated ${s.type}` }));
    }
    // Image models' edit and reference inputs take PNG, JPEG and WebP (OpenAI-compatible edits refuse GIF), so a
    // GIF, even a single frame, is refused here, free, rather than billed and refused by the gateway (a caller that
    // allows animations, for an input that takes them, gets GIFs too).
    if (s.type === 'gif' && !limits.allowAnimated) return err(fail('attachment_not_image', { name: f.name, detected: 'gif' }));
    if (s.width * s.height > maxPixels) {
      return err(fail('attachment_too_many_pixels', { width: s.width, height: s.height, maxPixels }));
    }
    if (!(await imageIntact(f.bytes, s))) return err(fail('attachment_not_image', { name: f.name, detected: 'damaged' }));
    out.push({ name: f.name, data: f.bytes, filename: gatewayFilename(f.name, s.type, i), contentType: s.mime, type: s.type, width: s.width, height: s.height });
  }
  return ok(out);
}
