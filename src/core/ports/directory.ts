import type { AuditInput } from './audit-log.js';

/**
 * Scopes (communities, chats), users and who was seen where: the directory the core resolves actors against.
 * Implemented per storage engine (`KyselyDirectory` in `src/store/kysely/`).
 */

/** How a scope or user is known outside the store: the surface id (`discord`, `telegram`, …) and that surface's id. */
export interface ExternalRef {
  /** The surface id; an open string (named `platform` after the stored column). */
  platform: string;
  externalId: string;
}

/** A chat community or conversation the bot serves: a guild, a group, a private chat or the console. */
export interface Scope extends ExternalRef {
  id: string;
  title: string | null;
  /** IANA time zone budgets of this scope reset in. */
  timezone: string;
  /** The community's default language (`/setup language`), a shipped locale code; null = none set. */
  language: string | null;
  settings: Record<string, unknown>;
  /** When an owner approved it for the operator's token (`OPERATOR_TOKEN_ACCESS=approved`); null = not approved. */
  approvedAt: number | null;
  /** Who approved it (`telegram:123`, `operator-cli`); null = not approved. */
  approvedBy: string | null;
}

/** A person on one surface. */
export interface User extends ExternalRef {
  id: string;
  displayName: string | null;
  /** Stored without "@", lower-cased. */
  username: string | null;
  /** The member's own language (`/language`), a shipped locale code; null = none set. */
  language: string | null;
}

/** Idempotent upserts keyed by (surface, external id), and lookups. */
export interface Directory {
  /** Finds or creates the scope; updates the title when a new non-empty one is given. */
  ensureScope(p: ExternalRef & { title?: string }): Promise<Scope>;
  /** Finds or creates the user; refreshes display name and username when given. */
  ensureUser(p: ExternalRef & { displayName?: string; username?: string }): Promise<User>;
  /** Stores the member's own language choice (null clears it). Not audited: it only changes how the bot speaks to them. */
  setUserLanguage(userId: string, language: string | null): Promise<void>;
  /** Records that `userId` was seen in `scopeId` now (so `@username` can be resolved there). */
  touchMember(scopeId: string, userId: string): Promise<void>;
  /** How many members the bot has seen in the scope. */
  memberCount(scopeId: string): Promise<number>;
  /** The member of `scopeId` with this username ("@Name" or "name", case-insensitive), most recently seen first. */
  findMemberByUsername(scopeId: string, username: string): Promise<User | undefined>;
  getScope(id: string): Promise<Scope | undefined>;
  getUser(id: string): Promise<User | undefined>;
  /** The scope known by `ref`, never creating one (the operator CLI's reads). */
  findScope(ref: ExternalRef): Promise<Scope | undefined>;
  /** The user known by `ref`, never creating one. */
  findUser(ref: ExternalRef): Promise<User | undefined>;
  /**
   * The community known as `from` is now known by another id of the same surface (a Telegram group upgraded to a
   * supergroup): its row keeps its id, so budgets, blocks, tokens, jobs and usage stay with it. A row already
   * made for the new id (a member seen there first, or a command another process ran there before this move) is
   * merged in when it holds nothing but members, audit lines, jobs and their money (holds, ledger entries, gateway
   * losses, failure references: the same community's, counted in its budgets from then on); when it holds a token or
   * settings of its own (budgets, blocks, prices) nothing moves (`conflict`). `already`: `from` is unknown and the new
   * id is known (moved before); `none`: neither is known.
   */
  moveScope(from: ExternalRef, toExternalId: string): Promise<'moved' | 'already' | 'none' | 'conflict'>;
  /**
   * Approves the scope for the operator's token (`by`: who, e.g. `telegram:123`) or revokes it (`by` null). Returns
   * whether anything changed (approving an approved scope keeps its first approval); a change is audited (`audit`) in
   * its own transaction.
   */
  setApproval(scopeId: string, by: string | null, audit: AuditInput): Promise<boolean>;
  /** Every approved scope, oldest approval first. */
  approvedScopes(): Promise<Scope[]>;
  /** Every scope the bot knows, oldest first (the owner's web page; bounded by how many communities one bot serves). */
  allScopes(): Promise<Scope[]>;
  /** The scopes `userId` was seen in, most recently seen first, at most `limit`. */
  memberScopes(userId: string, limit: number): Promise<Scope[]>;
}
