import { deflate } from 'node:zlib';
import { promisify } from 'node:util';

const deflateAsync = promisify(deflate);

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 (ISO-HDLC, as PNG chunks use it). */
export function crc32(...parts: Buffer[]): number {
  let c = 0xffffffff;
  for (const p of parts) for (let i = 0; i < p.length; i++) c = CRC_TABLE[(c ^ p[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** One PNG chunk: length, type, data and CRC (also used by tests to build odd PNGs). */
export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(head.subarray(4), data), 0);
  return Buffer.concat([head, data, crc]);
}

/** PNG file signature. */
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const BANDS = 8;

/** A 24-bit colour. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** A colour derived from `text` (FNV-1a), so the same prompt always paints the same picture. */
export function colourFor(text: string): Rgb {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return { r: h & 0xff, g: (h >>> 8) & 0xff, b: (h >>> 16) & 0xff };
}

function bandRow(width: number, band: number, c: Rgb): Buffer {
  const row = Buffer.allocUnsafe(width * 3);
  for (let x = 0; x < width; x++) {
    const t = (x * 160) / width;
    row[x * 3] = (c.r + t) & 0xff;
    row[x * 3 + 1] = (c.g + band * 24) & 0xff;
    row[x * 3 + 2] = (c.b + 160 - t) & 0xff;
  }
  return row;
}

/**
 * Encodes a real RGB PNG of `width`×`height`: a horizontal gradient in {@link BANDS} horizontal bands.
 * Every row after the first uses the PNG "Up" filter, so the raw data is almost all zeros and deflate
 * (level 1, on the libuv pool) stays fast even at 4096×4096. The raw buffer is still allocated whole
 * (height × (1 + 3·width) bytes, 48 MiB at 4096²): the trade-off for simplicity.
 */
export async function encodePng(width: number, height: number, colour: Rgb): Promise<Buffer> {
  const stride = 1 + width * 3;
  const raw = Buffer.alloc(stride * height);
  let prev = bandRow(width, 0, colour);
  prev.copy(raw, 1);
  let prevBand = 0;
  for (let y = 1; y < height; y++) {
    const off = y * stride;
    raw[off] = 2;
    const band = Math.floor((y * BANDS) / height);
    if (band !== prevBand) {
      const cur = bandRow(width, band, colour);
      for (let i = 0; i < cur.length; i++) raw[off + 1 + i] = (cur[i]! - prev[i]!) & 0xff;
      prev = cur;
      prevBand = band;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  const idat = await deflateAsync(raw, { level: 1 });
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]);
}

/** Width and height from a PNG's IHDR, or undefined when `buf` is not a PNG. */
export function pngSize(buf: Buffer): { width: number; height: number } | undefined {
  if (buf.length < 24 || !buf.subarray(0, 8).equals(PNG_SIGNATURE) || buf.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

/** The image format of `buf` by magic bytes (PNG, JPEG, WEBP), or undefined. */
export function sniffImage(buf: Buffer): 'png' | 'jpeg' | 'webp' | undefined {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

/**
 * Encoded PNGs by size and colour (least recently used evicted past `max` entries), because benchmarks ask
 * for the same few pictures hundreds of times a second.
 */
export class PngCache {
  private readonly map = new Map<string, Promise<Buffer>>();
  constructor(private readonly max = 32) {}

  get(width: number, height: number, colour: Rgb): Promise<Buffer> {
    const key = `${width}x${height}:${colour.r},${colour.g},${colour.b}`;
    const hit = this.map.get(key);
    if (hit) {
      this.map.delete(key);
      this.map.set(key, hit);
      return hit;
    }
    const p = encodePng(width, height, colour);
    this.map.set(key, p);
    p.catch(() => this.map.delete(key));
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
    return p;
  }
}
