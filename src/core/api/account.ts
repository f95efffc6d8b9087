/** A member's own account: allowance, personal token, language. */
import type { Result, TokenSource } from '../failures.js';
import type { Micros } from '../money.js';
import type { ChartImage } from '../ports/chart-renderer.js';
import type { Actor, ResolvedActor } from './actor.js';

export interface BalanceView {
  limitMicros: Micros | null;
  period: 'day' | 'week' | 'month' | 'total';
  spentMicros: Micros;
  heldMicros: Micros;
  adjustedMicros: Micros;
  remainingMicros: Micros | null;
  resetsAt: number | null;
  blocked: boolean;
  tokenSource: TokenSource | 'none';
  /** Human text of the above, made by the core's messages module in the member's locale. */
  text: string;
  /** The community's time zone: `resetsAt` is shown in it, as in the text and in budget refusals. */
  timeZone: string;
}

/** A chart drawn by the core for a reply: a PNG and its file name. */
export interface ChartFile extends ChartImage {
  filename: string;
}

/** A member's own account: allowance, personal token, language. */
export interface AccountApi {
  balance(actor: Actor): Promise<BalanceView>;
  /**
   * `/balance` with a chart: the balance and the member's spend per day against the allowance (null when it could not
   * be drawn).
   */
  balanceChart(actor: Actor): Promise<{ balance: BalanceView; chart: ChartFile | null }>;
  /** Validates a token with `GET /v1/models` and stores it (community when `personal` is false). Reply is masked. */
  linkToken(actor: Actor, token: string, personal: boolean): Promise<Result<{ text: string; last4: string }>>;
  unlinkToken(actor: Actor, personal: boolean): Promise<Result<{ text: string }>>;
  /**
   * The effective locale of the actor: their own choice (`/language`), else the community's default
   * (`/setup language`), else `actor.locale` as the platform reported it, else English; always a shipped code.
   */
  locale(actor: Actor): Promise<string>;
  /**
   * Creates or finds the actor's scope and user, records that the user was seen there, and returns their ids and
   * effective locale (see {@link locale}): the dispatcher calls it once per command and sets the answer on the
   * actor (`Actor.resolved`) it gives the piece.
   */
  resolveActor(actor: Actor): Promise<ResolvedActor>;
  /**
   * `/language`: with a code, stores the member's own language (`reset`: clears it); without, says which is in use
   * and which are available. Answered in the language now in effect. An unknown code is refused
   * (`unknown_language`), nothing stored.
   */
  language(actor: Actor, code?: string): Promise<Result<{ text: string; locale: string }>>;
  /**
   * `/approve [on|off]` (owners): approves the actor's community for the operator's token under
   * `OPERATOR_TOKEN_ACCESS=approved`, or revokes it; audited. `not_admin` for anyone but an owner.
   */
  approveCommunity(actor: Actor, approve: boolean): Promise<Result<{ text: string }>>;
  /** Remembers a member (for @username lookups). */
  touch(actor: Actor): Promise<void>;
}
