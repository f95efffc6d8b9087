import type { PostgresStore } from './postgres/open-store.js';
import type { SqliteStore } from './sqlite/open-store.js';
import type { OpenStoreOptions } from './store-options.js';
import { isPostgresUrl } from './store-url.js';

/**
 * The one entry that opens the store for the composition root and the CLIs: PostgreSQL when a `DATABASE_URL` is
 * given (`postgres://` or `postgresql://`), else the SQLite file of `DATABASE_PATH` as before.
 * Each engine is imported only when chosen (dynamic `import()`), so a PostgreSQL deployment never loads
 * `better-sqlite3` or `src/store/sqlite/`, and a SQLite one never loads `pg`.
 */

/** An opened store of either engine; `engine` tells which. Both carry the same repositories. */
export type Store = SqliteStore | PostgresStore;

export { budgetDefaults, type OpenStoreOptions } from './store-options.js';

/** {@link openStore}'s options: the SQLite options plus the optional server URL. */
export interface OpenAnyStoreOptions extends OpenStoreOptions {
  /** `DATABASE_URL`; when it is a PostgreSQL URL, `path` is ignored. Unset or empty = SQLite. */
  databaseUrl?: string;
  /** Connections in this process's pool when on PostgreSQL (default 10). */
  poolSize?: number;
}

/**
 * Opens the configured engine, applies pending migrations and builds the repositories (no services: see
 * `StoreRepositories`).
 * @throws StoreUnavailableError (PostgreSQL unreachable), EncryptionKeyError, MigrationError.
 */
export async function openStore(o: OpenAnyStoreOptions): Promise<Store> {
  const { databaseUrl, poolSize, ...rest } = o;
  if (isPostgresUrl(databaseUrl)) {
    const { path: _path, ...pg } = rest;
    const { openPostgresStore } = await import('./postgres/open-store.js');
    return openPostgresStore({ ...pg, url: databaseUrl.trim(), ...(poolSize === undefined ? {} : { poolSize }) });
  }
  const { openStore: openSqliteStore } = await import('./sqlite/open-store.js');
  return openSqliteStore(rest);
}
