import { sql, type RawBuilder } from 'kysely';
import { ACTIVE_VIDEO_STATUSES } from '../../core/ports/job-store.js';
import { KyselyJobStore } from '../kysely/job-store.js';

/**
 * The {@link KyselyJobStore} on PostgreSQL: every statement is the same portable Kysely except two.
 * - The claim locks the rows it picks with `FOR UPDATE SKIP LOCKED`: PostgreSQL does not serialize writers as
 *   SQLite does, so without it two processes' claims could pick the same due rows and one would wait for the
 *   other; with it, a row another claim is leasing right now is skipped, not waited for, and each due job is
 *   leased by exactly one process.
 * - Forgetting delivery secrets parses the (few) candidate addresses in JS: PostgreSQL 15 has no way to test
 *   whether text is valid JSON inside a statement, and a malformed stored address must never make it fail.
 */
export class PostgresJobStore extends KyselyJobStore {
  /** The server's wall clock at the moment the statement runs (`clock_timestamp()`, not the transaction's start). */
  protected override dbNowMs(offset: unknown = this.leaseOffset()): RawBuilder<number> {
    return sql<number>`(floor(extract(epoch from clock_timestamp()) * 1000)::bigint + ${offset}::bigint)`;
  }

  /** See {@link KyselyJobStore.claimDueQuery}; the inner select takes `FOR UPDATE SKIP LOCKED`. */
  override claimDueQuery(owner: string, now: number, leaseMs: number, limit: number) {
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
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll();
  }

  /**
   * See {@link KyselyJobStore.forgetDeliverySecrets}: the same rows (candidates found by the partial index
   * `jobs_delivery_secret_idx`), each rewritten only if its address did not change meanwhile.
   */
  override async forgetDeliverySecrets(now: number): Promise<number> {
    const rows = await this.db.selectFrom('jobs').select(['id', 'delivery', 'finished_at']).where(sql<boolean>`strpos(delivery, '"interaction"') > 0`).execute();
    let changed = 0;
    for (const r of rows) {
      const next = withoutInteraction(r.delivery, r.finished_at !== null, now);
      if (next === undefined) continue;
      const u = await this.db.updateTable('jobs').set({ delivery: next }).where('id', '=', r.id).where('delivery', '=', r.delivery).executeTakeFirst();
      changed += Number(u.numUpdatedRows);
    }
    return changed;
  }
}

/**
 * The address without its `interaction` when it has one that must go (the job ended, or its `expiresAt` is not
 * after `now`; a missing expiry counts as 0), else undefined. Unreadable JSON is left alone.
 */
function withoutInteraction(text: string, finished: boolean, now: number): string | undefined {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!v || typeof v !== 'object' || Array.isArray(v) || !('interaction' in v)) return undefined;
  const o = v as Record<string, unknown>;
  const exp = (o.interaction as { expiresAt?: unknown } | null)?.expiresAt;
  const expired = exp === undefined || exp === null ? true : typeof exp === 'number' ? exp <= now : false;
  if (!finished && !expired) return undefined;
  delete o.interaction;
  return JSON.stringify(o);
}
