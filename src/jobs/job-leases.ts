import type { Clock } from '../core/ports/clock.js';
import type { JobLeasePort } from '../core/ports/job-leases.js';
import type { JobStore } from '../core/ports/job-store.js';

/** How long renewal goes on after {@link JobLeases.limit} by default: a surface that never reports back. */
export const DEFAULT_REPORT_WAIT_MS = 600_000;

interface Held {
  timer: NodeJS.Timeout;
  controller: AbortController;
  /** Renewal stops after this moment (epoch ms); undefined while the owner works. */
  stopAt?: number;
}

/**
 * The one lease class of the process (see {@link JobLeasePort}): the command path leases the job it runs (from the
 * row's creation until the result is posted or handed over), the runner the jobs it claims. A renewal that finds the
 * lease lost aborts the job's signal and stops renewing; the conditional updates refuse whatever the work then tries.
 * Renewal has no deadline while the owner works, so a live process's slow gateway call is never swept; only
 * {@link limit} (waiting for a surface's report) sets one. Expiry is the database's clock plus `leaseMs` (the store
 * computes it); the process clock only times {@link limit}.
 */
export class JobLeases implements JobLeasePort {
  private readonly held = new Map<string, Held>();

  /**
   * @param owner this process's lease owner id.
   * @param leaseMs lease length, default 60 000; renewed every third of it.
   */
  constructor(
    private readonly jobs: Pick<JobStore, 'renewLease'>,
    private readonly clock: Clock,
    readonly owner: string,
    readonly leaseMs = 60_000,
  ) {}

  initial(): { leaseOwner: string; leaseMs: number } {
    return { leaseOwner: this.owner, leaseMs: this.leaseMs };
  }

  keep(jobId: string): AbortSignal {
    const existing = this.held.get(jobId);
    if (existing) return existing.controller.signal;
    const controller = new AbortController();
    const timer = setInterval(() => this.renew(jobId), Math.max(10, Math.floor(this.leaseMs / 3)));
    timer.unref();
    this.held.set(jobId, { timer, controller });
    return controller.signal;
  }

  limit(jobId: string, afterMs = DEFAULT_REPORT_WAIT_MS): void {
    const h = this.held.get(jobId);
    if (h) h.stopAt = this.clock.now() + afterMs;
  }

  stop(jobId: string): void {
    const h = this.held.get(jobId);
    if (!h) return;
    clearInterval(h.timer);
    this.held.delete(jobId);
  }

  abort(jobId: string, reason: Error): void {
    this.held.get(jobId)?.controller.abort(reason);
    this.stop(jobId);
  }

  /** Jobs whose lease this process is renewing. */
  get size(): number {
    return this.held.size;
  }

  close(): void {
    for (const id of [...this.held.keys()]) this.stop(id);
  }

  private renew(jobId: string): void {
    const h = this.held.get(jobId);
    if (!h) return;
    if (h.stopAt !== undefined && this.clock.now() > h.stopAt) return this.stop(jobId);
    this.jobs.renewLease(jobId, this.owner, this.leaseMs).then(
      (kept) => {
        if (kept || this.held.get(jobId) !== h) return;
        h.controller.abort(new Error('lease lost'));
        this.stop(jobId);
      },
      () => undefined,
    );
  }
}
