import { galleryPatch } from './gallery-retention.js';
import type { JobKind } from '../api/jobs.js';
import type { ChargeUnit } from '../budget/types.js';
import { err, fail, ok, withMoney, type Failure, type Result } from '../failures.js';
import type { Micros } from '../money.js';
import type { JobMoney, MoneyJob } from '../money/job-money.js';
import { StoreUnavailableError } from '../ports/store-unavailable.js';
import type { CoreDeps } from '../use-cases/deps.js';

/**
 * The job engine's inline half: the steps a command runs itself (the fast path), written once for every kind. A job
 * is a row and a table of steps, `submit → wait → fetch → check → keep → deliver → settle`, each optional per kind
 * ({@link JOB_STEPS}); the command runs the leading steps it can finish within its interaction and hands the row to the
 * job runner (src/jobs/) for the rest, or on any interruption: a lease lost or a crash (the runner's sweep finds the
 * row), a store error after the result was kept ({@link runToKept}), a surface that cannot post (`handOver`). Money
 * moves in one place per decision: the hold in `openJob`, the release of a job that fails before its result is kept
 * ({@link failOpenJob}), and the charge in {@link settleKept}, after check and keep, never above the hold, whichever
 * process finishes the job.
 */

/** A step of the job table. */
export type JobStepName = 'submit' | 'wait' | 'fetch' | 'check' | 'keep' | 'deliver' | 'settle';

/** Where each kind's steps run: `inline` in its command, then `runner` in the job runner. */
export interface JobKindSteps {
  readonly inline: readonly JobStepName[];
  readonly runner: readonly JobStepName[];
  /** What a charge of this kind counts (the ledger's usage unit). */
  readonly unit: ChargeUnit;
}

/**
 * The one table of job kinds. A video (or a remix, a video job made from another) is submitted by its command and
 * waited on, fetched, checked, kept and settled by the runner before it is delivered; an image, edit or answer runs
 * `submit → check → keep → settle` in its command and reaches the runner only to be delivered when its command could
 * not post it (the runner settles again, idempotently, before posting). The job runner reads its dispatch from this
 * table (`STEPS` in src/jobs/job-runner.ts): a new kind adds a row here and nothing there, unless it needs a runner
 * step that does not exist yet.
 */
export const JOB_STEPS: Readonly<Record<JobKind, JobKindSteps>> = {
  imagine: { inline: ['submit', 'check', 'keep', 'settle'], runner: ['settle', 'deliver'], unit: 'image' },
  edit: { inline: ['submit', 'check', 'keep', 'settle'], runner: ['settle', 'deliver'], unit: 'image' },
  ask: { inline: ['submit', 'check', 'keep', 'settle'], runner: ['settle', 'deliver'], unit: 'token' },
  video: { inline: ['submit'], runner: ['wait', 'fetch', 'check', 'keep', 'settle', 'deliver'], unit: 'second' },
};

/** A job opened by `openJob` (row written, hold placed), as the engine moves it. */
export interface OpenedJob extends MoneyJob {
  kind: JobKind;
  /** Whether a surface gave an address to post the result to later (absent: operator CLI, direct calls). */
  hasAddress: boolean;
}

/** What a kind's `check` found owed for a result it accepted. */
export interface Owed {
  /** What the result costs; the charge is min(this, the hold). */
  owedMicros: Micros;
  /** The ledger's usage count, in the kind's {@link JobKindSteps.unit}. */
  units: number;
  /** What the bot believes the gateway billed for the job (its own price of what it billed; kept for reconciliation). */
  gatewayBilledMicros?: Micros;
}

/** One kind's inline steps up to a kept result. */
export interface KeptSteps<S, C extends Owed> {
  /** The gateway call. */
  submit(job: OpenedJob): Promise<S>;
  /** What of the answer is usable and what it owes; a failure ends the job, hold released. May record gateway losses. */
  check(job: OpenedJob, submitted: S): Promise<Result<C>>;
  /** Writes the result where a late delivery finds it; returns what it wrote ({@link KeptOutputs}). */
  keep(job: OpenedJob, checked: C): Promise<KeptOutputs>;
  /** The failure a throw of `submit`, `check` or `keep` reads as (the gateway's words; the hold is released). */
  thrown(e: unknown): Failure;
}

/** What a kind's `keep` wrote for a job. */
export interface KeptOutputs {
  /** The path of the first kept output (null: none). */
  path: string | null;
  /** Every file it wrote into the job's folder (by stored name), which held nothing before: the settle step's gallery size. */
  files: readonly { filename: string; bytes: number }[];
}

/** A result checked, kept and settled: `chargedMicros` is what the ledger charged. */
export type Settled<C> = C & { chargedMicros: Micros };

/**
 * Runs `submit → check → keep → settle` for an opened job. Before the result is kept, a failure or a throw releases the
 * hold and ends the job `failed` ({@link failOpenJob}); a result that was checked but could not be kept (the disk
 * failing) is recorded as a certain gateway loss. Once it is kept, nothing is released and nothing reads as a
 * gateway failure: a throw in the settle step (the store failing) hands the job to the runner ({@link handToRunner}),
 * which settles and delivers it or tells the member, and the command answers `result_delayed`.
 */
export async function runToKept<S, C extends Owed>(d: CoreDeps, job: OpenedJob, steps: KeptSteps<S, C>): Promise<Result<Settled<C>>> {
  let checked: C | undefined;
  let kept: KeptOutputs;
  try {
    const submitted = await steps.submit(job);
    const c = await steps.check(job, submitted);
    if (!c.ok) return failOpenJob(d, job, c.failure);
    checked = c.value;
    kept = await steps.keep(job, checked);
  } catch (e) {
    // A result checked but not kept was billed by the gateway and reaches no one: the operator's loss.
    if (checked) await d.money.loss(job, Math.min(checked.owedMicros, job.estimateMicros), true, 'not_kept');
    return failOpenJob(d, job, steps.thrown(e));
  }
  try {
    const chargedMicros = await settleStep(d, job, checked, kept);
    if (chargedMicros === undefined) return takenOver(d, job);
    return ok({ ...checked, chargedMicros });
  } catch (e) {
    return job.hasAddress ? handToRunner(d, job, e) : giveBack(d, job, checked, e);
  }
}

/**
 * Runs `submit` for a job the runner finishes (a video): on success `next` moves the row on to the runner; a throw of
 * `submit` releases the hold ({@link failOpenJob}) with the words of `thrown`.
 */
export async function runToRunner<S>(d: CoreDeps, job: OpenedJob, submit: () => Promise<S>, thrown: (e: unknown) => Failure, next: (submitted: S) => Promise<void>): Promise<Result<S>> {
  let submitted: S;
  try {
    submitted = await submit();
  } catch (e) {
    return failOpenJob(d, job, thrown(e));
  }
  await next(submitted);
  return ok(submitted);
}

/**
 * The settle step of the command path: the row first, while this process still holds its lease (with an address to
 * `delivering`, leased to this process until its surface reports with `recordDelivery` or `handOver`; without one to
 * `succeeded`), then the money ({@link settleKept}). A crash in between leaves a `delivering` row whose delivery step
 * settles (idempotent), never a charge without a job that ends in a delivery or an honest message. Returns the charge,
 * or undefined when the row was no longer this process's (its lease ran out and the sweep took it): nothing is settled.
 */
async function settleStep(d: CoreDeps, job: OpenedJob, owed: Owed, kept: KeptOutputs): Promise<Micros | undefined> {
  const now = d.clock.now();
  const outputPath = kept.path;
  const charge = Math.min(owed.owedMicros, job.estimateMicros);
  const patch = {
    chargedMicros: charge,
    ...(owed.gatewayBilledMicros !== undefined ? { gatewayBilledMicros: owed.gatewayBilledMicros } : {}),
    progress: 100,
    outputPath,
    outputExpiresAt: now + d.settings.outputRetentionMs,
    ...(outputPath !== null && d.settings.galleryRetentionMs ? galleryPatch(d.settings.galleryRetentionMs, now, kept.files) : {}),
  };
  const moved = job.hasAddress
    ? await d.jobs.transition(job.id, ['reserved'], 'delivering', { ...patch, nextPollAt: now, attempts: 0 }, d.leases.owner)
    : await d.jobs.transition(job.id, ['reserved'], 'succeeded', { ...patch, finishedAt: now }, d.leases.owner);
  if (!moved) return undefined;
  if (job.hasAddress) d.leases.limit(job.id);
  else d.leases.stop(job.id);
  return (await settleKept(d.money, job, owed.owedMicros, owed.units)) ?? 0;
}

/**
 * The job stopped being this process's before its result was settled (its lease ran out during a gateway call, say
 * the store did not answer the renewals, and the stale-job sweep took it): the command says what the sweep did. A kept
 * image the sweep resumed is the runner's to post (`result_delayed`); a job it released reads as interrupted, as the
 * sweep's own notice says, nothing charged.
 */
async function takenOver<T>(d: CoreDeps, job: OpenedJob): Promise<Result<T>> {
  d.leases.stop(job.id);
  const now = await d.jobs.get(job.id);
  d.logger.warn({ jobId: job.id, kind: job.kind, status: now?.status }, 'job: taken over before its result was settled; the runner finishes it');
  if (now?.status === 'delivering' || now?.status === 'delivered') return err({ ...fail('result_delayed', { kind: job.kind }, { money: 'none' }), jobId: job.id });
  return err({ ...fail('job_interrupted', { kind: job.kind }, { money: 'released' }), jobId: job.id });
}

/**
 * The one settle of every kind, on the command path and in the runner alike: the hold becomes a charge of
 * min(`owedMicros`, hold), counted in the kind's unit ({@link JOB_STEPS}). Call it only once the result was checked and
 * kept. Idempotent (a repeat returns the first charge); null when there is no hold to settle.
 */
export function settleKept(money: JobMoney, job: MoneyJob & { kind: JobKind }, owedMicros: Micros, units: number): Promise<Micros | null> {
  return money.settle(job, owedMicros, { units, unit: JOB_STEPS[job.kind].unit });
}

/**
 * Ends a job whose submit or check failed (still `reserved`): renewal stopped, the hold released (a refusal that may
 * carry a violation fee records the possible fee as the operator's loss), the job `failed` with the failure's code. Returns the failure saying the money was released, for the member.
 */
export async function failOpenJob<T>(d: CoreDeps, job: MoneyJob, failure: Failure): Promise<Result<T>> {
  d.leases.stop(job.id);
  await d.money.release(job, failure.code);
  if (failure.code === 'content_refused_fee') await d.money.possibleFee(job, failure.details.code);
  await d.jobs.transition(job.id, ['reserved'], 'failed', { errorCode: failure.code, finishedAt: d.clock.now() });
  return err(withMoney(failure, 'released', job.id));
}

/**
 * The store failed after the result was kept: the job is the runner's now. A row already in `delivering` is made due at
 * once (when the store answers; else its lease runs out and the runner claims it), and the runner settles and posts it
 * or tells the member; a row still `reserved` is left to the stale-job sweep once its lease runs out (a kept image is
 * resumed and delivered; anything else has its hold released and the member told). Nothing is released here and no
 * money is claimed: the member reads that the result was made and is on its way.
 */
export async function handToRunner<T>(d: CoreDeps, job: OpenedJob, cause: unknown): Promise<Result<T>> {
  d.leases.stop(job.id);
  d.logger.warn({ jobId: job.id, kind: job.kind, err: cause }, 'job: the store failed after the result was kept; the job runner finishes it');
  try {
    await d.jobs.update(job.id, ['delivering'], { nextPollAt: d.clock.now(), leaseOwner: null, leaseExpiresAt: null }, d.leases.owner);
  } catch (e) {
    d.logger.debug({ jobId: job.id, err: e }, 'job: not handed over now; the runner takes it once its lease runs out');
  }
  return err({ ...fail('result_delayed', { kind: job.kind }, { money: 'none', log: { note: errorNote(cause) } }), jobId: job.id });
}

/**
 * The store failed after the result of a job without an address was kept (operator CLI, direct calls): no later
 * delivery exists, so the member's money is given back (an open hold released, a settled one refunded), the gateway's
 * bill recorded as a loss and the job ended `failed`, as far as the store answers. The failure claims `released` only
 * when that happened.
 */
async function giveBack<T>(d: CoreDeps, job: OpenedJob, owed: Owed, cause: unknown): Promise<Result<T>> {
  d.leases.stop(job.id);
  const code = cause instanceof StoreUnavailableError ? 'store_unavailable' : 'internal';
  d.logger.warn({ jobId: job.id, kind: job.kind, err: cause }, 'job: the store failed after the result was kept; no address to deliver it later');
  let money: 'released' | 'none' = 'none';
  try {
    await d.money.refund(job, code, Math.min(owed.owedMicros, job.estimateMicros));
    money = 'released';
    await d.jobs.transition(job.id, ['reserved', 'succeeded'], 'failed', { errorCode: code, chargedMicros: 0, finishedAt: d.clock.now() });
  } catch (e) {
    d.logger.warn({ jobId: job.id, err: e }, 'job: not ended after the store failed; the sweep ends it once its lease runs out');
  }
  return err({ ...fail(code, {}, { money, log: { note: errorNote(cause) } }), jobId: job.id });
}

function errorNote(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}
