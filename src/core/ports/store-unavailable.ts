/**
 * The store cannot be reached right now (its server went away, restarts, or refuses connections). Thrown by a
 * storage engine with a network connection (PostgreSQL) instead of its driver's error, so the core can tell the
 * user "try again in a moment" without knowing the engine. Nothing was written by the failed call: a statement
 * whose connection died is rolled back by the server, so retrying the whole command never moves money twice.
 */
export class StoreUnavailableError extends Error {
  constructor(
    /** The driver's error code when it has one (`ECONNREFUSED`, `57P01`…), for logs and metrics. */
    readonly code: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(`the database is unavailable${code ? ` (${code})` : ''}`, options);
    this.name = 'StoreUnavailableError';
  }
}
