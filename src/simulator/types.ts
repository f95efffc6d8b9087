import type { SimGateOptions } from './concurrency-gate.js';
import type { SimFeeRecord } from './violation-fee.js';

export type { SimGateOptions, SimFeeRecord };

/**
 * Public types of the gateway simulator. Other modules (tests, benchmarks, the playground) code against
 * exactly these shapes; keep them stable.
 */

/**
 * Which dialect the simulator speaks: the seed's documented shapes, new-api's (the default), or one-api's (no video
 * routes, `POST /v1/images/edits` answers 501 `api_not_implemented`, no `/api/pricing`, no `supported_endpoint_types`).
 */
export type SimFlavor = 'seed' | 'new-api' | 'one-api';

/**
 * Which video routes exist: `both` (`/v1/videos…` and the legacy `/v1/video/generations…`), `legacy` (only the legacy
 * pair; no `/content`, downloads from the poll's `result_url`), `none`.
 */
export type SimVideoRoutes = 'both' | 'legacy' | 'none';

/** A fault the simulator can inject, by rule or by a `[[fault:<kind>]]` marker in a prompt. */
export type SimFaultKind =
  | 'rate_limit' // 429 JSON body, Retry-After: 1
  | 'rate_limit_no_header' // 429 with EMPTY body and no Retry-After
  | 'server_error' // 500 {error:{code:'do_request_failed'}}
  | 'bad_gateway' // 502 HTML page (not JSON)
  | 'unavailable' // 503 generic (retryable, NOT routing)
  | 'routing' // 503 no available channel
  | 'auth' // 401
  | 'quota' // 403 insufficient_user_quota
  | 'content_policy' // 400 moderation_blocked / content_policy_violation
  | 'malformed' // 200 with a body that is not valid JSON
  | 'slow' // answers after `slowMs` (default 3000)
  | 'reset' // destroys the socket without answering
  | 'task_fail' // video task goes to failed (and is refunded)
  | 'task_never_ends' // video task stays running forever
  | 'truncated_mp4' // /content sends Content-Length of the full file but closes halfway
  | 'html_content' // /content answers 200 with a 54-byte HTML error page instead of the mp4 (the task still succeeded)
  | 'redirect' // 301 to the web front end (a gateway with FRONTEND_BASE_URL set, asked on a wrong base URL)
  | 'image_url' // image/edit answers (and bills) with `{ url }` results pointing at the rule's `url` instead of b64
  | 'bill_by_chars' // chat/messages: a gateway counting one token per character (prompt and answer), writing a long answer up to `max_tokens`
  | 'no_usage' // chat/messages: as `bill_by_chars`, but the answer carries no `usage` (the gateway still bills it)
  | 'zero_usage' // chat/messages: as `bill_by_chars`, but the answer's `usage` says 0 tokens (the gateway still bills it)
  | 'short_video' // video create: the finished task is billed fewer seconds than asked (`billedSeconds`, default 2 fewer), reported in its `seconds`, the rest refunded
  | 'concurrency_limit' // 429 token_concurrency_limit_reached (new-api's per-token gate; nothing processed)
  | 'concurrency_unavailable' // 503 token_concurrency_unavailable (the gate's policy or Redis trouble; nothing processed)
  | 'violation_fee'; // 400 with violation_fee.grok.csam in code and type; the token is billed the fee (see `fees()`)

/** Endpoint groups a request is classified into (also the `endpoint` of {@link RecordedRequest}). */
export type SimEndpoint =
  | 'models' | 'image' | 'edit' | 'video_create' | 'video_poll' | 'video_content' | 'video_remix' | 'chat' | 'messages'
  | 'pricing' | 'status' | 'token_usage' | 'token_log' | 'billing_subscription' | 'billing_usage' | 'file';

/** A fault rule; every given filter must match. */
export interface SimFaultRule {
  kind: SimFaultKind;
  token?: string;
  model?: string;
  /** Which endpoint group it applies to; default: any endpoint where the kind makes sense. */
  endpoint?: SimEndpoint;
  /** Apply this many times then disappear; default unlimited. */
  times?: number;
  /** Delay of the `slow` fault; default 3000 ms. */
  slowMs?: number;
  /** The result URL of the `image_url` fault (e.g. `http://169.254.169.254/latest/meta-data`). */
  url?: string;
  /** The seconds a `short_video` fault bills; default the seconds asked minus 2 (at least 1). */
  billedSeconds?: number;
}

/** Options of {@link SimulatorHandle}; every field is optional. */
export interface SimulatorOptions {
  /** Default '127.0.0.1'. */
  host?: string;
  /** Default 0 (a free port). */
  port?: number;
  /** Default 'new-api'. */
  flavor?: SimFlavor;
  /** Default 'neutral' (the seed's ids); 'real' serves provider ids with published prices; 'expr' prices by expression; 'upscale' is 'neutral' with an upscale model. */
  catalogue?: 'neutral' | 'real' | 'expr' | 'upscale';
  /** Default 'both' ('none' for the one-api flavor). */
  videoRoutes?: SimVideoRoutes;
  /** Model ids left out of `/api/pricing` although listed and usable (the bot has no price for them). Default none. */
  unpublished?: string[];
  /** Delay added before every image answer; default 0. */
  imageDelayMs?: number;
  /** Video timeline; defaults queuedMs 200, runMs 1000, progressSteps 5. */
  video?: { queuedMs?: number; runMs?: number; progressSteps?: number };
  /** Extra bytes appended to the mp4 as a trailing `free` box (still a valid mp4); default 0; 1..7 is raised to 8. */
  videoPaddingBytes?: number;
  /** Initial balance per token in micro-dollars; default 1_000_000_000 (1000 USD). The `poor` token starts at 0. */
  initialBalanceMicros?: number;
  /** new-api's per-token concurrency gate on the relay routes (see `concurrency-gate.ts`); default none. */
  concurrencyGate?: SimGateOptions;
  /** The fee billed after a `violation_fee` refusal, micro-dollars; default 50_000 ($0.05). */
  violationFeeMicros?: number;
}

/** One request as the simulator received it (control requests under `/__sim` are not recorded). */
export interface RecordedRequest {
  method: string;
  path: string;
  /** A {@link SimEndpoint}, or 'unknown' for an unrouted path. */
  endpoint: string;
  token?: string;
  model?: string;
  imageParts: number;
  imageField?: 'image' | 'image[]' | 'mixed';
  hasInputReference: boolean;
  seconds?: string;
  size?: string;
  /** The `n` of an image or edit request, when it was sent. */
  n?: number;
  /** `max_tokens` of a chat/messages body, when it was a number. */
  maxTokens?: number;
  /**
   * Image and video option fields as sent (`quality`, `background`, `output_format`, `resolution`, `generate_audio`,
   * `negative_prompt`; `image_tail` as its data URL's type), when any was.
   */
  options?: Record<string, string>;
  /** Epoch milliseconds when the request arrived. */
  at: number;
}

/** A running simulator. */
export interface SimulatorHandle {
  /** e.g. http://127.0.0.1:43123 (no /v1). */
  baseUrl: string;
  /**
   * media: group 'media' (images, videos, text); text: group 'default' (text only; media → no available channel);
   * poor: media group with 0 balance (→ quota 403); invalid: never accepted (401).
   */
  tokens: { media: string; text: string; poor: string; invalid: string };
  /** Registers a token; balance defaults to `initialBalanceMicros`. Re-adding resets it. */
  addToken(token: string, group: 'media' | 'default', balanceMicros?: number): void;
  setFlavor(f: SimFlavor): void;
  addFault(rule: SimFaultRule): void;
  clearFaults(): void;
  /** Micro-dollars charged minus refunded so far for this token (what the gateway would bill). */
  spentMicros(token: string): number;
  balanceMicros(token: string): number;
  /** Log of every request received (bounded ring of the last 10,000), oldest first. */
  requests(): RecordedRequest[];
  clearRequests(): void;
  /** The per-token concurrency gate: change its limits, make it unavailable, occupy slots as other clients would. */
  gate: {
    configure(opts: SimGateOptions | undefined): void;
    setUnavailable(on: boolean): void;
    occupy(token: string, count: number, ms: number): void;
    active(token: string): number;
    refused(): number;
  };
  /** Violation fees billed so far (of one token when given), oldest first: the token log's "Violation fee charged" rows. */
  fees(token?: string): SimFeeRecord[];
  /** Current state of a video task (for tests), or undefined. Status uses the OpenAI words. */
  task(id: string): { status: string; model: string; seconds: number; token: string } | undefined;
  close(): Promise<void>;
}
