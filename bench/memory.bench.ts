/**
 * Benchmark 5 — memory. Everything measured runs in fresh child processes (`node --import tsx --expose-gc`), so
 * the bench runner's own heap never counts.
 * (a) Delivering a 45 MB mp4: a servers child holds the simulator (mp4 padded to 45 MB) and the fake Bot API
 *     (upload limit raised to 200 MB; it buffers multipart bodies, hence its own process). A worker child streams
 *     the video from the gateway to disk (`HttpMediaGateway.downloadVideo`) and uploads it with the real
 *     `TelegramDelivery.post` of the video reply (grammY `InputFile` from the path), sampling RSS every 10 ms from a settled
 *     heap. Target: peak RSS rise < 16 MiB. The baseline column holds the file size (MiB), so the ratio is the rise
 *     as a fraction of the file. One more run with a 120 MB file shows whether the rise grows with the file.
 * (b) Decoding a 4K result: the core's `new Uint8Array(Buffer.from(b64, 'base64'))` + `sniffImage` on a 3840×2160 PNG
 *     made by the simulator (a gradient: ~115 KB), and on a PNG of random pixels of the same size (~24 MB, like a
 *     real photo-like result). Peak rise of heap + external memory while the intermediates are alive, as a
 *     multiple of the PNG's size. Target < 3×. The base64 text itself (1.33× the size) is the input, not counted.
 */
import type { BenchContext, Benchmark } from './lib/context.js';
import { median, p99 } from './lib/stats.js';
import { row, type Row } from './lib/table.js';
import { startChild } from './support/child.js';
import type { DecodeWorkerResult } from './support/decode-worker.js';
import type { VideoWorkerInput, VideoWorkerResult } from './support/video-worker.js';

const VIDEO_PADDING = 45_000_000;
/** A bigger file, one run: shows whether the rise grows with the file (buffering) or stays put (GC lag). */
const BIG_VIDEO_PADDING = 120_000_000;
const MIB = 2 ** 20;
const B = 'memory';

async function videoRows(ctx: BenchContext, runs: number, padding: number): Promise<Row[]> {
  const servers = startChild('video-servers.ts', [String(padding)]);
  try {
    const input = await servers.next<VideoWorkerInput>();
    const total: number[] = [];
    const down: number[] = [];
    const up: number[] = [];
    let size = 0;
    for (let i = 0; i < runs; i++) {
      const worker = startChild('video-worker.ts', [JSON.stringify(input)]);
      const r = await worker.next<VideoWorkerResult | { error: string }>();
      await worker.close();
      if ('error' in r) throw new Error(`video worker failed: ${r.error}`);
      const uploads = await servers.request<number[]>({ type: 'uploads' });
      if (r.bytes < padding || !uploads.includes(r.bytes)) throw new Error(`the fake did not receive the ${r.bytes}-byte video (got ${uploads.join(', ')})`);
      size = r.bytes;
      total.push(r.totalRiseMiB);
      down.push(r.downloadRiseMiB);
      up.push(r.uploadRiseMiB);
      ctx.log(`  video run ${i + 1}/${runs}: ${(r.bytes / MIB).toFixed(1)} MiB in ${r.ms.toFixed(0)} ms; RSS ${r.baseMiB.toFixed(0)} MiB + peak ${r.totalRiseMiB.toFixed(1)} (download ${r.downloadRiseMiB.toFixed(1)}, upload ${r.uploadRiseMiB.toFixed(1)}); heap+external peak +${r.externalRiseMiB.toFixed(1)}`);
    }
    const label = `${(size / MIB).toFixed(0)} MiB mp4`;
    if (padding !== VIDEO_PADDING) {
      return [row({ benchmark: B, figure: `peak RSS rise, same with a ${label}`, median: median(total), p99: p99(total), unit: 'MiB', baseline: size / MIB })];
    }
    return [
      row({ benchmark: B, figure: `peak RSS rise, download + upload of a ${label}`, median: median(total), p99: p99(total), unit: 'MiB', baseline: size / MIB, target: { op: '<=', value: 16 } }),
      row({ benchmark: B, figure: 'peak during download (gateway → disk)', median: median(down), p99: p99(down), unit: 'MiB' }),
      row({ benchmark: B, figure: 'peak during upload (InputFile(path) → sendVideo)', median: median(up), p99: p99(up), unit: 'MiB' }),
    ];
  } finally {
    await servers.close();
  }
}

async function decodeRows(ctx: BenchContext, runs: number, source: 'sim' | 'noise'): Promise<Row[]> {
  const ratios: number[] = [];
  let size = 0;
  for (let i = 0; i < runs; i++) {
    const worker = startChild('decode-worker.ts', [source]);
    const r = await worker.next<DecodeWorkerResult | { error: string }>();
    await worker.close();
    if ('error' in r) throw new Error(`decode worker failed: ${r.error}`);
    if (r.width !== 3840 || r.height !== 2160) throw new Error(`sniffed ${r.width}×${r.height}, expected 3840×2160`);
    size = r.pngBytes;
    ratios.push(r.peakRiseBytes / r.pngBytes);
    ctx.log(`  decode ${source} run ${i + 1}/${runs}: PNG ${(r.pngBytes / 1024).toFixed(0)} KiB, peak +${(r.peakRiseBytes / 1024).toFixed(0)} KiB heap+external, RSS +${(r.rssRiseBytes / 1024).toFixed(0)} KiB`);
  }
  const what = source === 'sim' ? `simulator 4K PNG (${(size / 1024).toFixed(0)} KiB)` : `random-pixel 4K PNG (${(size / MIB).toFixed(1)} MiB)`;
  return [
    row({ benchmark: B, figure: `decode + sniff peak, ${what}`, median: median(ratios), p99: p99(ratios), unit: '× size', target: { op: '<=', value: 3 } }),
  ];
}

/** `npm run bench -- memory`. */
export const memoryBench: Benchmark = {
  name: 'memory',
  async run(ctx) {
    const runs = Math.max(1, Math.min(ctx.runs, 3));
    return [...(await videoRows(ctx, runs, VIDEO_PADDING)), ...(await videoRows(ctx, 1, BIG_VIDEO_PADDING)), ...(await decodeRows(ctx, runs, 'sim')), ...(await decodeRows(ctx, runs, 'noise'))];
  },
};
