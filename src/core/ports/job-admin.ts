/**
 * The operator's view of jobs (`jobs list|inspect|retry-delivery` in the CLI): any scope, any user, with how
 * they are known outside the store. Implemented per storage engine (`KyselyJobAdmin` in `src/store/kysely/`).
 */
import type { JobStatus } from '../api/jobs.js';
import type { AuditActor } from './audit-log.js';
import type { ExternalRef } from './directory.js';
import type { JobRecord } from './job-store.js';

/** A job with its scope and user as the operator names them (`discord:123`). */
export interface JobListing extends JobRecord {
  scope: ExternalRef;
  user: ExternalRef;
}

/** Filters of {@link JobAdmin.list}; absent = any. */
export interface JobFilter {
  scopeId?: string;
  status?: string;
  /** Most rows, newest first. */
  limit: number;
}

/** What {@link JobAdmin.requeueDelivery} did. */
export type RequeueResult = { ok: true } | { ok: false; reason: 'not_found' } | { ok: false; reason: 'changed'; status: JobStatus };

/** A job as the reconciliation compares it with the gateway's log. */
export interface BilledJob {
  id: string;
  kind: JobRecord['kind'];
  status: JobStatus;
  model: string;
  tokenSource: JobRecord['tokenSource'];
  tokenId: string | null;
  /** The video task id. */
  remoteTaskId: string | null;
  /** What the bot believes the gateway billed (0 when it recorded nothing). */
  gatewayBilledMicros: number;
  createdAt: number;
  finishedAt: number | null;
}

/** Cross-scope job reads and the operator's one job write. */
export interface JobAdmin {
  /**
   * Jobs created at or after `since` (epoch ms) that reached the gateway: with a recorded gateway bill or a video task;
   * oldest first, at most `limit` (default 100,000).
   */
  billedSince(since: number, limit?: number): Promise<BilledJob[]>;
  /** Jobs matching `filter`, newest first. */
  list(filter: JobFilter): Promise<JobListing[]>;
  /** One job, or undefined. */
  inspect(id: string): Promise<JobListing | undefined>;
  /**
   * Puts a job back into `delivering`, due at `now` and unleased, attempts reset, error and finish time cleared, but
   * only while its status is one of `from`; the change and its audit entry (`job.retry_delivery`) are one transaction.
   */
  requeueDelivery(id: string, from: readonly JobStatus[], actor: AuditActor, now: number): Promise<RequeueResult>;
}
