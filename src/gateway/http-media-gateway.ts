import { Agent, type Dispatcher } from 'undici';
import type {
  CallOptions, ChatRequest, ChatResult, DownloadResult, GatewayBalance, GatewayModel, ImageEditRequest, ImageGenerationRequest,
  ImageResult, MediaGateway, PublishedPricing, VideoCreateRequest, VideoRemixRequest, VideoTask,
} from '../core/ports/media-gateway.js';
import type { Coordination } from '../core/ports/coordination.js';
import type { Logger } from '../log.js';
import { UnresolvableHostError, vetDownload, type HostResolver } from './address-policy.js';
import { readBytes, streamBody } from './download.js';
import { readImageStream } from './image-stream.js';
import { classifyGatewayError, GatewayError, headerValue, type ClassifyContext } from './errors.js';
import { TokenLimiter, type SharedLimits } from './limiter.js';
import { buildEditForm, buildLegacyVideoJson, buildVideoForm, buildVideoJson, type EditImageField } from './multipart.js';
import { normalizeVideoTask, parseChatCompletion, parseImages, parseMessagesResponse, parseModelList } from './normalize.js';
import { billingError, parseDashboardBilling, parsePricing, parseQuotaPerUnit, parseTokenUsage } from './pricing.js';
import type { HopVet } from './node-get.js';
import { RouteMemory } from './route-memory.js';
import { Deadline, GatewayTransport, readCapped, type GatewayResponse, type SendSpec } from './transport.js';
import { WaitingLine } from './waiting-line.js';


/** Redirect statuses: past the last hop a download may follow, they are answered as "redirected too often". */
const REDIRECT_STATUSES = [301, 302, 303, 307, 308];
/** Redirects a download from a URL the gateway handed out may follow (each hop checked against the address policy). */
const MAX_DOWNLOAD_REDIRECTS = 3;
/** Settings of {@link HttpMediaGateway}. Only `baseUrl` is required. */
export interface HttpMediaGatewayOptions {
  /** Gateway root without `/v1` (e.g. `https://gw.example.com`); a trailing slash or `/v1` is tolerated. */
  baseUrl: string;
  /** Part name for edit images: `image` (the seed, default) or `image[]` (OpenAI SDK style). Never both. */
  editImageField?: EditImageField;
  /** Auth on `/v1/messages`: `bearer` (default) or `x-api-key` (also sends `anthropic-version: 2023-06-01`). */
  messagesAuth?: 'bearer' | 'x-api-key';
  /** Parallel requests per token. Default 4. */
  concurrency?: number;
  /** Minimum milliseconds between two request starts on one token. Default 0. */
  minTimeMs?: number;
  /**
   * Share `concurrency` and `minTimeMs` per token with every process on this Redis (`REDIS_URL`, `REDIS_PREFIX`).
   * Default: per process. The slot expiration is set from `timeoutMs`.
   */
  sharedLimits?: Omit<SharedLimits, 'expirationMs'>;
  /** Overall deadline of one call, retries and downloads included. Default 180 000 ms. A call may set its own (`CallOptions.timeoutMs`). */
  timeoutMs?: number;
  /**
   * The longest deadline a call may set (`CallOptions.timeoutMs`), so a shared limiter slot outlives every call.
   * Default `timeoutMs`.
   */
  longestTimeoutMs?: number;
  /**
   * Where the line of calls turned away by the gateway's concurrency gate lives: the bot's `Coordination` (shared by
   * every process over Redis). Default: this client's memory.
   */
  coordination?: Coordination;
  /** Retries after the first attempt. Default 4. */
  maxRetries?: number;
  /** Backoff base in ms (full jitter, doubling per attempt, 30 s cap). Default 500. */
  retryBaseMs?: number;
  /** undici dispatcher. Default: a keep-alive `Agent` owned (and closed by {@link HttpMediaGateway.close}) by this client. */
  dispatcher?: Dispatcher;
  /** Debug line per request (method, path, status, duration, attempt, requestId); none when absent. */
  logger?: Logger;
  /** `User-Agent` header. Default `mediabot/0.1`. */
  userAgent?: string;
  /**
   * Host resolver for the download-URL address check (tests). Default: `dns.lookup` (all addresses). The connection
   * goes to the address it returned, never resolving the name again.
   */
  resolveHost?: HostResolver;
}

const JSON_CAP = 128 * 1024 * 1024;

/**
 * The undici-based {@link MediaGateway}. Every method throws {@link GatewayError}. One limiter per token (keyed by
 * its SHA-256; shared across processes over Redis with `sharedLimits`); retries follow `retry.ts`. Foreign URLs (image URLs, download fallbacks on
 * another origin) are fetched without credentials and may redirect (up to 3 hops, each under the address policy).
 */
export class HttpMediaGateway implements MediaGateway {
  private readonly base: string;
  private readonly origin: string;
  private readonly transport: GatewayTransport;
  private readonly limiter: TokenLimiter;
  private readonly dispatcher: Dispatcher;
  private readonly ownsDispatcher: boolean;
  private readonly editField: EditImageField;
  private readonly messagesAuth: 'bearer' | 'x-api-key';
  private readonly timeoutMs: number;
  private readonly logger?: Logger;
  private readonly routes = new RouteMemory();
  private readonly resolveHost?: HostResolver;

  constructor(opts: HttpMediaGatewayOptions) {
    this.base = opts.baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
    this.origin = new URL(this.base).origin;
    this.ownsDispatcher = opts.dispatcher === undefined;
    this.dispatcher = opts.dispatcher ?? new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 600_000 });
    this.editField = opts.editImageField ?? 'image';
    this.messagesAuth = opts.messagesAuth ?? 'bearer';
    this.timeoutMs = opts.timeoutMs ?? 180_000;
    this.limiter = new TokenLimiter({
      concurrency: opts.concurrency ?? 4,
      minTimeMs: opts.minTimeMs ?? 0,
      ...(opts.sharedLimits ? { shared: { ...opts.sharedLimits, expirationMs: Math.max(this.timeoutMs, opts.longestTimeoutMs ?? 0) + 30_000 } } : {}),
      onError: (e) => opts.logger?.warn({ err: e }, 'shared gateway limiter: Redis problem'),
    });
    if (opts.logger) this.logger = opts.logger;
    if (opts.resolveHost) this.resolveHost = opts.resolveHost;
    this.transport = new GatewayTransport({
      dispatcher: this.dispatcher,
      limiter: this.limiter,
      ...(opts.logger ? { logger: opts.logger } : {}),
      maxRetries: opts.maxRetries ?? 4,
      retryBaseMs: opts.retryBaseMs ?? 500,
      userAgent: opts.userAgent ?? 'mediabot/0.1',
      line: new WaitingLine({ probeWidth: opts.concurrency ?? 4, ...(opts.coordination ? { coordination: opts.coordination } : {}), ...(opts.logger ? { logger: opts.logger } : {}) }),
    });
  }

  async listModels(token: string, opts?: CallOptions): Promise<GatewayModel[]> {
    const { body } = await this.json({ method: 'GET', url: this.url('/v1/models'), token, policy: 'idempotent' }, opts);
    return must(parseModelList(body), 'model list');
  }

  async generateImage(token: string, req: ImageGenerationRequest, opts?: CallOptions): Promise<ImageResult> {
    const json: Record<string, unknown> = { model: req.model, prompt: req.prompt };
    if (req.size) json.size = req.size;
    if (req.n !== undefined) json.n = req.n;
    if (req.quality) json.quality = req.quality;
    if (req.background) json.background = req.background;
    if (req.outputFormat) json.output_format = req.outputFormat;
    if (req.partialImages !== undefined) {
      json.stream = true;
      json.partial_images = req.partialImages;
      return this.imageStream({ method: 'POST', url: this.url('/v1/images/generations'), token, json, policy: 'idempotent', accept: 'text/event-stream, application/json' }, opts);
    }
    const { body, requestId } = await this.json({ method: 'POST', url: this.url('/v1/images/generations'), token, json, policy: 'idempotent' }, opts);
    return withId({ images: must(parseImages(body), 'image data') }, requestId);
  }

  /** An image request that may answer as an event stream (partial images) or, from a gateway that does not stream, as JSON. */
  private imageStream(spec: SendSpec, opts: CallOptions | undefined): Promise<ImageResult> {
    const withHook = waitHooks(spec, opts);
    return this.run(opts, (d) =>
      this.transport.send(withHook, d, async (res) => {
        const requestId = headerValue(res.headers, 'x-oneapi-request-id');
        const streamed = /text\/event-stream/i.test(headerValue(res.headers, 'content-type') ?? '');
        const result = streamed
          ? await readImageStream(res, opts?.onPartialImage)
          : { images: must(parseImages(parseJson((await readCapped(res.body, JSON_CAP)).text, res.statusCode)), 'image data') };
        return withId(result, requestId);
      }),
    );
  }

  async editImage(token: string, req: ImageEditRequest, opts?: CallOptions): Promise<ImageResult> {
    const form = buildEditForm(req, this.editField);
    const { body, requestId } = await this.json({ method: 'POST', url: this.url('/v1/images/edits'), token, form, policy: 'idempotent' }, opts);
    return withId({ images: must(parseImages(body), 'image data') }, requestId);
  }

  /**
   * Fetches an image result given as a URL, under the download address policy (`address-policy.ts`): the gateway's
   * own origin or public addresses only, checked before the first request and before each of at most 3 redirects,
   * each connection made to the address that was checked. No token is sent. A refused address throws
   * {@link GatewayError} `bad_request`/`unsafe_download_url` and no request is made to it; a host that does not
   * resolve is a `network` failure (`unresolvable_host`).
   */
  async fetchImage(url: string, maxBytes: number, opts?: CallOptions): Promise<Uint8Array> {
    return this.run(opts, (d) => {
      const spec: SendSpec = {
        method: 'GET', url, policy: 'idempotent', accept: 'image/*,*/*', passStatuses: REDIRECT_STATUSES,
        nodeClient: { maxRedirects: MAX_DOWNLOAD_REDIRECTS, vet: this.vetHop('image') },
      };
      return this.transport.send(spec, d, async (res) => {
        if (!REDIRECT_STATUSES.includes(res.statusCode)) return readBytes(res, maxBytes);
        res.body.resume();
        throw new GatewayError({ kind: 'bad_request', code: 'image_redirects', message: 'the image URL redirected too often or nowhere; not fetched' });
      });
    });
  }

  /** The address-policy check of one download hop (see `address-policy.ts`), logged and thrown as a `GatewayError`. */
  private vetHop(what: 'image' | 'task'): HopVet {
    return async (url) => {
      let vet;
      try {
        vet = await vetDownload(url.toString(), this.base, this.resolveHost);
      } catch (e) {
        if (!(e instanceof UnresolvableHostError)) throw e;
        throw new GatewayError({ kind: 'network', code: 'unresolvable_host', message: `the ${what} URL's host does not resolve; not fetched` });
      }
      if (!vet.allowed) {
        this.logger?.warn(`gateway ${what} URL points at a private or local address; not fetched`);
        throw new GatewayError({ kind: 'bad_request', code: 'unsafe_download_url', message: `the ${what} URL points at a private or local address; not fetched` });
      }
      return vet.lookup;
    };
  }

  /**
   * Creates a video task on `POST /v1/videos`; when that route does not exist here (404 "Invalid URL", so nothing
   * was processed) the legacy `POST /v1/video/generations` is used instead and remembered for this gateway.
   */
  async createVideo(token: string, req: VideoCreateRequest, opts?: CallOptions): Promise<VideoTask> {
    if (this.routes.video !== 'legacy') {
      const spec: SendSpec = req.inputReference
        ? { method: 'POST', url: this.url('/v1/videos'), token, form: buildVideoForm({ ...req, inputReference: req.inputReference }), policy: 'create' }
        : { method: 'POST', url: this.url('/v1/videos'), token, json: buildVideoJson(req), policy: 'create' };
      try {
        const { body } = await this.json(spec, opts);
        this.routes.video = 'modern';
        return this.task(body);
      } catch (e) {
        if (!(e instanceof GatewayError && e.kind === 'not_supported') || this.routes.video === 'modern') throw e;
      }
    }
    const { body } = await this.json({ method: 'POST', url: this.url('/v1/video/generations'), token, json: buildLegacyVideoJson(req), policy: 'create' }, opts);
    if (this.routes.video !== 'legacy') this.logger?.info('gateway: /v1/videos is not routed here; using /v1/video/generations');
    this.routes.video = 'legacy';
    return this.task(body);
  }

  /** new-api `POST /v1/videos/{id}/remix` (JSON `prompt`, `seconds` as a string when set). Never re-sent after the body went out. */
  async remixVideo(token: string, req: VideoRemixRequest, opts?: CallOptions): Promise<VideoTask> {
    const json: Record<string, string> = { prompt: req.prompt };
    if (req.seconds !== undefined) json.seconds = String(req.seconds);
    const { body } = await this.json({ method: 'POST', url: this.url(`/v1/videos/${encodeURIComponent(req.videoId)}/remix`), token, json, policy: 'create' }, opts);
    return this.task(body);
  }

  /**
   * Polls a task on the route this gateway uses: `/v1/videos/{id}`, or the legacy `/v1/video/generations/{id}` (tried
   * when the first answers a bare 404 or "Invalid URL", and remembered). A route that does not exist is
   * `not_supported` (keep polling later), never `task_not_found`.
   */
  async getVideo(token: string, taskId: string, opts?: CallOptions): Promise<VideoTask> {
    const id = encodeURIComponent(taskId);
    const ctx: ClassifyContext = { endpoint: 'task' };
    return this.run(opts, async (d) => {
      if (this.routes.video !== 'legacy') {
        const first = await this.transport.send(
          { method: 'GET', url: this.url(`/v1/videos/${id}`), token, policy: 'idempotent', ctx, passStatuses: [404] },
          d,
          async (res) => {
            const text = (await readCapped(res.body, JSON_CAP)).text;
            if (res.statusCode !== 404) return { body: parseJson(text) };
            if (!hasJsonError(text)) return undefined;
            const e = classifyGatewayError(404, res.headers, text, ctx);
            if (e.kind === 'not_supported' && this.routes.video !== 'modern') return undefined;
            throw e;
          },
        );
        if (first) return this.remember(this.task(first.body, taskId));
      }
      const legacy = await this.transport.send(
        { method: 'GET', url: this.url(`/v1/video/generations/${id}`), token, policy: 'idempotent', ctx },
        d,
        async (res) => parseJson((await readCapped(res.body, JSON_CAP)).text),
      );
      this.routes.video = 'legacy';
      return this.remember(this.task(legacy, taskId));
    });
  }

  /**
   * Streams the mp4 from `GET /v1/videos/{id}/content`. When that fails with a 400/404, a network error or "no such
   * route" (remembered: later downloads skip it), the task's own URL is used: `opts.fallbackUrl`, else the URL its
   * last poll carried. That URL and each of its redirects (at most 3) are fetched only when the address policy
   * allows them (the gateway's origin, or public addresses; the connection goes to the checked address), with the
   * token only on the gateway's own origin. The content route follows no redirect.
   */
  async downloadVideo(
    token: string,
    taskId: string,
    destination: string | NodeJS.WritableStream,
    opts?: CallOptions & { fallbackUrl?: string; maxBytes?: number },
  ): Promise<DownloadResult> {
    const url = this.url(`/v1/videos/${encodeURIComponent(taskId)}/content`);
    const fallback = opts?.fallbackUrl ?? this.routes.urlOf(taskId);
    return this.run(opts, async (d) => {
      let streaming = false;
      const consume = (res: GatewayResponse) => {
        streaming = true;
        return streamBody(res, destination, opts?.maxBytes);
      };
      const ctx: ClassifyContext = { endpoint: 'content' };
      const fromUrl = async (target: string) => {
        const sameOrigin = new URL(target).origin === this.origin;
        this.logger?.debug({ taskId, sameOrigin }, 'gateway download: using the task URL');
        return this.transport.send(
          { method: 'GET', url: target, policy: 'idempotent', ctx, accept: 'video/mp4,*/*', nodeClient: { maxRedirects: MAX_DOWNLOAD_REDIRECTS, vet: this.vetHop('task') }, ...(sameOrigin ? { token } : {}) },
          d,
          consume,
        );
      };
      if (this.routes.content === false && fallback) return fromUrl(fallback);
      try {
        const out = await this.transport.send({ method: 'GET', url, token, policy: 'idempotent', ctx, accept: 'video/mp4,*/*', nodeClient: { maxRedirects: 0 } }, d, consume);
        this.routes.content = true;
        return out;
      } catch (e) {
        if (e instanceof GatewayError && e.kind === 'not_supported') this.routes.content = false;
        const eligible = e instanceof GatewayError && (e.kind === 'network' || e.kind === 'not_supported' || e.status === 404 || e.status === 400);
        if (!fallback || streaming || !eligible || d.signal.aborted) throw e;
        try {
          return await fromUrl(fallback);
        } catch (e2) {
          throw streaming || d.signal.aborted || (e2 instanceof GatewayError && e2.code === 'unsafe_download_url') ? e2 : e;
        }
      }
    });
  }

  /**
   * The published pricing: `GET /api/status` (quota units per USD; default 500,000 when absent) and `GET /api/pricing`
   * (no token sent: the public view). `not_supported` when the gateway has no pricing page (one-api, the seed).
   */
  async getPricing(opts?: CallOptions): Promise<PublishedPricing> {
    const quotaPerUnit = await this.quotaPerUnit(opts);
    const { body } = await this.json({ method: 'GET', url: this.url('/api/pricing'), policy: 'idempotent' }, opts);
    const models = parsePricing(body, quotaPerUnit);
    if (!models) throw new GatewayError({ kind: 'not_supported', message: 'the gateway publishes no pricing' });
    return { models, quotaPerUnit };
  }

  /**
   * The token's balance: new-api `GET /api/usage/token/` when it answers, else the OpenAI-style
   * `/v1/dashboard/billing/subscription` + `/usage` pair. Billing answers with HTTP 200 and an error body are errors
   * (`auth` when they say the token is bad). `not_supported` when neither exists.
   */
  async getBalance(token: string, opts?: CallOptions): Promise<GatewayBalance> {
    try {
      const { body } = await this.json({ method: 'GET', url: this.url('/api/usage/token/'), token, policy: 'idempotent' }, opts);
      const parsed = parseTokenUsage(body, await this.quotaPerUnit(opts));
      if (parsed) return parsed;
    } catch (e) {
      if (!(e instanceof GatewayError) || !['not_supported', 'bad_request', 'malformed', 'auth'].includes(e.kind) || e.status === undefined) throw e;
    }
    const sub = (await this.json({ method: 'GET', url: this.url('/v1/dashboard/billing/subscription'), token, policy: 'idempotent' }, opts)).body;
    this.billingOk(sub);
    const usage = (await this.json({ method: 'GET', url: this.url('/v1/dashboard/billing/usage'), token, policy: 'idempotent' }, opts)).body;
    this.billingOk(usage);
    return must(parseDashboardBilling(sub, usage), 'billing figures');
  }

  async chat(token: string, req: ChatRequest, opts?: CallOptions): Promise<ChatResult> {
    const json: Record<string, unknown> = { model: req.model, messages: req.messages };
    if (req.maxTokens !== undefined) json.max_tokens = req.maxTokens;
    const { body, requestId } = await this.json({ method: 'POST', url: this.url('/v1/chat/completions'), token, json, policy: 'idempotent' }, opts);
    return withId(must(parseChatCompletion(body), 'chat completion'), requestId);
  }

  /** Native messages endpoint; `system` messages are moved to the top-level `system` field. `max_tokens` defaults to 1024. */
  async messages(token: string, req: ChatRequest, opts?: CallOptions): Promise<ChatResult> {
    const system = req.messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n\n');
    const json: Record<string, unknown> = {
      model: req.model,
      max_tokens: req.maxTokens ?? 1024,
      messages: req.messages.filter((m) => m.role !== 'system'),
    };
    if (system) json.system = system;
    const spec: SendSpec = { method: 'POST', url: this.url('/v1/messages'), token, auth: this.messagesAuth, json, policy: 'idempotent' };
    const { body, requestId } = await this.json(spec, opts);
    return withId(must(parseMessagesResponse(body), 'messages content'), requestId);
  }

  /** Stops the per-token limiters and closes the dispatcher when this client created it. */
  async close(): Promise<void> {
    await this.limiter.stop();
    if (this.ownsDispatcher) await this.dispatcher.close();
  }

  private url(path: string): string {
    return `${this.base}${path}`;
  }

  private async run<T>(opts: CallOptions | undefined, fn: (d: Deadline) => Promise<T>): Promise<T> {
    const deadline = new Deadline(opts?.timeoutMs ?? this.timeoutMs, opts?.signal);
    try {
      return await fn(deadline);
    } finally {
      deadline.dispose();
    }
  }

  private json(spec: SendSpec, opts: CallOptions | undefined): Promise<{ body: unknown; requestId?: string }> {
    const retried: SendSpec = opts?.retries !== undefined ? { ...spec, maxRetries: Math.max(0, opts.retries) } : spec;
    const sent = waitHooks(retried, opts);
    return this.run(opts, (d) =>
      this.transport.send(sent, d, async (res) => {
        const body = parseJson((await readCapped(res.body, JSON_CAP)).text, res.statusCode);
        const requestId = headerValue(res.headers, 'x-oneapi-request-id');
        return requestId ? { body, requestId } : { body };
      }),
    );
  }

  private quotaCache: { value: number; at: number } | undefined;

  /** `GET /api/status` → quota units per USD, cached for an hour; the family's default when the page is missing. */
  private async quotaPerUnit(opts: CallOptions | undefined): Promise<number> {
    if (this.quotaCache && Date.now() - this.quotaCache.at < 3_600_000) return this.quotaCache.value;
    let value: number;
    try {
      value = parseQuotaPerUnit((await this.json({ method: 'GET', url: this.url('/api/status'), policy: 'idempotent' }, opts)).body);
    } catch (e) {
      if (!(e instanceof GatewayError) || e.kind === 'timeout' || e.kind === 'network' || e.kind === 'redirect') throw e;
      value = parseQuotaPerUnit(undefined);
    }
    this.quotaCache = { value, at: Date.now() };
    return value;
  }

  private billingOk(body: unknown): void {
    const message = billingError(body);
    if (message === undefined) return;
    const auth = /token|unauthori|api key|令牌/i.test(message);
    throw new GatewayError({ kind: auth ? 'auth' : 'bad_request', status: 200, code: 'billing_error', message: classifyGatewayError(400, undefined, JSON.stringify({ error: { message } })).message });
  }

  private remember(task: VideoTask): VideoTask {
    if (task.url) this.routes.rememberUrl(task.id, task.url);
    return task;
  }

  private task(body: unknown, fallbackId?: string): VideoTask {
    const n = normalizeVideoTask(body, fallbackId);
    if (!n) throw malformed('video task without an id');
    if (n.unknownStatus !== undefined) this.logger?.warn({ taskId: n.task.id, status: n.unknownStatus.slice(0, 40) }, 'gateway: unknown video status word, treating as running');
    return n.task;
  }
}

function malformed(what: string): GatewayError {
  return new GatewayError({ kind: 'malformed', message: `the gateway's answer has no ${what}` });
}

function must<T>(v: T | undefined, what: string): T {
  if (v === undefined) throw malformed(what);
  return v;
}

function withId<T extends object>(v: T, requestId: string | undefined): T & { requestId?: string } {
  return requestId ? { ...v, requestId } : v;
}

function parseJson(text: string, status = 200): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new GatewayError({ kind: 'malformed', status, message: `unexpected non-JSON answer (HTTP ${status})` });
  }
}

function hasJsonError(text: string): boolean {
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' && ('error' in v || 'code' in v || 'message' in v);
  } catch {
    return false;
  }
}

/** The call's waiting-line options (`onWaiting`, `lineSignal`) carried onto its send. */
function waitHooks(spec: SendSpec, opts: CallOptions | undefined): SendSpec {
  return {
    ...spec,
    ...(opts?.onWaiting ? { onWaiting: opts.onWaiting } : {}),
    ...(opts?.lineSignal ? { lineSignal: opts.lineSignal } : {}),
  };
}
