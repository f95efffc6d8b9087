import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePng, pngChunk as chunk } from '../../src/simulator/png.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, openHolds } from '../support/ledger.js';

/**
 * Issue 21, N10: reference images whose header is fine but whose body is not (a truncated upload, a PNG header with a
 * token IDAT) passed the header-only checks and reached the gateway, which billed an edit. They are now refused,
 * free, with words saying the image is damaged, before any gateway call.
 */
let t: TestStack;
const mediaRequests = () => t.sim.requests().filter((r) => ['edit', 'video_create'].includes(r.endpoint)).length;

const SIG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
function ihdr(w: number, h: number): Buffer {
  const d = Buffer.alloc(13);
  d.writeUInt32BE(w, 0);
  d.writeUInt32BE(h, 4);
  d.set([8, 2, 0, 0, 0], 8);
  return chunk('IHDR', d);
}
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
const SOF = [0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x40, 0x00, 0x40, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
const SOS = [0xff, 0xda, 0x00, 0x0c, 0x03, 1, 0x00, 2, 0x11, 3, 0x11, 0x00, 0x3f, 0x00];

let good: Buffer;
const corrupt: [string, () => Buffer][] = [
  ['a 40-byte truncated PNG', () => good.subarray(0, 40)],
  ['a PNG header with a token IDAT', () => Buffer.concat([SIG, ihdr(512, 512), chunk('IDAT', deflateSync(Buffer.from([0, 1, 2, 3]))), chunk('IEND', Buffer.alloc(0))])],
  ['a PNG cut before IEND', () => good.subarray(0, good.length - 12)],
  ['a PNG with one flipped byte in its pixel data (CRC mismatch)', () => {
    const b = Buffer.from(good);
    b[b.length - 20] = (b[b.length - 20] ?? 0) ^ 0xff;
    return b;
  }],
  ['a JPEG without a scan', () => Buffer.from([...JPEG_HEAD, ...SOF, 0xff, 0xd9])],
  ['a JPEG cut inside its scan', () => Buffer.from([...JPEG_HEAD, ...SOF, ...SOS, 0x12, 0x34, 0x56])],
  ['a WebP whose chunk runs past the end', () => {
    const vp8l = Buffer.from([0x2f, 0x3f, 0xf0, 0x0f, 0x00, 0, 0, 0]);
    const ch = Buffer.concat([Buffer.from('VP8L'), Buffer.from([200, 0, 0, 0]), vp8l]);
    return Buffer.concat([Buffer.from('RIFF'), Buffer.from([ch.length + 4, 0, 0, 0]), Buffer.from('WEBP'), ch]);
  }],
];

beforeAll(async () => {
  t = await createTestStack({ startPoller: false, env: { DEFAULT_ALLOWANCE: '5' } });
  good = await encodePng(64, 64, { r: 200, g: 40, b: 40 });
});
afterAll(() => t?.close());

describe('damaged reference images are refused free, before the gateway', () => {
  for (const [name, bytes] of corrupt) {
    it(`/edit with ${name}`, async () => {
      const before = { requests: mediaRequests(), charged: await ledgerNetCharged(t.store), billed: t.sim.spentMicros(t.sim.tokens.media) };
      const r = await t.core.edit({ ...t.actor(), prompt: 'make it blue', images: [{ name: 'photo.png', bytes: bytes() }] });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.failure).toMatchObject({ code: 'attachment_not_image', money: 'none', details: { detected: 'damaged' } });
      const words = t.core.explain(r.failure);
      expect(words).toMatch(/'photo\.png' is a damaged or incomplete image .* so it was not sent to the gateway/);
      expect(words).toMatch(/Nothing was charged\./);
      expect(mediaRequests()).toBe(before.requests);
      expect(await ledgerNetCharged(t.store)).toBe(before.charged);
      expect(t.sim.spentMicros(t.sim.tokens.media)).toBe(before.billed);
      expect(await openHolds(t.store)).toBe(0);
    });
  }

  it('an image-to-video start image that is truncated is refused the same way', async () => {
    const before = mediaRequests();
    const r = await t.core.startVideo({ ...t.actor(), prompt: 'waves', image: { name: 'start.png', bytes: good.subarray(0, good.length - 30) }, delivery: { surface: 'console', chat: 's1' } });
    expect(!r.ok && r.failure).toMatchObject({ code: 'attachment_not_image', details: { detected: 'damaged' } });
    expect(mediaRequests()).toBe(before);
  });

  it('the intact image is edited and charged as usual', async () => {
    const r = await t.core.edit({ ...t.actor(), prompt: 'make it blue', images: [{ name: 'photo.png', bytes: good }] });
    expect(r.ok).toBe(true);
  });
});
