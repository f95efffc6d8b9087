import type { Selectable, Updateable } from 'kysely';
import type { JobStatus } from '../../core/api/jobs.js';
import type { JobParams, JobPatch, JobRecord } from '../../core/ports/job-store.js';
import { readDeliveryAddress } from '../delivery-address.js';
import type { JobsTable } from './schema.js';

/**
 * Mapping between {@link JobRecord} (camelCase, parsed JSON) and rows of the `jobs` table
 * (snake_case, JSON kept in TEXT). Unreadable JSON becomes an empty value rather than an exception, so one
 * damaged row cannot stop the poller.
 */

function parseObject(text: string | null): Record<string, unknown> | null {
  if (text === null || text === '') return null;
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function parseDelivered(text: string | null): { messageIds: string[] } | null {
  const o = parseObject(text);
  if (!o || !Array.isArray(o.messageIds)) return null;
  return { messageIds: o.messageIds.filter((m): m is string => typeof m === 'string') };
}

/** The stored `params` JSON → {@link JobParams} (empty when malformed). */
export function paramsOf(text: string): JobParams {
  return (parseObject(text) ?? {}) as JobParams;
}

/** A row as read from the database → a {@link JobRecord}. */
export function toRecord(r: Selectable<JobsTable>): JobRecord {
  return {
    id: r.id,
    kind: r.kind,
    status: r.status as JobStatus,
    scopeId: r.scope_id,
    userId: r.user_id,
    model: r.model,
    prompt: r.prompt,
    params: paramsOf(r.params),
    tokenSource: r.token_source,
    tokenId: r.token_id,
    holdId: r.hold_id,
    estimateMicros: Number(r.estimate_micros),
    chargedMicros: r.charged_micros === null ? null : Number(r.charged_micros),
    remoteTaskId: r.remote_task_id,
    progress: Number(r.progress),
    delivery: readDeliveryAddress(parseObject(r.delivery)),
    delivered: parseDelivered(r.delivered),
    outputPath: r.output_path,
    outputExpiresAt: numOrNull(r.output_expires_at),
    errorCode: r.error_code,
    errorDetail: r.error_detail,
    leaseOwner: r.lease_owner,
    leaseExpiresAt: numOrNull(r.lease_expires_at),
    nextPollAt: numOrNull(r.next_poll_at),
    pollIntervalMs: numOrNull(r.poll_interval_ms),
    deadlineAt: numOrNull(r.deadline_at),
    attempts: Number(r.attempts),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    finishedAt: numOrNull(r.finished_at),
    locale: r.locale ?? null,
    gatewayBilledMicros: r.gateway_billed_micros === null || r.gateway_billed_micros === undefined ? null : Number(r.gateway_billed_micros),
    galleryExpiresAt: numOrNull(r.gallery_expires_at ?? null),
    galleryBytes: numOrNull(r.gallery_bytes ?? null),
  };
}

function numOrNull(v: number | null): number | null {
  return v === null ? null : Number(v);
}

/** A {@link JobPatch} → the columns it sets (only the fields present in the patch). */
export function patchColumns(p: JobPatch): Updateable<JobsTable> {
  const c: Updateable<JobsTable> = {};
  if (p.model !== undefined) c.model = p.model;
  if (p.prompt !== undefined) c.prompt = p.prompt;
  if (p.params !== undefined) c.params = JSON.stringify(p.params);
  if (p.tokenSource !== undefined) c.token_source = p.tokenSource;
  if (p.tokenId !== undefined) c.token_id = p.tokenId;
  if (p.holdId !== undefined) c.hold_id = p.holdId;
  if (p.estimateMicros !== undefined) c.estimate_micros = p.estimateMicros;
  if (p.chargedMicros !== undefined) c.charged_micros = p.chargedMicros;
  if (p.gatewayBilledMicros !== undefined) c.gateway_billed_micros = p.gatewayBilledMicros;
  if (p.remoteTaskId !== undefined) c.remote_task_id = p.remoteTaskId;
  if (p.progress !== undefined) c.progress = p.progress;
  if (p.delivery !== undefined) c.delivery = JSON.stringify(p.delivery ?? {});
  if (p.delivered !== undefined) c.delivered = p.delivered === null ? null : JSON.stringify(p.delivered);
  if (p.outputPath !== undefined) c.output_path = p.outputPath;
  if (p.outputExpiresAt !== undefined) c.output_expires_at = p.outputExpiresAt;
  if (p.galleryExpiresAt !== undefined) c.gallery_expires_at = p.galleryExpiresAt;
  if (p.galleryBytes !== undefined) c.gallery_bytes = p.galleryBytes;
  if (p.errorCode !== undefined) c.error_code = p.errorCode;
  if (p.errorDetail !== undefined) c.error_detail = p.errorDetail;
  if (p.leaseOwner !== undefined) c.lease_owner = p.leaseOwner;
  if (p.leaseExpiresAt !== undefined) c.lease_expires_at = p.leaseExpiresAt;
  if (p.nextPollAt !== undefined) c.next_poll_at = p.nextPollAt;
  if (p.pollIntervalMs !== undefined) c.poll_interval_ms = p.pollIntervalMs;
  if (p.deadlineAt !== undefined) c.deadline_at = p.deadlineAt;
  if (p.attempts !== undefined) c.attempts = p.attempts;
  if (p.updatedAt !== undefined) c.updated_at = p.updatedAt;
  if (p.finishedAt !== undefined) c.finished_at = p.finishedAt;
  return c;
}
