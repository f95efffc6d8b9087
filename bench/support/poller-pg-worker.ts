/**
 * One process of the `poller-pg` benchmark: `poller-pg-worker.ts <postgres url>`. Opens the store and a
 * {@link JobRunner} over it (batch 100, the gateway a stub answering every poll "running" at once), answers
 * `{ type: 'ready' }`, and on `{ type: 'go' }` calls `tick()` until a tick finds nothing due, then answers
 * `{ type: 'done', handled, polls, tickMs }` (`polls`: the job ids the stub was asked about, to check that no job was
 * advanced twice across processes). `{ type: 'close' }` closes the store and exits.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '../../src/core/ports/clock.js';
import type { MediaGateway, VideoTask } from '../../src/core/ports/media-gateway.js';
import { DeliveryRouter } from '../../src/jobs/delivery-router.js';
import { OutputStore } from '../../src/jobs/output-store.js';
import { JobRunner } from '../../src/jobs/job-runner.js';
import { openStore } from '../../src/store/open-store.js';
import { quietLogger } from './quiet-logger.js';

const [url] = process.argv.slice(2);
const OPERATOR = 'sk-bench-operator-token-0000000000';
const store = await openStore({ databaseUrl: url!, defaultAllowanceMicros: null, defaultPeriod: 'day', clock: systemClock, operatorToken: OPERATOR });
const send = (m: object) => process.send?.(m);
const polls: string[] = [];

const no = () => Promise.reject(new Error('not used by this benchmark'));
const gateway = {
  listModels: no, generateImage: no, editImage: no, fetchImage: no, createVideo: no, chat: no, messages: no, downloadVideo: no,
  getVideo: (_t: string, id: string): Promise<VideoTask> => {
    polls.push(id);
    return Promise.resolve({ id, status: 'running', progress: 50 });
  },
} as MediaGateway;

const poller = new JobRunner({
  jobs: store.jobs, gateway, budgets: store.budgets, tokens: store.tokens, users: store.directory,
  router: new DeliveryRouter(), replies: { explain: (f) => f.code, remixOffered: () => false }, outputs: new OutputStore(join(tmpdir(), 'mediabot-bench-poller-pg'), systemClock), clock: systemClock,
  logger: quietLogger('warn').logger,
  config: { intervalMs: 3_600_000, maxIntervalMs: 3_600_000, deadlineMs: 86_400_000, retentionMs: 3_600_000, batch: 100, purgeEveryMs: 86_400_000 * 365 },
  ffmpegPath: null,
});

async function drive(): Promise<{ handled: number; tickMs: number[] }> {
  let handled = 0;
  const tickMs: number[] = [];
  for (;;) {
    const t0 = process.hrtime.bigint();
    const n = await poller.tick();
    if (n === 0) break;
    tickMs.push(Number(process.hrtime.bigint() - t0) / 1e6);
    handled += n;
  }
  return { handled, tickMs };
}

await poller.tick(); // the first tick sweeps once and resolves ffmpeg: before the clock starts (nothing is due yet)

process.on('message', (m: { type: string }) => {
  if (m.type === 'go') {
    drive().then(
      (r) => send({ type: 'done', ...r, polls }),
      (e: unknown) => send({ type: 'failed', message: e instanceof Error ? e.message : String(e) }),
    );
  } else if (m.type === 'close') {
    void poller.stop().then(() => store.close()).then(() => process.exit(0));
  }
});
send({ type: 'ready' });
