/** Jobs as surfaces see them (`/jobs`, `/job`, follow-up buttons) and the report of where a result was posted. */
import type { Result } from '../failures.js';
import type { Micros } from '../money.js';
import type { Actor } from './actor.js';

export type JobKind = 'imagine' | 'edit' | 'video' | 'ask';

export type JobStatus =
  | 'reserved'
  | 'submitted'
  | 'running'
  | 'downloading'
  | 'delivering'
  | 'delivered'
  | 'succeeded'
  | 'failed'
  | 'refunded'
  | 'expired'
  | 'released'
  | 'undeliverable';

/** Statuses after which nothing more happens to a job: the one list (the store, `/jobs`, the console use it). */
export const FINAL_STATUSES: readonly JobStatus[] = ['delivered', 'succeeded', 'failed', 'refunded', 'expired', 'released', 'undeliverable'];

/**
 * A job's state in plain terms, for words (the raw {@link JobStatus} is for machines): `queued` (not started at the
 * gateway yet), `working`, `delivering`, `done`, `failed`, `timed_out` (the gateway did not finish in time),
 * `interrupted` (a process stopped while it ran), `not_delivered` (made but could not be posted).
 */
export type JobState = 'queued' | 'working' | 'delivering' | 'done' | 'failed' | 'timed_out' | 'interrupted' | 'not_delivered';

/**
 * What happened to a job's money, from the ledger (never from the status): still `held`; `charged`; `charged_kept`
 * (charged, and the result kept for `/job` because it could not be posted); `released` (the hold freed, nothing
 * charged); `refunded` (charged, then given back); `none` (it never held money). `micros` is the amount of that outcome.
 */
export type JobMoney = { outcome: 'held' | 'charged' | 'charged_kept' | 'released' | 'refunded'; micros: Micros } | { outcome: 'none' };

/** Facts read from a delivered file itself (its bytes), never from what was requested. */
export interface MediaFacts {
  width: number;
  height: number;
  /** Videos: the length the file plays for. */
  durationSeconds?: number;
}

/** What `/jobs` and `/job` show. */
export interface JobView {
  id: string;
  kind: JobKind;
  status: JobStatus;
  /** {@link JobState}: the status in plain terms. */
  state: JobState;
  /** {@link JobMoney}: the money outcome from the ledger. */
  money: JobMoney;
  model: string;
  prompt: string;
  progress: number;
  /** The length asked for (videos), or what the job was sent with. */
  seconds?: number;
  /** Videos: the seconds the gateway says it made and billed (its finished task), when it said; absent otherwise. */
  billedSeconds?: number;
  /** Videos: the length the posted file plays for (probed at delivery), when it could be read. */
  deliveredSeconds?: number;
  size?: string;
  /** The options sent that change the result (`--quality high`, `--resolution 1080p`, `--audio on`); absent: none. */
  options?: string;
  /** Images asked for (an image job's `count`, when more than one). */
  count?: number;
  /** Images: the size an Upscale asks for; absent when neither the model nor an upscale model has a larger size (no Upscale offered). */
  upscaleSize?: string;
  /** Images: the upscale model an Upscale runs on; absent: the job's own model. */
  upscaleModel?: string;
  estimateMicros: Micros;
  chargedMicros: Micros | null;
  createdAt: number;
  finishedAt: number | null;
  userExternalId: string;
  /** Failure code when the job ended without a result. */
  errorCode?: string;
  /** Files kept for re-posting (`/job <id>`), while retained. */
  outputs?: { path: string; filename: string; mime: string; bytes: number }[];
  /**
   * What the file being delivered says about itself (size, a video's length), set by the delivery steps when the
   * file could be read; absent otherwise, and then no size or length is shown rather than the requested one.
   */
  media?: MediaFacts;
  /**
   * The language its member was answered in when it started (a shipped code; absent = English); late deliveries write
   * in it.
   */
  locale?: string;
}

/** What an earlier job asked for (Reroll / Animate / Edit buttons), from `CoreApi.jobRequest`. */
export interface JobRequestView {
  kind: JobKind;
  prompt: string;
  model: string;
  size?: string;
  seconds?: number;
  /** The options it was sent with (a Reroll sends them again); absent: none. */
  options?: { quality?: string; background?: string; format?: string; resolution?: string; audio?: boolean };
  /** Images: the size an Upscale asks for (absent: none offered). */
  upscaleSize?: string;
  /** Images: the upscale model an Upscale runs on (absent: the job's own model). */
  upscaleModel?: string;
  /** True when the actor is the member who started the job (Vary and Upscale work only for them, or admins). */
  mine: boolean;
  /** The job's kept result files, while retained. */
  outputs?: JobView['outputs'];
  /**
   * An `edit` job's reference images, in the order they were sent, kept with its results (same retention) so a
   * Reroll can re-run the edit. Absent for other kinds, for failed edits, once purged, and when any one is missing.
   */
  references?: JobView['outputs'];
  /** A delivered video's kept last frame (one PNG), while retained: what "Animate with last frame" animates. */
  lastFrame?: JobView['outputs'];
}

/** What became of one video handed to `CoreApi.abandonVideos`. */
export type AbandonOutcome =
  | { id: string; outcome: 'released'; heldMicros: Micros }
  | { id: string; outcome: 'kept'; status: JobStatus }
  | { id: string; outcome: 'unknown' };

/**
 * One job of `/queue`: `queued` in the bot's fair-use line (`position` 1-based), `waiting` in the bot's line for the
 * gateway's concurrency gate (`position`: 1 = next), or `running` (the gateway has it). `etaSeconds`: a video's likely
 * time left (its model's history; 0 when overdue), absent when unknown. `mine`: the asking member's own job.
 */
export interface QueueItem {
  jobId: string;
  kind: JobKind;
  model: string | undefined;
  phase: 'queued' | 'waiting' | 'running';
  position?: number;
  elapsedMs: number;
  etaSeconds?: number;
  mine: boolean;
  /** The member's platform id (admins' view names them). */
  userExternalId: string;
}

/** What `/queue` shows: the jobs the actor may see, and the community's counts (every member's). */
export interface QueueView {
  /** The actor's jobs; every member's when `all`. Oldest first. */
  items: QueueItem[];
  all: boolean;
  /** The community's jobs waiting (fair-use line and gateway line) and running. */
  waiting: number;
  running: number;
}

/**
 * What a cancel did: `cancelled` — the job left before the gateway took it; `held` says whether a hold had been placed
 * (then released). Never charged.
 */
export interface CancelledJob {
  jobId: string;
  kind: JobKind;
  held: boolean;
}

/** Jobs as surfaces see them (`/jobs`, `/job`, follow-up buttons) and the report of where a result was posted. */
export interface JobsApi {
  /** `/queue`: the actor's queued and running jobs in this community (every member's when `all`: admins). */
  queue(actor: Actor, all: boolean): Promise<QueueView>;
  /**
   * Cancels a job the gateway has not taken yet (its owner, or an admin with `admin`): in the fair-use line or the
   * gateway's waiting line of this process. Otherwise `job_not_cancellable` (`at_gateway`, `finished`, `not_owner`)
   * or `job_not_found`; nothing is aborted that the gateway may bill.
   */
  cancelJob(actor: Actor, id: string, admin: boolean): Promise<Result<CancelledJob>>;
  /**
   * Records where a job's result was posted (message ids), so `/job` and restarts know. A job in `delivering` (its
   * result kept, charged) becomes `delivered` and its lease is dropped.
   */
  recordDelivery(jobId: string, messageIds: string[]): Promise<void>;
  /**
   * The surface could not post a result it was given (rate limit, expired interaction, deleted reply): the durable
   * delivery step (the poller, through the surface's `Delivery.deliver`) takes over, not before
   * `retryAfterMs` (default 0). No-op for a job not in `delivering`.
   */
  handOver(jobId: string, opts?: { retryAfterMs?: number; reason?: string }): Promise<void>;
  jobs(actor: Actor, limit?: number): Promise<JobView[]>;
  /** A job of this scope (or the actor's own), or `job_not_found`. */
  job(actor: Actor, id: string): Promise<Result<JobView>>;
  /** The request of an earlier job, for Reroll / Animate buttons. */
  jobRequest(actor: Actor, id: string): Promise<Result<JobRequestView>>;
  /**
   * Ends video jobs whose gateway task can never finish (the playground's built-in simulator dies with it): jobs
   * still at the gateway are marked released and their holds released (nothing charged); others are left alone.
   */
  abandonVideos(ids: readonly string[], note: string): Promise<AbandonOutcome[]>;
}
