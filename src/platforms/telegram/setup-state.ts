import { randomBytes } from 'node:crypto';
import type { ScopeRef } from '../../core/api/surface.js';
import type { Coordination } from '../../core/ports/coordination.js';

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

/** A group setup started by an admin: which group, and who may finish it (the link's life is its TTL). */
export interface SetupGrant {
  target: SecretTarget & { scope: ScopeRef };
  adminUserId: string;
}

/** A private chat waiting for a pasted token (for as long as its TTL). */
export interface PendingToken {
  target: SecretTarget;
  userId: string;
}

/** Options of {@link SetupState}. */
export interface SetupStateOptions {
  /** Where the open links and waits are kept: shared by every process with Redis, else this process's memory. */
  coordination: Coordination;
  /** Life of a `/setup` deep link, ms; default 15 min. */
  nonceTtlMs?: number;
  /** How long a private chat waits for the pasted token, ms; default 10 min. */
  tokenWaitMs?: number;
}

const grantKey = (nonce: string) => `setup:${nonce}`;
const waitKey = (chatId: number) => `token-wait:${chatId}`;

/**
 * The state of the token flows, in the coordination port so that a link made by one process can be opened through
 * another (webhook updates behind a load balancer). A `/setup` link carries a random nonce (96 bits, single use,
 * 15 min), never the group's chat id, so nobody can forge a link to another group; the nonce is bound to the admin
 * who asked. Only the target (command, group) and who may answer are stored, never a token: the pasted token goes
 * straight from the message to the core. Trade-off: without Redis a restart forgets open links (the admin runs
 * `/setup` again).
 */
export class SetupState {
  private readonly coord: Coordination;
  private readonly nonceTtlMs: number;
  private readonly tokenWaitMs: number;

  constructor(opts: SetupStateOptions) {
    this.coord = opts.coordination;
    this.nonceTtlMs = opts.nonceTtlMs ?? 15 * 60_000;
    this.tokenWaitMs = opts.tokenWaitMs ?? 10 * 60_000;
  }

  /** A fresh nonce for `target`, usable once by `adminUserId` within the TTL. */
  async createNonce(target: SetupGrant['target'], adminUserId: string): Promise<string> {
    const nonce = randomBytes(12).toString('base64url');
    const grant: SetupGrant = { target, adminUserId };
    await this.coord.put(grantKey(nonce), JSON.stringify(grant), this.nonceTtlMs);
    return nonce;
  }

  /**
   * Consumes a nonce; undefined when unknown, expired, already used (also by a concurrent opening in another
   * process), or opened by someone other than the admin who made it (the link then stays usable for that admin).
   */
  async takeNonce(nonce: string, userId: string): Promise<SetupGrant | undefined> {
    const seen = parse<SetupGrant>(await this.coord.get(grantKey(nonce)));
    if (!seen || seen.adminUserId !== userId) return undefined;
    return parse<SetupGrant>(await this.coord.take(grantKey(nonce)));
  }

  /** Makes the next message in private chat `chatId` the token. */
  async expectToken(chatId: number, pending: PendingToken): Promise<void> {
    await this.coord.put(waitKey(chatId), JSON.stringify(pending), this.tokenWaitMs);
  }

  /** The pending token request of a private chat, if still open. */
  async pendingToken(chatId: number): Promise<PendingToken | undefined> {
    return parse<PendingToken>(await this.coord.get(waitKey(chatId)));
  }

  /** Closes the pending token request of a chat. */
  async clearToken(chatId: number): Promise<void> {
    await this.coord.delete(waitKey(chatId));
  }
}

/** A stored JSON value, or undefined when absent or unreadable. */
function parse<T>(text: string | undefined): T | undefined {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}
