import { sql } from 'kysely';
import { KyselyJobStore } from '../kysely/job-store.js';

/**
 * The {@link KyselyJobStore} on SQLite: every statement is the portable one; forgetting delivery secrets also wipes
 * the WAL. The connection runs with `secure_delete` on (`openSqlite`), so the rewritten row leaves zeros, not the old
 * token, in its page; but the WAL still holds earlier copies of that page until its frames are overwritten. After
 * secrets were forgotten this store checkpoints with TRUNCATE (the WAL file is emptied); when readers keep the
 * checkpoint from completing, the next call tries again even if it forgot nothing itself.
 */
export class SqliteJobStore extends KyselyJobStore {
  private walHoldsSecrets = false;

  override async forgetDeliverySecrets(now: number): Promise<number> {
    const n = await super.forgetDeliverySecrets(now);
    if (n > 0) this.walHoldsSecrets = true;
    if (this.walHoldsSecrets) {
      try {
        const r = await sql<{ busy: number }>`PRAGMA wal_checkpoint(TRUNCATE)`.execute(this.db);
        this.walHoldsSecrets = (r.rows[0]?.busy ?? 0) !== 0;
      } catch {
        // busy beyond the timeout: the next call tries again
      }
    }
    return n;
  }
}
