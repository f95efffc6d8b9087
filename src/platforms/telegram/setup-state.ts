import { randomBytes } from 'node:crypto';
import type { ScopeRef } from '../../core/api.js';

/**
 * The command that will receive a pasted token (`setup token` for a group, `token link` for the user) and, for a
 * group, the group's scope (the token is pasted in the private chat, but belongs to the group).
 */
export interface SecretTarget {
  command: string;
  subcommand?: string;
  /** The group the token is for; absent: the private chat's own scope (a personal token). */
  scope?: ScopeRef;
}

/** A group setup started by an admin: which group, and who may finish it. */
export interface SetupGrant {
  target: SecretTarget & { scope: ScopeRef };
  adminUserId: string;
  expiresAt: number;
}

/** A private chat waiting for a pasted token. */
export interface PendingToken {
  target: SecretTarget;
  userId: string;
  expiresAt: number;
}

/** Options of {@link SetupState}. */
export interface SetupStateOptions {
  /** Life of a `/setup` deep link, ms; default 15 min. */
  nonceTtlMs?: number;
  /** How long a private chat waits for the pasted token, ms; default 10 min. */
  tokenWaitMs?: number;
  now?: () => number;
}

/**
 * In-memory state of the token flows. A `/setup` link carries a random nonce (96 bits, single use, 15 min), never
 * the group's chat id, so nobody can forge a link to another group; the nonce is bound to the admin who asked.
 * Trade-off: a restart forgets open links (the admin runs `/setup` again), which keeps secrets-adjacent state out
 * of the database.
 */
export class SetupState {
  private readonly grants = new Map<string, SetupGrant>();
  private readonly pending = new Map<number, PendingToken>();
  private readonly nonceTtlMs: number;
  private readonly tokenWaitMs: number;
  private readonly now: () => number;

  constructor(opts: SetupStateOptions = {}) {
    this.nonceTtlMs = opts.nonceTtlMs ?? 15 * 60_000;
    this.tokenWaitMs = opts.tokenWaitMs ?? 10 * 60_000;
    this.now = opts.now ?? Date.now;
  }

  /** A fresh nonce for `target`, usable once by `adminUserId` within the TTL. */
  createNonce(target: SetupGrant['target'], adminUserId: string): string {
    this.sweep();
    const nonce = randomBytes(12).toString('base64url');
    this.grants.set(nonce, { target, adminUserId, expiresAt: this.now() + this.nonceTtlMs });
    return nonce;
  }

  /** Consumes a nonce; undefined when unknown, expired, or opened by someone other than the admin who made it. */
  takeNonce(nonce: string, userId: string): SetupGrant | undefined {
    const g = this.grants.get(nonce);
    if (!g || g.expiresAt <= this.now() || g.adminUserId !== userId) return undefined;
    this.grants.delete(nonce);
    return g;
  }

  /** Makes the next message in private chat `chatId` the token. */
  expectToken(chatId: number, p: Omit<PendingToken, 'expiresAt'>): void {
    this.pending.set(chatId, { ...p, expiresAt: this.now() + this.tokenWaitMs });
  }

  /** The pending token request of a private chat, if still open. */
  pendingToken(chatId: number): PendingToken | undefined {
    const p = this.pending.get(chatId);
    if (p && p.expiresAt <= this.now()) {
      this.pending.delete(chatId);
      return undefined;
    }
    return p;
  }

  /** Closes the pending token request of a chat. */
  clearToken(chatId: number): void {
    this.pending.delete(chatId);
  }

  private sweep(): void {
    const now = this.now();
    for (const [k, g] of this.grants) if (g.expiresAt <= now) this.grants.delete(k);
  }
}
