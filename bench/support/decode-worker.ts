/**
 * Child process of the memory benchmark: the core's decode + sniff of an image result, measured alone.
 * `argv[2]` = 'sim' gets a 3840×2160 PNG from the simulator (alpha-image-2-4k) through `HttpMediaGateway`;
 * 'noise' builds a 3840×2160 PNG of random pixels (≈ 24 MB, what a real model's photo-like 4K PNG weighs).
 * With the base64 text already in memory (as the gateway client hands it over), it runs exactly the core's
 * expression `Buffer.from(b64, 'base64')` then `sniffImage`, and records heap + external memory
 * (and RSS) after each step while the intermediates are still referenced, as they are in the core. Sends back the
 * PNG size and the peak rise in bytes.
 */
import { randomFillSync } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { sniffImage } from '../../src/core/media/sniff.js';
import { HttpMediaGateway } from '../../src/gateway/index.js';
import { startSimulator } from '../../src/simulator/index.js';
import { crc32, PNG_SIGNATURE } from '../../src/simulator/png.js';
import { fullGc } from './child.js';

/** What the worker sends back. */
export interface DecodeWorkerResult {
  pngBytes: number;
  b64Chars: number;
  peakRiseBytes: number;
  rssRiseBytes: number;
  width: number;
  height: number;
}

const W = 3840;
const H = 2160;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(head.subarray(4), data), 0);
  return Buffer.concat([head, data, crc]);
}

/** A valid RGB PNG of random pixels (filter 0, deflate level 1: incompressible, so ≈ raw size). */
function noisePng(): Buffer {
  const stride = 1 + W * 3;
  const raw = Buffer.alloc(stride * H);
  for (let y = 0; y < H; y++) randomFillSync(raw, y * stride + 1, W * 3);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(W, 0);
  ihdr.writeUInt32BE(H, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 1 })), chunk('IEND', Buffer.alloc(0))]);
}

async function fromSimulator(): Promise<string> {
  const sim = await startSimulator();
  const gw = new HttpMediaGateway({ baseUrl: sim.baseUrl });
  try {
    const r = await gw.generateImage(sim.tokens.media, { model: 'alpha-image-2-4k', prompt: 'a 4k bench picture', size: `${W}x${H}` });
    const b64 = r.images[0]?.b64;
    if (!b64) throw new Error('no b64 image from the simulator');
    return b64;
  } finally {
    await gw.close();
    await sim.close();
  }
}

const used = () => {
  const m = process.memoryUsage();
  return { mem: m.heapUsed + m.external, rss: m.rss };
};

try {
  let b64 = process.argv[2] === 'noise' ? noisePng().toString('base64') : await fromSimulator();
  b64 = `${b64}`; // one flat string, as JSON.parse yields
  const pngBytes = Buffer.byteLength(b64, 'base64');
  fullGc();
  const m0 = used();
  const decoded = Buffer.from(b64, 'base64');
  const m1 = used();
  const bytes: Uint8Array = decoded; // the core keeps the Buffer itself (no copy)
  const m2 = used();
  const s = sniffImage(bytes);
  const m3 = used();
  if (!s) throw new Error('sniff failed');
  const steps = [m1, m2, m3];
  const result: DecodeWorkerResult = {
    pngBytes,
    b64Chars: b64.length,
    peakRiseBytes: Math.max(...steps.map((m) => m.mem - m0.mem)),
    rssRiseBytes: Math.max(...steps.map((m) => m.rss - m0.rss)),
    width: s.width,
    height: s.height,
  };
  if (decoded.length !== bytes.length) throw new Error('copy mismatch');
  process.send?.(result);
} catch (e) {
  process.send?.({ error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
} finally {
  process.disconnect?.();
}
