import Database from 'better-sqlite3';

/** What {@link backupSqlite} wrote and found. */
export interface SqliteBackup {
  /** Pages copied. */
  pages: number;
  /** `PRAGMA quick_check` of the copy: `ok` when it is sound. */
  integrity: string;
  /** Jobs in the copy (a quick sign that it is the bot's database). */
  jobs: number;
}

/**
 * Copies the live database `source` to `dest` with SQLite's online backup API (better-sqlite3 `db.backup()`): a
 * consistent snapshot taken page by page while the bot keeps writing (WAL included), without stopping it. The
 * source is opened read-only and no migration runs. The copy is then opened read-only and checked.
 */
export async function backupSqlite(source: string, dest: string): Promise<SqliteBackup> {
  const db = new Database(source, { readonly: true, fileMustExist: true, timeout: 5_000 });
  let pages = 0;
  try {
    await db.backup(dest, {
      progress: ({ totalPages }) => {
        pages = totalPages;
        return 1_000; // pages per step; the bot's writes interleave between steps
      },
    });
  } finally {
    db.close();
  }
  const copy = new Database(dest, { readonly: true, fileMustExist: true });
  try {
    const integrity = String(copy.pragma('quick_check', { simple: true }));
    const jobs = integrity === 'ok' ? (copy.prepare('SELECT COUNT(*) AS n FROM jobs').get() as { n: number }).n : 0;
    return { pages, integrity, jobs };
  } finally {
    copy.close();
  }
}
