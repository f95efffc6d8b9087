import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { validateReferenceImages, type IncomingFile } from '../../src/core/media/validate-images.js';
import { pngChunk as chunk } from '../../src/simulator/png.js';
import { describeContent, gifFrameCount, sniffImage } from '../../src/core/media/sniff.js';

// ---- minimal real image bytes -------------------------------------------------------------
const PNG_SIG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
function ihdr(w: number, h: number): Buffer {
  const d = Buffer.alloc(13);
  d.writeUInt32BE(w, 0);
  d.writeUInt32BE(h, 4);
  d[8] = 8; // bit depth
  d[9] = 2; // RGB
  return chunk('IHDR', d);
}
/** A valid 1x1 RGB PNG (optionally an APNG announcing `frames` frames). */
function png(frames = 0): Buffer {
  const parts = [PNG_SIG, ihdr(1, 1)];
  if (frames) {
    const actl = Buffer.alloc(8);
    actl.writeUInt32BE(frames, 0);
    parts.push(chunk('acTL', actl));
  }
  parts.push(chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))), chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}
/** Only the signature and IHDR of a huge PNG: what a decompression bomb looks like at the door. */
function pngHeaderOnly(w: number, h: number): Buffer {
  return Buffer.concat([PNG_SIG, ihdr(w, h)]);
}
/** SOI, APP0 (JFIF), SOF0 for w x h, a scan (SOS and a few bytes of entropy-coded data), EOI. */
function jpeg(w: number, h: number): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  const sof0 = [0xff, 0xc0, 0x00, 0x11, 0x08, h >> 8, h & 0xff, w >> 8, w & 0xff, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  const sos = [0xff, 0xda, 0x00, 0x0c, 0x03, 1, 0x00, 2, 0x11, 3, 0x11, 0x00, 0x3f, 0x00, 0x12, 0x34, 0xff, 0x00, 0x56];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof0, ...sos, 0xff, 0xd9]);
}
/** A 1x1 GIF89a with `frames` frames (each: graphic control extension + image descriptor + data). */
function gif(frames: number): Buffer {
  const head = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255];
  const frame = [0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00];
  return Buffer.from([...head, ...Array.from({ length: frames }, () => frame).flat(), 0x3b]);
}
/** RIFF/WEBP with a VP8L header for w x h. */
function webpLossless(w: number, h: number): Buffer {
  const bits = (w - 1) | ((h - 1) << 14);
  const vp8l = Buffer.from([0x2f, bits & 0xff, (bits >>> 8) & 0xff, (bits >>> 16) & 0xff, (bits >>> 24) & 0xff, 0, 0, 0]);
  const ch = Buffer.concat([Buffer.from('VP8L'), Buffer.from([vp8l.length, 0, 0, 0]), vp8l]);
  return Buffer.concat([Buffer.from('RIFF'), Buffer.from([ch.length + 4, 0, 0, 0]), Buffer.from('WEBP'), ch]);
}
/** RIFF/WEBP with a VP8X header with the animation flag. */
function webpAnimated(w: number, h: number): Buffer {
  const d = Buffer.alloc(10);
  d[0] = 0x02;
  d.writeUIntLE(w - 1, 4, 3);
  d.writeUIntLE(h - 1, 7, 3);
  const ch = Buffer.concat([Buffer.from('VP8X'), Buffer.from([10, 0, 0, 0]), d]);
  return Buffer.concat([Buffer.from('RIFF'), Buffer.from([ch.length + 4, 0, 0, 0]), Buffer.from('WEBP'), ch]);
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n');
const TEXT = Buffer.from('this is just text that someone renamed to picture.png\n');

// ---- tests ----------------------------------------------------------------------------------
describe('sniffImage', () => {
  it.each([
    ['png', png(), { type: 'png', mime: 'image/png', width: 1, height: 1 }],
    ['apng single frame', png(1), { type: 'png', mime: 'image/png', width: 1, height: 1 }],
    ['apng', png(3), { type: 'png', mime: 'image/png', width: 1, height: 1, animated: true }],
    ['jpeg', jpeg(640, 480), { type: 'jpeg', mime: 'image/jpeg', width: 640, height: 480 }],
    ['gif', gif(1), { type: 'gif', mime: 'image/gif', width: 1, height: 1 }],
    ['animated gif', gif(2), { type: 'gif', mime: 'image/gif', width: 1, height: 1, animated: true }],
    ['webp lossless', webpLossless(300, 200), { type: 'webp', mime: 'image/webp', width: 300, height: 200 }],
    ['webp animated', webpAnimated(64, 48), { type: 'webp', mime: 'image/webp', width: 64, height: 48, animated: true }],
    ['huge png header', pngHeaderOnly(20000, 20000), { type: 'png', mime: 'image/png', width: 20000, height: 20000 }],
  ])('%s', (_n, bytes, expected) => {
    expect(sniffImage(bytes)).toEqual(expected);
  });

  it.each([
    ['zero bytes', Buffer.alloc(0)],
    ['pdf', PDF],
    ['text', TEXT],
    ['png signature only', PNG_SIG],
    ['jpeg soi only', Buffer.from([0xff, 0xd8, 0xff])],
    ['png with zero size', pngHeaderOnly(0, 0)],
    ['random', Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25])],
  ])('refuses %s', (_n, bytes) => {
    expect(sniffImage(bytes)).toBeUndefined();
  });

  it('counts gif frames by walking blocks', () => {
    expect(gifFrameCount(gif(1))).toBe(1);
    expect(gifFrameCount(gif(5), 10)).toBe(5);
  });

  it('describes what non-images are', () => {
    expect(describeContent(PDF)).toBe('pdf');
    expect(describeContent(TEXT)).toBe('text');
    expect(describeContent(gif(2))).toBe('animated gif');
    expect(describeContent(Buffer.from('BM\x1e\x00\x00\x00\x00\x00\x00\x00\x1a\x00\x00\x00\x0c\x00\x00\x00\x01\x00\x01\x00\x01\x00\x18\x00', 'latin1'))).toBe('bmp');
    expect(describeContent(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('validateReferenceImages', () => {
  const limits = { maxImages: 3, maxBytes: 1000, minImages: 1 };
  const file = (name: string, bytes: Uint8Array): IncomingFile => ({ name, bytes, declaredType: 'image/png' });

  it('accepts good images and names them by their real type', async () => {
    const r = await validateReferenceImages([file('cat.png', png()), file('photo.png', jpeg(10, 10)), file('x y!.webp', webpLossless(8, 8))], limits);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.map((v) => [v.type, v.contentType, v.filename, v.name])).toEqual([
      ['png', 'image/png', 'cat.png', 'cat.png'],
      ['jpeg', 'image/jpeg', 'photo.jpg', 'photo.png'],
      ['webp', 'image/webp', 'x_y_.webp', 'x y!.webp'],
    ]);
    expect(r.value[1]?.width).toBe(10);
    expect(r.value[0]?.data).toBeInstanceOf(Uint8Array);
  });

  it.each([
    ['none when one is needed', [] as IncomingFile[], 'attachment_missing', {}],
    ['too many (count checked before content)', [file('a', PDF), file('b', PDF), file('c', PDF), file('d', PDF)], 'attachment_too_many', { max: 3, got: 4 }],
    ['empty', [file('e.png', Buffer.alloc(0))], 'attachment_empty', { name: 'e.png' }],
    ['too large before type', [file('big.png', Buffer.concat([PDF, Buffer.alloc(1000)]))], 'attachment_too_large', { maxBytes: 1000, gotBytes: PDF.length + 1000, name: 'big.png' }],
    ['pdf named png', [file('doc.png', PDF)], 'attachment_not_image', { name: 'doc.png', detected: 'pdf' }],
    ['text named png', [file('t.png', TEXT)], 'attachment_not_image', { name: 't.png', detected: 'text' }],
    ['animated gif', [file('a.gif', gif(2))], 'attachment_not_image', { name: 'a.gif', detected: 'animated gif' }],
    ['apng', [file('a.png', png(2))], 'attachment_not_image', { name: 'a.png', detected: 'animated png' }],
    ['20000x20000 header', [file('bomb.png', pngHeaderOnly(20000, 20000))], 'attachment_too_many_pixels', { width: 20000, height: 20000, maxPixels: 40_000_000 }],
    ['second file bad', [file('ok.png', png()), file('empty.jpg', Buffer.alloc(0))], 'attachment_empty', { name: 'empty.jpg' }],
  ])('%s', async (_n, files, code, details) => {
    const r = await validateReferenceImages(files, limits);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.failure.code).toBe(code);
    expect(r.failure.details).toEqual(details);
  });

  it('allows animation and pixel limits when configured', async () => {
    expect((await validateReferenceImages([file('a.gif', gif(2))], { ...limits, allowAnimated: true })).ok).toBe(true);
    // Within a raised pixel limit, a header without its pixel data is still no image.
    expect(await validateReferenceImages([file('bomb.png', pngHeaderOnly(20000, 20000))], { ...limits, maxPixels: 400_000_000 })).toMatchObject({ ok: false, failure: { code: 'attachment_not_image', details: { detected: 'damaged' } } });
    const r = await validateReferenceImages([file('j.jpg', jpeg(300, 300))], { ...limits, maxPixels: 50_000 });
    expect(!r.ok && r.failure.code).toBe('attachment_too_many_pixels');
    expect((await validateReferenceImages([], { maxImages: 3, maxBytes: 10 })).ok).toBe(true);
  });
});
