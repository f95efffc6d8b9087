import { imageSize } from 'image-size';

/** The still-image formats the gateway accepts as references. */
export type ImageType = 'png' | 'jpeg' | 'webp' | 'gif';

/** What the bytes are, read from their content (never from a file name). */
export interface SniffedImage {
  type: ImageType;
  mime: string;
  width: number;
  height: number;
  /** True for a GIF with more than one frame, an APNG with more than one frame, or an animated WebP. */
  animated?: boolean;
}

const MIME: Record<ImageType, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };
const PNG_SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function ascii(b: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...b.subarray(start, Math.min(end, b.length)));
}

function u32be(b: Uint8Array, i: number): number {
  return ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
}

/** The format by magic bytes only. */
function magic(b: Uint8Array): ImageType | undefined {
  if (b.length >= 24 && PNG_SIG.every((v, i) => b[i] === v)) return 'png';
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 10 && /^GIF8[79]a$/.test(ascii(b, 0, 6))) return 'gif';
  if (b.length >= 16 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

/** Counts GIF image descriptors by walking the block structure; stops at `stopAt`. */
export function gifFrameCount(b: Uint8Array, stopAt = 2): number {
  let i = 13;
  if (b[10]! & 0x80) i += 3 * 2 ** ((b[10]! & 0x07) + 1);
  let frames = 0;
  const skipSubBlocks = (): boolean => {
    while (i < b.length) {
      const n = b[i]!;
      i += 1 + n;
      if (n === 0) return true;
    }
    return false;
  };
  while (i < b.length) {
    const block = b[i]!;
    if (block === 0x3b) break;
    if (block === 0x21) {
      i += 2;
      if (!skipSubBlocks()) break;
    } else if (block === 0x2c) {
      frames++;
      if (frames >= stopAt) break;
      const packed = b[i + 9] ?? 0;
      i += 10;
      if (packed & 0x80) i += 3 * 2 ** ((packed & 0x07) + 1);
      i += 1; // LZW minimum code size
      if (!skipSubBlocks()) break;
    } else {
      break;
    }
  }
  return frames;
}

/** APNG: an `acTL` chunk (before `IDAT`) announcing more than one frame. */
function pngAnimated(b: Uint8Array): boolean {
  let i = 8;
  while (i + 8 <= b.length) {
    const len = u32be(b, i);
    const type = ascii(b, i + 4, i + 8);
    if (type === 'acTL') return i + 12 <= b.length && u32be(b, i + 8) > 1;
    if (type === 'IDAT' || type === 'IEND') return false;
    i += 12 + len;
  }
  return false;
}

/** WebP: the animation flag of a `VP8X` header. */
function webpAnimated(b: Uint8Array): boolean {
  return ascii(b, 12, 16) === 'VP8X' && b.length > 20 && (b[20]! & 0x02) !== 0;
}

/**
 * Identifies a PNG, JPEG, WebP or GIF from its bytes and reads its dimensions (with `image-size`); also tells
 * whether it is animated. Anything else (PDF, text renamed `.png`, zero bytes, a header too damaged to give
 * dimensions) is `undefined`. Only headers are read: a truncated file with a valid header still sniffs.
 */
export function sniffImage(bytes: Uint8Array): SniffedImage | undefined {
  const type = magic(bytes);
  if (!type) return undefined;
  let width: number;
  let height: number;
  try {
    const size = imageSize(bytes);
    width = size.width;
    height = size.height;
  } catch {
    return undefined;
  }
  if (!(width > 0 && height > 0)) return undefined;
  const animated = type === 'gif' ? gifFrameCount(bytes) > 1 : type === 'png' ? pngAnimated(bytes) : type === 'webp' ? webpAnimated(bytes) : false;
  return { type, mime: MIME[type], width, height, ...(animated ? { animated: true } : {}) };
}

/**
 * A short name for what non-image (or unusable) bytes look like, for messages: "pdf", "animated gif",
 * "bmp", "text"… or undefined when unknown.
 */
export function describeContent(bytes: Uint8Array): string | undefined {
  if (bytes.length === 0) return undefined;
  const s = sniffImage(bytes);
  if (s?.animated) return `animated ${s.type === 'png' ? 'png' : s.type}`;
  if (s) return s.type;
  const head = ascii(bytes, 0, 16);
  if (head.startsWith('%PDF')) return 'pdf';
  if (head.startsWith('PK\x03\x04')) return 'zip';
  if (ascii(bytes, 4, 8) === 'ftyp') return /ftyp(heic|heix|mif1|avif)/.test(ascii(bytes, 4, 12)) ? 'heic or avif' : 'video';
  try {
    const other = imageSize(bytes).type;
    if (other) return other;
  } catch {
    // not an image format image-size knows
  }
  const sample = bytes.subarray(0, 512);
  let printable = 0;
  for (const c of sample) if (c === 9 || c === 10 || c === 13 || (c >= 32 && c < 127) || c >= 128) printable++;
  return printable / sample.length > 0.95 ? 'text' : undefined;
}
