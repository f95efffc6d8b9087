/**
 * The jobs table as the core and the poller see it. Implemented per storage engine (`KyselyJobStore` in
 * `src/store/kysely/job-store.ts`, `PostgresJobStore` in `src/store/postgres/job-store.ts`).
 * Every status change is a conditional update: it applies only when the row is still in one of the expected
 * states (and, for leased work, still leased by the caller), so two processes or a restart never apply it twice.
 */
import { FINAL_STATUSES, type JobKind, type JobStatus } from '../api/jobs.js';
import type { DeliveryAddress } from '../api/actor.js';
import type { TokenSource } from '../failures.js';
import type { Micros } from '../money.js';

/** Request parameters kept with a job (for Reroll/Animate and for `/job`). */
export interface JobParams {
  size?: string;
  aspect?: string;
  seconds?: number;
  count?: number;
  /** Number of reference images sent. */
  references?: number;
  /** Images: the size an Upscale of the result asks for (the model's next larger tier); absent when none is larger. */
  upscaleSize?: string;
  /**
   * Images: the upscale model an Upscale runs on (`isUpscaleModel`), when the image's own model has no larger size
   * and the token lists a priced one; absent: the job's own model.
   */
  upscaleModel?: string;
  /** A remix: the job id of the video it was made from. */
  remixOf?: string;
  /** Videos: the gateway's own price of the seconds asked (no markup, no community price), for its final bill. */
  gatewayQuoteMicros?: number;
  /** Videos: the seconds the gateway says it billed (the finished task's `seconds`), when it says. */
  billedSeconds?: number;
  /** Videos: the length the posted file plays for (probed when it was delivered), when it could be read. */
  deliveredSeconds?: number;
  /** The model options sent (absent: not sent): images `quality`/`background`/`format`, videos `resolution`/`audio`. */
  quality?: string;
  background?: string;
  format?: string;
  resolution?: string;
  audio?: boolean;
  /** Videos: a negative prompt and a last frame were sent. */
  negative?: boolean;
  endImage?: boolean;
}

export interface JobRecord {
  id: string;
  kind: JobKind;
  status: JobStatus;
  scopeId: string;
  userId: string;
  model: string;
  prompt: string;
  params: JobParams;
  tokenSource: TokenSource;
  tokenId: string | null;
  holdId: string | null;
  estimateMicros: Micros;
  chargedMicros: Micros | null;
  remoteTaskId: string | null;
  progress: number;
  /** Where the result goes (video jobs), opaque: routed by `surface`, the rest belongs to that surface. */
  delivery: DeliveryAddress | null;
  delivered: { messageIds: string[] } | null;
  outputPath: string | null;
  outputExpiresAt: number | null;
  errorCode: string | null;
  errorDetail: string | null;
  leaseOwner: string | null;
  leaseExpiresAt: number | null;
  nextPollAt: number | null;
  pollIntervalMs: number | null;
  deadlineAt: number | null;
  attempts: number;
  createdAt: number;
  updatedAt: number;
  finishedAt: number | null;
  /** The effective locale of the member when the job started; late deliveries speak it. Null for older jobs (English). */
  locale: string | null;
  /**
   * What the bot believes the gateway billed its token for this job (the gateway's price of what was sent and
   * delivered, not what the member paid); null or absent when it billed nothing the bot knows of. Reconciled with the
   * gateway's token log (`npm run admin -- reconcile`).
   */
  gatewayBilledMicros?: Micros | null;
  /**
   * When the web gallery stops keeping the job's result files (epoch ms; `GALLERY_RETENTION_DAYS` after the result
   * was kept), independent of {@link outputExpiresAt} (what `/job` may re-send). Null or absent: the gallery keeps
   * nothing beyond the chat's retention.
   */
  galleryExpiresAt?: number | null;
  /** Bytes of the files the gallery keeps for the job (its disk cap, `GALLERY_MAX_MB`). */
  galleryBytes?: number | null;
}

export type NewJob = Pick<
  JobRecord,
  'id' | 'kind' | 'status' | 'scopeId' | 'userId' | 'model' | 'prompt' | 'params' | 'tokenSource' | 'tokenId' | 'estimateMicros' | 'delivery'
> &
  Partial<Pick<JobRecord, 'holdId' | 'deadlineAt' | 'nextPollAt' | 'pollIntervalMs' | 'leaseOwner' | 'locale'>> & {
    /** With `leaseOwner`: the lease runs this long from the database's clock (never an absolute time). Default 0. */
    leaseMs?: number;
  };

/**
 * Fields a transition may change along with the status. A lease's expiry can only be dropped (`null`): it is set
 * on the database's clock by `create`, `claimDue` and `renewLease` alone.
 */
export type JobPatch = Partial<
  Omit<JobRecord, 'id' | 'kind' | 'scopeId' | 'userId' | 'createdAt' | 'status' | 'leaseExpiresAt'>
> & { leaseExpiresAt?: null };

/** Statuses the job runner claims (a `reserved` job belongs to its command until its lease runs out: the sweep's). */
export const ACTIVE_VIDEO_STATUSES: readonly JobStatus[] = ['submitted', 'running', 'downloading', 'delivering'];

/** Every status before a final one. */
export const ACTIVE_STATUSES: readonly JobStatus[] = ['reserved', ...ACTIVE_VIDEO_STATUSES];

export { FINAL_STATUSES };

/** How the web gallery narrows a member's results (every field optional). */
export interface GalleryFilter {
  /** `video` jobs, or every other media kind (`image`). */
  kind?: 'image' | 'video';
  model?: string;
  /** Created at or after (epoch ms). */
  from?: number;
  /** Created before (epoch ms). */
  to?: number;
  /** The page after this result: created before it (keyset pagination on `created_at`, then `id`). */
  before?: { createdAt: number; id: string };
}

export interface JobStore {
  create(job: NewJob): Promise<JobRecord>;
  get(id: string): Promise<JobRecord | undefined>;
  /**
   * Moves a job to `to` only if its status is one of `from` (and, when `leaseOwner` is given, only if that owner
   * holds the lease). Returns the updated record, or undefined when the condition did not hold.
   */
  transition(id: string, from: readonly JobStatus[], to: JobStatus, patch?: JobPatch, leaseOwner?: string): Promise<JobRecord | undefined>;
  /** Changes fields without changing the status, under the same conditions. Returns whether it applied. */
  update(id: string, expected: readonly JobStatus[], patch: JobPatch, leaseOwner?: string): Promise<boolean>;
  /**
   * Leases up to `limit` due jobs (active status, `next_poll_at <= now`, lease empty or expired) to `owner` for
   * `leaseMs`, atomically. Lease expiry is written and compared on the DATABASE's clock, so processes whose clocks
   * disagree never take each other's live jobs; `now` (the process's clock) only decides which jobs are due. Cost
   * grows with the number of due jobs (index on status, next_poll_at).
   */
  claimDue(owner: string, now: number, leaseMs: number, limit: number): Promise<JobRecord[]>;
  /** Extends a lease held by `owner` to `leaseMs` from the database's clock. False when the lease was lost. */
  renewLease(id: string, owner: string, leaseMs: number): Promise<boolean>;
  /** Drops a lease held by `owner` (the job stays due at its `next_poll_at`). */
  releaseLease(id: string, owner: string): Promise<void>;
  /**
   * How long the most recent `delivered` jobs of `kind` and `model` took from creation to delivery, finished at or
   * after `since`, newest first, at most `limit`; with each job's requested `seconds` (videos). For estimates.
   */
  recentRunTimes(kind: JobRecord['kind'], model: string, since: number, limit: number): Promise<{ elapsedMs: number; seconds?: number }[]>;
  /** Recent jobs of a user in a scope, newest first. */
  listByUser(scopeId: string, userId: string, limit: number): Promise<JobRecord[]>;
  /**
   * Jobs of a scope (every member) still in an active status, oldest first, at most `limit`: what `/queue` lists
   * beyond this process's own starting jobs (videos at the gateway, jobs of other processes). Served by the
   * `(scope_id, created_at)` index.
   */
  activeInScope(scopeId: string, limit: number): Promise<JobRecord[]>;
  /** Count of jobs in active statuses (for start-up logs and the playground). */
  countActive(): Promise<number>;
  /**
   * Jobs still `reserved` (hold placed, gateway call not finished) left behind by a process that died mid-call:
   * leased ones whose lease expired on the database's clock (the live process renews it while it works, however
   * slow the gateway), and unleased ones (rows from before leases) created before `createdBefore`. Served by the
   * (status, next_poll_at) index's status prefix.
   */
  staleReserved(createdBefore: number, limit: number): Promise<JobRecord[]>;
  /** Jobs whose retained output expired before `now` (to delete their files). */
  expiredOutputs(now: number, limit: number): Promise<JobRecord[]>;
  /**
   * A member's results for the web gallery, newest first: their media jobs (not `ask`) in `scopeId` that produced a
   * result (`delivered`, `succeeded`, `undeliverable` or `delivering`), narrowed by {@link GalleryFilter}.
   */
  listGallery(scopeId: string, userId: string, filter: GalleryFilter, limit: number): Promise<JobRecord[]>;
  /** The models of a member's gallery results in `scopeId` (for its model filter), sorted. */
  galleryModels(scopeId: string, userId: string): Promise<string[]>;
  /** Jobs whose gallery files expired before `now`, soonest first (to delete them). */
  expiredGallery(now: number, limit: number): Promise<JobRecord[]>;
  /** Bytes the gallery keeps over every job (sum of `galleryBytes` where `galleryExpiresAt` is set). */
  galleryBytes(): Promise<number>;
  /** The jobs whose files the gallery keeps, oldest (soonest to expire) first: the disk cap removes these first. */
  oldestGallery(limit: number): Promise<JobRecord[]>;
  /**
   * Removes short-lived credentials from stored delivery addresses: an address member `interaction` (a platform's
   * interaction webhook, with `expiresAt` in ms) is deleted once it expired (`expiresAt <= now`) or its job ended.
   * Returns how many rows changed. Run periodically by the poller.
   */
  forgetDeliverySecrets(now: number): Promise<number>;
}
