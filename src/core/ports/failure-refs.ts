/**
 * The failure references users were shown, kept so an admin or the operator can read what went wrong. Implemented
 * per storage engine (`KyselyFailureRefs` in `src/store/kysely/`). The core scrubs `detail` before `record`.
 */

/** One shown reference: who saw it where, the failure code and its logged detail (JSON, already scrubbed). */
export interface FailureRefRecord {
  ref: string;
  createdAt: number;
  scopeId: string;
  userId: string;
  /** The job the failure belongs to, when it belongs to one. */
  jobId: string | null;
  code: string;
  detail: string;
  /** The surface it was shown on (`discord`, `telegram`, `console`, …). */
  surface: string;
}

/** Writes and reads of shown failure references. */
export interface FailureRefs {
  /** Stores one reference; a second record of the same ref is ignored (the first showing wins). */
  record(r: FailureRefRecord): Promise<void>;
  /** The reference (exact, upper-case), or undefined. */
  get(ref: string): Promise<FailureRefRecord | undefined>;
  /** The references one member was shown in one community, newest first (the web's list of their own). */
  listByUser(scopeId: string, userId: string, limit: number): Promise<FailureRefRecord[]>;
  /** The references shown in scope `scopeId`, newest first, at most `limit`. */
  recent(scopeId: string, limit: number): Promise<string[]>;
  /** Deletes references created before `before` (clock ms); returns how many. */
  purge(before: number): Promise<number>;
}
