import type { Kysely } from 'kysely';
import type { AuditInput } from '../../core/ports/audit-log.js';
import type { Clock } from '../../core/ports/clock.js';
import type { RulesPort, WordRule } from '../../core/ports/rules.js';
import type { ChannelRule } from '../../core/rules/channel-rules.js';
import { newSortableId } from '../ids.js';
import { writeAudit } from './audit.js';
import type { Database } from './schema.js';
import type { WriteTransactionRunner } from './write-transaction.js';
import { PreparedQueries } from './prepared.js';

/** The `channel_rules` table (migration 0016). */
export interface ChannelRulesTable {
  scope_id: string;
  channel_id: string;
  label: string | null;
  silent: number;
  /** JSON list of command names, or null (no `only` list). */
  only_commands: string | null;
  /** JSON list of command names. */
  allow_commands: string;
  updated_by: string;
  updated_at: number;
}

/** The `word_rules` table (migration 0016); `scope_id` '' is the owners' global list. */
export interface WordRulesTable {
  id: string;
  scope_id: string;
  pattern: string;
  message: string | null;
  created_by: string;
  created_at: number;
}

type Db = Database & { channel_rules: ChannelRulesTable; word_rules: WordRulesTable };

const GLOBAL = '';

function names(json: string | null): string[] | null {
  if (json === null) return null;
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

function toRule(r: ChannelRulesTable): ChannelRule {
  return { channelId: r.channel_id, ...(r.label ? { label: r.label } : {}), silent: Number(r.silent) === 1, only: names(r.only_commands), allow: names(r.allow_commands) ?? [] };
}

function toWordRule(r: WordRulesTable): WordRule {
  return { id: r.id, scopeId: r.scope_id === GLOBAL ? null : r.scope_id, pattern: r.pattern, ...(r.message ? { message: r.message } : {}) };
}

/**
 * The {@link RulesPort} on SQLite and PostgreSQL: channel rules per community and channel, word rules per community
 * and the global list. Each change and its `audit_log` entry are written in one transaction.
 */
export class KyselyRules implements RulesPort {
  private readonly q = new PreparedQueries();

  private readonly db: Kysely<Db>;

  constructor(
    db: Kysely<Database>,
    private readonly clock: Clock,
    /** The engine's write transaction. */
    private readonly writeTx: WriteTransactionRunner,
  ) {
    this.db = db as unknown as Kysely<Db>;
  }

  private tx<T>(fn: (tx: Kysely<Db>, raw: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.writeTx(this.db as unknown as Kysely<Database>, (t) => fn(t as unknown as Kysely<Db>, t));
  }

  async channelRules(scopeId: string): Promise<ChannelRule[]> {
    const { rows } = await this.q.run(this.db, 'channelRules', { scopeId }, (v) => this.db.selectFrom('channel_rules').selectAll().where('scope_id', '=', v.scopeId).orderBy('channel_id'));
    return rows.map(toRule);
  }

  async setChannelRule(scopeId: string, channelId: string, rule: ChannelRule | null, audit: AuditInput): Promise<void> {
    await this.tx(async (tx, raw) => {
      const now = this.clock.now();
      const before = await tx.selectFrom('channel_rules').selectAll().where('scope_id', '=', scopeId).where('channel_id', '=', channelId).executeTakeFirst();
      if (rule === null) {
        await tx.deleteFrom('channel_rules').where('scope_id', '=', scopeId).where('channel_id', '=', channelId).execute();
      } else {
        const row: ChannelRulesTable = {
          scope_id: scopeId,
          channel_id: channelId,
          label: rule.label ?? null,
          silent: rule.silent ? 1 : 0,
          only_commands: rule.only === null ? null : JSON.stringify(rule.only),
          allow_commands: JSON.stringify(rule.allow),
          updated_by: audit.actor,
          updated_at: now,
        };
        const { scope_id: _s, channel_id: _c, ...set } = row;
        await tx.insertInto('channel_rules').values(row).onConflict((oc) => oc.columns(['scope_id', 'channel_id']).doUpdateSet(set)).execute();
      }
      await writeAudit(raw, audit, scopeId, before ? toRule(before) : null, rule, now);
    });
  }

  async wordRules(scopeId: string | null): Promise<WordRule[]> {
    const { rows } =
      scopeId === null
        ? await this.q.run(this.db, 'wordRules.global', { global: GLOBAL }, (v) => this.db.selectFrom('word_rules').selectAll().where('scope_id', 'in', [v.global]).orderBy('created_at').orderBy('id'))
        : await this.q.run(this.db, 'wordRules', { global: GLOBAL, scopeId }, (v) => this.db.selectFrom('word_rules').selectAll().where('scope_id', 'in', [v.global, v.scopeId]).orderBy('created_at').orderBy('id'));
    return rows.map(toWordRule).sort((a, b) => Number(a.scopeId !== null) - Number(b.scopeId !== null));
  }

  async addWordRule(scopeId: string | null, pattern: string, message: string | undefined, audit: AuditInput): Promise<void> {
    const scope = scopeId ?? GLOBAL;
    await this.tx(async (tx, raw) => {
      const now = this.clock.now();
      const before = await tx.selectFrom('word_rules').selectAll().where('scope_id', '=', scope).where('pattern', '=', pattern).executeTakeFirst();
      if (before) await tx.updateTable('word_rules').set({ message: message ?? null }).where('id', '=', before.id).execute();
      else
        await tx
          .insertInto('word_rules')
          .values({ id: newSortableId('wr', now), scope_id: scope, pattern, message: message ?? null, created_by: audit.actor, created_at: now })
          .execute();
      await writeAudit(raw, audit, scopeId, before ? { pattern, message: before.message } : null, { pattern, message: message ?? null, global: scopeId === null }, now);
    });
  }

  async removeWordRule(scopeId: string | null, pattern: string, audit: AuditInput): Promise<boolean> {
    const scope = scopeId ?? GLOBAL;
    return this.tx(async (tx, raw) => {
      const now = this.clock.now();
      const before = await tx.selectFrom('word_rules').selectAll().where('scope_id', '=', scope).where('pattern', '=', pattern).executeTakeFirst();
      if (!before) return false;
      await tx.deleteFrom('word_rules').where('id', '=', before.id).execute();
      await writeAudit(raw, audit, scopeId, { pattern, message: before.message, global: scopeId === null }, null, now);
      return true;
    });
  }

  async clearWordRules(scopeId: string | null, audit: AuditInput): Promise<number> {
    const scope = scopeId ?? GLOBAL;
    return this.tx(async (tx, raw) => {
      const now = this.clock.now();
      const rows = await tx.selectFrom('word_rules').select(['pattern']).where('scope_id', '=', scope).execute();
      if (rows.length === 0) return 0;
      await tx.deleteFrom('word_rules').where('scope_id', '=', scope).execute();
      await writeAudit(raw, audit, scopeId, { patterns: rows.map((r) => r.pattern), global: scopeId === null }, null, now);
      return rows.length;
    });
  }

  async auditRefusal(scopeId: string, rule: WordRule, prompt: string, audit: AuditInput): Promise<void> {
    const now = this.clock.now();
    const cut = [...prompt].slice(0, 200).join('');
    await writeAudit(this.db as unknown as Kysely<Database>, audit, scopeId, null, { ruleId: rule.id, pattern: rule.pattern, global: rule.scopeId === null, prompt: cut }, now);
  }
}
