import type { Kysely } from 'kysely';
import type { WebAuthStore, WebGrant, WebSessionRecord } from '../../core/ports/web-auth.js';
import type { Database } from './schema.js';

/** {@link WebAuthStore} over `web_links` and `web_sessions` (portable SQL; the link's use is one conditional update). */
export class KyselyWebAuth implements WebAuthStore {
  constructor(private readonly db: Kysely<Database>) {}

  async addLink(tokenHash: string, g: WebGrant, now: number, expiresAt: number): Promise<void> {
    await this.db
      .insertInto('web_links')
      .values({ token_hash: tokenHash, scope_id: g.scopeId, user_id: g.userId, actor: g.actor, admin: g.admin ? 1 : 0, locale: g.locale, created_at: now, expires_at: expiresAt, used_at: null })
      .execute();
  }

  async useLink(tokenHash: string, now: number): Promise<WebGrant | undefined> {
    const r = await this.db
      .updateTable('web_links')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return undefined;
    const row = await this.db.selectFrom('web_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    return row ? { scopeId: row.scope_id, userId: row.user_id, actor: row.actor, admin: Number(row.admin) === 1, locale: row.locale } : undefined;
  }

  async addSession(idHash: string, g: WebGrant, now: number, expiresAt: number): Promise<void> {
    await this.db
      .insertInto('web_sessions')
      .values({ id_hash: idHash, scope_id: g.scopeId, user_id: g.userId, actor: g.actor, admin: g.admin ? 1 : 0, locale: g.locale, created_at: now, expires_at: expiresAt })
      .execute();
  }

  async session(idHash: string, now: number): Promise<WebSessionRecord | undefined> {
    const row = await this.db.selectFrom('web_sessions').selectAll().where('id_hash', '=', idHash).where('expires_at', '>', now).executeTakeFirst();
    if (!row) return undefined;
    return { scopeId: row.scope_id, userId: row.user_id, actor: row.actor, admin: Number(row.admin) === 1, locale: row.locale, createdAt: Number(row.created_at), expiresAt: Number(row.expires_at) };
  }

  async endSession(idHash: string): Promise<void> {
    await this.db.deleteFrom('web_sessions').where('id_hash', '=', idHash).execute();
  }

  async purge(now: number): Promise<number> {
    const a = await this.db.deleteFrom('web_links').where('expires_at', '<=', now).executeTakeFirst();
    const b = await this.db.deleteFrom('web_sessions').where('expires_at', '<=', now).executeTakeFirst();
    return Number(a.numDeletedRows) + Number(b.numDeletedRows);
  }
}
