import type { DeliveryAddress } from '../../src/core/api/actor.js';
import type { JobView } from '../../src/core/api/jobs.js';
import type { Reply } from '../../src/core/commands/types.js';
import type { Failure } from '../../src/core/failures.js';
import type { Delivery, DeliveryError } from '../../src/core/ports/delivery.js';

/** A kept file as a late result reply carries it. */
export interface PostedFile {
  path: string;
  filename: string;
  mime: string;
  bytes: number;
}

/** One post (or progress) a {@link RecordingDelivery} received, sorted by what the reply is. */
export type DeliveryEvent =
  | { type: 'progress'; jobId: string; progress: number }
  | { type: 'video'; jobId: string; path: string; bytes: number; mime: string; target: DeliveryAddress; reply: Reply }
  | { type: 'failure'; jobId: string; failure: Failure; reply: Reply }
  | { type: 'result'; jobId: string; files: PostedFile[]; text?: string; reply: Reply; target: DeliveryAddress };

/**
 * A {@link Delivery} that records every post (for tests), sorted as the runner means them: a reply with a video file is
 * a `video`, a `tone: 'error'` reply a `failure` (its `failure`), any other a kept `result` (its files; an answer's
 * text). Posts answer message id `m-<n>`. `waitFor(pred)` resolves with the first event matching `pred` (already seen
 * or future), or rejects after `timeoutMs`.
 */
export class RecordingDelivery implements Delivery {
  readonly events: DeliveryEvent[] = [];
  /** Errors the next result posts / failure notices throw, in order (then they succeed). */
  readonly failDeliver: DeliveryError[] = [];
  readonly failNotify: Error[] = [];
  private waiters: { pred: (e: DeliveryEvent) => boolean; resolve: (e: DeliveryEvent) => void }[] = [];

  constructor(
    readonly surface: string = 'console',
    private readonly limitBytes = 50 * 1024 * 1024,
  ) {}

  async progress(_t: DeliveryAddress, job: JobView): Promise<void> {
    this.push({ type: 'progress', jobId: job.id, progress: job.progress });
  }

  async post(target: DeliveryAddress, reply: Reply): Promise<{ messageIds: string[] }> {
    const jobId = reply.jobId ?? '';
    if (reply.tone === 'error') {
      const e = this.failNotify.shift();
      if (e) throw e;
      this.push({ type: 'failure', jobId, failure: reply.failure!, reply });
      return { messageIds: [`m-${this.events.length}`] };
    }
    const video = reply.files?.find((f) => f.kind === 'video');
    if (video) {
      this.push({ type: 'video', jobId, path: video.path ?? '', bytes: video.size, mime: video.mime, target, reply });
      return { messageIds: [`m-${this.events.length}`] };
    }
    const e = this.failDeliver.shift();
    if (e) throw e;
    const files = (reply.files ?? []).map((f) => ({ path: f.path ?? '', filename: f.name, mime: f.mime, bytes: f.size }));
    this.push({ type: 'result', jobId, files, ...(files.length === 0 ? { text: reply.blocks[0] ?? '' } : {}), reply, target });
    return { messageIds: [`m-${this.events.length}`] };
  }

  uploadLimitBytes(): number {
    return this.limitBytes;
  }

  waitFor(pred: (e: DeliveryEvent) => boolean, timeoutMs = 8000): Promise<DeliveryEvent> {
    const seen = this.events.find(pred);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const w = { pred, resolve };
      this.waiters.push(w);
      setTimeout(() => {
        this.waiters = this.waiters.filter((x) => x !== w);
        reject(new Error(`RecordingDelivery: no matching event within ${timeoutMs} ms; saw ${JSON.stringify(this.events.map((e) => e.type))}`));
      }, timeoutMs).unref();
    });
  }

  private push(e: DeliveryEvent): void {
    this.events.push(e);
    for (const w of [...this.waiters]) {
      if (w.pred(e)) {
        this.waiters = this.waiters.filter((x) => x !== w);
        w.resolve(e);
      }
    }
  }
}
