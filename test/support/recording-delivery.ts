import type { DeliverableResult, Delivery, DeliveryError } from '../../src/core/api.js';
import type { DeliveryAddress } from '../../src/core/api/actor.js';
import type { JobView } from '../../src/core/api/jobs.js';
import type { Failure } from '../../src/core/failures.js';

/** One call a {@link RecordingDelivery} received. */
export type DeliveryEvent =
  | { type: 'progress'; jobId: string; progress: number }
  | { type: 'video'; jobId: string; path: string; bytes: number; mime: string; target: DeliveryAddress; job: JobView }
  | { type: 'failure'; jobId: string; failure: Failure; job: JobView }
  | { type: 'result'; jobId: string; files: DeliverableResult['files']; text?: string; job: JobView; target: DeliveryAddress };

/**
 * A {@link Delivery} that records every call (for tests). `deliverVideo` answers message id `m-<n>`.
 * `waitFor(pred)` resolves with the first event matching `pred` (already seen or future), or rejects after `timeoutMs`.
 */
export class RecordingDelivery implements Delivery {
  readonly events: DeliveryEvent[] = [];
  /** Errors the next `deliver` / `notifyFailure` calls throw, in order (then they succeed). */
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

  async deliverVideo(target: DeliveryAddress, job: JobView, file: { path: string; bytes: number; mime: string }): Promise<{ messageIds: string[] }> {
    this.push({ type: 'video', jobId: job.id, path: file.path, bytes: file.bytes, mime: file.mime, target, job });
    return { messageIds: [`m-${this.events.length}`] };
  }

  async deliver(target: DeliveryAddress, job: JobView, result: DeliverableResult): Promise<{ messageIds: string[] }> {
    const e = this.failDeliver.shift();
    if (e) throw e;
    this.push({ type: 'result', jobId: job.id, files: result.files, ...(result.text !== undefined ? { text: result.text } : {}), job, target });
    return { messageIds: [`m-${this.events.length}`] };
  }

  async notifyFailure(_t: DeliveryAddress, job: JobView, failure: Failure): Promise<void> {
    const e = this.failNotify.shift();
    if (e) throw e;
    this.push({ type: 'failure', jobId: job.id, failure, job });
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
