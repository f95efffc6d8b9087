import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Clock } from '../../core/ports/clock.js';
import type { ResolvedToken, TokenInfo, TokenOwner, TokenVault } from '../../core/ports/token-vault.js';
import { EncryptionKeyError, keyId, last4, maskToken, open, seal } from '../crypto.js';
import { newId } from '../ids.js';
import type { WriteTransactionRunner } from './write-transaction.js';
import type { Database, TokensTable } from './schema.js';
import { PreparedQueries } from './prepared.js';

const aad = (o: TokenOwner) => `${o.kind}:${o.ownerId}`;

/**
 * The {@link TokenVault} on SQLite: plain tokens exist only in memory; the `tokens` table holds AES-256-GCM
 * ciphertext bound to its owner. `link`/`unlink`/`info` take the transaction of the audited admin change.
 */
export class KyselyTokenVault implements TokenVault {
  private readonly q = new PreparedQueries();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly key: Buffer | undefined,
    private readonly operatorToken: string | undefined,
    /** Told every token opened (to register it with the log and reply scrubber). */
    private readonly onOpen: (token: string) => void = () => undefined,
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
    if (before) await this.retireIfRunning(tx, before.tokenId);
    await tx.deleteFrom('tokens').where('kind', '=', owner.kind).where('owner_id', '=', owner.ownerId).execute();
    await tx.insertInto('tokens').values(row).execute();
    return { before, after: toInfo(row) };
  }

  /**
   * Deletes the owner's token inside `tx`; returns what was removed (null when there was none) and how many
   * unfinished jobs still run on it: those keep it (moved to `retired_tokens`) until they end, so unlinking stops
   * new jobs, not running ones.
   */
  async unlink(tx: Kysely<Database>, owner: TokenOwner): Promise<(TokenInfo & { runningJobs: number }) | null> {
    const before = await this.info(tx, owner);
    if (!before) return null;
    const runningJobs = await this.retireIfRunning(tx, before.tokenId);
    await tx.deleteFrom('tokens').where('kind', '=', owner.kind).where('owner_id', '=', owner.ownerId).execute();
    return { ...before, runningJobs };
  }

  /** Copies token `tokenId` to `retired_tokens` when unfinished jobs use it; returns their count. Also forgets retired tokens no job needs any more. */
  private async retireIfRunning(tx: Kysely<Database>, tokenId: string): Promise<number> {
    await this.forgetRetired(tx);
    const { n } = await tx
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('token_id', '=', tokenId)
      .where('finished_at', 'is', null)
      .executeTakeFirstOrThrow();
    const running = Number(n);
    if (running > 0) {
      const row = await tx.selectFrom('tokens').selectAll().where('id', '=', tokenId).executeTakeFirstOrThrow();
      await tx.insertInto('retired_tokens').values({ ...row, retired_at: this.clock.now() }).onConflict((oc) => oc.column('id').doNothing()).execute();
    }
    return running;
  }

  /** Deletes retired tokens that no unfinished job references. Returns how many went. */
  async forgetRetired(db: Kysely<Database> = this.db): Promise<number> {
    const r = await db
      .deleteFrom('retired_tokens')
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('jobs').select('jobs.id').whereRef('jobs.token_id', '=', 'retired_tokens.id').where('jobs.finished_at', 'is', null))),
      )
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /**
   * See {@link TokenVault.tokenById}: the linked token with this id, else the retired one kept for running jobs,
   * else null. @throws TokenDecryptError when it does not open with this key.
   */
  async tokenById(tokenId: string): Promise<string | null> {
    const row =
      (await this.db.selectFrom('tokens').selectAll().where('id', '=', tokenId).executeTakeFirst()) ??
      (await this.db.selectFrom('retired_tokens').selectAll().where('id', '=', tokenId).executeTakeFirst());
    if (!row) return null;
    const token = open(this.requireKey(), row, aad({ kind: row.kind, ownerId: row.owner_id }));
    this.onOpen(token);
    return token;
  }

  /** Masked facts about the owner's token, or null. */
  async info(db: Kysely<Database>, owner: TokenOwner): Promise<TokenInfo | null> {
    const row = await db.selectFrom('tokens').selectAll().where('kind', '=', owner.kind).where('owner_id', '=', owner.ownerId).executeTakeFirst();
    return row ? toInfo(row) : null;
  }

  /** See {@link TokenVault.resolveToken}. @throws TokenDecryptError when a stored token does not open with this key. */
  async resolveToken(scopeId: string, userId: string): Promise<ResolvedToken> {
    const { rows } = await this.q.run(this.db, 'resolveToken', { scopeId, userId }, (v) =>
      this.db
        .selectFrom('tokens')
        .selectAll()
        .where((eb) => eb.or([eb.and([eb('kind', '=', 'personal'), eb('owner_id', '=', v.userId)]), eb.and([eb('kind', '=', 'scope'), eb('owner_id', '=', v.scopeId)])])),
    );
    const row = rows.find((r) => r.kind === 'personal') ?? rows.find((r) => r.kind === 'scope');
    if (row) {
      const token = open(this.requireKey(), row, aad({ kind: row.kind, ownerId: row.owner_id }));
      this.onOpen(token);
      return { source: row.kind, token, tokenId: row.id, last4: row.last4 };
    }
    if (this.operatorToken) return { source: 'operator', token: this.operatorToken, tokenId: null, last4: last4(this.operatorToken) };
    return { source: 'none' };
  }

  /**
   * Re-encrypts every stored token from `oldKey` to `newKey` in one transaction (all or nothing). Returns the count.
   * `writeTx` is the engine's write transaction.
   */
  static async rekey(db: Kysely<Database>, oldKey: Buffer, newKey: Buffer, writeTx: WriteTransactionRunner): Promise<number> {
    return writeTx(db, async (tx) => {
      let count = 0;
      for (const table of ['tokens', 'retired_tokens'] as const) {
        const rows = await tx.selectFrom(table).selectAll().execute();
        for (const r of rows) {
          const owner = { kind: r.kind, ownerId: r.owner_id };
          const plain = open(oldKey, r, aad(owner));
          await tx
            .updateTable(table)
            .set({ ...seal(newKey, plain, aad(owner)), key_id: keyId(newKey), key_version: r.key_version + 1 })
            .where('id', '=', r.id)
            .execute();
        }
        count += rows.length;
      }
      return count;
    });
  }
}

function toInfo(r: Pick<Selectable<TokensTable>, 'id' | 'last4' | 'created_by' | 'created_at'>): TokenInfo {
  return { tokenId: r.id, masked: maskToken(`sk-${r.last4}`), last4: r.last4, createdBy: r.created_by, createdAt: r.created_at };
}
