import type { GatewayErrorKind, GatewayFailureInfo } from '../core/ports/media-gateway.js';

/**
 * The one error class every `HttpMediaGateway` method throws. Its `name` is `'GatewayError'` so that
 * `isGatewayFailure` (in the port) recognizes it without importing this module. It never carries the token:
 * messages pass through {@link scrubSecrets}, and no request headers or raw library errors are attached.
 */
export class GatewayError extends Error implements GatewayFailureInfo {
  override readonly name = 'GatewayError';
  readonly kind: GatewayErrorKind;
  readonly status?: number;
  readonly code?: string;
  readonly requestId?: string;
  readonly retryAfterMs?: number;
  readonly waitedMs?: number;

  constructor(info: GatewayFailureInfo) {
    super(info.message);
    this.kind = info.kind;
    if (info.status !== undefined) this.status = info.status;
    if (info.code !== undefined) this.code = info.code;
    if (info.requestId !== undefined) this.requestId = info.requestId;
    if (info.retryAfterMs !== undefined) this.retryAfterMs = info.retryAfterMs;
    if (info.waitedMs !== undefined) this.waitedMs = info.waitedMs;
  }

  /** Plain facts for logs and JSON; the message is already scrubbed. */
  toJSON(): GatewayFailureInfo & { name: string } {
    return {
      name: this.name,
      kind: this.kind,
      status: this.status,
      code: this.code,
      requestId: this.requestId,
      retryAfterMs: this.retryAfterMs,
      waitedMs: this.waitedMs,
      message: this.message,
    };
  }
}

/** Response headers as undici's `request()` gives them, or a WHATWG `Headers`. */
export type HeaderBag = Headers | Record<string, string | string[] | undefined>;

/** Where the failing call went; only changes how a bare 404 reads. Default `other`. */
export interface ClassifyContext {
  /** `content`: `/v1/videos/{id}/content` (404 → not_ready); `task`: a poll (404 → task_not_found). */
  endpoint?: 'content' | 'task' | 'other';
  /** Clock for HTTP-date `Retry-After`; defaults to `Date.now()`. */
  now?: number;
}

const SK_PATTERN = /\bsk-[A-Za-z0-9_-]{4,}/g;
const REQUEST_ID_SUFFIX = /\s*[(（]\s*request id:\s*([^)）]+?)\s*[)）]\s*$/i;
const ROUTING = /no available channel|无可用渠道|distributor/i;
const QUOTA_CODES = new Set(['insufficient_user_quota', 'pre_consume_token_quota_failed', 'insufficient_quota']);
const POLICY_CODES = new Set(['moderation_blocked', 'content_policy_violation', 'sensitive_words_detected', 'prompt_blocked']);
/** new-api's per-token concurrency gate (`middleware/token_concurrency.go`): nothing was processed or billed. */
const GATE = /^token_concurrency_(limit_reached|unavailable)$/;
/** new-api's violation fees (`service/violation_fee.go`): a refusal after which the gateway may charge a fee. */
const VIOLATION_FEE = /^violation_fee\./i;
/** new-api / one-api's answer for a route it does not have: "Invalid URL (GET /v1/videos/…)". */
const NO_ROUTE = /^invalid url \(/i;

/** Removes `sk-…` strings and, when given, the exact token(s) from `text`. */
export function scrubSecrets(text: string, ...secrets: (string | undefined)[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join('[redacted]');
  return out.replace(SK_PATTERN, '[redacted]');
}

/** Reads one header case-insensitively from either header shape. */
export function headerValue(headers: HeaderBag | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const rec = headers as Record<string, string | string[] | undefined>;
  const hit = Object.keys(rec).find((k) => k.toLowerCase() === name.toLowerCase());
  const v = hit === undefined ? undefined : rec[hit];
  return Array.isArray(v) ? v[0] : v;
}

/** `retry-after-ms` (milliseconds) wins over `retry-after` (seconds or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(headers: HeaderBag | undefined, now: number = Date.now()): number | undefined {
  const ms = headerValue(headers, 'retry-after-ms')?.trim();
  if (ms && /^\d+(\.\d+)?$/.test(ms)) return Math.round(Number(ms));
  const ra = headerValue(headers, 'retry-after')?.trim();
  if (!ra) return undefined;
  if (/^\d+(\.\d+)?$/.test(ra)) return Math.round(Number(ra) * 1000);
  const at = Date.parse(ra);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Splits "(request id: …)" off a gateway message and scrubs token-like strings. */
export function cleanMessage(raw: string): { message: string; requestId?: string } {
  const m = REQUEST_ID_SUFFIX.exec(raw);
  const message = scrubSecrets(m ? raw.slice(0, m.index) : raw).trim();
  return m?.[1] ? { message, requestId: m[1] } : { message };
}

interface ParsedBody {
  code?: string;
  message?: string;
  type?: string;
  html: boolean;
}

function asRecord(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

function codeString(v: unknown): string | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

function parseErrorBody(bodyText: string, headers: HeaderBag | undefined): ParsedBody {
  const trimmed = bodyText.trim();
  const ctype = headerValue(headers, 'content-type') ?? '';
  if (/text\/html/i.test(ctype) || /^<(!doctype|html|head|body|\?xml)/i.test(trimmed)) return { html: true };
  let json: unknown;
  try {
    json = trimmed === '' ? undefined : JSON.parse(trimmed);
  } catch {
    return { html: false, message: trimmed.slice(0, 300) || undefined };
  }
  const body = asRecord(json);
  if (!body) return { html: false };
  const err = asRecord(body.error);
  const message = (err && typeof err.message === 'string' ? err.message : undefined)
    ?? (typeof body.error === 'string' ? body.error : undefined)
    ?? (typeof body.message === 'string' ? body.message : undefined);
  const code = codeString(err?.code) ?? codeString(body.code);
  const type = (err && typeof err.type === 'string' ? err.type : undefined) ?? (typeof body.type === 'string' ? body.type : undefined);
  return { html: false, code, message, type };
}

function kindFor(status: number, p: ParsedBody, msg: string, ctx: ClassifyContext): GatewayErrorKind {
  if (status >= 200 && status < 300) return 'malformed';
  if (status >= 300 && status < 400) return 'redirect';
  if (status === 401) return 'auth';
  if ((status === 429 || status === 503) && (GATE.test(p.code ?? '') || /\btoken_concurrency_(limit_reached|unavailable)\b/.test(msg))) return 'concurrency';
  if (status === 429 && p.code === undefined && p.type === undefined && !p.html && msg === '') return 'concurrency';
  if (VIOLATION_FEE.test(p.code ?? '') || VIOLATION_FEE.test(p.type ?? '')) return 'content_policy';
  if (status === 501 || status === 405 || p.code === 'api_not_implemented') return 'not_supported';
  if (status === 404 && NO_ROUTE.test(msg)) return 'not_supported';
  if (ROUTING.test(msg)) return 'no_channel';
  if (p.code === 'model_not_found') return 'model_not_found';
  if (p.code === 'task_not_exist' || /task[_ ]not[_ ]exist/i.test(msg)) return 'task_not_found';
  if (status >= 400 && status < 500 && /not completed yet|not ready|not finished/i.test(msg)) return 'not_ready';
  if (p.code && QUOTA_CODES.has(p.code)) return 'quota';
  if (p.code && POLICY_CODES.has(p.code)) return 'content_policy';
  if (status === 404) {
    if (p.type === 'not_found_error' || /\bmodel\b/i.test(msg)) return 'model_not_found';
    if (ctx.endpoint === 'content') return /not[ _]?found|no such/i.test(msg) ? 'task_not_found' : 'not_ready';
    if (ctx.endpoint === 'task') return 'task_not_found';
    // Not new-api's shape (`{"error":"Not Found"}`, a web server's page, an empty body): the route is missing.
    if (!p.code && !p.type) return 'not_supported';
    return 'bad_request';
  }
  if (status === 403 || status === 402) {
    if (/quota|余额|额度/i.test(msg)) return 'quota';
    if (/no access to model|not allowed to (use|access) model|无权/i.test(msg)) return 'forbidden_model';
    return 'bad_request';
  }
  if (status === 429) return 'rate_limited';
  if (status === 400 && p.type === 'image_generation_user_error') return 'content_policy';
  if (status === 408) return 'upstream';
  if (status >= 400 && status < 500) return 'bad_request';
  return 'upstream';
}

/**
 * Maps one gateway answer (any dialect: the seed's OpenAI-style `{error:{…}}`, the messages endpoint's
 * `{type:"error",error:{…}}`, new-api's `{code,message,data}` envelope, empty bodies, HTML pages) to a
 * {@link GatewayError}. Pure except for the clock used by an HTTP-date `Retry-After` (see `ctx.now`).
 * Branches on status, `code` and message patterns, never on `type` alone. A 3xx is `redirect` (the base URL
 * points at a web front end); a 501, a 405, code `api_not_implemented`, a 404 "Invalid URL (…)", or a 404 of a
 * create or list call that is not a gateway's error object (`{"error":"Not Found"}`, an HTML page, an empty body) is
 * `not_supported` (no such route here, which is not the same as "no such task"). 408 is treated as `upstream`
 * (a transient server-side timeout, retried like a 5xx) rather than `bad_request`. new-api's concurrency gate (429
 * `token_concurrency_limit_reached`, 503 `token_concurrency_unavailable`) and a 429 without any body are `concurrency`
 * (nothing was processed: wait and send again); a `violation_fee.*` code or type is `content_policy` with that code.
 */
export function classifyGatewayError(status: number, headers: HeaderBag | undefined, bodyText: string, ctx: ClassifyContext = {}): GatewayError {
  const parsed = parseErrorBody(bodyText, headers);
  const cleaned = cleanMessage(parsed.message ?? '');
  const kind = kindFor(status, parsed, cleaned.message, ctx);
  let message = cleaned.message;
  if (kind === 'redirect') message = `the API answered with a redirect (HTTP ${status})`;
  else if (parsed.html) message = `upstream error page (HTTP ${status})`;
  else if (kind === 'malformed') message = `unexpected non-JSON answer (HTTP ${status})`;
  else if (message === '') message = `HTTP ${status}`;
  const requestId = headerValue(headers, 'x-oneapi-request-id')?.trim() || cleaned.requestId;
  const retryAfterMs = parseRetryAfter(headers, ctx.now);
  // A violation fee may be named in `type` only: the code the core reads must say it.
  const code = VIOLATION_FEE.test(parsed.code ?? '') ? parsed.code : VIOLATION_FEE.test(parsed.type ?? '') ? parsed.type : parsed.code;
  return new GatewayError({
    kind,
    status,
    message,
    ...(code !== undefined && kind !== 'malformed' ? { code: scrubSecrets(code) } : {}),
    ...(requestId ? { requestId } : {}),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  });
}

/** undici / Node socket error codes meaning the request never left this machine (safe to re-send anything). */
export const PRE_SEND_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH',
]);

/** Turns a thrown undici/Node error into a `network` {@link GatewayError}, keeping only its code and a scrubbed message. */
export function networkError(err: unknown, ...secrets: (string | undefined)[]): GatewayError {
  const e = err as { code?: unknown; message?: unknown; errors?: { code?: unknown }[] } | undefined;
  const code = codeString(e?.code) ?? codeString(e?.errors?.[0]?.code);
  const detail = typeof e?.message === 'string' && e.message ? e.message : 'connection failed';
  return new GatewayError({
    kind: 'network',
    message: scrubSecrets(`network error${code ? ` (${code})` : ''}: ${detail}`, ...secrets),
    ...(code ? { code } : {}),
  });
}

/** The call's own deadline passed (or its caller aborted it: code `aborted`). */
export function timeoutError(timeoutMs: number, aborted = false): GatewayError {
  return aborted
    ? new GatewayError({ kind: 'timeout', code: 'aborted', message: 'the call was aborted' })
    : new GatewayError({ kind: 'timeout', message: `no answer within ${timeoutMs} ms` });
}
