/**
 * Who is asking and where, the files they sent, where a late result goes: the types every feature of the core
 * contract shares. Part of the core contract (`CoreApi`, `./core-api.ts`).
 */

/** A community or chat: a Discord guild (or DM), a Telegram group or private chat, the console. */
export interface ScopeRef {
  /** The surface id (`SurfaceInfo.id`): an open string, stored as the scope's `platform` column. */
  platform: string;
  /** Guild id, chat id, or `dm:<user id>` for a Discord DM. */
  externalId: string;
  kind: 'guild' | 'group' | 'private' | 'console';
  title?: string;
}

export interface UserRef {
  /** The surface id, as in {@link ScopeRef.platform}. */
  platform: string;
  externalId: string;
  displayName?: string;
  /** Telegram @username without the @, used for `/budget set @name`. */
  username?: string;
  /** Recorded as the actor of audited changes instead of the store's user id (the operator CLI sets `operator`). */
  auditAs?: string;
}

/**
 * The channel inside a scope a command came from, for channel rules: a Discord channel id, a Telegram forum topic's
 * thread id (`main` outside topics), `console`. Absent (a private chat, the operator CLI): no channel rule applies.
 */
export interface ChannelRef {
  id: string;
  /** How the surface names it in a message (`<#123>` on Discord, a topic's name); stored with the rule. */
  label?: string;
}

/** Who is asking, and where. */
export interface Actor {
  scope: ScopeRef;
  user: UserRef;
  /** The channel or topic inside the scope (see {@link ChannelRef}). */
  channel?: ChannelRef;
  /**
   * The language to answer in. A surface sets what the platform reports (Discord `interaction.locale`, Telegram
   * `from.language_code`; the console and CLI `LANG`); the command dispatcher replaces it with the effective locale
   * (member override > community default > this > English, see `effectiveLocale`) before a piece runs, and jobs
   * store it for late deliveries. Absent: resolved from the stored choices alone, then English.
   */
  locale?: string;
  /** What the platform reported, kept by the dispatcher when it sets `locale` to the effective one. */
  reportedLocale?: string;
  /**
   * The store's view of this actor, looked up once per command by the dispatcher (`AccountApi.resolveActor`) and
   * reused by every use-case the command calls, so one command creates or refreshes its scope, user and membership
   * once. A surface may set it when it resolved the same actor for the same update already (Telegram's member
   * middleware); an actor without it is looked up by the dispatcher, or by the use-case itself.
   */
  resolved?: ResolvedActor;
}

/** The store's ids of an actor's scope and user (created on first sight; membership refreshed), with their settings. */
export interface ResolvedActor {
  scopeId: string;
  userId: string;
  /** The scope's IANA time zone (budgets reset at its midnight). */
  timeZone: string;
  /** The effective locale: the member's choice > the community's default > the platform's locale > English. */
  locale: string;
  /** An owner approved the scope for the operator's token (read only under `OPERATOR_TOKEN_ACCESS=approved`). */
  approved: boolean;
}

/** A file the user sent, already downloaded by the adapter (CDN links expire). */
export interface Attachment {
  name: string;
  bytes: Uint8Array;
  /** What the platform claimed; informational only (the core sniffs the bytes). */
  declaredType?: string;
}

/**
 * Where an asynchronous job's result goes, opaque to the core: `surface` routes it to that surface's
 * `Delivery`; every other field belongs to that surface, which defines its own address type and casts at its
 * boundary. Stored with the job (JSON), so the poller can deliver after a restart; it must be plain JSON data.
 * One convention: a short-lived credential goes in a member `interaction` with `expiresAt` (ms); the store removes
 * that member once it expired or the job ended (`JobStore.forgetDeliverySecrets`), so surfaces must cope without it.
 */
export interface DeliveryAddress {
  readonly surface: string;
  readonly [key: string]: unknown;
}

/** Fair-use hooks: the adapter shows a queue position instead of a bare refusal. */
export interface JobHooks {
  /** In the bot's fair-use line at `position` (1-based); `jobId`: the id the job will have (for a Cancel button). */
  onQueued?(position: number, jobId?: string): void;
  onStarted?(): void;
  /**
   * The gateway's per-token concurrency gate keeps the job waiting (its hold kept): `ahead` of this bot's requests on
   * the same token wait before it (0 = next). Called again when that changes.
   */
  onWaiting?(ahead: number, jobId?: string): void;
  /** The gateway has been working on the job for `elapsedMs`: every 10 s of a gateway call, and once when a wait ends. */
  onWorking?(elapsedMs: number): void;
  /** A partial image of a streamed image job (`index` from 0): a preview, neither kept nor charged. */
  onPreview?(image: Uint8Array, index: number): void;
  /** Set by the core: takes the job's gateway call out of the concurrency gate's waiting line (a cancel). */
  readonly lineSignal?: AbortSignal;
}
