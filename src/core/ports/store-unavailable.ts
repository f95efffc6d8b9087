/**
 * The store cannot be reached right now (its server went away, restarts, or refuses connections). Thrown by a
 * storage engine with a network connection (PostgreSQL) instead of its driver's error, so the core can tell the
 * user "try again in a moment" without knowing the engine. A failed call normally wrote nothing (the server rolls
 * back a transaction whose connection died); only a connection lost at the very moment of a commit leaves it unknown
 * whether that commit happened. Every ledger and job change is conditional (a hold is settled or released once, a job
 * moves from an expected status), so repeating the call applies it at most once and never moves money twice.
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
