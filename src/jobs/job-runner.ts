import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { JobKind, JobStatus } from '../core/api/jobs.js';
import { JOB_STEPS, type JobKindSteps, type JobStepName } from '../core/jobs/engine.js';
import { JobMoney } from '../core/money/job-money.js';
import { ACTIVE_VIDEO_STATUSES, type JobRecord } from '../core/ports/job-store.js';
import { deliverResultStep } from './deliver-result-step.js';
import { deliverVideoStep } from './deliver-video-step.js';
import { fetchStep } from './fetch-step.js';
import { locateFfmpeg } from './ffmpeg-locator.js';
import { JobLeases } from './job-leases.js';
import type { RunnerContext } from './runner-context.js';
import { purgeChatExpired, purgeGallery } from './gallery-sweep.js';
import { resolveRunnerConfig, type JobRunnerDeps } from './runner-types.js';
import { sweepStaleReserved } from './sweep-step.js';
import { waitStep } from './wait-step.js';

export type { JobRunnerConfig, JobRunnerDeps } from './runner-types.js';

/** One step of a job: a small named function over the job in the status it serves, under the job's lease. */
export type JobStep = (ctx: RunnerContext, job: JobRecord, signal: AbortSignal) => Promise<void>;

/**
 * The runner's step for each status it serves, read from a kind's row of the one job kinds table (`JOB_STEPS` in
 * src/core/jobs/engine.ts, which says which steps run inline in the command and which here): `wait` serves
 * `submitted` and `running`, `fetch` (with check, keep and settle) serves `downloading`, `deliver` serves
 * `delivering` — posting the file the runner fetched itself ({@link deliverVideoStep}, which sends a job whose file
 * is missing back to `downloading`) or, for a kind whose command kept its result, the kept result
 * ({@link deliverResultStep}, which settles again, idempotently, before posting). A `reserved` job is its command's
 * until its lease runs out, then the sweep's. A new kind adds a row to `JOB_STEPS`; a new kind of runner step adds
 * its function here.
 */
function runnerRow(steps: JobKindSteps): Partial<Record<JobStatus, JobStep>> {
  const row: Partial<Record<JobStatus, JobStep>> = {};
  const has = (s: JobStepName) => steps.runner.includes(s);
  if (has('wait')) row.submitted = row.running = waitStep;
  if (has('fetch')) row.downloading = fetchStep;
  if (has('deliver')) row.delivering = has('fetch') ? deliverVideoStep : deliverResultStep;
  return row;
}

/** Which step serves which status, per kind: derived from `JOB_STEPS` by {@link runnerRow}, once at load. */
export const STEPS: Readonly<Record<JobKind, Partial<Record<JobStatus, JobStep>>>> = Object.fromEntries(
  (Object.keys(JOB_STEPS) as JobKind[]).map((kind) => [kind, runnerRow(JOB_STEPS[kind])]),
) as Record<JobKind, Partial<Record<JobStatus, JobStep>>>;

/**
 * The job runner: drives every job the runner's {@link STEPS} table serves to an end, durably — videos from their
 * gateway task to the chat, and the kept results of image, edit and ask jobs that their command could not post
 * (`delivering`, see `deliverResultStep`). Each tick leases up to `batch` due jobs (active status, `next_poll_at`
 * passed, lease free or expired) to this process's random `owner` id and works them in parallel; every step is a
 * conditional transition guarded by that lease, which is renewed while a download or upload runs. Several
 * processes may share one database; after a crash, expired leases are taken over (a job in `downloading` or
 * `delivering` resumes; a missing temp file is downloaded again). A job is never dropped: each one ends
 * delivered, refunded, expired, released or undeliverable (result kept for `/job <id>`).
 * Money (through one `JobMoney`): a video is settled (units = seconds) only once its file was downloaded and checked
 * playable; failed, unknown and expired tasks release the hold.
 */
export class JobRunner {
  /** This process's lease owner id (host name + random). */
  readonly owner: string;
  private readonly ctx: RunnerContext;
  private ffmpegResolved = false;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private current: Promise<number> | undefined;
  private lastPurge = Number.NEGATIVE_INFINITY;
  private lastSweep = Number.NEGATIVE_INFINITY;
  /** Jobs of the tick in progress (claimed by this process). */
  private readonly inFlight = new Set<string>();

  constructor(private readonly deps: JobRunnerDeps) {
    const config = resolveRunnerConfig(deps.config);
    const leases = deps.leases ?? new JobLeases(deps.jobs, deps.clock, newLeaseOwner(), config.leaseMs);
    this.owner = leases.owner;
    const money = new JobMoney(deps.budgets, deps.logger);
    this.ctx = { deps, config, owner: this.owner, leases, money, ffmpeg: deps.ffmpegPath ?? null, progressAt: new Map(), resume: (job, signal) => this.step(job, signal) };
    this.ffmpegResolved = deps.ffmpegPath !== undefined;
  }

  /** Starts ticking (every `tickMs`, at once again while full batches keep coming). Idempotent. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  /**
   * Stops ticking and waits for the tick in progress. With `graceMs`, work still running after that long is
   * aborted (a download stops, an encode is killed; an upload already sent to the platform is not awaited), and
   * every job this process still holds is handed back: lease dropped and due at once, so the next process (or
   * the restarted one) resumes it without waiting for the lease to expire. Nothing is lost: each step's writes
   * are conditional on the lease. Default `graceMs`: wait for the tick as long as it takes.
   */
  async stop(graceMs?: number): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const current = this.current?.catch(() => 0);
    if (current && graceMs !== undefined) {
      let timer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([current.then(() => true), new Promise<false>((r) => (timer = setTimeout(() => r(false), graceMs)))]);
      clearTimeout(timer);
      if (!finished) {
        this.deps.logger.warn({ jobs: [...this.inFlight.keys()], graceMs }, 'runner: work still running after the grace time; handing it back');
        for (const id of this.inFlight) this.ctx.leases.abort(id, new Error('shutting down'));
        // Steps return promptly once aborted; an upload that ignores the signal is not waited for beyond this.
        await Promise.race([current, new Promise((r) => setTimeout(r, 1_000).unref())]);
      }
    } else await current;
    await this.handBack();
  }

  /** Drops this process's leases on the jobs it claimed and makes them due now (only where it still holds them). */
  private async handBack(): Promise<void> {
    const ids = [...this.inFlight.keys()];
    this.inFlight.clear();
    const now = this.deps.clock.now();
    let handed = 0;
    for (const id of ids) {
      const ok = await this.deps.jobs
        .update(id, ACTIVE_VIDEO_STATUSES, { leaseOwner: null, leaseExpiresAt: null, nextPollAt: now }, this.owner)
        .catch((e: unknown) => {
          this.deps.logger.warn({ jobId: id, err: e }, 'runner: could not hand a job back; it is taken over when its lease expires');
          return false;
        });
      if (ok) handed += 1;
    }
    if (handed) this.deps.logger.info({ jobs: handed }, 'runner: handed running jobs back for the next process');
  }

  /** One round: claims due jobs and works them. Returns how many were handled. Public for tests and benchmarks. */
  async tick(): Promise<number> {
    const { deps, config } = this.ctx;
    if (!this.ffmpegResolved) {
      this.ctx.ffmpeg = (await locateFfmpeg().catch(() => null))?.path ?? null;
      this.ffmpegResolved = true;
    }
    const now = deps.clock.now();
    if (now - this.lastPurge >= config.purgeEveryMs) {
      this.lastPurge = now;
      await this.purge(now).catch((e: unknown) => deps.logger.warn({ err: e }, 'runner: purge failed'));
    }
    // A dead process's command jobs are taken over within about a lease: the sweep runs every third of it.
    if (now - this.lastSweep >= Math.min(config.purgeEveryMs, Math.ceil(config.leaseMs / 3))) {
      this.lastSweep = now;
      await sweepStaleReserved(this.ctx, now).catch((e: unknown) => deps.logger.warn({ err: e }, 'runner: sweep failed'));
    }
    const claimed = await deps.jobs.claimDue(this.owner, now, config.leaseMs, config.batch);
    const jobs: JobRecord[] = [];
    for (const job of claimed) {
      if (!this.declined(job)) jobs.push(job);
      // Handed back due at once: the process it belongs to ticks within one tick period, before this one ticks again,
      // so it always gets it next. (Due later instead, whichever process ticks first after the due time would win,
      // and a fixed phase between the two tick timers could hand it to this process every time.)
      else await deps.jobs.update(job.id, [job.status], { nextPollAt: now, leaseOwner: null, leaseExpiresAt: null }, this.owner);
    }
    for (const j of jobs) this.inFlight.add(j.id);
    await Promise.all(jobs.map((j) => this.work(j)));
    return jobs.length;
  }

  private schedule(ms: number): void {
    if (!this.running) return;
    this.timer = setTimeout(() => {
      this.current = this.tick().catch((e: unknown) => {
        this.deps.logger.error({ err: e }, 'runner: tick failed');
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
    const signal = this.ctx.leases.keep(job.id);
    if (!this.running) this.ctx.leases.abort(job.id, new Error('shutting down'));
    try {
      await this.step(job, signal);
    } catch (e) {
      // Unexpected (database busy, a bug): leave the job leased; it is taken over when the lease expires.
      this.deps.logger.error({ jobId: job.id, status: job.status, err: e }, 'runner: job step failed');
    } finally {
      this.ctx.leases.stop(job.id);
      if (!signal.aborted) this.inFlight.delete(job.id);
    }
  }

  /** Runs the step the table gives the job's kind and status (nothing for a status no step serves). */
  private async step(job: JobRecord, signal: AbortSignal): Promise<void> {
    await STEPS[job.kind][job.status]?.(this.ctx, job, signal);
  }

  /**
   * Deletes retained outputs past their expiry and forgets their paths (files the web gallery still keeps stay, see
   * `gallery-sweep.ts`), the gallery's past its own expiry or over its disk cap; deletes failure references past theirs.
   */
  private async purge(now: number): Promise<void> {
    const expired = await this.deps.jobs.expiredOutputs(now, 100);
    const gallery = { jobs: this.deps.jobs, outputs: this.deps.outputs, logger: this.deps.logger };
    for (const j of expired) await purgeChatExpired(gallery, j, now);
    await purgeGallery(gallery, now, this.ctx.config.galleryMaxBytes);
    await this.deps.tokens.forgetRetired();
    await this.deps.jobs.forgetDeliverySecrets(now);
    await this.deps.refs?.purge(now - this.ctx.config.refRetentionMs);
  }
}

/** A lease owner id for this process: host name, pid and a random part. */
export function newLeaseOwner(): string {
  return `${hostname().slice(0, 20)}:${process.pid}:${randomBytes(4).toString('hex')}`;
}
