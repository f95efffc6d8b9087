/** A community's administration: budgets, usage, prices, its token's gateway balance, admin notices. */
import type { Result, TokenSource } from '../failures.js';
import type { Micros } from '../money.js';
import type { ChartFile } from './account.js';
import type { Actor } from './actor.js';

/** An admin command, platform-neutral; amounts and periods arrive as the user typed them. */
export type AdminCommand =
  | { op: 'default'; amount: string; period?: string }
  | { op: 'set'; target: string; amount: string; period?: string }
  | { op: 'clear'; target: string }
  | { op: 'pool'; amount: string; period?: string }
  | { op: 'block'; target: string }
  | { op: 'unblock'; target: string }
  | { op: 'adjust'; target: string; amount: string; note?: string }
  | { op: 'show'; target?: string }
  | { op: 'timezone'; timeZone: string }
  /** The community's default language: a code, or `reset` to clear it. */
  | { op: 'language'; code: string }
  | { op: 'usage'; period?: string; target?: string; chart?: boolean }
  | { op: 'token_show' }
  | { op: 'token_unlink' };

/**
 * An admin's price command (`/prices …`): list the community's own prices, set one (`unit`: image, second or 1k;
 * default from the model's kind), clear one, or correct a model's kind (`auto` forgets the correction).
 */
export type PriceCommand =
  | { op: 'list' }
  | { op: 'set'; model: string; amount: string; unit?: string }
  | { op: 'clear'; model: string }
  | { op: 'kind'; model: string; kind: string };

/** The gateway's own balance for the token that pays here, for `/setup show` and the operator CLI. */
export interface GatewayBalanceView {
  tokenSource: TokenSource;
  /** Null when unlimited. */
  remainingMicros: Micros | null;
  usedMicros: Micros | null;
  /** Epoch ms; null when it never expires (or the gateway did not say). */
  expiresAt: number | null;
  /** Plain words for admins, e.g. "The gateway balance of this community's token is $12.40; it never expires." */
  text: string;
}

/**
 * `target` in admin commands is `me` (the actor), a platform user id, `@username` (a member the bot has seen in this
 * scope), or `<platform>:<id>`. The adapter resolves mentions to ids where it can. A name that matches nobody the
 * store knows is refused (`unknown_user`); only a numeric platform id may name someone not seen yet.
 */
export interface AdminResult {
  /** Human summary for the chat. */
  text: string;
  /** For `usage`: the CSV report. */
  csv?: { filename: string; content: string };
  /** For `usage` with `chart`: spend per day stacked by member, as a PNG (absent when it could not be drawn). */
  chart?: ChartFile;
}

/** A community's administration: budgets, usage, prices, its token's gateway balance, admin notices. */
export interface AdminApi {
  /** Runs an admin command; the adapter has already checked that the actor is an admin. */
  admin(actor: Actor, cmd: AdminCommand): Promise<Result<AdminResult>>;
  /** Admin prices and kinds of this community; the adapter has already checked that the actor is an admin. Audited. */
  prices(actor: Actor, cmd: PriceCommand): Promise<Result<{ text: string }>>;
  /** The gateway balance and expiry of the token that pays here (`/setup show`). */
  gatewayBalance(actor: Actor): Promise<Result<GatewayBalanceView>>;
  /**
   * Admin notices waiting for this community (gateway credit exhausted, balance below what the budgets allow this
   * period), each once; the adapter shows them to the admins. Checks the balance when due (at most once a period).
   */
  adminAlerts(actor: Actor): Promise<string[]>;
  /**
   * Whether notices are already queued for this community (nothing taken; one read of the coordination, in memory or
   * Redis): lets the command layer ask a surface "is this user an admin?" after a member command only when there is
   * something to show.
   */
  hasAdminAlerts(actor: Actor): Promise<boolean>;
  /**
   * The community `from` now has the id `toExternalId` on the same surface (a Telegram group upgraded to a
   * supergroup): it keeps its budgets, blocks, token, jobs and usage. Idempotent (`already` the second time); see
   * `Directory.moveScope` for `none` and `conflict`.
   */
  scopeMoved(from: { platform: string; externalId: string }, toExternalId: string): Promise<'moved' | 'already' | 'none' | 'conflict'>;
}
