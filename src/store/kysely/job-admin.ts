import type { Kysely } from 'kysely';
import type { JobStatus } from '../../core/api/jobs.js';
import type { AuditActor } from '../../core/ports/audit-log.js';
import type { BilledJob, JobAdmin, JobFilter, JobListing, RequeueResult } from '../../core/ports/job-admin.js';
import { writeAudit } from './audit.js';
import type { WriteTransactionRunner } from './write-transaction.js';
import { toRecord } from './job-rows.js';
import type { Database } from './schema.js';

/** The {@link JobAdmin} on SQLite and PostgreSQL: jobs joined with their scope and user, newest first by the `created_at` indexes. */
export class KyselyJobAdmin implements JobAdmin {
  constructor(
    private readonly db: Kysely<Database>,
    /** The engine's write transaction (no default: the engine's store factory passes its own). */
    private readonly writeTx: WriteTransactionRunner,
  ) {}

  private base(db: Kysely<Database> = this.db) {
    return db
      .selectFrom('jobs as j')
      .innerJoin('scopes as s', 's.id', 'j.scope_id')
      .innerJoin('users as u', 'u.id', 'j.user_id')
      .selectAll('j')
      .select(['s.platform as scope_platform', 's.external_id as scope_external', 'u.platform as user_platform', 'u.external_id as user_external']);
  }

  async list(filter: JobFilter): Promise<JobListing[]> {
    let q = this.base().orderBy('j.created_at', 'desc').orderBy('j.id', 'desc').limit(filter.limit);
    if (filter.scopeId !== undefined) q = q.where('j.scope_id', '=', filter.scopeId);
    if (filter.status !== undefined) q = q.where('j.status', '=', filter.status);
    return (await q.execute()).map(toListing);
  }

  async billedSince(since: number, limit = 100_000): Promise<BilledJob[]> {
    const rows = await this.db
      .selectFrom('jobs')
      .select(['id', 'kind', 'status', 'model', 'token_source', 'token_id', 'remote_task_id', 'gateway_billed_micros', 'created_at', 'finished_at'])
      .where('created_at', '>=', since)
      .where((eb) => eb.or([eb('gateway_billed_micros', 'is not', null), eb('remote_task_id', 'is not', null)]))
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      status: r.status as JobStatus,
      model: r.model,
      tokenSource: r.token_source,
      tokenId: r.token_id,
      remoteTaskId: r.remote_task_id,
      gatewayBilledMicros: r.gateway_billed_micros === null ? 0 : Number(r.gateway_billed_micros),
      createdAt: Number(r.created_at),
      finishedAt: r.finished_at === null ? null : Number(r.finished_at),
    }));
  }

  async inspect(id: string): Promise<JobListing | undefined> {
    const r = await this.base().where('j.id', '=', id).executeTakeFirst();
    return r ? toListing(r) : undefined;
  }

  async requeueDelivery(id: string, from: readonly JobStatus[], actor: AuditActor, now: number): Promise<RequeueResult> {
    return this.writeTx(this.db, async (tx) => {
      const job = await tx.selectFrom('jobs').select(['status', 'scope_id']).where('id', '=', id).executeTakeFirst();
      if (!job) return { ok: false, reason: 'not_found' };
      const res = await tx
        .updateTable('jobs')
        .set({ status: 'delivering', next_poll_at: now, lease_owner: null, lease_expires_at: null, attempts: 0, error_code: null, error_detail: null, finished_at: null, updated_at: now })
        .where('id', '=', id)
        .where('status', 'in', [...from])
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return { ok: false, reason: 'changed', status: job.status as JobStatus };
      const audit = { actor, action: 'job.retry_delivery' };
      await writeAudit(tx, audit, job.scope_id, { jobId: id, status: job.status }, { jobId: id, status: 'delivering' }, now);
      return { ok: true };
    });
  }
}

type ListingRow = Parameters<typeof toRecord>[0] & { scope_platform: string; scope_external: string; user_platform: string; user_external: string };

function toListing(r: ListingRow): JobListing {
  return { ...toRecord(r), scope: { platform: r.scope_platform, externalId: r.scope_external }, user: { platform: r.user_platform, externalId: r.user_external } };
}
