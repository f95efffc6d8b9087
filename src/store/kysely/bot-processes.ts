import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { BotProcess, BotProcessRegistry } from '../../core/ports/bot-processes.js';
import type { Database } from './schema.js';

/** {@link BotProcessRegistry} over the `bot_processes` table (migration 0009). Plain statements, no transaction needed. */
export class KyselyBotProcesses implements BotProcessRegistry {
  constructor(private readonly db: Kysely<Database>) {}

  async register(p: BotProcess): Promise<void> {
    const row = { id: p.id, role: p.role, host: p.host, pid: p.pid, coordination: p.coordination, started_at: p.startedAt, seen_at: p.seenAt };
    await this.db
      .insertInto('bot_processes')
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet({ role: row.role, host: row.host, pid: row.pid, coordination: row.coordination, started_at: row.started_at, seen_at: row.seen_at }))
      .execute();
  }

  async touch(id: string, seenAt: number): Promise<boolean> {
    const r = await this.db.updateTable('bot_processes').set({ seen_at: seenAt }).where('id', '=', id).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async remove(ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await this.db.deleteFrom('bot_processes').where('id', 'in', [...ids]).execute();
  }

  async databaseId(): Promise<string> {
    const oldest = () => this.db.selectFrom('database_identity').select('id').orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
    const found = await oldest();
    if (found) return found.id;
    await this.db.insertInto('database_identity').values({ id: randomBytes(9).toString('base64url'), created_at: Date.now() }).onConflict((oc) => oc.doNothing()).execute();
    return (await oldest())!.id;
  }

  async list(): Promise<BotProcess[]> {
    const rows = await this.db.selectFrom('bot_processes').selectAll().orderBy('started_at', 'desc').execute();
    return rows.map((r) => ({ id: r.id, role: r.role, host: r.host, pid: Number(r.pid), coordination: r.coordination, startedAt: Number(r.started_at), seenAt: Number(r.seen_at) }));
  }
}
