import { NoResultError, sql, type Kysely, type RawBuilder, type Updateable } from 'kysely';
import type { JobStatus } from '../../core/api/jobs.js';
import type { Clock } from '../../core/ports/clock.js';
import { ACTIVE_STATUSES, ACTIVE_VIDEO_STATUSES, FINAL_STATUSES, type GalleryFilter, type JobPatch, type JobRecord, type JobStore, type NewJob } from '../../core/ports/job-store.js';
import type { Database, JobsTable } from './schema.js';
import { paramsOf, patchColumns, toRecord } from './job-rows.js';
import { PreparedQueries } from './prepared.js';

/**
 * The arguments of a prepared change of a job: its columns (`updated_at` left out: the change stamps it), `id`, the
 * statuses it starts from as `from0`, `from1`…, and `leaseOwner` when given; `names` are the columns, in order.
 */
function changeArgs(id: string, cols: Updateable<JobsTable>, from: readonly JobStatus[], leaseOwner: string | undefined): { names: string[]; args: Record<string, unknown> } {
  const names: string[] = [];
  const args: Record<string, unknown> = { id };
  for (const [k, v] of Object.entries(cols)) {
    if (k === 'updated_at') continue;
    names.push(k);
    args[k] = v;
  }
  for (let i = 0; i < from.length; i++) args[`from${i}`] = from[i];
  if (leaseOwner !== undefined) args.leaseOwner = leaseOwner;
  return { names, args };
}

/** The placeholders of `names` (columns) among a prepared statement's arguments. */
function pickNames(args: Record<string, unknown>, names: readonly string[]): Updateable<JobsTable> {
  const out: Record<string, unknown> = {};
  for (const k of names) out[k] = args[k];
  return out as Updateable<JobsTable>;
}

/** The entries of `args` named by `shape`'s keys (a prepared statement's placeholders for those columns). */
function pick<T extends object>(args: Record<string, unknown>, shape: T): T {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(shape)) out[k] = args[k];
  return out as T;
}

/**
 * The {@link JobStore} over the `jobs` table of migration 0001 (SQLite through Kysely; `PostgresJobStore` in
 * `src/store/postgres/` reuses it and replaces the claim and the JSON statement).
 * Invariants:
 * - every change is ONE conditional `UPDATE … WHERE id = ? AND status IN (…) [AND lease_owner = ?]`, so a
 *   repeated or concurrent change applies at most once (SQLite runs each statement atomically, across processes);
 * - a transition to a final status stamps `finished_at` (unless the patch sets it) and drops the lease;
 * - `updated_at` is stamped on every change from the injected clock;
 * - lease expiry (`lease_expires_at`) is written and compared ONLY on the database's clock, inside the statement
 *   ({@link dbNowMs}): the process passes a lease duration, never an absolute time, so processes whose clocks
 *   disagree by more than a lease never take each other's live jobs.
 */
export class KyselyJobStore implements JobStore {
  /**
   * @param leaseClockOffsetMs tests only: added to the database's clock in lease statements, so a fake process
   *   clock moved by hand moves lease expiry with it. Default: none (the database's clock as it is).
   */
  constructor(
    /** Protected: the Postgres engine's subclass reuses it for its two engine-specific statements. */
    protected readonly db: Kysely<Database>,
    protected readonly clock: Clock,
    private readonly leaseClockOffsetMs?: () => number,
  ) {}

  /** The statements every job runs (create, transition, update), built once per shape. */
  private readonly q = new PreparedQueries();

  /**
   * The database's current time in epoch ms (SQLite: `unixepoch('subsec')`), plus the test offset (`offset`: the
   * value sent for it, default {@link leaseOffset}; a prepared statement passes its placeholder).
   */
  protected dbNowMs(offset: unknown = this.leaseOffset()): RawBuilder<number> {
    return sql<number>`cast(unixepoch('subsec') * 1000 + ${offset} as integer)`;
  }

  /** The lease-expiry instant `leaseMs` (an integer, or a prepared statement's placeholder) after {@link dbNowMs}. */
  protected leaseUntil(leaseMs: unknown, offset: unknown = this.leaseOffset()): RawBuilder<number> {
    return sql<number>`(${this.dbNowMs(offset)} + ${typeof leaseMs === 'number' ? Math.trunc(leaseMs) : leaseMs})`;
  }

  /** The test offset of the lease clock, an integer (0 in production). */
  protected leaseOffset(): number {
    return Math.trunc(this.leaseClockOffsetMs?.() ?? 0);
  }

  /**
   * Inserts a job. A video job created in an active status without `nextPollAt` is due at once (so the poller
   * finds it); other jobs get no poll time. A `leaseOwner` without `leaseMs` gets a lease already expired (never
   * one that cannot run out). The `(status, next_poll_at)` index serves the poller.
   */
  async create(job: NewJob): Promise<JobRecord> {
    const now = this.clock.now();
    const due = job.kind === 'video' && ACTIVE_VIDEO_STATUSES.includes(job.status);
    const leased = Boolean(job.leaseOwner);
    const values = {
      id: job.id,
      kind: job.kind,
      status: job.status,
      scope_id: job.scopeId,
      user_id: job.userId,
      model: job.model,
      prompt: job.prompt,
      params: JSON.stringify(job.params ?? {}),
      token_source: job.tokenSource,
      token_id: job.tokenId,
      hold_id: job.holdId ?? null,
      estimate_micros: job.estimateMicros,
      delivery: JSON.stringify(job.delivery ?? {}),
      deadline_at: job.deadlineAt ?? null,
      next_poll_at: job.nextPollAt ?? (due ? now : null),
      poll_interval_ms: job.pollIntervalMs ?? null,
      lease_owner: job.leaseOwner ?? null,
      finished_at: FINAL_STATUSES.includes(job.status) ? now : null,
      locale: job.locale ?? null,
      created_at: now,
      updated_at: now,
    };
    // A value left undefined leaves its column out (the column's default), as Kysely does: the shape names the columns.
    const present = Object.fromEntries(Object.entries(values).filter(([, x]) => x !== undefined)) as typeof values;
    const lease = leased ? { leaseMs: Math.trunc(job.leaseMs ?? 0), leaseOffset: this.leaseOffset() } : {};
    const { rows } = await this.q.run(this.db, `create:${Object.keys(present).join(',')}:${leased}`, { ...present, ...lease }, (v) =>
      this.db
        .insertInto('jobs')
        .values({ ...pick(v, present), lease_expires_at: leased ? this.leaseUntil((v as typeof v & typeof lease).leaseMs, (v as typeof v & typeof lease).leaseOffset) : null })
        .returningAll(),
    );
    if (!rows[0]) throw new NoResultError(this.db.insertInto('jobs').toOperationNode());
    return toRecord(rows[0]);
  }

  async get(id: string): Promise<JobRecord | undefined> {
    const row = await this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  /** See {@link JobStore.transition}. Entering a final status clears the lease and stamps `finished_at`. */
  async transition(id: string, from: readonly JobStatus[], to: JobStatus, patch: JobPatch = {}, leaseOwner?: string): Promise<JobRecord | undefined> {
    if (from.length === 0) return undefined;
    const now = this.clock.now();
    const final = FINAL_STATUSES.includes(to);
    const { names, args } = changeArgs(id, patchColumns(final ? { leaseOwner: null, leaseExpiresAt: null, nextPollAt: null, finishedAt: now, ...patch } : patch), from, leaseOwner);
    args.to = to;
    args.now = now;
    const { rows } = await this.q.run(this.db, `transition:${names.join(',')}:${from.length}:${leaseOwner !== undefined}`, args, (v) => {
      const q = this.db
        .updateTable('jobs')
        .set({ ...pickNames(v, names), status: v.to as JobStatus, updated_at: v.now as number })
        .where('id', '=', v.id as string)
        .where('status', 'in', from.map((_, i) => v[`from${i}`] as JobStatus));
      return (leaseOwner !== undefined ? q.where('lease_owner', '=', v.leaseOwner as string) : q).returningAll();
    });
    return rows[0] ? toRecord(rows[0]) : undefined;
  }

  /** See {@link JobStore.update}. */
  async update(id: string, expected: readonly JobStatus[], patch: JobPatch, leaseOwner?: string): Promise<boolean> {
    if (expected.length === 0) return false;
    const { names, args } = changeArgs(id, patchColumns(patch), expected, leaseOwner);
    args.now = this.clock.now();
    const r = await this.q.run(this.db, `update:${names.join(',')}:${expected.length}:${leaseOwner !== undefined}`, args, (v) => {
      const q = this.db
        .updateTable('jobs')
        .set({ ...pickNames(v, names), updated_at: v.now as number })
        .where('id', '=', v.id as string)
        .where('status', 'in', expected.map((_, i) => v[`from${i}`] as JobStatus));
      return leaseOwner !== undefined ? q.where('lease_owner', '=', v.leaseOwner as string) : q;
    });
    return Number(r.numAffectedRows ?? 0n) === 1;
  }

  /** The claim statement, exposed so tests can `EXPLAIN QUERY PLAN` exactly what runs. */
  claimDueQuery(owner: string, now: number, leaseMs: number, limit: number) {
    return this.db
      .updateTable('jobs')
      .set({ lease_owner: owner, lease_expires_at: this.leaseUntil(leaseMs), updated_at: now })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('jobs')
          .select('id')
          .where('status', 'in', [...ACTIVE_VIDEO_STATUSES])
          .where('next_poll_at', '<=', now)
          .where((w) => w.or([w('lease_owner', 'is', null), w('lease_expires_at', '<=', this.dbNowMs())]))
          .orderBy('next_poll_at')
          .limit(limit),
      )
      .returningAll();
  }

  /**
   * See {@link JobStore.claimDue}. One statement (`UPDATE … WHERE id IN (SELECT … LIMIT n) RETURNING *`), so two
   * processes never lease the same job: SQLite serializes writers and the inner select sees the latest commit.
   * Oldest-due first.
   */
  async claimDue(owner: string, now: number, leaseMs: number, limit: number): Promise<JobRecord[]> {
    if (limit <= 0) return [];
    const rows = await this.claimDueQuery(owner, now, leaseMs, limit).execute();
    return rows.map(toRecord).sort((a, b) => (a.nextPollAt ?? 0) - (b.nextPollAt ?? 0));
  }

  /** See {@link JobStore.renewLease}: the new expiry is `leaseMs` after the database's clock. */
  async renewLease(id: string, owner: string, leaseMs: number): Promise<boolean> {
    const r = await this.db
      .updateTable('jobs')
      .set({ lease_expires_at: this.leaseUntil(leaseMs), updated_at: this.clock.now() })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async releaseLease(id: string, owner: string): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ lease_owner: null, lease_expires_at: null, updated_at: this.clock.now() })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .execute();
  }

  /** Newest first, by the `(user_id, created_at)` index. */
  async recentRunTimes(kind: JobRecord['kind'], model: string, since: number, limit: number): Promise<{ elapsedMs: number; seconds?: number }[]> {
    const rows = await this.db
      .selectFrom('jobs')
      .select(['created_at', 'finished_at', 'params'])
      .where('kind', '=', kind)
      .where('model', '=', model)
      .where('status', '=', 'delivered')
      .where('finished_at', '>=', since)
      .orderBy('finished_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => {
      const seconds = paramsOf(r.params).seconds;
      return { elapsedMs: Number(r.finished_at) - Number(r.created_at), ...(seconds !== undefined ? { seconds } : {}) };
    });
  }

  async listByUser(scopeId: string, userId: string, limit: number): Promise<JobRecord[]> {
    const rows = await this.db
      .selectFrom('jobs')
      .selectAll()
      .where('user_id', '=', userId)
      .where('scope_id', '=', scopeId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toRecord);
  }

  /** See {@link JobStore.activeInScope}. */
  async activeInScope(scopeId: string, limit: number): Promise<JobRecord[]> {
    const rows = await this.db
      .selectFrom('jobs')
      .selectAll()
      .where('scope_id', '=', scopeId)
      .where('status', 'in', [...ACTIVE_STATUSES])
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(limit)
      .execute();
    return rows.map(toRecord);
  }

  /** Newest jobs of a whole scope (every user), by the `(scope_id, created_at)` index. */
  async listByScope(scopeId: string, limit: number): Promise<JobRecord[]> {
    const rows = await this.db.selectFrom('jobs').selectAll().where('scope_id', '=', scopeId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    return rows.map(toRecord);
  }

  async countActive(): Promise<number> {
    const r = await this.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', [...ACTIVE_VIDEO_STATUSES])
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** See {@link JobStore.staleReserved}; leases are compared with the database's clock. */
  async staleReserved(createdBefore: number, limit: number): Promise<JobRecord[]> {
    const rows = await this.db
      .selectFrom('jobs')
      .selectAll()
      .where('status', '=', 'reserved')
      .where((w) =>
        w.or([
          w.and([w('lease_owner', 'is', null), w('created_at', '<', createdBefore)]),
          w.and([w('lease_owner', 'is not', null), w('lease_expires_at', '<=', this.dbNowMs())]),
        ]),
      )
      .orderBy('created_at')
      .limit(limit)
      .execute();
    return rows.map(toRecord);
  }

  /**
   * Jobs with retained files past their chat expiry (a scan: it runs rarely and only reads a few columns to filter):
   * those with an output, and delivered ones left with files but no output (a video's last frame) that the gallery
   * does not keep (a job the gallery keeps past its chat expiry has been swept once already, see `gallery-sweep.ts`).
   */
  async expiredOutputs(now: number, limit: number): Promise<JobRecord[]> {
    const rows = await this.db
      .selectFrom('jobs')
      .selectAll()
      .where((eb) => eb.or([eb('output_path', 'is not', null), eb.and([eb('status', '=', 'delivered'), eb('gallery_expires_at', 'is', null)])]))
      .where('output_expires_at', 'is not', null)
      .where('output_expires_at', '<', now)
      .orderBy('output_expires_at')
      .limit(limit)
      .execute();
    return rows.map(toRecord);
  }

  /** See {@link JobStore.listGallery} (served by the `user_id` index, then a scan of that member's rows). */
  async listGallery(scopeId: string, userId: string, f: GalleryFilter, limit: number): Promise<JobRecord[]> {
    let q = this.db
      .selectFrom('jobs')
      .selectAll()
      .where('user_id', '=', userId)
      .where('scope_id', '=', scopeId)
      .where('kind', '!=', 'ask')
      .where('status', 'in', ['delivered', 'succeeded', 'undeliverable', 'delivering']);
    if (f.kind === 'video') q = q.where('kind', '=', 'video');
    if (f.kind === 'image') q = q.where('kind', '!=', 'video');
    if (f.model !== undefined) q = q.where('model', '=', f.model);
    if (f.from !== undefined) q = q.where('created_at', '>=', f.from);
    if (f.to !== undefined) q = q.where('created_at', '<', f.to);
    const b = f.before;
    if (b) q = q.where((eb) => eb.or([eb('created_at', '<', b.createdAt), eb.and([eb('created_at', '=', b.createdAt), eb('id', '<', b.id)])]));
    const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    return rows.map(toRecord);
  }

  /** See {@link JobStore.galleryModels}. */
  async galleryModels(scopeId: string, userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('jobs')
      .select('model')
      .distinct()
      .where('user_id', '=', userId)
      .where('scope_id', '=', scopeId)
      .where('kind', '!=', 'ask')
      .where('status', 'in', ['delivered', 'succeeded', 'undeliverable', 'delivering'])
      .orderBy('model')
      .execute();
    return rows.map((r) => r.model);
  }

  /** See {@link JobStore.expiredGallery} (index `jobs_gallery_expires`, migration 0019). */
  async expiredGallery(now: number, limit: number): Promise<JobRecord[]> {
    const rows = await this.db.selectFrom('jobs').selectAll().where('gallery_expires_at', 'is not', null).where('gallery_expires_at', '<', now).orderBy('gallery_expires_at').limit(limit).execute();
    return rows.map(toRecord);
  }

  /** See {@link JobStore.galleryBytes}. */
  async galleryBytes(): Promise<number> {
    const r = await this.db.selectFrom('jobs').select((eb) => eb.fn.sum<number | string | null>('gallery_bytes').as('bytes')).where('gallery_expires_at', 'is not', null).executeTakeFirst();
    return Number(r?.bytes ?? 0);
  }

  /** See {@link JobStore.oldestGallery}. */
  async oldestGallery(limit: number): Promise<JobRecord[]> {
    const rows = await this.db.selectFrom('jobs').selectAll().where('gallery_expires_at', 'is not', null).orderBy('gallery_expires_at').orderBy('created_at').limit(limit).execute();
    return rows.map(toRecord);
  }

  /**
   * Records where a job's result was posted (message ids) without changing its status; used by
   * `CoreApi.recordDelivery` for image jobs and by the poller. Repeating it overwrites with the same ids.
   */
  async recordDelivery(id: string, messageIds: readonly string[]): Promise<boolean> {
    const r = await this.db
      .updateTable('jobs')
      .set({ delivered: JSON.stringify({ messageIds: [...messageIds] }), updated_at: this.clock.now() })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** See {@link JobStore.forgetDeliverySecrets}; served by the partial index `jobs_delivery_secret_idx` (migration 0006). */
  async forgetDeliverySecrets(now: number): Promise<number> {
    const r = await this.db
      .updateTable('jobs')
      .set({ delivery: sql<string>`json_remove(delivery, '$.interaction')` })
      .where(sql<boolean>`instr(delivery, '"interaction"') > 0`)
      .where(sql<boolean>`case when json_valid(delivery) then json_type(delivery, '$.interaction') is not null else 0 end`)
      .where((eb) => eb.or([eb('finished_at', 'is not', null), eb(sql<number>`coalesce(case when json_valid(delivery) then json_extract(delivery, '$.interaction.expiresAt') end, 0)`, '<=', now)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** Keeps a job's output retrievable (`/job <id>`) until `expiresAt`; null path/expiry forgets it (after a purge). */
  async setOutput(id: string, path: string | null, expiresAt: number | null): Promise<boolean> {
    const r = await this.db
      .updateTable('jobs')
      .set({ output_path: path, output_expires_at: expiresAt, updated_at: this.clock.now() })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}
