import { openPostgresStore, type PostgresStore } from './postgres/open-store.js';
import { openStore as openSqliteStore, type OpenStoreOptions, type SqliteStore } from './sqlite/open-store.js';

/**
 * The one entry that opens the store for the composition root and the CLIs: PostgreSQL when a `DATABASE_URL` is
 * given (`postgres://` or `postgresql://`), else the SQLite file of `DATABASE_PATH` as before.
 */

/** An opened store of either engine; `engine` tells which. Both carry the same repositories. */
export type Store = SqliteStore | PostgresStore;

/** {@link openStore}'s options: the SQLite options plus the optional server URL. */
export interface OpenAnyStoreOptions extends OpenStoreOptions {
  /** `DATABASE_URL`; when it is a PostgreSQL URL, `path` is ignored. Unset or empty = SQLite. */
  databaseUrl?: string;
  /** Connections in this process's pool when on PostgreSQL (default 10). */
  poolSize?: number;
}

/** Whether `url` selects the PostgreSQL engine (`postgres://…` or `postgresql://…`). */
export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//i.test(url.trim());
}

/**
 * Opens the configured engine, applies pending migrations and builds the repositories.
 * @throws StoreUnavailableError (PostgreSQL unreachable), EncryptionKeyError, MigrationError.
 */
export async function openStore(o: OpenAnyStoreOptions): Promise<Store> {
  const { databaseUrl, poolSize, ...rest } = o;
  if (isPostgresUrl(databaseUrl)) {
    const { path: _path, ...pg } = rest;
    return openPostgresStore({ ...pg, url: databaseUrl.trim(), ...(poolSize === undefined ? {} : { poolSize }) });
  }
  return openSqliteStore(rest);
}

/** Where an engine's store lives, for messages: the SQLite file, or the server without credentials. */
export function describeStore(o: { databaseUrl?: string; path?: string }): string {
  if (!isPostgresUrl(o.databaseUrl)) return o.path ?? './data/bot.sqlite';
  try {
    const u = new URL(o.databaseUrl.trim());
    return `PostgreSQL at ${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL unreadable)';
  }
}
