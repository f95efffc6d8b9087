import BetterSqlite3 from 'better-sqlite3';

/** A separate connection that checks whether the database accepts a write lock right now. */
export interface WriteProbe {
  /** Takes the write lock (`BEGIN IMMEDIATE`) and rolls back at once, so nothing is written. Throws when it cannot. */
  probe(): void;
  /** Closes the probe's connection (reopened by the next `probe()`). Idempotent. */
  close(): void;
}

/**
 * A {@link WriteProbe} on the existing SQLite file `path` (for the readiness check): waits at most `busyMs` for the
 * lock, and after a failure drops its connection so the next probe starts afresh.
 */
export function sqliteWriteProbe(path: string, busyMs: number): WriteProbe {
  let db: BetterSqlite3.Database | undefined;
  const close = () => {
    try {
      db?.close();
    } catch {
      // already closed
    }
    db = undefined;
  };
  return {
    probe() {
      try {
        db ??= new BetterSqlite3(path, { timeout: busyMs, fileMustExist: true });
        db.exec('BEGIN IMMEDIATE');
        db.exec('ROLLBACK');
      } catch (e) {
        close();
        throw e;
      }
    },
    close,
  };
}
