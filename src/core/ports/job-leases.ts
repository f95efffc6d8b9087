/**
 * The leases of the jobs this process works on, one owner id per process, shared by the command path and the job
 * runner (implemented by `JobLeases` in `src/jobs/job-leases.ts`). A lease lives as long as its owner works: it is
 * renewed every third of its length for as long as the work runs (a gateway call, however slow; a download; an
 * upload), so the stale-job sweep only takes leases whose owner stopped renewing (a dead or stopped process).
 */
export interface JobLeasePort {
  /** This process's lease owner id. */
  readonly owner: string;
  /** Lease length in ms (renewed every third of it). */
  readonly leaseMs: number;
  /** The lease fields of a new job row, leased to this process for `leaseMs` from the database's clock. */
  initial(): { leaseOwner: string; leaseMs: number };
  /**
   * Starts renewing the lease of `jobId` (idempotent) until {@link stop}. The signal aborts when a renewal finds the
   * lease lost (another process took the job over) or on {@link abort}.
   */
  keep(jobId: string): AbortSignal;
  /**
   * The work on `jobId` is done and only a report is awaited (the surface posting a kept result): renewal stops
   * `afterMs` from now (default 10 minutes) unless {@link stop} comes first, so a report that never comes (a bug, a
   * hung upload) lets the runner take over.
   */
  limit(jobId: string, afterMs?: number): void;
  /** Stops renewing (the job ended, or was handed over). */
  stop(jobId: string): void;
  /** Aborts the work on `jobId` (its signal) and stops renewing; the caller hands the job back. */
  abort(jobId: string, reason: Error): void;
  /** Stops every renewal (shutdown): the leases run out and another process takes the jobs over. */
  close(): void;
}
