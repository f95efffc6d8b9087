import type { JobStore } from '../ports/job-store.js';
import type { Clock } from '../ports/clock.js';

/**
 * Leases of the jobs this process is working on in a command (image, edit, ask, and a video until its task id is
 * stored): the job row is created leased to {@link JobLeases.owner} until now + `leaseMs`, and the lease is renewed
 * every third of that while the gateway call runs and, after the result is kept, until the surface has posted it
 * (`recordDelivery`) or handed it over (`handOver`). So the stale-job sweep and the poller leave a live process's
 * job alone however slow the gateway is, and take it over within `leaseMs` when the process dies.
 * A renewal that finds the lease lost only stops renewing (the conditional updates refuse what comes after).
 */
export class JobLeases {
  private readonly timers = new Map<string, { timer: NodeJS.Timeout; stopAt: number }>();

  /**
   * @param owner this process's lease owner id.
   * @param leaseMs lease length, default 60 000.
   * @param maxHoldMs longest a job stays leased after its result was kept without the surface reporting back (a bug or a
   *   hung upload): the renewal stops and the poller takes over. Default 10 minutes.
   */
  constructor(
    private readonly jobs: Pick<JobStore, 'renewLease'>,
    private readonly clock: Clock,
    readonly owner: string,
    readonly leaseMs = 60_000,
    private readonly maxHoldMs = 600_000,
  ) {}

  /** The lease fields of a new job row. */
  initial(): { leaseOwner: string; leaseExpiresAt: number } {
    return { leaseOwner: this.owner, leaseExpiresAt: this.clock.now() + this.leaseMs };
  }

  /** Starts renewing the lease of `jobId` (idempotent). */
  keep(jobId: string): void {
    if (this.timers.has(jobId)) return;
    const stopAt = this.clock.now() + this.maxHoldMs;
    const timer = setInterval(() => {
      if (this.clock.now() > stopAt) return this.stop(jobId);
      this.jobs.renewLease(jobId, this.owner, this.clock.now() + this.leaseMs).then(
        (held) => {
          if (!held) this.stop(jobId);
        },
        () => undefined,
      );
    }, Math.max(10, Math.floor(this.leaseMs / 3)));
    timer.unref();
    this.timers.set(jobId, { timer, stopAt });
  }

  /** Stops renewing (the job ended, or was handed over). */
  stop(jobId: string): void {
    const t = this.timers.get(jobId);
    if (!t) return;
    clearInterval(t.timer);
    this.timers.delete(jobId);
  }

  /** Jobs whose lease this process is renewing. */
  get size(): number {
    return this.timers.size;
  }

  /** Stops every renewal (shutdown): the leases run out and another process takes the jobs over. */
  close(): void {
    for (const id of [...this.timers.keys()]) this.stop(id);
  }
}
