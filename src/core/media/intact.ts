import { crc32, createInflate, inflateSync } from 'node:zlib';
import type { SniffedImage } from './sniff.js';

/**
 * Whether an image's bytes hold a whole image, not just a valid header: {@link sniffImage} reads headers only, so a
 * truncated upload or a PNG whose pixel data is a token would pass it and reach the gateway, which bills the edit
 * before it fails. Cheap structural decoding, no pixels kept:
 * - PNG: every chunk within the file with a matching CRC, `IHDR` first, `IDAT`s, `IEND` last; the pixel data inflates
 *   (streamed, counted, discarded) to exactly the size `IHDR` implies (Adam7 interlacing included);
 * - JPEG: SOI, well-formed marker segments, a frame header (SOF) with the sniffed dimensions (either way round) and
 *   1–4 components, a
 *   scan (SOS) with entropy-coded data, and EOI;
 * - WebP: the RIFF size matches the file, chunks lie within it, and an image chunk (`VP8 `, `VP8L`, `ALPH`+`VP8 ` or
 *   animation frames) is present with its own signature;
 * - GIF: the block structure walks to the trailer (`;`) with at least one image descriptor.
 * Memory: O(64 KiB) for the PNG inflate whatever the image's size, or at most {@link SYNC_INFLATE_BYTES} for a small
 * PNG, inflated in one synchronous call (a stream costs a few ms of thread-pool round trips per check, ~7 ms for a
 * 5 KiB image on a loaded machine, where the synchronous call takes microseconds; large images still stream so the
 * event loop is never held by a big one).
 */
export async function imageIntact(bytes: Uint8Array, s: Pick<SniffedImage, 'type' | 'width' | 'height'>): Promise<boolean> {
  try {
    switch (s.type) {
      case 'png':
        return await pngIntact(bytes);
      case 'jpeg':
        return jpegIntact(bytes, s.width, s.height);
      case 'webp':
        return webpIntact(bytes);
      case 'gif':
        return gifIntact(bytes);
    }
  } catch {
    return false;
  }
}

function u32be(b: Uint8Array, i: number): number {
  return ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
}

function u32le(b: Uint8Array, i: number): number {
  return b[i]! + (b[i + 1]! << 8) + (b[i + 2]! << 16) + ((b[i + 3]! << 24) >>> 0);
}

function tag(b: Uint8Array, i: number): string {
  return String.fromCharCode(b[i]!, b[i + 1]!, b[i + 2]!, b[i + 3]!);
}

const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const ADAM7: [number, number, number, number][] = [
  [0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2],
];

/** Bytes of filtered scanlines for a `w`×`h` image at `bpp` bits per pixel (a filter byte per row). */
function scanlineBytes(w: number, h: number, bpp: number): number {
  return w === 0 || h === 0 ? 0 : h * (1 + Math.ceil((w * bpp) / 8));
}

async function pngIntact(b: Uint8Array): Promise<boolean> {
  let i = 8;
  const idat: Uint8Array[] = [];
  let expected = -1;
  let first = true;
  for (;;) {
    if (i + 12 > b.length) return false;
    const len = u32be(b, i);
    const type = tag(b, i + 4);
    const end = i + 12 + len;
    if (end > b.length) return false;
    if (crc32(b.subarray(i + 4, i + 8 + len)) !== u32be(b, i + 8 + len)) return false;
    if (first) {
      if (type !== 'IHDR' || len !== 13) return false;
      const w = u32be(b, i + 8);
      const h = u32be(b, i + 12);
      const depth = b[i + 16]!;
      const channels = PNG_CHANNELS[b[i + 17]!];
      const interlace = b[i + 20]!;
      if (!channels || ![1, 2, 4, 8, 16].includes(depth) || interlace > 1) return false;
      const bpp = depth * channels;
      expected =
        interlace === 0
          ? scanlineBytes(w, h, bpp)
          : ADAM7.reduce((sum, [x0, y0, dx, dy]) => sum + scanlineBytes(Math.ceil((w - x0) / dx), Math.ceil((h - y0) / dy), bpp), 0);
      first = false;
    } else if (type === 'IDAT') idat.push(b.subarray(i + 8, i + 8 + len));
    else if (type === 'IEND') break;
    i = end;
  }
  if (idat.length === 0 || expected <= 0) return false;
  return (expected <= SYNC_INFLATE_BYTES ? inflatedLengthSync(idat, expected) : await inflatedLength(idat, expected)) === expected;
}

/** Filtered pixel data up to this size (1 MiB, e.g. 512×512 RGBA) is inflated synchronously; above it, streamed. */
export const SYNC_INFLATE_BYTES = 1 << 20;

/** {@link inflatedLength} in one synchronous call for small data: the length, `limit + 1` or more past it, -1 when broken. */
function inflatedLengthSync(parts: readonly Uint8Array[], limit: number): number {
  try {
    return inflateSync(parts.length === 1 ? parts[0]! : Buffer.concat(parts), { maxOutputLength: limit + 1 }).length;
  } catch (e) {
    return e instanceof RangeError ? limit + 1 : -1;
  }
}

/** How many bytes `parts` (one zlib stream) inflate to, counting without keeping them; stops past `limit`. */
function inflatedLength(parts: readonly Uint8Array[], limit: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflate();
    let n = 0;
    inflate.on('data', (c: Buffer) => {
      n += c.length;
      if (n > limit) {
        inflate.destroy();
        resolve(n);
      }
    });
    inflate.on('error', () => resolve(-1));
    inflate.on('end', () => resolve(n));
    for (const p of parts) inflate.write(p);
    inflate.end();
  });
}

function jpegIntact(b: Uint8Array, width: number, height: number): boolean {
  if (b[0] !== 0xff || b[1] !== 0xd8) return false;
  let i = 2;
  let frame = false;
  for (;;) {
    while (i < b.length && b[i] === 0xff && b[i + 1] === 0xff) i++; // fill bytes
    if (i + 2 > b.length || b[i] !== 0xff) return false;
    const marker = b[i + 1]!;
    if (marker === 0xd9) return false; // EOI before any scan
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (i + 4 > b.length) return false;
    const len = (b[i + 2]! << 8) + b[i + 3]!;
    if (len < 2 || i + 2 + len > b.length) return false;
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      const h = (b[i + 5]! << 8) + b[i + 6]!;
      const w = (b[i + 7]! << 8) + b[i + 8]!;
      const comps = b[i + 9]!;
      const sized = h === 0 || (w === width && h === height) || (w === height && h === width);
      if (len !== 8 + 3 * comps || comps < 1 || comps > 4 || w === 0 || !sized) return false;
      frame = true;
    }
    if (marker === 0xda) {
      if (!frame) return false;
      return scanEndsWell(b, i + 2 + len);
    }
    i += 2 + len;
  }
}

/** From the start of entropy-coded data: some data, then (past restarts and further scans) an EOI. */
function scanEndsWell(b: Uint8Array, start: number): boolean {
  let data = 0;
  for (let i = start; i + 1 < b.length; i++) {
    if (b[i] !== 0xff) {
      data++;
      continue;
    }
    const next = b[i + 1]!;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) {
      data++;
      i += next === 0xff ? 0 : 1;
      continue;
    }
    if (next === 0xd9) return data > 0;
    // Another segment between scans (DHT, DQT, DRI, SOS of a progressive JPEG…): skip it.
    if (i + 4 > b.length) return false;
    const len = (b[i + 2]! << 8) + b[i + 3]!;
    if (len < 2 || i + 2 + len > b.length) return false;
    i += 1 + len;
  }
  return false;
}

function webpIntact(b: Uint8Array): boolean {
  const riff = u32le(b, 4);
  if (riff + 8 !== b.length && riff + 9 !== b.length) return false; // an odd RIFF size may be padded
  let i = 12;
  let image = false;
  while (i + 8 <= b.length) {
    const type = tag(b, i);
    const len = u32le(b, i + 4);
    const end = i + 8 + len + (len & 1);
    if (i + 8 + len > b.length) return false;
    if (type === 'VP8 ') {
      if (len < 10 || b[i + 11] !== 0x9d || b[i + 12] !== 0x01 || b[i + 13] !== 0x2a) return false;
      image = true;
    } else if (type === 'VP8L') {
      if (len < 5 || b[i + 8] !== 0x2f) return false;
      image = true;
    } else if (type === 'ANMF') image = true;
    i = end;
  }
  return image && i >= b.length - 1;
}

function gifIntact(b: Uint8Array): boolean {
  let i = 13;
  if (b[10]! & 0x80) i += 3 * 2 ** ((b[10]! & 0x07) + 1);
  let frames = 0;
  const subBlocks = (): boolean => {
    while (i < b.length) {
      const n = b[i]!;
      i += 1 + n;
      if (n === 0) return i <= b.length;
    }
    return false;
  };
  while (i < b.length) {
    const block = b[i]!;
    if (block === 0x3b) return frames > 0;
    if (block === 0x21) {
      i += 2;
      if (!subBlocks()) return false;
    } else if (block === 0x2c) {
      frames++;
      const packed = b[i + 9] ?? 0;
      i += 10;
      if (packed & 0x80) i += 3 * 2 ** ((packed & 0x07) + 1);
      i += 1;
      if (!subBlocks()) return false;
    } else return false;
  }
  return false;
}
