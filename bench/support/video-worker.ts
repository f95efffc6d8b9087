/**
 * Child process of the memory benchmark: the process being measured. Given the servers' addresses (JSON in
 * `argv[2]`), it creates a video task on the simulator and waits for it (not measured), then — sampling RSS every
 * 10 ms — streams the mp4 from the gateway to a file with `HttpMediaGateway.downloadVideo` and posts it with the
 * real `TelegramDelivery.post` of the video reply (grammY `InputFile` from the path). Sends back the RSS before and the peak
 * rise during each phase, in MiB. Diagnostic: with `BENCH_GC_EVERY_MS=n` in the environment a full GC also runs every n ms
 * during the transfer, which tells uncollected garbage apart from memory really held (not used by `npm run bench`).
 */
import { videoReply } from '../../src/core/jobs/late-replies.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Bot } from 'grammy';
import type { JobView } from '../../src/core/api/jobs.js';
import { HttpMediaGateway } from '../../src/gateway/index.js';
import { TelegramDelivery } from '../../src/platforms/telegram/delivery.js';
import { StatusThrottle } from '../../src/platforms/telegram/util/throttle.js';
import { fullGc } from './child.js';
import { quietLogger, sleep } from './quiet-logger.js';

/** What the parent passes. */
export interface VideoWorkerInput {
  simBaseUrl: string;
  mediaToken: string;
  apiRoot: string;
  botToken: string;
  chatId: number;
}

/** What the worker sends back. */
export interface VideoWorkerResult {
  bytes: number;
  baseMiB: number;
  downloadRiseMiB: number;
  uploadRiseMiB: number;
  totalRiseMiB: number;
  /** Peak rise of V8 heap + external (Buffer) memory, which includes garbage not yet collected. */
  externalRiseMiB: number;
  ms: number;
}

const rss = () => process.memoryUsage.rss() / 2 ** 20;
const heapExt = () => {
  const m = process.memoryUsage();
  return (m.heapUsed + m.external) / 2 ** 20;
};
const input = JSON.parse(process.argv[2] ?? '{}') as VideoWorkerInput;
const dir = mkdtempSync(join(tmpdir(), 'bench-video-'));
const { logger } = quietLogger('warn');
const gateway = new HttpMediaGateway({ baseUrl: input.simBaseUrl, logger });
const bot = new Bot(input.botToken, { client: { apiRoot: input.apiRoot } });
const delivery = new TelegramDelivery({ api: bot.api, hint: (command) => `/${command}`, throttle: new StatusThrottle(), logger, uploadLimitBytes: 200 * 1024 * 1024, chatActionIntervalMs: 60_000 });
try {
  let task = await gateway.createVideo(input.mediaToken, { model: 'gamma-video-1', prompt: 'memory bench', seconds: 4 });
  while (task.status !== 'succeeded') {
    if (task.status === 'failed') throw new Error('the simulator failed the task');
    await sleep(20);
    task = await gateway.getVideo(input.mediaToken, task.id);
  }
  const job: JobView = {
    id: 'job_memory', kind: 'video', status: 'delivering', state: 'delivering', money: { outcome: 'charged', micros: 200_000 }, model: 'gamma-video-1', prompt: 'memory bench', progress: 100, seconds: 4,
    size: '1280x720', estimateMicros: 200_000, chargedMicros: 200_000, createdAt: Date.now(), finishedAt: null, userExternalId: '1',
  };
  const path = join(dir, 'video.mp4');
  // Warm the upload path with a 4 KiB file (so loading grammY's multipart code is not counted) without touching
  // anything near 45 MB, which would leave allocator pages behind and hide a real rise. Then settle the heap.
  writeFileSync(join(dir, 'warm.mp4'), Buffer.alloc(4096, 1));
  await delivery.post({ surface: 'telegram', chatId: String(input.chatId), userId: '1' }, videoReply({ ...job, id: 'job_warm' }, { path: join(dir, 'warm.mp4'), bytes: 4096, mime: 'video/mp4' }));
  rmSync(join(dir, 'warm.mp4'));
  fullGc();
  await sleep(300);
  fullGc();
  const base = rss();
  const samples: number[] = [base];
  const ext0 = heapExt();
  let extPeak = ext0;
  const timer = setInterval(() => {
    samples.push(rss());
    extPeak = Math.max(extPeak, heapExt());
  }, 10);
  const gcEvery = Number(process.env.BENCH_GC_EVERY_MS ?? 0);
  const gcTimer = gcEvery > 0 ? setInterval(fullGc, gcEvery) : undefined;
  const t0 = performance.now();
  const got = await gateway.downloadVideo(input.mediaToken, task.id, path);
  samples.push(rss());
  const split = samples.length;
  await delivery.post({ surface: 'telegram', chatId: String(input.chatId), userId: '1' }, videoReply(job, { path, bytes: got.bytes, mime: 'video/mp4' }));
  samples.push(rss());
  const ms = performance.now() - t0;
  clearInterval(timer);
  clearInterval(gcTimer);
  const peak = (xs: number[]) => Math.max(...xs) - base;
  const result: VideoWorkerResult = { bytes: got.bytes, baseMiB: base, downloadRiseMiB: peak(samples.slice(0, split)), uploadRiseMiB: peak(samples.slice(split)), totalRiseMiB: peak(samples), externalRiseMiB: extPeak - ext0, ms };
  process.send?.(result);
} catch (e) {
  process.send?.({ error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
} finally {
  delivery.close();
  await gateway.close();
  rmSync(dir, { recursive: true, force: true });
  process.disconnect?.();
}
