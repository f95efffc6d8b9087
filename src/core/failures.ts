import { newRef } from './ids.js';
import type { Micros, MoneyErrorReason } from './money.js';
import type { Phrase } from './i18n/phrase.js';
import type { GatewayFailureInfo } from './ports/media-gateway.js';
import type { ModelKind } from './pricing.js';

/**
 * Expected failures as values. Every use-case returns a {@link Result}; a {@link Failure} carries a closed
 * {@link FailureCode}, typed details for that code, a short `ref` for support, and whether money moved.
 * The words a user reads are made in one place (`messages.ts`); adapters only format them.
 */

/**
 * Whether money moved before the failure: nothing held, a hold released, the gateway refunded a charge, or
 * `charged`: the result was made (the gateway billed it, the hold was settled) but could not be delivered.
 */
export type MoneyMoved = 'none' | 'released' | 'refunded' | 'charged';

/** Where a gateway token came from; used to tell the user whose token the gateway refused. */
export type TokenSource = 'personal' | 'scope' | 'operator';

/**
 * Who reads a failure that says how admin-only set-up fixes it (a token, a price): an admin there (owner, console),
 * a member of a community, or the user of a private chat, where no admin command runs.
 */
export type ReaderHint = 'admin' | 'member' | 'private';

type Empty = Record<never, never>;

interface BudgetDetails {
  costMicros: Micros;
  remainingMicros: Micros;
  /** Epoch ms of the next period start, or null when the allowance does not reset. */
  resetsAt: number | null;
  /** The community's time zone the reset is shown in (the one `/balance` uses); default UTC. */
  timeZone?: string;
}

/** The typed details of every failure code. */
export interface FailureDetails {
  budget_exhausted: BudgetDetails;
  /** The operator's per-person cap across every community (`PERSON_CAP`, the operator's token) would be passed. */
  person_cap_exhausted: BudgetDetails;
  /** The operator's daily cap on its own token across every community (`OPERATOR_DAILY_CAP`, UTC day) would be passed. */
  operator_cap_exhausted: BudgetDetails;
  /**
   * `OPERATOR_TOKEN_ACCESS=approved` and no owner approved this community (`community`: its `<platform>:<id>`, for
   * `npm run admin -- communities approve`); `place` private for a private chat.
   */
  operator_access_not_approved: { community: string; place: 'community' | 'private' };
  pool_exhausted: BudgetDetails;
  blocked: Empty;
  no_token: { reader: ReaderHint };
  token_rejected: { source: TokenSource };
  no_channel: { model: string };
  model_unknown: { model: string; suggestion?: string };
  model_not_on_sale: { model: string };
  /** Listed by the gateway but without a price anywhere (admin price, price file, published pricing). */
  model_unpriced: { model: string; reader?: ReaderHint };
  /** A `DEFAULT_*_MODEL` names a model this token's gateway list does not have; `suggestions` are the closest listed ids. */
  default_model_missing: { variable: string; model: string; suggestions: string[] };
  /** No model of this kind is both listed for the token and priced, so there is no default to use. */
  no_default_model: { kind: ModelKind; reader?: ReaderHint };
  /** The gateway does not offer this at all (no route, HTTP 501 `api_not_implemented`). */
  not_offered: { what: 'edit' | 'video' | 'remix' | 'upscale' | 'image' | 'text' | 'balance' | 'models'; model?: string };
  /** An API route answered with a redirect: `GATEWAY_BASE_URL` points at a web page, not the API root. */
  gateway_misconfigured: Empty;
  model_wrong_kind: { model: string; expected: ModelKind };
  /**
   * An option the model does not offer (`option`: its flag name, `value` as asked, `offered`: the values it offers
   * for it, empty when none; `all`: every option it offers, as `--flag values` words). Refused before money moves.
   */
  option_unsupported: { model: string; option: string; value: string; offered: string[]; all: string[] };
  /** The gateway account behind the token ran out of credit; `source` says whose token (for the admin wording). */
  quota_exhausted: { source?: TokenSource };
  forbidden_model: { model: string };
  content_refused: Empty;
  /**
   * The gateway refused the prompt with a violation-fee code (`violation_fee.*`): besides the refusal it may have
   * charged the token (`source`) a fee whose amount only its token log shows. The member's hold is released: the
   * fee is recorded as a possible gateway loss of the job (docs/gateway.md, "Violation fees").
   */
  content_refused_fee: { source: TokenSource; code: string };
  /**
   * The gateway refused the request with a 4xx this bot does not know (not a size, an image file, a model, a quota
   * or a policy answer): its fault or the request's, never ours. `status`: the HTTP status; `reason`: its message.
   */
  gateway_refused: { status?: number; reason?: string };
  /**
   * The gateway refused the request because it wants a header (or a provider named in one) that an OpenAI-style
   * client does not send: an AI router that needs its own setup. `header`: the header name(s) it named
   * (`x-portkey-provider`), or `provider` when it named none.
   */
  gateway_needs_header: { header: string };
  attachment_missing: Empty;
  attachment_too_many: { max: number; got: number };
  attachment_too_large: { maxBytes: number; gotBytes: number; name: string };
  attachment_empty: { name: string };
  /** `detected` names what the bytes are when known: "pdf", "text", "animated gif", "bmp"… */
  attachment_not_image: { name: string; detected?: string };
  attachment_too_many_pixels: { width: number; height: number; maxPixels: number };
  attachment_download_failed: { reason: 'too_big_for_platform' | 'expired' | 'network'; limitBytes?: number };
  prompt_empty: Empty;
  prompt_too_long: { max: number; got: number };
  /** The prompt contains something shaped like an access token; it is neither used nor stored. */
  prompt_has_secret: Empty;
  /** The gateway gave image results only as links to private, loopback or link-local addresses: not fetched. */
  /** `unreachable`: the link's host does not resolve; otherwise (absent) it points at a private or local address. */
  result_url_refused: { reason?: 'unreachable' };
  /** Both sides of a size must be whole numbers from 64 to `maxSide`; `given` is absent when the request named none. */
  bad_size: { given?: string; maxSide: number };
  bad_aspect: { given: string; allowed: string[] };
  bad_duration: { given: number | string; min: number; max: number };
  bad_count: { given: number | string; max: number };
  /**
   * An option, flag or word not understood. `problem` (catalogue words with arguments) is what the member reads, in
   * their language; `message` is its English text for logs and the operator CLI, and the member's words when no
   * `problem` is given.
   */
  bad_flag: { message: string; problem?: Phrase };
  /**
   * The gateway was busy. `waitedMs`: the job waited that long for the gateway's concurrency gate, up to its deadline,
   * and the gateway never took it (nothing was processed).
   */
  gateway_busy: { retryAfterMs?: number; waitedMs?: number };
  gateway_down: Empty;
  gateway_timeout: Empty;
  task_failed_refunded: { reason?: string };
  task_expired_released: Empty;
  /** The bot stopped while the job was being started; the hold was released. `kind` says which job. */
  job_interrupted: { kind: 'imagine' | 'edit' | 'video' | 'ask' };
  /**
   * The result was made and kept, but the store failed while the job was being settled: the job runner finishes it
   * (posts it, charged, or tells the member what happened). No money claim: nothing was released.
   */
  result_delayed: { kind: 'imagine' | 'edit' | 'video' | 'ask' };
  /** `bytes` is null when the download was cut at the limit before the full size was known. */
  output_too_large: { bytes: number | null; limitBytes: number; retrievableUntil: number | null };
  /**
   * A video the gateway made and the bot charged for, but could not deliver: the download from the gateway kept
   * failing (`download`, nothing kept), the chat can no longer be reached (`chat_gone`), or the upload kept failing
   * (`upload`). `jobId` is for `/job <id>`; `retrievableUntil` is when the kept file is deleted (null: none kept).
   * Its text never says "try again": a new request would make and charge a second video.
   */
  delivery_failed_charged: { reason: 'download' | 'chat_gone' | 'upload'; jobId: string; retrievableUntil: number | null; kind?: 'imagine' | 'edit' | 'video' | 'ask' };
  /**
   * A result (image, edit, answer) the gateway made that could not be posted in this chat (`too_large` even as a
   * document, `chat_gone`, or its kept files were lost), or a video the gateway called finished whose file is not a
   * playable video (`not_a_video`): the member's charge was given back or never taken (the gateway's bill is recorded
   * as a gateway loss).
   */
  result_not_delivered: { kind: 'imagine' | 'edit' | 'video' | 'ask'; reason: 'too_large' | 'chat_gone' | 'files_gone' | 'not_a_video' };
  cooldown: { retryAfterMs: number };
  queue_full: { position: number };
  /** A member or an admin cancelled the job before the gateway took it (any hold released; `money` says). */
  job_cancelled: { kind: 'imagine' | 'edit' | 'video' | 'ask' };
  /**
   * A cancel refused: the gateway already has the job (`at_gateway`: it finishes and is settled as usual), it ended
   * (`finished`), or it is another member's (`not_owner`). Nothing changed.
   */
  job_not_cancellable: { id: string; reason: 'at_gateway' | 'finished' | 'not_owner' };
  /**
   * The state shared by the bot's processes (Redis) could not be reached, so a new request was refused before any
   * money moved. Jobs already running go on.
   */
  coordination_unavailable: Empty;
  not_admin: Empty;
  /**
   * A channel rule refuses this command here (`/setup channel`): `where` are the labels of the channels where it
   * works (empty when none is named). Refused before the arguments are read; nothing held.
   */
  not_in_channel: { command: string; where: readonly string[] };
  /**
   * `/vary` or `/upscale` (V/U buttons) named a job that made no image (a video, an answer): refused before any hold,
   * pointing at what works on that job instead.
   */
  not_an_image: { id: string; kind: 'video' | 'ask' };
  /** A prompt rule (`/setup words`) refused the prompt before any hold or gateway call; `message` is the rule's own words. */
  prompt_blocked: { message?: string };
  /**
   * An amount or admin value not understood. `reason` (a money parser's reason: `format`, `comma`, `too_large`…) picks
   * the member's words in their language, quoting `given`; else `problem` (an admin rule broken: a period, the
   * ceiling) does; `message` is the English explanation for logs and the operator CLI, and the member's words when
   * neither is given.
   */
  bad_amount: { message: string; reason?: MoneyErrorReason; given?: string; problem?: Phrase };
  unknown_user: { given: string };
  job_not_found: { id: string };
  /** A Vary or Upscale of another member's job: only its member, or an admin, may (refused before any hold). */
  job_not_yours: { id: string };
  bad_timezone: { given: string };
  /** A language code no shipped locale matches (`/language xx`, `/setup language xx`); `available` lists the codes. */
  unknown_language: { given: string; available: string };
  /** `/settings <key>` or `/setup defaults <key>` with a key that is not one (`keys` lists them). */
  unknown_setting: { given: string; keys: string };
  /** A value a setting does not take (`quality ultra`, `private maybe`); `allowed` lists what it takes. */
  bad_setting: { key: string; given: string; allowed: string };
  /**
   * A command name (or `command subcommand`) no definition has. `suggestion` is the closest listed one; `otherBot`
   * is set when a text command was addressed to another bot (`/imagine@other_bot`): surfaces stay silent then.
   */
  unknown_command: { given: string; suggestion?: { command: string; subcommand?: string }; otherBot?: boolean };
  /** A required argument was not given; `usage` holds the command's usage lines (surface-neutral `/command …`). */
  missing_argument: { name: string; usage: readonly string[] };
  /** The command does not work in this kind of chat (`private`: only in a private chat with the bot). */
  not_here: { place: 'community' | 'private' };
  /** An earlier job's kept files (its results, or an edit's reference images) are gone, so it cannot be reused. */
  job_files_gone: { id: string; what: 'outputs' | 'references' };
  /**
   * The store did not answer (its server went away or restarts: `StoreUnavailableError`). Its text says to try again
   * in a moment and makes no claim about money: what was committed before the store went away (a hold, a charge) is
   * finished by the poller and the stale-job sweep as after a crash.
   */
  store_unavailable: Empty;
  internal: Empty;
}

/** Every failure code, closed. */
export type FailureCode = keyof FailureDetails;

/** Facts kept for logs and support only; never rendered to users. */
export interface FailureLogInfo {
  gateway?: GatewayFailureInfo;
  stage?: GatewayStage;
  note?: string;
}

/** A failure of one code, with its details. `log` is for logs only. */
export type FailureOf<C extends FailureCode> = {
  code: C;
  details: FailureDetails[C];
  ref: string;
  money: MoneyMoved;
  log?: FailureLogInfo;
  /** The job it ended, when it ended one (stored with the shown reference). */
  jobId?: string;
};

/** The discriminated union of all failures (narrow on `code`). */
export type Failure = { [C in FailureCode]: FailureOf<C> }[FailureCode];

export type Result<T> = { ok: true; value: T } | { ok: false; failure: Failure };

/** Options of {@link fail}. `money` defaults per code (see {@link defaultMoney}). */
export interface FailOptions {
  money?: MoneyMoved;
  log?: FailureLogInfo;
}

type DetailsArgs<C extends FailureCode> = Empty extends FailureDetails[C]
  ? [details?: FailureDetails[C], opts?: FailOptions]
  : [details: FailureDetails[C], opts?: FailOptions];

/** The money a code implies when the caller does not say: refunded/released/charged for the task outcomes, else none. */
export function defaultMoney(code: FailureCode): MoneyMoved {
  if (code === 'task_failed_refunded') return 'refunded';
  if (code === 'task_expired_released' || code === 'job_interrupted' || code === 'result_not_delivered') return 'released';
  if (code === 'delivery_failed_charged') return 'charged';
  return 'none';
}

/** Builds a {@link Failure} with a fresh `ref`. Details are optional only for codes that have none. */
export function fail<C extends FailureCode>(code: C, ...args: DetailsArgs<C>): FailureOf<C> {
  const [details, opts] = args;
  const f: FailureOf<C> = {
    code,
    details: (details ?? {}) as FailureDetails[C],
    ref: newRef(),
    money: opts?.money ?? defaultMoney(code),
  };
  if (opts?.log) f.log = opts.log;
  return f;
}

/** A successful {@link Result}. */
export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** A failed {@link Result} from an existing failure. */
export function err<T = never>(failure: Failure): Result<T> {
  return { ok: false, failure };
}

/** Shorthand for `err(fail(code, details, opts))`. */
export function failWith<C extends FailureCode, T = never>(code: C, ...args: DetailsArgs<C>): Result<T> {
  return { ok: false, failure: fail(code, ...args) as Failure };
}

/** Narrows a failure to one code. */
export function isFailureCode<C extends FailureCode>(f: Failure, code: C): f is Extract<Failure, { code: C }> {
  return f.code === code;
}

/**
 * Returns the same failure with `money` replaced (e.g. `released` once the use-case dropped its hold) and, when
 * given, the job it ended.
 */
export function withMoney<F extends Failure>(f: F, money: MoneyMoved, jobId?: string): F {
  return jobId ? { ...f, money, jobId } : { ...f, money };
}

/** Which gateway call failed; changes how a few error kinds read. */
export type GatewayStage = 'image' | 'edit' | 'video_create' | 'video_remix' | 'video_poll' | 'video_download' | 'chat' | 'models';

/** What the use-case knows about the call when mapping a gateway failure. */
export interface GatewayFailureContext {
  model: string;
  tokenSource: TokenSource;
  stage: GatewayStage;
  /** Defaults to `none`; a use-case that held money passes `released`. */
  money?: MoneyMoved;
  /** The size sent, for `invalid_size`; and the model's largest side. */
  size?: string;
  maxSide?: number;
  /** A name for the reference image, for `invalid_image_file`. */
  attachmentName?: string;
  /** The byte limit passed to a download, for a download refused past `maxBytes`. */
  limitBytes?: number;
  /** A closest model id, for `model_not_found`. */
  suggestion?: string;
}

const SIZE_CODES = new Set(['invalid_size', 'invalid_image_size', 'size_not_supported']);
const IMAGE_FILE_CODES = new Set(['invalid_image_file', 'invalid_image', 'invalid_image_format', 'image_too_large']);

/**
 * Maps a normalized gateway failure to a user-facing failure code. The original info is kept in `log.gateway`.
 * - auth → token_rejected; no_channel → no_channel; model_not_found → model_unknown; quota → quota_exhausted;
 * - rate_limited and upstream 503 → gateway_busy (with retryAfterMs); concurrency (the gate, waited out until the
 *   deadline) → gateway_busy with waitedMs; other upstream, network, malformed → gateway_down;
 * - timeout → gateway_timeout; content_policy → content_refused, or content_refused_fee for a `violation_fee.*` code;
 * - bad_request: size codes → bad_size, image-file codes → attachment_not_image, a download past its limit
 *   → output_too_large, a message saying a header or provider is missing → gateway_needs_header (naming it), else
 *   gateway_refused (a 4xx is never worded as the bot's own fault);
 * - task_not_found while polling/downloading → task_failed_refunded (the task is gone, the hold is released);
 *   not_ready on a video download or poll → internal (the poller should not have asked yet); either elsewhere (a
 *   server saying its model is "not ready", a task error on another call) → gateway_refused like any other 4xx;
 * - not_supported → not_offered (what the stage asked for); redirect → gateway_misconfigured.
 */
export function failureFromGateway(info: GatewayFailureInfo, ctx: GatewayFailureContext): Failure {
  const opts: FailOptions = { money: ctx.money ?? 'none', log: { gateway: info, stage: ctx.stage } };
  const busy = (): Failure =>
    fail('gateway_busy', info.retryAfterMs !== undefined ? { retryAfterMs: info.retryAfterMs } : {}, opts);
  switch (info.kind) {
    case 'auth':
      return fail('token_rejected', { source: ctx.tokenSource }, opts);
    case 'no_channel':
      return fail('no_channel', { model: ctx.model }, opts);
    case 'model_not_found':
      return fail('model_unknown', ctx.suggestion ? { model: ctx.model, suggestion: ctx.suggestion } : { model: ctx.model }, opts);
    case 'quota':
      return fail('quota_exhausted', { source: ctx.tokenSource }, opts);
    case 'forbidden_model':
      return fail('forbidden_model', { model: ctx.model }, opts);
    case 'rate_limited':
      return busy();
    case 'concurrency':
      return fail('gateway_busy', info.waitedMs !== undefined ? { waitedMs: info.waitedMs } : {}, opts);
    case 'upstream':
      return info.status === 503 ? busy() : fail('gateway_down', {}, opts);
    case 'network':
    case 'malformed':
      return fail('gateway_down', {}, opts);
    case 'timeout':
      return fail('gateway_timeout', {}, opts);
    case 'content_policy':
      return info.code !== undefined && /^violation_fee\./i.test(info.code)
        ? fail('content_refused_fee', { source: ctx.tokenSource, code: info.code }, opts)
        : fail('content_refused', {}, opts);
    case 'bad_request':
      return fromBadRequest(info, ctx, opts);
    case 'task_not_found':
      if (ctx.stage === 'video_poll' || ctx.stage === 'video_download') {
        return fail('task_failed_refunded', { reason: 'the gateway no longer knows this task' }, { ...opts, money: ctx.money ?? 'released' });
      }
      return fromBadRequest(info, ctx, opts);
    case 'not_ready':
      // Asking for a video's file too early is the bot's own slip; any other "not ready" 4xx is the gateway's answer.
      return ctx.stage === 'video_download' || ctx.stage === 'video_poll' ? fail('internal', {}, opts) : fromBadRequest(info, ctx, opts);
    case 'not_supported':
      return fail('not_offered', { what: OFFERED[ctx.stage] }, opts);
    case 'redirect':
      return fail('gateway_misconfigured', {}, opts);
  }
}

const OFFERED: Record<GatewayStage, FailureDetails['not_offered']['what']> = {
  image: 'image', edit: 'edit', video_create: 'video', video_remix: 'remix', video_poll: 'video', video_download: 'video', chat: 'text', models: 'models',
};

function fromBadRequest(info: GatewayFailureInfo, ctx: GatewayFailureContext, opts: FailOptions): Failure {
  const code = (info.code ?? '').toLowerCase();
  if (SIZE_CODES.has(code)) {
    const maxSide = ctx.maxSide ?? 1536;
    return fail('bad_size', ctx.size !== undefined ? { given: ctx.size, maxSide } : { maxSide }, opts);
  }
  if (IMAGE_FILE_CODES.has(code)) {
    return fail('attachment_not_image', { name: ctx.attachmentName ?? 'the reference image' }, opts);
  }
  if (ctx.stage === 'video_download' && ctx.limitBytes !== undefined) {
    return fail('output_too_large', { bytes: null, limitBytes: ctx.limitBytes, retrievableUntil: null }, opts);
  }
  const header = missingHeader(info.message);
  if (header) return fail('gateway_needs_header', { header }, opts);
  const status = info.status !== undefined && info.status >= 400 && info.status < 500 ? { status: info.status } : {};
  return fail('gateway_refused', { ...status, ...(info.message ? { reason: info.message.slice(0, 200) } : {}) }, opts);
}

const MISSING = /\b(required|missing|must be (provided|set|specified|sent)|not (provided|set|specified|found in)|is needed|needs? to be (provided|set))\b/i;
const HEADER_NAME = /\bx-[a-z0-9][a-z0-9-]{0,58}\b/gi;
const QUOTED_HEADER = /["'`]([A-Za-z][A-Za-z0-9-]{1,58})["'`]\s+header\b|\bheader\s+["'`]?([A-Za-z][A-Za-z0-9-]{1,58})["'`]?\s+(is|was)\b/i;

/**
 * The header a 4xx message says is missing ("Either x-portkey-config or x-portkey-provider header is required" →
 * `x-portkey-config / x-portkey-provider`; "provider is required" → `provider`), or undefined when the message does
 * not say a header or provider is missing. Only header-shaped names are returned (letters, digits, dashes).
 */
export function missingHeader(message: string | undefined): string | undefined {
  if (!message || !MISSING.test(message)) return undefined;
  const saysHeader = /\bheaders?\b/i.test(message);
  const named = [...new Set((message.match(HEADER_NAME) ?? []).map((h) => h.toLowerCase()))].slice(0, 3);
  if (named.length && (saysHeader || /provider/i.test(message))) return named.join(' / ');
  const quoted = saysHeader ? QUOTED_HEADER.exec(message) : null;
  const name = quoted?.[1] ?? quoted?.[2];
  if (name) return name.toLowerCase();
  if (/\bprovider\b/i.test(message)) return 'provider';
  return undefined;
}
