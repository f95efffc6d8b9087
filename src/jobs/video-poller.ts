import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { JobRecord } from '../core/ports/job-store.js';
import { deliverStep } from './deliver-step.js';
import { downloadStep } from './download-step.js';
import { findOnPath } from './fit-video.js';
import { LeaseKeeper } from './lease-keeper.js';
import { pollStep } from './poll-step.js';
import { resultDeliverStep } from './result-deliver-step.js';
import type { PollerContext } from './poller-context.js';
import { resolvePollerConfig, type VideoPollerDeps } from './poller-types.js';
import { sweepStaleReserved } from './sweep-step.js';

export type { VideoPollerConfig, VideoPollerDeps } from './poller-types.js';

/**
 * Drives video jobs to an end, durably, and delivers the kept results of image, edit and ask jobs that their command
 * could not post (`delivering`, see `resultDeliverStep`). Each tick leases up to `batch` due jobs (active status, `next_poll_at`
 * passed, lease free or expired) to this process's random `owner` id and works them in parallel; every step is a
 * conditional transition guarded by that lease, which is renewed while a download or upload runs. Several
 * processes may share one database; after a crash, expired leases are taken over (a job in `downloading` or
 * `delivering` resumes; a missing temp file is downloaded again). A job is never dropped: each one ends
 * delivered, refunded, expired, released or undeliverable (result kept for `/job <id>`).
 * Money: a task that succeeded is settled (units = seconds) before anything else; failed, unknown and expired
 * tasks release the hold.
 */
export class VideoPoller {
  /** This process's lease owner id (host name + random). */
  readonly owner: string;
  private readonly ctx: PollerContext;
  private ffmpegResolved = false;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private current: Promise<number> | undefined;
  private lastPurge = Number.NEGATIVE_INFINITY;

  constructor(private readonly deps: VideoPollerDeps) {
    this.owner = `${hostname().slice(0, 20)}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.ctx = { deps, config: resolvePollerConfig(deps.config), owner: this.owner, ffmpeg: deps.ffmpegPath ?? null, progressAt: new Map(), resume: (job, signal) => this.step(job, signal) };
    this.ffmpegResolved = deps.ffmpegPath !== undefined;
  }

  /** Starts ticking (every `tickMs`, at once again while full batches keep coming). Idempotent. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  /** Stops ticking and waits for the tick in progress to finish (its jobs keep their state; nothing is lost). */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.current?.catch(() => undefined);
  }

  /** One round: claims due jobs and works them. Returns how many were handled. Public for tests and benchmarks. */
  async tick(): Promise<number> {
    const { deps, config } = this.ctx;
    if (!this.ffmpegResolved) {
      this.ctx.ffmpeg = await findOnPath('ffmpeg');
      this.ffmpegResolved = true;
    }
    const now = deps.clock.now();
    if (now - this.lastPurge >= config.purgeEveryMs) {
      this.lastPurge = now;
      await this.purge(now).catch((e: unknown) => deps.logger.warn({ err: e }, 'poller: purge failed'));
      await sweepStaleReserved(this.ctx, now).catch((e: unknown) => deps.logger.warn({ err: e }, 'poller: sweep failed'));
    }
    const claimed = await deps.jobs.claimDue(this.owner, now, config.leaseMs, config.batch);
    const jobs: JobRecord[] = [];
    for (const job of claimed) {
      if (!this.declined(job)) jobs.push(job);
      else await deps.jobs.update(job.id, [job.status], { nextPollAt: now + config.intervalMs, leaseOwner: null, leaseExpiresAt: null }, this.owner);
    }
    await Promise.all(jobs.map((j) => this.work(j)));
    return jobs.length;
  }

  private schedule(ms: number): void {
    if (!this.running) return;
    this.timer = setTimeout(() => {
      this.current = this.tick().catch((e: unknown) => {
        this.deps.logger.error({ err: e }, 'poller: tick failed');
        return 0;
      });
      void this.current.then((n) => this.schedule(n >= this.ctx.config.batch ? 0 : this.ctx.config.tickMs));
    }, ms);
  }

  /** True when the job's surface is served here but its delivery declines this address (another process's). */
  private declined(job: JobRecord): boolean {
    if (!job.delivery) return false;
    return this.deps.router.for(job.delivery.surface)?.accepts?.(job.delivery) === false;
  }

  private async work(job: JobRecord): Promise<void> {
    const keeper = new LeaseKeeper(this.deps.jobs, this.deps.clock, job.id, this.owner, this.ctx.config.leaseMs);
    try {
      await this.step(job, keeper.signal);
    } catch (e) {
      // Unexpected (database busy, a bug): leave the job leased; it is taken over when the lease expires.
      this.deps.logger.error({ jobId: job.id, status: job.status, err: e }, 'poller: job step failed');
    } finally {
      keeper.stop();
    }
  }

  /** Runs the step of the job's status (the one place that knows which step serves which status). */
  private async step(job: JobRecord, signal: AbortSignal): Promise<void> {
    if (job.status === 'submitted' || job.status === 'running') await pollStep(this.ctx, job, signal);
    else if (job.status === 'downloading') await downloadStep(this.ctx, job, signal);
    else if (job.status === 'delivering') await (job.kind === 'video' ? deliverStep(this.ctx, job, signal) : resultDeliverStep(this.ctx, job, signal));
  }

  /** Deletes retained outputs past their expiry and forgets their paths. */
  private async purge(now: number): Promise<void> {
    const expired = await this.deps.jobs.expiredOutputs(now, 100);
    for (const j of expired) {
      await this.deps.outputs.remove(j.id);
      await this.deps.jobs.update(j.id, [j.status], { outputPath: null, outputExpiresAt: null });
    }
  }
}
