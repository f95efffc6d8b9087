/**
 * Gateway tokens as the core and the poller see them. Plain tokens exist only in memory; how they are kept at rest
 * (encrypted) is the implementation's business (`KyselyTokenVault` in `src/store/sqlite/`). Linking and unlinking
 * are audited admin changes: see `AdminStore`.
 */
import type { TokenSource } from '../failures.js';

/** Whose token: a community's (owner = scope id) or a person's (owner = user id). */
export interface TokenOwner {
  kind: 'scope' | 'personal';
  ownerId: string;
}

/** What may be shown about a stored token (never the token). */
export interface TokenInfo {
  tokenId: string;
  masked: string;
  last4: string;
  createdBy: string;
  createdAt: number;
}

/** The token a job should use, best first: personal, then the community's, then the operator's. */
export type ResolvedToken =
  | { source: Exclude<TokenSource, 'operator'>; token: string; tokenId: string; last4: string }
  | { source: 'operator'; token: string; tokenId: null; last4: string }
  | { source: 'none' };

/** Finds the token to spend with. */
export interface TokenVault {
  /**
   * The token for a job of `userId` in `scopeId`: personal, else community, else the operator's, else `none`.
   * @throws when a stored token cannot be decrypted (a configuration problem, not the caller's).
   */
  resolveToken(scopeId: string, userId: string): Promise<ResolvedToken>;
  /**
   * The stored token with this id, whether still linked or unlinked/replaced while jobs ran on it (kept until they
   * end), or null when it is gone. A job keeps the token it started with: the poller asks for it by the job's
   * token id. @throws when it cannot be decrypted.
   */
  tokenById(tokenId: string): Promise<string | null>;
  /** Forgets kept (unlinked or replaced) tokens that no unfinished job uses any more. Returns how many went. */
  forgetRetired(): Promise<number>;
}
