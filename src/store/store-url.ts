/** Reading `DATABASE_URL` without loading either engine (the start-up path and messages use it). */

/** Whether `url` selects the PostgreSQL engine (`postgres://…` or `postgresql://…`). */
export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//i.test(url.trim());
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
