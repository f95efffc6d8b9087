import { NoResultError, sql, type Kysely, type Selectable } from 'kysely';
import type { AuditInput } from '../../core/ports/audit-log.js';
import type { Clock } from '../../core/ports/clock.js';
import type { Directory, ExternalRef, Scope, User } from '../../core/ports/directory.js';
import { newId } from '../ids.js';
import type { WriteTransactionRunner } from './write-transaction.js';
import type { Database } from './schema.js';
import { writeAudit } from './audit.js';
import { PreparedQueries } from './prepared.js';

const toScope = (r: Selectable<Database['scopes']>): Scope => ({
  id: r.id,
  platform: r.platform,
  externalId: r.external_id,
  title: r.title,
  timezone: r.timezone,
  language: r.language,
  settings: safeJson(r.settings),
  approvedAt: r.operator_approved_at === null ? null : Number(r.operator_approved_at),
  approvedBy: r.operator_approved_by,
});
const toUser = (r: Selectable<Database['users']>): User => ({
  id: r.id,
  platform: r.platform,
  externalId: r.external_id,
  displayName: r.display_name,
  username: r.username,
  language: r.language,
});

function safeJson(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The {@link Directory} on SQLite and PostgreSQL: idempotent upserts keyed by the unique (platform, external_id) of `scopes` and `users`. */
export class KyselyDirectory implements Directory {
  private readonly q = new PreparedQueries();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    /** The engine's write transaction (no default: the engine's store factory passes its own). */
    private readonly writeTx: WriteTransactionRunner,
  ) {}

  async ensureScope(p: ExternalRef & { title?: string }): Promise<Scope> {
    // The common case, a known community under the same title, is one read; else the upsert and a read, as always.
    const known = await this.scopeByRef(p);
    if (known && (!p.title || known.title === p.title)) return toScope(known);
    const values = { id: newId('sc'), platform: p.platform, externalId: p.externalId, title: p.title ?? null, now: this.clock.now() };
    await this.q.run(this.db, p.title ? 'ensureScope.titled' : 'ensureScope', values, (v) =>
      this.db
        .insertInto('scopes')
        .values({ id: v.id, platform: v.platform, external_id: v.externalId, title: v.title, language: null, created_at: v.now })
        // An unchanged title is not written again (no row change, no WAL page for an upsert on every command).
        .onConflict((oc) =>
          p.title
            ? oc.columns(['platform', 'external_id']).doUpdateSet({ title: v.title }).where((eb) => eb('scopes.title', 'is distinct from', eb.ref('excluded.title')))
            : oc.columns(['platform', 'external_id']).doNothing(),
        ),
    );
    const row = await this.scopeByRef(p);
    if (!row) throw new NoResultError(this.db.selectFrom('scopes').toOperationNode());
    return toScope(row);
  }

  private async scopeByRef(p: ExternalRef): Promise<Selectable<Database['scopes']> | undefined> {
    const { rows } = await this.q.run(this.db, 'scopeByRef', { platform: p.platform, externalId: p.externalId }, (v) =>
      this.db.selectFrom('scopes').selectAll().where('platform', '=', v.platform).where('external_id', '=', v.externalId),
    );
    return rows[0];
  }

  private async userByRef(p: ExternalRef): Promise<Selectable<Database['users']> | undefined> {
    const { rows } = await this.q.run(this.db, 'userByRef', { platform: p.platform, externalId: p.externalId }, (v) =>
      this.db.selectFrom('users').selectAll().where('platform', '=', v.platform).where('external_id', '=', v.externalId),
    );
    return rows[0];
  }

  async ensureUser(p: ExternalRef & { displayName?: string; username?: string }): Promise<User> {
    const username = p.username ? p.username.replace(/^@/, '').toLowerCase() : null;
    // The common case, a known user under the same names, is one read; else the upsert and a read, as always.
    const known = await this.userByRef(p);
    if (known && (!p.displayName || known.display_name === p.displayName) && (!username || known.username === username)) return toUser(known);
    const values = { id: newId('u'), platform: p.platform, externalId: p.externalId, displayName: p.displayName ?? null, username, now: this.clock.now() };
    // The conflict's update sets the names given (none: nothing is updated), so the statement's shape is keyed by them.
    const shape = `ensureUser.${p.displayName ? 'd' : ''}${username ? 'u' : ''}`;
    await this.q.run(this.db, shape, values, (v) => {
      const patch: { display_name?: string | null; username?: string | null } = {};
      if (p.displayName) patch.display_name = v.displayName;
      if (username) patch.username = v.username;
      return this.db
        .insertInto('users')
        .values({ id: v.id, platform: v.platform, external_id: v.externalId, display_name: v.displayName, username: v.username, personal_allowance_micros: null, personal_period: null, language: null, created_at: v.now })
        // Names as stored are not written again (no row change, no WAL page for an upsert on every command).
        .onConflict((oc) =>
          Object.keys(patch).length
            ? oc
                .columns(['platform', 'external_id'])
                .doUpdateSet(patch)
                .where((eb) => eb.or(Object.keys(patch).map((c) => eb(`users.${c as 'username' | 'display_name'}`, 'is distinct from', eb.ref(`excluded.${c as 'username' | 'display_name'}`)))))
            : oc.columns(['platform', 'external_id']).doNothing(),
        );
    });
    const row = await this.userByRef(p);
    if (!row) throw new NoResultError(this.db.selectFrom('users').toOperationNode());
    return toUser(row);
  }

  async setUserLanguage(userId: string, language: string | null): Promise<void> {
    await this.db.updateTable('users').set({ language }).where('id', '=', userId).execute();
  }

  async touchMember(scopeId: string, userId: string): Promise<void> {
    await this.q.run(this.db, 'touchMember', { scopeId, userId, now: this.clock.now() }, (v) =>
      this.db
        .insertInto('scope_members')
        .values({ scope_id: v.scopeId, user_id: v.userId, last_seen_at: v.now })
        .onConflict((oc) => oc.columns(['scope_id', 'user_id']).doUpdateSet({ last_seen_at: v.now })),
    );
  }

  async memberCount(scopeId: string): Promise<number> {
    const row = await this.db.selectFrom('scope_members').select((eb) => eb.fn.countAll<number>().as('n')).where('scope_id', '=', scopeId).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async findMemberByUsername(scopeId: string, username: string): Promise<User | undefined> {
    const row = await this.db
      .selectFrom('scope_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .selectAll('u')
      .where('m.scope_id', '=', scopeId)
      .where('u.username', '=', username.replace(/^@/, '').toLowerCase())
      .orderBy('m.last_seen_at', 'desc')
      .executeTakeFirst();
    return row ? toUser(row) : undefined;
  }

  /** See {@link Directory.moveScope}; one write transaction. */
  async moveScope(from: ExternalRef, toExternalId: string): Promise<'moved' | 'already' | 'none' | 'conflict'> {
    return this.writeTx(this.db, async (tx) => {
      const find = (externalId: string) => tx.selectFrom('scopes').select('id').where('platform', '=', from.platform).where('external_id', '=', externalId).executeTakeFirst();
      const old = await find(from.externalId);
      const target = await find(toExternalId);
      if (!old) return target ? 'already' : 'none';
      if (target) {
        const t = target.id;
        const used = async (q: Promise<{ n: number | string | bigint } | undefined>) => Number((await q)?.n ?? 0) > 0;
        const count = <T extends 'budgets' | 'budget_users' | 'model_settings'>(table: T) =>
          tx.selectFrom(table as 'budgets').select((eb) => eb.fn.countAll<number>().as('n')).where('scope_id', '=', t).executeTakeFirst();
        for (const table of ['budgets', 'budget_users', 'model_settings'] as const) if (await used(count(table))) return 'conflict';
        const token = await tx.selectFrom('tokens').select('id').where('kind', '=', 'scope').where('owner_id', '=', t).executeTakeFirst();
        if (token) return 'conflict';
        // Jobs and money of the new id alone (another process ran a command in the new chat before the upgrade
        // message was handled) are the same community's: they join it. Both budgets' running totals are dropped;
        // the next reserve rebuilds them from the ledger (as for any missing totals row).
        for (const table of ['jobs', 'holds', 'ledger_entries', 'gateway_losses', 'failure_refs'] as const) {
          await tx.updateTable(table as 'jobs').set({ scope_id: old.id }).where('scope_id', '=', t).execute();
        }
        await sql`delete from budget_totals where kind in ('user', 'pool') and scope_id in (${old.id}, ${t})`.execute(tx);
        await tx
          .insertInto('scope_members')
          .columns(['scope_id', 'user_id', 'last_seen_at'])
          .expression((eb) => eb.selectFrom('scope_members').select([sql.lit(old.id).as('scope_id'), 'user_id', 'last_seen_at']).where('scope_id', '=', t))
          .onConflict((oc) => oc.doNothing())
          .execute();
        await tx.deleteFrom('scope_members').where('scope_id', '=', t).execute();
        await tx.updateTable('audit_log').set({ scope_id: old.id }).where('scope_id', '=', t).execute();
        // Channel rules set under the new id (an admin ran /setup channel in the upgraded chat before the move was
        // handled) are the community's latest: they replace the old id's rule of the same channel, and are kept.
        await sql`delete from channel_rules where scope_id = ${old.id} and channel_id in (select channel_id from channel_rules where scope_id = ${t})`.execute(tx);
        await sql`update channel_rules set scope_id = ${old.id} where scope_id = ${t}`.execute(tx);
        // An approval given to the new id first (an owner ran /approve there before the move) stays with the community.
        const approval = await tx.selectFrom('scopes').select(['operator_approved_at', 'operator_approved_by']).where('id', '=', t).executeTakeFirst();
        if (approval?.operator_approved_at != null) {
          await tx
            .updateTable('scopes')
            .set({ operator_approved_at: approval.operator_approved_at, operator_approved_by: approval.operator_approved_by })
            .where('id', '=', old.id)
            .where('operator_approved_at', 'is', null)
            .execute();
        }
        await tx.deleteFrom('scopes').where('id', '=', t).execute();
      }
      await tx.updateTable('scopes').set({ external_id: toExternalId }).where('id', '=', old.id).execute();
      return 'moved';
    });
  }

  async getScope(id: string): Promise<Scope | undefined> {
    const row = await this.db.selectFrom('scopes').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toScope(row) : undefined;
  }

  async getUser(id: string): Promise<User | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toUser(row) : undefined;
  }

  async findScope(ref: ExternalRef): Promise<Scope | undefined> {
    const row = await this.db.selectFrom('scopes').selectAll().where('platform', '=', ref.platform).where('external_id', '=', ref.externalId).executeTakeFirst();
    return row ? toScope(row) : undefined;
  }

  async findUser(ref: ExternalRef): Promise<User | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where('platform', '=', ref.platform).where('external_id', '=', ref.externalId).executeTakeFirst();
    return row ? toUser(row) : undefined;
  }

  async setApproval(scopeId: string, by: string | null, audit: AuditInput): Promise<boolean> {
    return this.writeTx(this.db, async (tx) => {
      const row = await tx.selectFrom('scopes').select(['operator_approved_at', 'operator_approved_by']).where('id', '=', scopeId).executeTakeFirst();
      if (!row || (row.operator_approved_at !== null) === (by !== null)) return false;
      const now = this.clock.now();
      await tx.updateTable('scopes').set({ operator_approved_at: by === null ? null : now, operator_approved_by: by }).where('id', '=', scopeId).execute();
      await writeAudit(tx, audit, scopeId, { approved: row.operator_approved_at !== null }, { approved: by !== null }, now);
      return true;
    });
  }

  async memberScopes(userId: string, limit: number): Promise<Scope[]> {
    const rows = await this.db
      .selectFrom('scope_members as m')
      .innerJoin('scopes as s', 's.id', 'm.scope_id')
      .selectAll('s')
      .where('m.user_id', '=', userId)
      .orderBy('m.last_seen_at', 'desc')
      .orderBy('s.id')
      .limit(limit)
      .execute();
    return rows.map(toScope);
  }

  async allScopes(): Promise<Scope[]> {
    const rows = await this.db.selectFrom('scopes').selectAll().orderBy('id').execute();
    return rows.map(toScope);
  }

  async approvedScopes(): Promise<Scope[]> {
    const rows = await this.db.selectFrom('scopes').selectAll().where('operator_approved_at', 'is not', null).orderBy('operator_approved_at').orderBy('id').execute();
    return rows.map(toScope);
  }
}
