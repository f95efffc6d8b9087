/**
 * The surface the adapters (Discord, Telegram, terminal playground, operator CLI) call.
 * Plain data in, typed results out: no platform or HTTP types cross this line.
 * Implemented by `BotCore` (`src/core/bot-core.ts`).
 */
import type { Failure, Result, TokenSource } from './failures.js';
import type { Micros } from './money.js';
import type { ModelKind } from './pricing.js';
import type { ChartImage } from './ports/chart-renderer.js';

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

/** Who is asking, and where. */
export interface Actor {
  scope: ScopeRef;
  user: UserRef;
  /**
   * The language to answer in. A surface sets what the platform reports (Discord `interaction.locale`, Telegram
   * `from.language_code`; the console and CLI `LANG`); the command dispatcher replaces it with the effective locale
   * (member override > community default > this > English, see `effectiveLocale`) before a piece runs, and jobs
   * store it for late deliveries. Absent: resolved from the stored choices alone, then English.
   */
  locale?: string;
  /** What the platform reported, kept by the dispatcher when it sets `locale` to the effective one. */
  reportedLocale?: string;
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
 * `Delivery` (src/core/ports/delivery.ts); every other field belongs to that surface, which defines its own address type and casts at its
 * boundary. Stored with the job (JSON), so the poller can deliver after a restart; it must be plain JSON data.
 * One convention: a short-lived credential goes in a member `interaction` with `expiresAt` (ms); the store removes
 * that member once it expired or the job ended (`JobStore.forgetDeliverySecrets`), so surfaces must cope without it.
 * Structurally the same as `DeliveryAddressLike` of `src/core/commands/types.ts`.
 */
export interface DeliveryAddress {
  readonly surface: string;
  readonly [key: string]: unknown;
}

/** Fair-use hooks: the adapter shows a queue position instead of a bare refusal. */
/**
 * Where a failure reference is being shown, so it can be looked up later (`/job <ref>`): the actor who sees it, or
 * the job it belongs to (a late delivery knows only the job), and the surface id (default: the actor's platform).
 * Without an actor or a job the reference is shown but not stored.
 */
export interface ShownAt {
  actor?: Actor;
  jobId?: string;
  surface?: string;
  /**
   * The reader administers this community (known to the surface or the dispatcher): their reference line points to
   * `/job <ref>` instead of telling them to ask an admin. Absent: not known, the member's line.
   */
  admin?: boolean;
}

/** A stored failure reference as `/job <ref>` shows it. `detail` (the scrubbed logged failure) only for admins. */
export interface FailureRefView {
  ref: string;
  createdAt: number;
  code: string;
  /** The failure's plain words, as the user read them (without the ref). */
  outcome: string;
  /** Who was shown it, on their surface. */
  userExternalId: string;
  surface: string;
  jobId?: string;
  detail?: string;
}

export interface JobHooks {
  onQueued?(position: number): void;
  onStarted?(): void;
}

export interface ImagineRequest extends Actor {
  prompt: string;
  /** Default: the configured image model. */
  model?: string;
  /** `1:1`, `16:9`, `9:16`, `4:3`, `3:4`. Ignored when `size` is given. */
  aspect?: string;
  /** `WxH`. */
  size?: string;
  /** Images to make, default 1 (only sent when > 1). */
  count?: number;
  /**
   * Where the result goes if the surface cannot post it at once (from `SurfaceRequest.deliveryAddress('result')`).
   * With it the job ends `delivering` (the surface confirms with `recordDelivery` or hands over with `handOver`);
   * without it (operator CLI, direct calls) the job ends `succeeded` when the core returns.
   */
  delivery?: DeliveryAddress;
}

export interface EditRequest extends ImagineRequest {
  /** 1..N reference images (N from the model's limits, 3 for alpha-image-2). */
  images: Attachment[];
}

export interface ImageFile {
  filename: string;
  mime: string;
  bytes: Uint8Array;
  width: number;
  height: number;
}

/** A finished image job. The charge is already settled when this is returned. */
export interface ImageJobResult {
  jobId: string;
  model: string;
  size: string;
  images: ImageFile[];
  costMicros: Micros;
  tokenSource: TokenSource;
  /** Remaining allowance after the charge (null when unlimited or on a personal token without cap). */
  remainingMicros: Micros | null;
}

export interface VideoRequest extends Actor {
  prompt: string;
  model?: string;
  /** 4..15, default configured. */
  seconds?: number;
  aspect?: string;
  size?: string;
  /** Makes it image-to-video. */
  image?: Attachment;
  /** From `SurfaceRequest.deliveryAddress()`. */
  delivery: DeliveryAddress;
}

/** A video job accepted: the hold is placed and the gateway task created; the poller does the rest. */
export interface VideoStarted {
  jobId: string;
  model: string;
  seconds: number;
  size: string;
  estimateMicros: Micros;
  /** The likely wait, from the model's recent delivered jobs (cold start: 30 s + 4 s per second of video). */
  etaSeconds: number;
  remainingMicros: Micros | null;
}

export interface AskRequest extends Actor {
  prompt: string;
  model?: string;
  /** As {@link ImagineRequest.delivery}. */
  delivery?: DeliveryAddress;
}

export interface AskResult {
  jobId: string;
  model: string;
  text: string;
  costMicros: Micros;
  totalTokens: number;
}

/**
 * A model as shown to users: id, kind and price text ("$0.04 / image (gateway's published price)", "no price yet
 * (an admin can set one)"). `onSale` is true only when the model is priced and on sale (usable).
 */
export interface ModelView {
  id: string;
  kind: ModelKind;
  unitMicros: Micros;
  priceText: string;
  onSale: boolean;
  /** Where the price comes from; null when there is none. */
  priceSource?: 'admin' | 'operator' | 'gateway' | 'documented' | null;
  /** Where the kind comes from: an admin's correction, the gateway, a price table, or the id heuristic. */
  kindSource?: 'admin' | 'gateway' | 'price_table' | 'id';
  /** The default model of its kind for this actor. */
  isDefault?: boolean;
}

export type JobKind = 'imagine' | 'edit' | 'video' | 'ask';

export type JobStatus =
  | 'reserved'
  | 'submitted'
  | 'running'
  | 'downloading'
  | 'delivering'
  | 'delivered'
  | 'succeeded'
  | 'failed'
  | 'refunded'
  | 'expired'
  | 'released'
  | 'undeliverable';

/** Statuses after which nothing more happens to a job: the one list (the store, `/jobs`, the console use it). */
export const FINAL_STATUSES: readonly JobStatus[] = ['delivered', 'succeeded', 'failed', 'refunded', 'expired', 'released', 'undeliverable'];

/** What `/jobs` and `/job` show. */
/**
 * A job's state in plain terms, for words (the raw {@link JobStatus} is for machines): `queued` (not started at the
 * gateway yet), `working`, `delivering`, `done`, `failed`, `timed_out` (the gateway did not finish in time),
 * `interrupted` (a process stopped while it ran), `not_delivered` (made but could not be posted).
 */
export type JobState = 'queued' | 'working' | 'delivering' | 'done' | 'failed' | 'timed_out' | 'interrupted' | 'not_delivered';

/**
 * What happened to a job's money, from the ledger (never from the status): still `held`; `charged`; `charged_kept`
 * (charged, and the result kept for `/job` because it could not be posted); `released` (the hold freed, nothing
 * charged); `refunded` (charged, then given back); `none` (it never held money). `micros` is the amount of that outcome.
 */
export type JobMoney = { outcome: 'held' | 'charged' | 'charged_kept' | 'released' | 'refunded'; micros: Micros } | { outcome: 'none' };

/** Facts read from a delivered file itself (its bytes), never from what was requested. */
export interface MediaFacts {
  width: number;
  height: number;
  /** Videos: the length the file plays for. */
  durationSeconds?: number;
}

export interface JobView {
  id: string;
  kind: JobKind;
  status: JobStatus;
  /** {@link JobState}: the status in plain terms. */
  state: JobState;
  /** {@link JobMoney}: the money outcome from the ledger. */
  money: JobMoney;
  model: string;
  prompt: string;
  progress: number;
  seconds?: number;
  size?: string;
  estimateMicros: Micros;
  chargedMicros: Micros | null;
  createdAt: number;
  finishedAt: number | null;
  userExternalId: string;
  /** Failure code when the job ended without a result. */
  errorCode?: string;
  /** Files kept for re-posting (`/job <id>`), while retained. */
  outputs?: { path: string; filename: string; mime: string; bytes: number }[];
  /**
   * What the file being delivered says about itself (size, a video's length), set by the delivery steps when the
   * file could be read; absent otherwise, and then no size or length is shown rather than the requested one.
   */
  media?: MediaFacts;
  /** The language its member was answered in when it started (a shipped code; absent = English); late deliveries write in it. */
  locale?: string;
}

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

/** What an earlier job asked for (Reroll / Animate / Edit buttons), from `CoreApi.jobRequest`. */
export interface JobRequestView {
  kind: JobKind;
  prompt: string;
  model: string;
  size?: string;
  seconds?: number;
  /** The job's kept result files, while retained. */
  outputs?: JobView['outputs'];
  /**
   * An `edit` job's reference images, in the order they were sent, kept with its results (same retention) so a
   * Reroll can re-run the edit. Absent for other kinds, for failed edits, once purged, and when any one is missing.
   */
  references?: JobView['outputs'];
}

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

/** A remix of an earlier video job (new-api `POST /v1/videos/{id}/remix`), priced and held like a new video. */
export interface RemixRequest extends Actor {
  /** The earlier, delivered video job of this community. */
  jobId: string;
  prompt: string;
  /** Default: the earlier job's length. */
  seconds?: number;
  delivery: DeliveryAddress;
}

/** `/models` as the core words it. */
export interface ModelsReport {
  models: ModelView[];
  /** The whole answer as text: the list, the defaults, the price rule. */
  text: string;
  /** The paragraphs after the list (the defaults, the price rule), for surfaces that show the list their own way. */
  notes: string[];
  /** The language the words are in. */
  locale: string;
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

/** A chart drawn by the core for a reply: a PNG and its file name. */
export interface ChartFile extends ChartImage {
  filename: string;
}

/** What became of one video handed to `CoreApi.abandonVideos`. */
export type AbandonOutcome =
  | { id: string; outcome: 'released'; heldMicros: Micros }
  | { id: string; outcome: 'kept'; status: JobStatus }
  | { id: string; outcome: 'unknown' };

/** The core, as adapters see it. Every method validates fully before money moves. */
export interface CoreApi {
  imagine(req: ImagineRequest, hooks?: JobHooks): Promise<Result<ImageJobResult>>;
  edit(req: EditRequest, hooks?: JobHooks): Promise<Result<ImageJobResult>>;
  startVideo(req: VideoRequest, hooks?: JobHooks): Promise<Result<VideoStarted>>;
  ask(req: AskRequest, hooks?: JobHooks): Promise<Result<AskResult>>;
  /**
   * Records where a job's result was posted (message ids), so `/job` and restarts know. A job in `delivering` (its
   * result kept, charged) becomes `delivered` and its lease is dropped.
   */
  recordDelivery(jobId: string, messageIds: string[]): Promise<void>;
  /**
   * The surface could not post a result it was given (rate limit, expired interaction, deleted reply): the durable
   * delivery step (the poller, through the surface's `Delivery.post`) takes over, not before
   * `retryAfterMs` (default 0). No-op for a job not in `delivering`.
   */
  handOver(jobId: string, opts?: { retryAfterMs?: number; reason?: string }): Promise<void>;
  /** Models the actor's token reaches, with prices; `kind` filters. */
  models(actor: Actor, kind?: ModelKind): Promise<Result<ModelView[]>>;
  /** From cache only, never waits (Discord autocomplete). Empty when nothing is cached yet. */
  cachedModels(actor: Actor, kind?: ModelKind): ModelView[];
  balance(actor: Actor): Promise<BalanceView>;
  /** `/balance` with a chart: the balance and the member's spend per day against the allowance (null when it could not be drawn). */
  balanceChart(actor: Actor): Promise<{ balance: BalanceView; chart: ChartFile | null }>;
  jobs(actor: Actor, limit?: number): Promise<JobView[]>;
  /** A job of this scope (or the actor's own), or `job_not_found`. */
  job(actor: Actor, id: string): Promise<Result<JobView>>;
  /** The request of an earlier job, for Reroll / Animate buttons. */
  jobRequest(actor: Actor, id: string): Promise<Result<JobRequestView>>;
  /** Most bytes one reference image may have for `model` (image) or as a video's start image; for early download caps. */
  referenceLimitBytes(kind: 'image' | 'video', model?: string): number;
  /** Runs an admin command; the adapter has already checked that the actor is an admin. */
  admin(actor: Actor, cmd: AdminCommand): Promise<Result<AdminResult>>;
  /** Validates a token with `GET /v1/models` and stores it (community when `personal` is false). Reply is masked. */
  linkToken(actor: Actor, token: string, personal: boolean): Promise<Result<{ text: string; last4: string }>>;
  unlinkToken(actor: Actor, personal: boolean): Promise<Result<{ text: string }>>;
  /** `/models` as the core words it: the models, each price with where it comes from, the defaults and the price rule. */
  modelsReport(actor: Actor, kind?: ModelKind): Promise<Result<ModelsReport>>;
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
   * Whether a Remix is worth offering: the gateway client has a remix call and the gateway has not answered that it
   * has no remix route (remembered for the life of the process once a remix came back `not_offered`).
   */
  remixOffered(): boolean;
  /**
   * Ends video jobs whose gateway task can never finish (the playground's built-in simulator dies with it): jobs
   * still at the gateway are marked released and their holds released (nothing charged); others are left alone.
   */
  abandonVideos(ids: readonly string[], note: string): Promise<AbandonOutcome[]>;
  /** Starts a remix of an earlier video job; returns like `startVideo` (the poller delivers). */
  startRemix(req: RemixRequest, hooks?: JobHooks): Promise<Result<VideoStarted>>;
  /**
   * Renders a failure for users in `locale` (default English), followed by its reference explained once
   * ("Reference K7Q2XM: … give them this code"; for an admin reader, `at.admin`: "… /job K7Q2XM shows what went
   * wrong"); logs the detail under the ref. A mistake in what was typed (an unknown command, a malformed argument,
   * an unknown member…) carries no reference: its words already say everything an admin could learn. `hint` names commands the way the
   * asking surface writes them (`SurfaceInfo.commandHint`); default `/command subcommand`. With `at` (who sees it, or
   * the job), the reference and its scrubbed detail are stored in the background for `/job <ref>` and `admin ref`.
   */
  explain(failure: Failure, hint?: (command: string, subcommand?: string) => string, at?: ShownAt, locale?: string): string;
  /**
   * `/job <ref>`: a failure reference shown in the actor's community. `admin` (admin or owner) reads any of the
   * community's references with the logged detail; a member only the plain outcome of their own; else `job_not_found`.
   * The outcome is written in the actor's effective locale.
   */
  failureRef(actor: Actor, ref: string, admin: boolean): Promise<Result<FailureRefView>>;
  /**
   * The effective locale of the actor: their own choice (`/language`), else the community's default
   * (`/setup language`), else `actor.locale` as the platform reported it, else English; always a shipped code.
   */
  locale(actor: Actor): Promise<string>;
  /**
   * `/language`: with a code, stores the member's own language (`reset`: clears it); without, says which is in use
   * and which are available. Answered in the language now in effect. An unknown code is refused
   * (`unknown_language`), nothing stored.
   */
  language(actor: Actor, code?: string): Promise<Result<{ text: string; locale: string }>>;
  /** Remembers a member (for @username lookups). */
  touch(actor: Actor): Promise<void>;
  /**
   * The community `from` now has the id `toExternalId` on the same surface (a Telegram group upgraded to a
   * supergroup): it keeps its budgets, blocks, token, jobs and usage. Idempotent (`already` the second time); see
   * `Directory.moveScope` for `none` and `conflict`.
   */
  scopeMoved(from: { platform: string; externalId: string }, toExternalId: string): Promise<'moved' | 'already' | 'none' | 'conflict'>;
}
