/**
 * The port through which the core reaches the media gateway. The HTTP implementation is
 * `HttpMediaGateway` in `src/gateway/`; tests may also run the core against the simulator through it.
 * Every call takes the token to use (personal, community or operator) and an optional abort signal.
 */

/** Why a gateway call failed, normalized across every dialect the gateway family speaks. */
export type GatewayErrorKind =
  | 'auth' // 401: token missing, wrong or revoked
  | 'model_not_found' // 404 (seed) or routing 503 with code model_not_found for an unknown id
  | 'no_channel' // the token's group has no route to this (existing) model
  | 'quota' // 403 insufficient_user_quota / pre_consume_token_quota_failed
  | 'forbidden_model' // 403 "This token has no access to model X"
  | 'rate_limited' // 429 with a body that is not the concurrency gate's
  | 'concurrency' // 429 token_concurrency_limit_reached, 503 token_concurrency_unavailable, or a 429 without a body: nothing was processed, wait and send again
  | 'content_policy' // 400 moderation_blocked / content_policy_violation; also `violation_fee.*` (code kept: a fee may have been charged)
  | 'bad_request' // any other 4xx about the request (invalid_image_file, bad size…)
  | 'not_ready' // video content asked for before the task finished
  | 'task_not_found' // unknown video task id (final)
  | 'upstream' // 5xx, do_request_failed, HTML error pages
  | 'timeout' // the call's own deadline passed
  | 'network' // connection refused/reset, DNS, socket closed
  | 'malformed' // a 2xx whose body is not what the endpoint promises
  | 'not_supported' // the gateway has no such route ("Invalid URL (…)" 404) or answers 501 api_not_implemented
  | 'redirect'; // an API route answered with a 3xx redirect: GATEWAY_BASE_URL points at a web page, not the API

/** Machine-readable facts about a failed call; the message has the "(request id: …)" suffix stripped. */
export interface GatewayFailureInfo {
  kind: GatewayErrorKind;
  /** HTTP status when the server answered. */
  status?: number;
  /** The gateway's `error.code` / envelope `code`, as a string. */
  code?: string;
  /** From the `X-Oneapi-Request-Id` header or the message suffix; for logs and support only. */
  requestId?: string;
  /** How long the server asked us to wait (Retry-After / retry-after-ms), when it said. */
  retryAfterMs?: number;
  /** Kind `concurrency`: how long the call waited for the gateway's concurrency gate before giving up (its deadline). */
  waitedMs?: number;
  /** The gateway's own message without request id and without anything token-like. Never shown raw to users. */
  message: string;
}

/** True when `e` carries {@link GatewayFailureInfo} (an instance of the gateway's error class). */
export function isGatewayFailure(e: unknown): e is Error & GatewayFailureInfo {
  return e instanceof Error && typeof (e as Partial<GatewayFailureInfo>).kind === 'string' && e.name === 'GatewayError';
}

/** Options of one gateway call. */
export interface CallOptions {
  signal?: AbortSignal;
  /**
   * Re-sends allowed for this call after a retryable answer; default the client's own setting (4). A caller that
   * remembers failures itself (the model-list cache) passes 0 so one refresh is one request.
   */
  retries?: number;
  /**
   * This call's overall deadline in ms (waiting for the concurrency gate, retries and the answer included). Default:
   * the client's own (`GATEWAY_TIMEOUT_MS`). The core passes the model's deadline (see `core/use-cases/gateway-call.ts`).
   */
  timeoutMs?: number;
  /**
   * Told while the gateway's per-token concurrency gate keeps this call waiting (kind `concurrency` answers): how many
   * of this bot's calls on the same token wait before it, again whenever that changes, and once with `waiting: false`
   * when the call got through. Never called for a call that was not kept waiting.
   */
  onWaiting?: (w: GatewayWaitState) => void;
  /**
   * Leaves the concurrency gate's waiting line: the call then fails with the gate's busy answer (`waitedMs` set; the
   * gateway never took it). Unlike `signal` it never aborts a request in flight: a call being re-sent when it aborts
   * stops at the gate's next busy answer, or goes on when the gateway takes it.
   */
  lineSignal?: AbortSignal;
  /** Told each partial image of a streamed image request ({@link ImageGenerationRequest.partialImages}), base64. */
  onPartialImage?: (p: { b64: string; index: number }) => void;
}

/** See {@link CallOptions.onWaiting}. `ahead` counts this bot's calls on the same token that wait before this one. */
export type GatewayWaitState = { waiting: true; ahead: number; waitedMs: number } | { waiting: false; waitedMs: number };

/** One entry of `GET /v1/models`. Only `id` is promised; the rest is kept when present. */
export interface GatewayModel {
  id: string;
  ownedBy?: string;
  /** Endpoint kinds the gateway says the model supports (new-api `supported_endpoint_types`), if any. */
  endpointTypes?: string[];
}

/** A binary input (reference image) as the core holds it. */
export interface BinaryInput {
  data: Uint8Array;
  filename: string;
  /** MIME type, sniffed from the bytes by the core before it gets here. */
  contentType: string;
}

export interface ImageGenerationRequest {
  model: string;
  prompt: string;
  /** `WxH` in pixels; omitted means the gateway's default (1:1). */
  size?: string;
  /** Number of images; only sent when set (the seed does not document it). */
  n?: number;
  /** `quality`, `background`, `output_format`: only sent when set (the model's default otherwise). */
  quality?: string;
  background?: string;
  outputFormat?: string;
  /**
   * Asks for an event stream with this many partial images (1–3; `stream: true`, `partial_images`), for models that
   * stream (one image per request). They are told through {@link CallOptions.onPartialImage}; the result is the final
   * image. Absent: a plain JSON answer.
   */
  partialImages?: number;
}

export interface ImageEditRequest extends ImageGenerationRequest {
  /** 1..N reference images, sent as repeated `image` parts (or `image[]`, per gateway config). */
  images: BinaryInput[];
}

/** One produced image: base64 data, or a URL to fetch, as the gateway returned it. */
export interface GatewayImage {
  b64?: string;
  url?: string;
  revisedPrompt?: string;
}

export interface ImageResult {
  images: GatewayImage[];
  requestId?: string;
}

export interface VideoCreateRequest {
  model: string;
  prompt: string;
  /** 4..15; sent as a string ("8"). */
  seconds: number;
  /** `WxH`. */
  size?: string;
  /** Makes it image-to-video; sent as multipart part `input_reference`. */
  inputReference?: BinaryInput;
  /** `resolution` (`720p`…), `generate_audio`, `negative_prompt`: only sent when set. */
  resolution?: string;
  generateAudio?: boolean;
  negativePrompt?: string;
  /** The last frame (Kling's `image_tail`), sent as a `data:` URL. */
  imageTail?: BinaryInput;
}

export type VideoStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** A video task, normalized from any dialect. */
export interface VideoTask {
  id: string;
  status: VideoStatus;
  /** 0..100. */
  progress: number;
  /** Present when failed and the gateway said why. */
  error?: { code?: string; message?: string };
  /** A download URL found in the poll body, if any (used only when `/content` fails). */
  url?: string;
  /** Succeeded tasks: the seconds the gateway says it billed (new-api's `seconds` on a finished task), when it says. */
  billedSeconds?: number;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  maxTokens?: number;
}

export interface ChatResult {
  text: string;
  usage: { promptTokens: number; completionTokens: number; totalTokens: number };
  /** False when the answer carried no `usage` (some OpenAI-compatible servers, streams without include_usage): the figures are then 0. */
  usageReported?: boolean;
  requestId?: string;
}

export interface DownloadResult {
  /** Bytes written to the destination. */
  bytes: number;
  contentType?: string;
}

/** What `remixVideo` sends: a new prompt for an earlier video task. */
export interface VideoRemixRequest {
  /** The gateway's id of the finished video to remix. */
  videoId: string;
  prompt: string;
  /** Sent as a string when set (the gateway otherwise keeps the original length). */
  seconds?: number;
}

/**
 * One model's entry of the gateway's published pricing (new-api `GET /api/pricing`), already in micro-dollars.
 * `perCallMicros` is USD per call (images: per image; videos: per second); text models have per-1K-token prices.
 */
export interface PublishedModelPrice {
  model: string;
  /** From `supported_endpoint_types` when the gateway says. */
  endpointTypes?: string[];
  /** Per image (image models) or per second (video models). */
  perCallMicros?: number;
  /** Text models: micro-dollars per 1,000 prompt tokens, and per 1,000 completion tokens. */
  inputPer1kMicros?: number;
  outputPer1kMicros?: number;
  /**
   * A price published as an expression (`billing_mode: "tiered_expr"`, `billing_expr`): the legacy fields above are
   * then absent (the gateway fills them with defaults that do not apply). The core compiles and quotes it.
   */
  expression?: { source: string; groupRatio: number; quotaPerUnit: number };
}

/** The gateway's published pricing. `quotaPerUnit` is the quota units per USD it uses (default 500,000). */
export interface PublishedPricing {
  models: PublishedModelPrice[];
  quotaPerUnit: number;
}

/** A token's own balance at the gateway. Amounts in micro-dollars; null when the gateway says unlimited or did not say. */
export interface GatewayBalance {
  /** What is left; null when unlimited. */
  remainingMicros: number | null;
  /** Spent so far, when the gateway says. */
  usedMicros: number | null;
  /** Epoch ms after which the token stops working; null when it never expires or the gateway did not say. */
  expiresAt: number | null;
  /** Which endpoint answered: new-api's token usage, or the OpenAI-style dashboard billing pair. */
  source: 'token_usage' | 'dashboard_billing';
}

/** The gateway, as the core sees it. Every method throws the gateway's error class ({@link isGatewayFailure}). */
export interface MediaGateway {
  listModels(token: string, opts?: CallOptions): Promise<GatewayModel[]>;
  generateImage(token: string, req: ImageGenerationRequest, opts?: CallOptions): Promise<ImageResult>;
  editImage(token: string, req: ImageEditRequest, opts?: CallOptions): Promise<ImageResult>;
  /** Fetches an image returned as `url` (no auth header is sent to foreign hosts). */
  fetchImage(url: string, maxBytes: number, opts?: CallOptions): Promise<Uint8Array>;
  createVideo(token: string, req: VideoCreateRequest, opts?: CallOptions): Promise<VideoTask>;
  getVideo(token: string, taskId: string, opts?: CallOptions): Promise<VideoTask>;
  /**
   * Streams the finished mp4 to `destination` (a file path, written atomically, or a writable stream)
   * without holding it in memory. Uses `GET /v1/videos/{id}/content`; falls back to `fallbackUrl`.
   * Refuses (kind `bad_request`) past `maxBytes` when given, and `malformed` when the body is cut short.
   */
  downloadVideo(
    token: string,
    taskId: string,
    destination: string | NodeJS.WritableStream,
    opts?: CallOptions & { fallbackUrl?: string; maxBytes?: number },
  ): Promise<DownloadResult>;
  chat(token: string, req: ChatRequest, opts?: CallOptions): Promise<ChatResult>;
  messages(token: string, req: ChatRequest, opts?: CallOptions): Promise<ChatResult>;
  /** new-api `POST /v1/videos/{id}/remix`: a new task from a finished one (billed like a new video). */
  remixVideo?(token: string, req: VideoRemixRequest, opts?: CallOptions): Promise<VideoTask>;
  /** The published pricing (`GET /api/pricing` + `/api/status`); kind `not_supported` when the gateway has none. */
  getPricing?(opts?: CallOptions): Promise<PublishedPricing>;
  /** The token's own balance and expiry; kind `not_supported` when no balance endpoint answers. */
  getBalance?(token: string, opts?: CallOptions): Promise<GatewayBalance>;
}
