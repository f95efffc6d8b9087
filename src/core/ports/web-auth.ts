/**
 * Storage of the web's sign-in (migration 0018): one-time links and sessions, each kept only as the SHA-256 of its
 * random secret, so a copy of the database opens no session. The core owns this port; `src/store/kysely/web-auth.ts`
 * implements it on both engines.
 */

/** Who a link or session is for: the chat identity (as JSON references, no secret) and their rights there. */
export interface WebGrant {
  scopeId: string;
  userId: string;
  /** `{ scope: ScopeRef, user: UserRef }` as JSON: rebuilds the chat actor for the core's facades. */
  actor: string;
  /** The member administered the community when they asked for the link. */
  admin: boolean;
  locale: string;
}

/** A stored session (found by its id's hash). */
export interface WebSessionRecord extends WebGrant {
  createdAt: number;
  expiresAt: number;
}

/** The web sign-in's rows. */
export interface WebAuthStore {
  /** Stores a link under `tokenHash`, valid until `expiresAt`. */
  addLink(tokenHash: string, grant: WebGrant, now: number, expiresAt: number): Promise<void>;
  /**
   * Uses the link once: marks it used when it exists, is unused and not expired at `now`, and returns its grant;
   * `undefined` otherwise (unknown, already used, expired). Two racing redemptions: exactly one wins.
   */
  useLink(tokenHash: string, now: number): Promise<WebGrant | undefined>;
  addSession(idHash: string, grant: WebGrant, now: number, expiresAt: number): Promise<void>;
  /** The session when it exists and has not expired at `now`. */
  session(idHash: string, now: number): Promise<WebSessionRecord | undefined>;
  /** Ends a session (sign-out); unknown ids are ignored. */
  endSession(idHash: string): Promise<void>;
  /** Deletes expired links and sessions; returns how many rows went. */
  purge(now: number): Promise<number>;
}
