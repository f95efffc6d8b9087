import type { Kysely } from 'kysely';
import type { AuditInput } from '../../core/ports/audit-log.js';
import type { Clock } from '../../core/ports/clock.js';
import type { MemberSettingRows, SettingKey, SettingValues, SettingsStore } from '../../core/ports/settings-store.js';
import { writeAudit } from './audit.js';
import type { Database } from './schema.js';
import type { WriteTransactionRunner } from './write-transaction.js';
import { PreparedQueries } from './prepared.js';

/** The `member_settings` table (migration 0015): `scope_id` null is the member's personal default. */
export interface MemberSettingsTable {
  user_id: string;
  scope_id: string | null;
  key: string;
  value: string;
  updated_at: number;
}

/** The `scope_settings` table (migration 0015): a community's defaults. */
export interface ScopeSettingsTable {
  scope_id: string;
  key: string;
  value: string;
  updated_by: string;
  updated_at: number;
}

type Db = Database & { member_settings: MemberSettingsTable; scope_settings: ScopeSettingsTable };

/**
 * {@link SettingsStore} over `member_settings` and `scope_settings`. A write replaces the row in one write
 * transaction (delete then insert: a null `scope_id` cannot be a portable conflict target).
 */
export class KyselySettings implements SettingsStore {
  private readonly q = new PreparedQueries();

  private readonly db: Kysely<Db>;

  constructor(
    db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly writeTx: WriteTransactionRunner,
  ) {
    this.db = db as unknown as Kysely<Db>;
  }

  async memberSettings(userId: string, scopeId: string): Promise<MemberSettingRows> {
    const { rows } = await this.q.run(this.db, 'memberSettings', { userId, scopeId }, (v) =>
      this.db
        .selectFrom('member_settings')
        .select(['scope_id', 'key', 'value'])
        .where('user_id', '=', v.userId)
        .where((eb) => eb.or([eb('scope_id', '=', v.scopeId), eb('scope_id', 'is', null)])),
    );
    const out: MemberSettingRows = { community: {}, personal: {} };
    for (const r of rows) (r.scope_id === null ? out.personal : out.community)[r.key as SettingKey] = r.value;
    return out;
  }

  async setMemberSetting(userId: string, scopeId: string | null, key: SettingKey, value: string | null): Promise<void> {
    await this.writeTx(this.db as unknown as Kysely<Database>, async (t) => {
      const tx = t as unknown as Kysely<Db>;
      await tx
        .deleteFrom('member_settings')
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .where((eb) => (scopeId === null ? eb('scope_id', 'is', null) : eb('scope_id', '=', scopeId)))
        .execute();
      if (value !== null) await tx.insertInto('member_settings').values({ user_id: userId, scope_id: scopeId, key, value, updated_at: this.clock.now() }).execute();
    });
  }

  async scopeDefaults(scopeId: string): Promise<SettingValues> {
    const { rows } = await this.q.run(this.db, 'scopeDefaults', { scopeId }, (v) => this.db.selectFrom('scope_settings').select(['key', 'value']).where('scope_id', '=', v.scopeId));
    const out: SettingValues = {};
    for (const r of rows) out[r.key as SettingKey] = r.value;
    return out;
  }

  async setScopeDefault(scopeId: string, key: SettingKey, value: string | null, a: AuditInput): Promise<{ before: string | null; after: string | null }> {
    return this.writeTx(this.db as unknown as Kysely<Database>, async (t) => {
      const tx = t as unknown as Kysely<Db>;
      const now = this.clock.now();
      const old = await tx.selectFrom('scope_settings').select('value').where('scope_id', '=', scopeId).where('key', '=', key).executeTakeFirst();
      await tx.deleteFrom('scope_settings').where('scope_id', '=', scopeId).where('key', '=', key).execute();
      if (value !== null) await tx.insertInto('scope_settings').values({ scope_id: scopeId, key, value, updated_by: a.actor, updated_at: now }).execute();
      await writeAudit(t, a, scopeId, { [key]: old?.value ?? null }, { [key]: value }, now);
      return { before: old?.value ?? null, after: value };
    });
  }
}
