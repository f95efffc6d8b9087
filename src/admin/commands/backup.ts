import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError, CliError } from '../errors.js';

/** Usage line of `backup` in the help text. */
export const BACKUP_USAGE = 'backup <file> [--force]     online copy of DATABASE_PATH (safe while the bot runs), then checked';

/** What {@link backupDatabase} wrote. */
export interface BackupResult {
  path: string;
  bytes: number;
  pages: number;
  jobs: number;
}

/**
 * Copies the live database to `dest` with SQLite's online backup API (better-sqlite3 `db.backup()`): a consistent
 * snapshot taken page by page while the bot keeps writing (WAL included), without stopping it. The copy is then
 * opened and checked (`PRAGMA quick_check`). Does not run migrations and opens the source read-only.
 * @throws UsageError when `dest` exists (without `force`) or is the database itself; CliError when the source is
 *   missing or the copy fails its check.
 */
export async function backupDatabase(source: string, dest: string, force = false): Promise<BackupResult> {
  if (!existsSync(source)) throw new CliError(`no database at ${source} (DATABASE_PATH)`);
  if (resolve(source) === resolve(dest)) throw new UsageError('the backup file must not be the database itself');
  if (existsSync(dest) && !force) throw new UsageError(`${dest} exists; pass --force to overwrite it`);
  if (!existsSync(dirname(resolve(dest)))) throw new UsageError(`the folder of ${dest} does not exist`);
  const { backupSqlite } = await import('../../store/sqlite/backup.js');
  const r = await backupSqlite(source, dest);
  if (r.integrity !== 'ok') throw new CliError(`the backup at ${dest} failed its integrity check: ${r.integrity}`);
  return { path: dest, bytes: statSync(dest).size, pages: r.pages, jobs: r.jobs };
}
