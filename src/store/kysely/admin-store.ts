import { sql, type Kysely } from 'kysely';
import type { AdjustmentCeiling, AdjustmentResult, AdminStore, MemberBudgetRow, ScopeBudgetPatch, ScopeBudgetRow, UserBudgetPatch, UserBudgetRow } from '../../core/ports/admin-store.js';
import type { AuditEntry, AuditInput } from '../../core/ports/audit-log.js';
import type { TokenInfo, TokenOwner } from '../../core/ports/token-vault.js';
import type { DailySpendQuery, DailySpendRow, ModelUsageRow, UsageRow } from '../../core/ports/usage-store.js';
import type { Micros } from '../../core/money.js';
import type { Clock } from '../../core/ports/clock.js';
import { isPeriod, periodWindow } from '../../core/budget/periods.js';
import { effectiveLimits, readLimitsRow } from './ledger-shared.js';
import { newSortableId } from '../ids.js';
import { parseJsonColumn, writeAudit } from './audit.js';
import type { WriteTransactionRunner } from './write-transaction.js';
import type { Database } from './schema.js';
import type { KyselyTokenVault } from './token-vault.js';

/**
 * The {@link AdminStore} on SQLite and PostgreSQL. Each change and its audit entry (before/after JSON) are written in
 * the same write transaction (`BEGIN IMMEDIATE`; SERIALIZABLE on Postgres), so no change goes unexplained.
 */
export class KyselyAdminStore implements AdminStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly vault: KyselyTokenVault,
    /** The engine's write transaction (no default: the engine's store factory passes its own). */
    private readonly writeTx: WriteTransactionRunner,
  ) {}

  private async audit(tx: Kysely<Database>, a: AuditInput, scopeId: string | null, before: unknown, after: unknown): Promise<void> {
    await writeAudit(tx, a, scopeId, before, after, this.clock.now());
  }

  async getScopeBudget(scopeId: string, db: Kysely<Database> = this.db): Promise<ScopeBudgetRow> {
    const r = await db.selectFrom('budgets').selectAll().where('scope_id', '=', scopeId).executeTakeFirst();
    return {
      defaultAllowanceMicros: r?.default_allowance_micros ?? null,
      defaultPeriod: isPeriod(r?.default_period) ? r.default_period : null,
      poolCapMicros: r?.pool_cap_micros ?? null,
      poolPeriod: isPeriod(r?.pool_period) ? r.pool_period : null,
    };
  }

  async updateScopeBudget(scopeId: string, patch: ScopeBudgetPatch, a: AuditInput) {
    return this.writeTx(this.db, async (tx) => {
      const before = await this.getScopeBudget(scopeId, tx);
      const after: ScopeBudgetRow = { ...before, ...patch };
      const row = { default_allowance_micros: after.defaultAllowanceMicros, default_period: after.defaultPeriod, pool_cap_micros: after.poolCapMicros, pool_period: after.poolPeriod, updated_at: this.clock.now() };
      await tx.insertInto('budgets').values({ scope_id: scopeId, ...row }).onConflict((oc) => oc.column('scope_id').doUpdateSet(row)).execute();
      // A pool row exists only while a cap does (migration 0011): nothing keeps it up to date for nothing.
      if (after.poolCapMicros === null || after.poolPeriod === null) await sql`delete from budget_totals where kind = 'pool' and scope_id = ${scopeId}`.execute(tx);
      await this.audit(tx, a, scopeId, before, after);
      return { before, after };
    });
  }

  async getUserBudget(scopeId: string, userId: string, db: Kysely<Database> = this.db): Promise<UserBudgetRow> {
    const r = await db.selectFrom('budget_users').selectAll().where('scope_id', '=', scopeId).where('user_id', '=', userId).executeTakeFirst();
    return { allowanceMicros: r?.allowance_micros ?? null, period: isPeriod(r?.period) ? r.period : null, blocked: r?.blocked === 1 };
  }

  async memberBudgets(scopeId: string, limit: number): Promise<MemberBudgetRow[]> {
    const rows = await this.db
      .selectFrom('scope_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .leftJoin('budget_users as b', (j) => j.onRef('b.scope_id', '=', 'm.scope_id').onRef('b.user_id', '=', 'm.user_id'))
      .select(['u.id as userId', 'u.platform', 'u.external_id as externalId', 'u.display_name as displayName', 'u.username', 'b.allowance_micros as allowanceMicros', 'b.period', 'b.blocked', 'm.last_seen_at as lastSeenAt'])
      .where('m.scope_id', '=', scopeId)
      .orderBy('m.last_seen_at', 'desc')
      .orderBy('u.id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      userId: r.userId,
      platform: r.platform,
      externalId: r.externalId,
      displayName: r.displayName,
      username: r.username,
      allowanceMicros: r.allowanceMicros === null ? null : Number(r.allowanceMicros),
      period: isPeriod(r.period) ? r.period : null,
      blocked: Number(r.blocked ?? 0) === 1,
      lastSeenAt: Number(r.lastSeenAt),
    }));
  }

  async updateUserBudget(scopeId: string, userId: string, patch: UserBudgetPatch, a: AuditInput) {
    return this.writeTx(this.db, async (tx) => {
      const before = await this.getUserBudget(scopeId, userId, tx);
      const after: UserBudgetRow = { ...before, ...patch };
      const row = { allowance_micros: after.allowanceMicros, period: after.period, blocked: after.blocked ? 1 : 0, updated_at: this.clock.now() };
      await tx
        .insertInto('budget_users')
        .values({ scope_id: scopeId, user_id: userId, ...row })
        .onConflict((oc) => oc.columns(['scope_id', 'user_id']).doUpdateSet(row))
        .execute();
      await this.audit(tx, a, scopeId, { userId, ...before }, { userId, ...after });
      return { before, after };
    });
  }

  async setPersonalCap(userId: string, allowanceMicros: Micros | null, period: string | null, a: AuditInput) {
    return this.writeTx(this.db, async (tx) => {
      const r = await tx.selectFrom('users').select(['personal_allowance_micros', 'personal_period']).where('id', '=', userId).executeTakeFirstOrThrow();
      const before = { userId, allowanceMicros: r.personal_allowance_micros, period: r.personal_period };
      await tx.updateTable('users').set({ personal_allowance_micros: allowanceMicros, personal_period: period }).where('id', '=', userId).execute();
      const after = { userId, allowanceMicros, period };
      await this.audit(tx, a, null, before, after);
      return { before, after };
    });
  }

  async addAdjustment(scopeId: string, userId: string, amountMicros: Micros, note: string, a: AuditInput, ceiling: AdjustmentCeiling): Promise<AdjustmentResult> {
    return this.writeTx(this.db, async (tx): Promise<AdjustmentResult> => {
      const now = this.clock.now();
      const limits = effectiveLimits(await readLimitsRow(tx, scopeId, userId), ceiling.defaults);
      const since = periodWindow(limits.userPeriod, limits.timezone, now).start;
      const prior = await tx
        .selectFrom('ledger_entries')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_micros'), eb.lit(0)).as('adjusted'))
        .where('scope_id', '=', scopeId)
        .where('user_id', '=', userId)
        .where('kind', '=', 'adjustment')
        .where('token_source', '!=', 'personal')
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      const adjusted = Number(prior.adjusted) + amountMicros;
      const after = (limits.userLimit ?? 0) + adjusted;
      if (after > ceiling.maxMicros || adjusted < -ceiling.maxMicros) return { ok: false, afterMicros: after };
      const id = newSortableId('le', now);
      await tx
        .insertInto('ledger_entries')
        .values({ id, kind: 'adjustment', amount_micros: amountMicros, scope_id: scopeId, user_id: userId, job_id: null, hold_id: null, token_source: 'scope', units: null, unit: null, reason: note, created_at: this.clock.now() })
        .execute();
      await this.audit(tx, a, scopeId, null, { entryId: id, userId, amountMicros, note });
      return { ok: true, entryId: id };
    });
  }

  async setTimezone(scopeId: string, timezone: string, a: AuditInput) {
    return this.writeTx(this.db, async (tx) => {
      const r = await tx.selectFrom('scopes').select('timezone').where('id', '=', scopeId).executeTakeFirstOrThrow();
      await tx.updateTable('scopes').set({ timezone }).where('id', '=', scopeId).execute();
      await this.audit(tx, a, scopeId, { timezone: r.timezone }, { timezone });
      return { before: r.timezone, after: timezone };
    });
  }

  async setLanguage(scopeId: string, language: string | null, a: AuditInput) {
    return this.writeTx(this.db, async (tx) => {
      const r = await tx.selectFrom('scopes').select('language').where('id', '=', scopeId).executeTakeFirstOrThrow();
      await tx.updateTable('scopes').set({ language }).where('id', '=', scopeId).execute();
      await this.audit(tx, a, scopeId, { language: r.language }, { language });
      return { before: r.language, after: language };
    });
  }

  async linkToken(owner: TokenOwner, token: string, scopeId: string | null, a: AuditInput) {
    return this.writeTx(this.db, async (tx) => {
      const r = await this.vault.link(tx, owner, token, a.actor);
      await this.audit(tx, a, scopeId, r.before && { ...owner, ...r.before }, { ...owner, ...r.after });
      return r;
    });
  }

  async unlinkToken(owner: TokenOwner, scopeId: string | null, a: AuditInput): Promise<(TokenInfo & { runningJobs: number }) | null> {
    return this.writeTx(this.db, async (tx) => {
      const before = await this.vault.unlink(tx, owner);
      await this.audit(tx, a, scopeId, before && { ...owner, ...toAuditInfo(before) }, null);
      return before;
    });
  }

  async showToken(owner: TokenOwner): Promise<TokenInfo | null> {
    return this.vault.info(this.db, owner);
  }

  async usage(scopeId: string, since: number, until: number | null): Promise<UsageRow[]> {
    let q = this.db
      .selectFrom('ledger_entries as l')
      .leftJoin('users as u', 'u.id', 'l.user_id')
      .select([
        'l.user_id as userId',
        'u.display_name as displayName',
        'u.username as username',
        ...usageTotals(),
      ])
      .where('l.scope_id', '=', scopeId)
      .where('l.kind', 'in', ['charge', 'refund'])
      .where('l.created_at', '>=', since);
    if (until !== null) q = q.where('l.created_at', '<', until);
    const rows = await q.groupBy(['l.user_id', 'u.display_name', 'u.username']).orderBy('spentMicros', 'desc').execute();
    return rows.map((r) => ({ ...r, ...totalsOf(r) }));
  }

  async usageByModel(scopeId: string, since: number, until: number | null): Promise<ModelUsageRow[]> {
    let q = this.db
      .selectFrom('ledger_entries as l')
      .leftJoin('jobs as j', 'j.id', 'l.job_id')
      .select([
        sql<string>`coalesce(j.model, '')`.as('model'),
        ...usageTotals(),
      ])
      .where('l.scope_id', '=', scopeId)
      .where('l.kind', 'in', ['charge', 'refund'])
      .where('l.created_at', '>=', since);
    if (until !== null) q = q.where('l.created_at', '<', until);
    const rows = await q.groupBy(sql`coalesce(j.model, '')`).orderBy('spentMicros', 'desc').orderBy('model').execute();
    return rows.map((r) => ({ model: r.model, ...totalsOf(r) }));
  }

  async dailySpend(scopeId: string, q: DailySpendQuery): Promise<DailySpendRow[]> {
    const starts = q.dayStarts;
    if (starts.length === 0) return [];
    // Day i is the last start ≤ created_at: `case when created_at < start[0] then -1 when … < start[i+1] then i … end`.
    const whens = starts.map((s, i) => sql`when l.created_at < ${s} then ${sql.lit(i - 1)}`);
    const day = sql<number>`case ${sql.join(whens, sql` `)} else ${sql.lit(starts.length - 1)} end`;
    let inner = this.db
      .selectFrom('ledger_entries as l')
      .select([
        'l.user_id as userId',
        day.as('day'),
        sql<number>`case when l.kind = 'charge' then l.amount_micros else -l.amount_micros end`.as('amount'),
      ])
      .where('l.scope_id', '=', scopeId)
      .where('l.kind', 'in', ['charge', 'refund'])
      .where('l.created_at', '>=', q.since);
    if (q.until !== null) inner = inner.where('l.created_at', '<', q.until);
    if (q.userId !== undefined) inner = inner.where('l.user_id', '=', q.userId);
    if (q.communityOnly) inner = inner.where('l.token_source', '!=', 'personal');
    const rows = await this.db
      .selectFrom(inner.as('t'))
      .select(['t.userId', 't.day', sql<number>`sum(t.amount)`.as('spentMicros')])
      .groupBy(['t.userId', 't.day'])
      .orderBy('t.day')
      .orderBy('t.userId')
      .execute();
    return rows.map((r) => ({ userId: r.userId, day: Number(r.day), spentMicros: Number(r.spentMicros) }));
  }

  async auditEntries(scopeId: string | null, limit: number): Promise<AuditEntry[]> {
    let q = this.db
      .selectFrom('audit_log as a')
      .leftJoin('scopes as s', 's.id', 'a.scope_id')
      .selectAll('a')
      .select(['s.platform as scope_platform', 's.external_id as scope_external'])
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit);
    if (scopeId !== null) q = q.where('a.scope_id', '=', scopeId);
    const rows = await q.execute();
    return rows.map((r) => ({
      id: r.id,
      actor: r.actor,
      scopeId: r.scope_id,
      scope: r.scope_platform !== null && r.scope_external !== null ? { platform: r.scope_platform, externalId: r.scope_external } : null,
      action: r.action,
      before: parseJsonColumn(r.before),
      after: parseJsonColumn(r.after),
      at: r.created_at,
    }));
  }

  async scopeTimezone(scopeId: string): Promise<string> {
    const r = await this.db.selectFrom('scopes').select('timezone').where('id', '=', scopeId).executeTakeFirstOrThrow();
    return r.timezone;
  }
}

/** The unlinked token's facts as audited (the count of jobs still running on it is not part of the token). */
/** The usage report's totals over `ledger_entries as l` (charges and refunds): jobs charged, units by kind, net spend. */
function usageTotals() {
  return [
    sql<number>`count(distinct case when l.kind = 'charge' then coalesce(l.job_id, l.hold_id) end)`.as('jobs'),
    sql<number>`coalesce(sum(case when l.kind = 'charge' and l.unit = 'image' then l.units else 0 end), 0)`.as('images'),
    sql<number>`coalesce(sum(case when l.kind = 'charge' and l.unit = 'second' then l.units else 0 end), 0)`.as('videoSeconds'),
    sql<number>`coalesce(sum(case when l.kind = 'charge' and l.unit = 'token' then l.units else 0 end), 0)`.as('tokens'),
    sql<number>`coalesce(sum(case when l.kind = 'charge' then l.amount_micros when l.kind = 'refund' then -l.amount_micros else 0 end), 0)`.as('spentMicros'),
  ] as const;
}

/** Reads the counts the engines may return as strings or bigints as numbers. */
const totalsOf = (r: { jobs: number; images: number; videoSeconds: number; tokens: number; spentMicros: number }) => ({
  jobs: Number(r.jobs),
  images: Number(r.images),
  videoSeconds: Number(r.videoSeconds),
  tokens: Number(r.tokens),
  spentMicros: Number(r.spentMicros),
});

function toAuditInfo(i: TokenInfo & { runningJobs: number }): TokenInfo {
  const { runningJobs: _running, ...info } = i;
  return info;
}
