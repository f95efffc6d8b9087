import type { Config } from '../../config.js';
import { describeStore, isPostgresUrl } from '../../store/store-url.js';
import { CliError, UsageError } from '../errors.js';

/** Usage line of `migrate-sqlite-to-postgres` in the help text. */
export const MIGRATE_TO_POSTGRES_USAGE = 'migrate-sqlite-to-postgres <sqlite file>   copy a stopped bot\'s SQLite data into the empty DATABASE_URL database';

/**
 * `npm run admin -- migrate-sqlite-to-postgres <sqlite file>`: copies every table of the file (migrated to the
 * latest schema first) into the PostgreSQL database of `DATABASE_URL`, which must be empty, in one transaction,
 * keeping ids and verifying row counts per table. Returns the lines to print.
 * @throws UsageError without a file or without a PostgreSQL `DATABASE_URL`; CliError when the copy is refused.
 */
export async function migrateSqliteToPostgres(config: Config, positional: readonly string[]): Promise<string[]> {
  const [file, extra] = positional;
  if (!file || extra !== undefined) throw new UsageError('usage: migrate-sqlite-to-postgres <sqlite file>');
  if (!isPostgresUrl(config.databaseUrl)) throw new UsageError('set DATABASE_URL to the target PostgreSQL database (postgres://…), then run this again');
  const where = describeStore({ databaseUrl: config.databaseUrl });
  // Imported here: the copy reads SQLite, which no other command of a PostgreSQL deployment loads.
  const { copySqliteToPostgres, CopyRefusedError } = await import('../../store/postgres/copy-from-sqlite.js');
  try {
    const r = await copySqliteToPostgres(file, config.databaseUrl);
    const total = r.tables.reduce((n, t) => n + t.rows, 0);
    return [
      ...r.tables.map((t) => `  ${t.table.padEnd(16)} ${t.rows}`),
      `copied ${total} rows of ${r.tables.length} tables from ${file} into ${where} (row counts verified); ${r.totalsRebuilt} budget totals rebuilt.`,
      'Start the bot with DATABASE_URL set; keep the SQLite file as a backup.',
    ];
  } catch (e) {
    if (e instanceof CopyRefusedError) throw new CliError(e.message);
    throw e;
  }
}
