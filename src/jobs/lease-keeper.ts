import type { Clock } from '../core/ports/clock.js';
import type { JobStore } from '../core/ports/job-store.js';

/**
 * Renews a job's lease every third of its length while long work (a download, an upload, an encode) runs.
 * When a renewal finds the lease lost (another process took the job over), `signal` aborts so the work can stop;
 * whatever the work then tries to record is refused by the conditional updates anyway.
 */
export class LeaseKeeper {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;

  constructor(jobs: Pick<JobStore, 'renewLease'>, clock: Clock, jobId: string, owner: string, leaseMs: number) {
    this.timer = setInterval(() => {
      jobs
        .renewLease(jobId, owner, clock.now() + leaseMs)
        .then((held) => {
          if (!held) this.controller.abort(new Error('lease lost'));
        })
        .catch(() => undefined);
    }, Math.max(10, Math.floor(leaseMs / 3)));
    this.timer.unref();
  }

  /** Aborts when the lease is lost. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Aborts the work now (e.g. the process is shutting down); the lease is left for the caller to hand back. */
  abort(reason: Error): void {
    this.controller.abort(reason);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
