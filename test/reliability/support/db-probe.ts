/**
 * Direct SQLite access for tests that watch a database another process writes (WAL readers never block the writer):
 * job rows by chat, the ledger's net charge, open holds, and the "fast-forward" edits applied while no bot runs.
 */
import Database from 'better-sqlite3';

/** A job row as the tests read it. */
export interface JobRow {
  id: string;
  status: string;
  remote_task_id: string | null;
  charged_micros: number | null;
  estimate_micros: number;
  lease_owner: string | null;
  error_code: string | null;
  delivered: string | null;
  lease_expires_at: number | null;
  next_poll_at: number | null;
  attempts: number;
}

/** Read-mostly access to one database file. */
export class DbProbe {
  private readonly db: Database.Database;

  constructor(path: string) {
    this.db = new Database(path, { fileMustExist: true });
    this.db.pragma('busy_timeout = 5000');
  }

  /** Jobs whose delivery target is `chatId`, oldest first. */
  jobsOfChat(chatId: number | string): JobRow[] {
    return this.db
      .prepare(`SELECT id, status, remote_task_id, charged_micros, estimate_micros, lease_owner, error_code, delivered, lease_expires_at, next_poll_at, attempts FROM jobs WHERE json_extract(delivery, '$.chatId') = ? ORDER BY created_at`)
      .all(String(chatId)) as JobRow[];
  }

  /** Every job. */
  allJobs(): JobRow[] {
    return this.db.prepare('SELECT id, status, remote_task_id, charged_micros, estimate_micros, lease_owner, error_code, delivered, lease_expires_at, next_poll_at, attempts FROM jobs ORDER BY created_at').all() as JobRow[];
  }

  /** Charges minus refunds, for one job or all. */
  ledgerNet(jobId?: string): number {
    const rows = (jobId
      ? this.db.prepare(`SELECT kind, amount_micros FROM ledger_entries WHERE kind IN ('charge','refund') AND job_id = ?`).all(jobId)
      : this.db.prepare(`SELECT kind, amount_micros FROM ledger_entries WHERE kind IN ('charge','refund')`).all()) as { kind: string; amount_micros: number }[];
    return rows.reduce((s, r) => s + (r.kind === 'charge' ? r.amount_micros : -r.amount_micros), 0);
  }

  openHolds(): number {
    return (this.db.prepare(`SELECT COUNT(*) AS n FROM holds WHERE status = 'open'`).get() as { n: number }).n;
  }

  /**
   * Fast-forwards time for a bot that is NOT running: expires every lease (as if the restart came after the lease
   * length) and ages `reserved` jobs past the stale window (as if it came after the gateway deadline + margin).
   */
  fastForward(ms: number): void {
    this.db.prepare('UPDATE jobs SET lease_expires_at = 0 WHERE lease_owner IS NOT NULL').run();
    this.db.prepare(`UPDATE jobs SET created_at = created_at - ? WHERE status = 'reserved'`).run(ms);
  }

  close(): void {
    this.db.close();
  }
}

/** Polls `probe` every 25 ms until it returns a value (not undefined/false) or `timeoutMs` passes. */
export async function until<T>(what: string, probe: () => T | undefined | false, timeoutMs = 15_000, explain?: () => string): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = probe();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${explain ? `: ${explain()}` : ''}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
