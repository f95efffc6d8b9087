import { GATED_ENDPOINTS, gateLimitReached, gateUnavailable } from './concurrency-gate.js';
import { apiError, contentPolicy, invalidToken, noChannel, quotaExceeded, type ErrorCtx } from './errors.js';
import type { Reply } from './reply.js';
import type { SimEndpoint, SimFaultKind, SimFaultRule } from './types.js';

/** Every fault kind, for validation of control requests and prompt markers. */
export const FAULT_KINDS: readonly SimFaultKind[] = [
  'rate_limit', 'rate_limit_no_header', 'server_error', 'bad_gateway', 'unavailable', 'routing', 'auth', 'quota',
  'content_policy', 'malformed', 'slow', 'reset', 'task_fail', 'task_never_ends', 'truncated_mp4', 'html_content', 'redirect', 'image_url',
  'bill_by_chars', 'no_usage', 'zero_usage', 'short_video', 'concurrency_limit', 'concurrency_unavailable', 'violation_fee',
];

/** Endpoints a rule may name. */
export const FAULT_ENDPOINTS: readonly SimEndpoint[] = [
  'models', 'image', 'edit', 'video_create', 'video_poll', 'video_content', 'video_remix', 'chat', 'messages', 'token_usage', 'billing_subscription', 'billing_usage',
];

/**
 * True when `kind` means something on `endpoint` (task faults only on video endpoints, truncation only on /content,
 * billing by characters and answers without usage only on the chat endpoints).
 */
export function faultApplies(kind: SimFaultKind, endpoint: SimEndpoint): boolean {
  if (kind === 'task_never_ends' || kind === 'short_video') return endpoint === 'video_create';
  if (kind === 'task_fail') return endpoint === 'video_create' || endpoint === 'video_poll';
  if (kind === 'truncated_mp4' || kind === 'html_content') return endpoint === 'video_content';
  if (kind === 'image_url') return endpoint === 'image' || endpoint === 'edit';
  if (kind === 'bill_by_chars' || kind === 'no_usage' || kind === 'zero_usage') return endpoint === 'chat' || endpoint === 'messages';
  if (kind === 'concurrency_limit' || kind === 'concurrency_unavailable' || kind === 'violation_fee') return GATED_ENDPOINTS.has(endpoint);
  return true;
}

/** Kind names contain digits (`truncated_mp4`), so the class must too. */
const MARKER = /\[\[fault:([a-z0-9_]+)\]\]/g;

/** Fault kinds named by `[[fault:<kind>]]` markers in `text`, in order. */
export function faultMarkers(text: string | undefined): SimFaultKind[] {
  if (!text) return [];
  const out: SimFaultKind[] = [];
  for (const m of text.matchAll(MARKER)) if ((FAULT_KINDS as readonly string[]).includes(m[1]!)) out.push(m[1] as SimFaultKind);
  return out;
}

/** A fault chosen for one request. */
export interface ChosenFault {
  kind: SimFaultKind;
  slowMs: number;
  url?: string;
  billedSeconds?: number;
}

/** The active fault rules; a rule with `times` disappears after that many uses. */
export class FaultBook {
  private rules: { rule: SimFaultRule; left: number }[] = [];

  add(rule: SimFaultRule): void {
    this.rules.push({ rule: { ...rule }, left: rule.times ?? Infinity });
  }

  clear(): void {
    this.rules = [];
  }

  list(): SimFaultRule[] {
    return this.rules.map((r) => ({ ...r.rule }));
  }

  /**
   * The fault for a request: a prompt marker applicable to the endpoint wins, else the first matching rule
   * (whose use count is then decremented).
   */
  take(endpoint: SimEndpoint, token: string | undefined, model: string | undefined, promptText: string | undefined): ChosenFault | undefined {
    const marked = faultMarkers(promptText).find((k) => faultApplies(k, endpoint));
    if (marked) return { kind: marked, slowMs: 3000 };
    for (let i = 0; i < this.rules.length; i++) {
      const entry = this.rules[i]!;
      const r = entry.rule;
      if (!faultApplies(r.kind, endpoint)) continue;
      if (r.endpoint !== undefined && r.endpoint !== endpoint) continue;
      if (r.token !== undefined && r.token !== token) continue;
      if (r.model !== undefined && r.model !== model) continue;
      entry.left -= 1;
      if (entry.left <= 0) this.rules.splice(i, 1);
      return { kind: r.kind, slowMs: r.slowMs ?? 3000, ...(r.url !== undefined ? { url: r.url } : {}), ...(r.billedSeconds !== undefined ? { billedSeconds: r.billedSeconds } : {}) };
    }
    return undefined;
  }
}

const BAD_GATEWAY_HTML = '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

/** What a misconfigured proxy serves as a "video": 54 bytes of HTML. */
const HTML_ERROR_PAGE = '<html><body><h1>502 upstream error</h1></body></html>\n';

/**
 * The reply of an immediate fault, or undefined for the kinds the caller handles itself
 * (`slow`, `reset`, `task_*`, `truncated_mp4`).
 */
export function faultReply(kind: SimFaultKind, ctx: ErrorCtx, model: string | undefined, group: string): Reply | undefined {
  switch (kind) {
    case 'rate_limit': {
      const r = apiError(ctx, 429, { message: 'Rate limit reached, please retry later', code: 'rate_limit_exceeded', type: 'rate_limit_error', nativeType: 'rate_limit_error' });
      return r.kind === 'json' ? { ...r, headers: { 'Retry-After': '1' } } : r;
    }
    case 'rate_limit_no_header':
      return { kind: 'raw', status: 429, body: '' };
    case 'server_error':
      return apiError(ctx, 500, { message: 'do request failed: upstream connection error', code: 'do_request_failed', nativeType: 'api_error' });
    case 'bad_gateway':
      return { kind: 'raw', status: 502, body: BAD_GATEWAY_HTML, contentType: 'text/html' };
    case 'unavailable':
      return apiError(ctx, 503, { message: 'The service is temporarily unavailable, please try again later', code: 'service_unavailable', type: 'upstream_error', nativeType: 'overloaded_error' });
    case 'routing':
      return noChannel(ctx, model ?? 'unknown', group);
    case 'auth':
      return invalidToken(ctx);
    case 'quota':
      return quotaExceeded(ctx);
    case 'content_policy':
      return contentPolicy(ctx);
    case 'malformed':
      return { kind: 'raw', status: 200, body: '{"created":1700000000,"data":[{"b64_json":"iVBORw0K', contentType: 'application/json' };
    case 'html_content':
      return { kind: 'raw', status: 200, body: HTML_ERROR_PAGE, contentType: 'text/html' };
    case 'concurrency_limit':
      return gateLimitReached(ctx);
    case 'concurrency_unavailable':
      return gateUnavailable(ctx);
    case 'redirect':
      return { kind: 'raw', status: 301, body: '<a href="/console">Moved Permanently</a>.', contentType: 'text/html', headers: { Location: '/console' } };
    default:
      return undefined;
  }
}

/** Validates a control-endpoint body as a {@link SimFaultRule}; returns an error message or the rule. */
export function parseFaultRule(v: unknown): SimFaultRule | string {
  if (typeof v !== 'object' || v === null) return 'body must be a JSON object';
  const o = v as Record<string, unknown>;
  if (!(FAULT_KINDS as readonly unknown[]).includes(o.kind)) return `kind must be one of ${FAULT_KINDS.join(', ')}`;
  if (o.endpoint !== undefined && !(FAULT_ENDPOINTS as readonly unknown[]).includes(o.endpoint)) return 'unknown endpoint';
  for (const k of ['token', 'model', 'url'] as const) if (o[k] !== undefined && typeof o[k] !== 'string') return `${k} must be a string`;
  for (const k of ['times', 'slowMs', 'billedSeconds'] as const) if (o[k] !== undefined && !(Number.isInteger(o[k]) && (o[k] as number) >= 0)) return `${k} must be a non-negative integer`;
  return o as unknown as SimFaultRule;
}
