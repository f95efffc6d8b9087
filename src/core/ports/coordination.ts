/**
 * Shared coordination: the small pieces of state that must agree across every bot process running on one database
 * (fair-use slots, once-only work, short-lived values, one leader). Two implementations: in memory
 * (`src/core/coordination/memory-coordination.ts`, one process, the default) and Redis
 * (`src/coordination/redis-coordination.ts`, `REDIS_URL`). Keys are plain names such as `fair-use:user:telegram:1`;
 * an implementation may add its own prefix. Values are never secrets: callers keep tokens out of them.
 *
 * Every method may reject with {@link CoordinationUnavailableError} when the backend cannot answer; callers turn that
 * into a "try again in a moment" before any money moves, and never depend on a release or renewal succeeding (what a
 * dead or cut-off process held expires by its TTL).
 */
export interface Coordination {
  /** True when the state is shared with other processes (Redis); false for the in-memory implementation. */
  readonly shared: boolean;

  /**
   * Takes one slot for `holder` on every counter at once, or none: the keys that were already at their limit come
   * back (empty = taken). A holder's slots expire after `ttlMs` unless renewed, so a dead process frees its slots.
   * Taking again for a holder that already has a slot on a counter only refreshes its expiry.
   */
  takeSlots(counters: readonly SlotCounter[], holder: string, ttlMs: number): Promise<string[]>;
  /** Pushes the expiry of `holder`'s slots on `keys` to now + `ttlMs` (slots already expired are not brought back). */
  renewSlots(keys: readonly string[], holder: string, ttlMs: number): Promise<void>;
  /** Frees `holder`'s slots on `keys`; a no-op for slots already gone. */
  releaseSlots(keys: readonly string[], holder: string): Promise<void>;
  /** Live (unexpired) slots on a counter. */
  countSlots(key: string): Promise<number>;

  /**
   * "First time only": 0 when this call claimed `key` (nobody did within the last `ttlMs`), otherwise the
   * milliseconds left on the existing claim (at least 1). The claim is not renewed by a refused call.
   */
  claim(key: string, ttlMs: number): Promise<number>;

  /** Stores a small value for `ttlMs`, replacing any earlier one. */
  put(key: string, value: string, ttlMs: number): Promise<void>;
  /** The value, or undefined when absent or expired. */
  get(key: string): Promise<string | undefined>;
  /** Reads and removes the value atomically: of several callers at most one gets it. */
  take(key: string): Promise<string | undefined>;
  /** Removes a value, a list, a counter or a claim (not a lease: leases have their own names). */
  delete(key: string): Promise<void>;

  /**
   * Appends `value` to the list `key` (created when absent), keeps only its newest `maxLength` entries when given,
   * and sets the list's life to `ttlMs` from now. Resolves with the list's length after the append.
   */
  append(key: string, value: string, ttlMs: number, maxLength?: number): Promise<number>;
  /**
   * Removes the list and returns its entries in order, atomically; with `ifLength`, only when the list has exactly
   * that many entries: otherwise nothing is removed and the current length comes back (0 when absent).
   */
  takeList(key: string, ifLength?: number): Promise<{ taken: string[] } | { length: number }>;
  /** Entries in the list (0 when absent). */
  listLength(key: string): Promise<number>;

  /**
   * A waiting line in join order: enters `member` in the line `key` (or, when it is already in, keeps its place and
   * renews it) for `ttlMs`, and resolves with how many live members joined before it (0 = first). A member that stops
   * calling drops out once its `ttlMs` passes, so a dead process never blocks the line.
   */
  lineEnter(key: string, member: string, ttlMs: number): Promise<number>;
  /** Takes `member` out of the line `key`; a no-op when it is not in it. */
  lineLeave(key: string, member: string): Promise<void>;

  /**
   * Takes the lease `name` for `owner`, or renews it when `owner` already holds it; true when `owner` holds it for
   * the next `ttlMs`. False while another owner's lease is unexpired.
   */
  holdLease(name: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease up when `owner` holds it (another owner's lease is left alone). */
  releaseLease(name: string, owner: string): Promise<void>;

  /** Closes connections. Idempotent. */
  close(): Promise<void>;
}

/** One bounded counter of {@link Coordination.takeSlots}: at most `limit` live slots under `key`. */
export interface SlotCounter {
  key: string;
  limit: number;
}

/** The shared state cannot be reached (Redis down or cut off). Nothing was changed by the failed call. */
export class CoordinationUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CoordinationUnavailableError';
  }
}

/** True for a {@link CoordinationUnavailableError} (also across module copies, by name). */
export function isCoordinationUnavailable(e: unknown): e is CoordinationUnavailableError {
  return e instanceof Error && e.name === 'CoordinationUnavailableError';
}
