import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Clock } from '../../core/ports/clock.js';
import type { ResolvedToken, TokenInfo, TokenOwner, TokenVault } from '../../core/ports/token-vault.js';
import { EncryptionKeyError, keyId, last4, maskToken, open, seal } from '../crypto.js';
import { newId } from '../ids.js';
import { writeTransaction } from './connection.js';
import type { Database, TokensTable } from './schema.js';

const aad = (o: TokenOwner) => `${o.kind}:${o.ownerId}`;

/**
 * The {@link TokenVault} on SQLite: plain tokens exist only in memory; the `tokens` table holds AES-256-GCM
 * ciphertext bound to its owner. `link`/`unlink`/`info` take the transaction of the audited admin change.
 */
export class KyselyTokenVault implements TokenVault {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly key: Buffer | undefined,
    private readonly operatorToken: string | undefined,
  ) {}

  private requireKey(): Buffer {
    if (!this.key) throw new EncryptionKeyError('is not set, so tokens cannot be stored or read');
    return this.key;
  }

  /** Stores (or replaces) the owner's token inside `tx`. Returns what was there before and what is there now. */
  async link(tx: Kysely<Database>, owner: TokenOwner, token: string, createdBy: string): Promise<{ before: TokenInfo | null; after: TokenInfo }> {
    const key = this.requireKey();
    const before = await this.info(tx, owner);
    const row: Insertable<TokensTable> & { key_version: number } = {
      id: newId('tk'),
      kind: owner.kind,
      owner_id: owner.ownerId,
      ...seal(key, token, aad(owner)),
      last4: last4(token),
      key_id: keyId(key),
      key_version: 1,
      created_by: createdBy,
      created_at: this.clock.now(),
    };
    await tx.deleteFrom('tokens').where('kind', '=', owner.kind).where('owner_id', '=', owner.ownerId).execute();
    await tx.insertInto('tokens').values(row).execute();
    return { before, after: toInfo(row) };
  }

  /** Deletes the owner's token inside `tx`; returns what was removed (null when there was none). */
  async unlink(tx: Kysely<Database>, owner: TokenOwner): Promise<TokenInfo | null> {
    const before = await this.info(tx, owner);
    if (before) await tx.deleteFrom('tokens').where('kind', '=', owner.kind).where('owner_id', '=', owner.ownerId).execute();
    return before;
  }

  /** Masked facts about the owner's token, or null. */
  async info(db: Kysely<Database>, owner: TokenOwner): Promise<TokenInfo | null> {
    const row = await db.selectFrom('tokens').selectAll().where('kind', '=', owner.kind).where('owner_id', '=', owner.ownerId).executeTakeFirst();
    return row ? toInfo(row) : null;
  }

  /** See {@link TokenVault.resolveToken}. @throws TokenDecryptError when a stored token does not open with this key. */
  async resolveToken(scopeId: string, userId: string): Promise<ResolvedToken> {
    const rows = await this.db
      .selectFrom('tokens')
      .selectAll()
      .where((eb) => eb.or([eb.and([eb('kind', '=', 'personal'), eb('owner_id', '=', userId)]), eb.and([eb('kind', '=', 'scope'), eb('owner_id', '=', scopeId)])]))
      .execute();
    const row = rows.find((r) => r.kind === 'personal') ?? rows.find((r) => r.kind === 'scope');
    if (row) {
      const token = open(this.requireKey(), row, aad({ kind: row.kind, ownerId: row.owner_id }));
      return { source: row.kind, token, tokenId: row.id, last4: row.last4 };
    }
    if (this.operatorToken) return { source: 'operator', token: this.operatorToken, tokenId: null, last4: last4(this.operatorToken) };
    return { source: 'none' };
  }

  /** Re-encrypts every stored token from `oldKey` to `newKey` in one transaction (all or nothing). Returns the count. */
  static async rekey(db: Kysely<Database>, oldKey: Buffer, newKey: Buffer): Promise<number> {
    return writeTransaction(db, async (tx) => {
      const rows = await tx.selectFrom('tokens').selectAll().execute();
      for (const r of rows) {
        const owner = { kind: r.kind, ownerId: r.owner_id };
        const plain = open(oldKey, r, aad(owner));
        await tx
          .updateTable('tokens')
          .set({ ...seal(newKey, plain, aad(owner)), key_id: keyId(newKey), key_version: r.key_version + 1 })
          .where('id', '=', r.id)
          .execute();
      }
      return rows.length;
    });
  }
}

function toInfo(r: Pick<Selectable<TokensTable>, 'id' | 'last4' | 'created_by' | 'created_at'>): TokenInfo {
  return { tokenId: r.id, masked: maskToken(`sk-${r.last4}`), last4: r.last4, createdBy: r.created_by, createdAt: r.created_at };
}
