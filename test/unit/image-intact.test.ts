import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { imageIntact, SYNC_INFLATE_BYTES } from '../../src/core/media/intact.js';
import { PNG_SIGNATURE, pngChunk } from '../../src/simulator/png.js';

/** An RGB PNG of `w`×`h` whose filtered pixel data is `rows` (default: exactly what the header implies). */
function png(w: number, h: number, rows: Buffer = Buffer.alloc(h * (1 + 3 * w))): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(rows)), pngChunk('IEND', Buffer.alloc(0))]);
}

const rowBytes = (w: number, h: number) => h * (1 + 3 * w);
const check = (b: Buffer, w: number, h: number) => imageIntact(b, { type: 'png', width: w, height: h });

/**
 * The PNG check inflates the pixel data and counts it: in one synchronous call up to {@link SYNC_INFLATE_BYTES} of
 * filtered data (a stream costs thread-pool round trips per image), streamed above that. Both give the same answers.
 */
describe('PNG integrity check', () => {
  // 512×512 RGB is under the limit; 1024×512 RGB (1.5 MiB) is over it.
  const sizes: [string, number, number][] = [
    ['small (one synchronous inflate)', 512, 512],
    ['large (streamed)', 1024, 512],
  ];
  it('the sizes used below fall on each side of the limit', () => {
    expect(rowBytes(512, 512)).toBeLessThanOrEqual(SYNC_INFLATE_BYTES);
    expect(rowBytes(1024, 512)).toBeGreaterThan(SYNC_INFLATE_BYTES);
  });

  for (const [name, w, h] of sizes) {
    it(`${name}: whole data passes; short, long, cut or broken data fails`, async () => {
      expect(await check(png(w, h), w, h)).toBe(true);
      expect(await check(png(w, h, Buffer.alloc(rowBytes(w, h) - 1)), w, h)).toBe(false);
      expect(await check(png(w, h, Buffer.alloc(rowBytes(w, h) + 1)), w, h)).toBe(false);
      expect(await check(png(w, h, Buffer.alloc(rowBytes(w, h) * 2)), w, h)).toBe(false);
      const whole = deflateSync(Buffer.alloc(rowBytes(w, h)));
      const ihdr = png(w, h).subarray(8, 8 + 25);
      const cut = Buffer.concat([PNG_SIGNATURE, ihdr, pngChunk('IDAT', whole.subarray(0, whole.length - 6)), pngChunk('IEND', Buffer.alloc(0))]);
      expect(await check(cut, w, h)).toBe(false);
      const broken = Buffer.from(whole);
      broken[2] = 0xff;
      broken[3] = 0xff;
      expect(await check(Buffer.concat([PNG_SIGNATURE, ihdr, pngChunk('IDAT', broken), pngChunk('IEND', Buffer.alloc(0))]), w, h)).toBe(false);
    });
  }

  it('a small PNG is checked without waiting for a turn of the event loop (no thread-pool round trip)', async () => {
    const b = png(512, 512);
    let turned = false;
    setImmediate(() => (turned = true));
    expect(await check(b, 512, 512)).toBe(true);
    expect(turned).toBe(false);
  });
});
