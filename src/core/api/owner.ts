/**
 * The owners' cross-community figures (the web's owner page): every community the bot knows with its spend, the
 * operator token's daily cap and today's use, and which communities wait for an approval. Part of `CoreApi`
 * (`./core-api.ts`); types only. Owners are `OWNER_IDS` (see `isOwner` in the use-cases).
 */
import type { Result } from '../failures.js';
import type { Micros } from '../money.js';
import type { Actor, ScopeRef } from './actor.js';
import type { GatewayBalanceView } from './admin.js';

/** One community as the owner sees it. */
export interface OwnerCommunityView {
  /** How the chat names it; `kind` from the stored id (a Telegram id below zero is a group, `dm:` a Discord DM). */
  scope: ScopeRef;
  /** Charges minus refunds in the community's current day, week and month (its own time zone), every token. */
  spent: { day: Micros; week: Micros; month: Micros };
  /** An owner (or the operator CLI) approved it for the operator's token. */
  approved: boolean;
}

/** The operator token's day (`OPERATOR_DAILY_CAP`, UTC days). */
export interface OperatorDayView {
  /** Null when the cap is off. */
  capMicros: Micros | null;
  /** Charged minus refunded today on the operator's token, in every community. */
  spentMicros: Micros;
  /** Held now on the operator's token (jobs running). */
  heldMicros: Micros;
  /** Epoch ms of the next UTC midnight. */
  resetsAt: number;
}

/** The owner page's figures. */
export interface OwnerOverview {
  communities: OwnerCommunityView[];
  operatorDay: OperatorDayView;
  /** `OPERATOR_TOKEN_ACCESS`: under `approved`, unapproved communities wait for `/approve`. */
  operatorTokenAccess: 'open' | 'approved';
  /** The gateway balance of the token that pays for the owner here, as `/setup show` words it; the failure otherwise. */
  gatewayBalance: Result<GatewayBalanceView>;
}

export interface OwnerApi {
  /** The figures above; `not_admin` for anyone but an owner (`OWNER_IDS`, or the console). */
  ownerOverview(actor: Actor): Promise<Result<OwnerOverview>>;
  /** Whether the actor is an owner (`OWNER_IDS`; the console always). */
  isOwner(actor: Actor): boolean;
}
