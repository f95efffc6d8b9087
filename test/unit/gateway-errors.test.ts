import { describe, expect, it } from 'vitest';
import { isGatewayFailure } from '../../src/core/ports/media-gateway.js';
import { classifyGatewayError, GatewayError, networkError, parseRetryAfter, scrubSecrets } from '../../src/gateway/errors.js';
import { TokenLimiter } from '../../src/gateway/limiter.js';
import { backoffDelay, isRetryable } from '../../src/gateway/retry.js';

const j = (v: unknown) => JSON.stringify(v);
const RID = '20250101123456789abcdef';

interface Row {
  name: string;
  status: number;
  headers?: Record<string, string>;
  body: string;
  ctx?: { endpoint?: 'content' | 'task' | 'other' };
  kind: string;
  code?: string;
  requestId?: string;
  message: string;
}

const rows: Row[] = [
  {
    name: 'seed 404 unknown model (convention shape)',
    status: 404,
    body: j({ error: { message: 'The model `alpha-image-3` does not exist', type: 'invalid_request_error', code: 'model_not_found' } }),
    kind: 'model_not_found', code: 'model_not_found', message: 'The model `alpha-image-3` does not exist',
  },
  {
    name: 'seed 404 unknown model (native messages shape)',
    status: 404,
    body: j({ type: 'error', error: { type: 'not_found_error', message: 'model: claude-x-9' } }),
    kind: 'model_not_found', message: 'model: claude-x-9',
  },
  {
    name: 'seed 401 authentication_error',
    status: 401,
    body: j({ error: { message: 'Invalid API key sk-abcdef123456', type: 'authentication_error' } }),
    kind: 'auth', message: 'Invalid API key [redacted]',
  },
  {
    name: 'new-api 401 with request id suffix and header',
    status: 401,
    headers: { 'X-Oneapi-Request-Id': RID },
    body: j({ error: { message: `Invalid token (request id: ${RID})`, type: 'new_api_error', code: '' } }),
    kind: 'auth', requestId: RID, message: 'Invalid token',
  },
  {
    name: 'new-api 503 routing (model_not_found + distributor)',
    status: 503,
    body: j({ error: { message: `No available channel for model alpha-image-2 under group default (distributor) (request id: ${RID})`, type: 'new_api_error', code: 'model_not_found' } }),
    kind: 'no_channel', code: 'model_not_found', requestId: RID,
    message: 'No available channel for model alpha-image-2 under group default (distributor)',
  },
  {
    name: 'new-api 503 routing, Chinese message',
    status: 503,
    body: j({ error: { message: `当前分组 default 下对于模型 alpha-image-2 无可用渠道 (request id: ${RID})`, type: 'new_api_error', code: 'model_not_found' } }),
    kind: 'no_channel', code: 'model_not_found', requestId: RID, message: '当前分组 default 下对于模型 alpha-image-2 无可用渠道',
  },
  {
    name: 'seed "no available channel" with unknown status',
    status: 400,
    body: j({ error: { message: 'no available channel' } }),
    kind: 'no_channel', message: 'no available channel',
  },
  {
    name: 'new-api 503 model_not_found without routing words',
    status: 503,
    body: j({ error: { message: 'model x not found', code: 'model_not_found' } }),
    kind: 'model_not_found', code: 'model_not_found', message: 'model x not found',
  },
  {
    name: 'quota 403 insufficient_user_quota',
    status: 403,
    body: j({ error: { message: `user quota is not enough (request id: ${RID})`, type: 'new_api_error', code: 'insufficient_user_quota' } }),
    kind: 'quota', code: 'insufficient_user_quota', requestId: RID, message: 'user quota is not enough',
  },
  {
    name: 'quota 403 pre_consume_token_quota_failed',
    status: 403,
    body: j({ error: { message: 'pre-consume failed', type: 'new_api_error', code: 'pre_consume_token_quota_failed' } }),
    kind: 'quota', code: 'pre_consume_token_quota_failed', message: 'pre-consume failed',
  },
  {
    name: 'forbidden 403 token has no access to model',
    status: 403,
    body: j({ error: { message: 'This token has no access to model video-pro-1', type: 'new_api_error', code: '' } }),
    kind: 'forbidden_model', message: 'This token has no access to model video-pro-1',
  },
  // A 429 without any body says nothing but "not now": nothing was processed, so the call waits like at the gate.
  { name: 'empty 429', status: 429, body: '', kind: 'concurrency', message: 'HTTP 429' },
  {
    name: 'new-api concurrency gate 429',
    status: 429,
    body: j({ error: { message: 'token_concurrency_limit_reached (request id: 20261127abc)', type: 'new_api_error', code: 'token_concurrency_limit_reached' } }),
    kind: 'concurrency', code: 'token_concurrency_limit_reached', message: 'token_concurrency_limit_reached', requestId: '20261127abc',
  },
  {
    name: 'new-api concurrency gate 503 (policy or Redis trouble)',
    status: 503,
    body: j({ error: { message: 'token_concurrency_unavailable (request id: 20261127abd)', type: 'new_api_error', code: 'token_concurrency_unavailable' } }),
    kind: 'concurrency', code: 'token_concurrency_unavailable', message: 'token_concurrency_unavailable', requestId: '20261127abd',
  },
  {
    name: 'violation fee in code and type (Grok)',
    status: 400,
    body: j({ error: { message: 'Failed check: SAFETY_CHECK_TYPE_CSAM', type: 'violation_fee.grok.csam', code: 'violation_fee.grok.csam' } }),
    kind: 'content_policy', code: 'violation_fee.grok.csam', message: 'Failed check: SAFETY_CHECK_TYPE_CSAM',
  },
  {
    name: 'violation fee in type only, 403',
    status: 403,
    body: j({ error: { message: 'Content policy violation', type: 'violation_fee.grok.moderation', code: '' } }),
    kind: 'content_policy', code: 'violation_fee.grok.moderation', message: 'Content policy violation',
  },
  {
    name: '429 JSON body',
    status: 429,
    body: j({ error: { message: 'rate limited', code: 'rate_limit_exceeded' } }),
    kind: 'rate_limited', code: 'rate_limit_exceeded', message: 'rate limited',
  },
  {
    name: '502 HTML page',
    status: 502,
    headers: { 'content-type': 'text/html' },
    body: '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>',
    kind: 'upstream', message: 'upstream error page (HTTP 502)',
  },
  {
    name: '502 HTML page without content-type',
    status: 502,
    body: '<!DOCTYPE html><html><body>Bad gateway</body></html>',
    kind: 'upstream', message: 'upstream error page (HTTP 502)',
  },
  {
    name: '500 do_request_failed',
    status: 500,
    body: j({ error: { message: 'do request failed: upstream timeout', type: 'new_api_error', code: 'do_request_failed' } }),
    kind: 'upstream', code: 'do_request_failed', message: 'do request failed: upstream timeout',
  },
  { name: 'non-JSON 2xx', status: 200, body: 'OK but not json', kind: 'malformed', message: 'unexpected non-JSON answer (HTTP 200)' },
  {
    name: 'task_not_exist envelope on poll',
    status: 400,
    body: j({ code: 'task_not_exist', message: 'task_not_exist', data: null }),
    kind: 'task_not_found', code: 'task_not_exist', message: 'task_not_exist',
  },
  {
    name: 'not ready 400 (new-api)',
    status: 400,
    body: j({ error: { message: 'Task is not completed yet, current status: IN_PROGRESS', type: 'new_api_error', code: 'invalid_request' } }),
    ctx: { endpoint: 'content' },
    kind: 'not_ready', code: 'invalid_request', message: 'Task is not completed yet, current status: IN_PROGRESS',
  },
  {
    name: 'not ready 404 on content (OpenAI)',
    status: 404,
    body: j({ error: { message: 'Video is not ready yet', type: 'invalid_request_error' } }),
    ctx: { endpoint: 'content' },
    kind: 'not_ready', message: 'Video is not ready yet',
  },
  {
    name: 'bare 404 on content',
    status: 404,
    body: '',
    ctx: { endpoint: 'content' },
    kind: 'not_ready', message: 'HTTP 404',
  },
  {
    name: 'unknown task on content',
    status: 404,
    body: j({ error: { message: 'task not found' } }),
    ctx: { endpoint: 'content' },
    kind: 'task_not_found', message: 'task not found',
  },
  {
    name: 'content policy moderation_blocked',
    status: 400,
    body: j({ error: { message: 'Your request was rejected by the safety system', type: 'image_generation_user_error', code: 'moderation_blocked' } }),
    kind: 'content_policy', code: 'moderation_blocked', message: 'Your request was rejected by the safety system',
  },
  {
    name: 'content policy content_policy_violation',
    status: 400,
    body: j({ error: { message: 'content policy', type: 'invalid_request_error', code: 'content_policy_violation' } }),
    kind: 'content_policy', code: 'content_policy_violation', message: 'content policy',
  },
  {
    name: 'invalid_image_file',
    status: 400,
    body: j({ error: { message: 'Invalid image file', type: 'invalid_request_error', code: 'invalid_image_file' } }),
    kind: 'bad_request', code: 'invalid_image_file', message: 'Invalid image file',
  },
  {
    name: 'numeric envelope code becomes a string',
    status: 400,
    body: j({ code: 1001, message: 'invalid size', data: null }),
    kind: 'bad_request', code: '1001', message: 'invalid size',
  },
];

describe('classifyGatewayError', () => {
  it.each(rows)('$name', (row) => {
    const err = classifyGatewayError(row.status, row.headers ?? {}, row.body, row.ctx);
    expect(err).toBeInstanceOf(GatewayError);
    expect(isGatewayFailure(err)).toBe(true);
    expect(err.name).toBe('GatewayError');
    expect(err.kind).toBe(row.kind);
    expect(err.status).toBe(row.status);
    expect(err.code).toBe(row.code);
    expect(err.requestId).toBe(row.requestId);
    expect(err.message).toBe(row.message);
    expect(err.message).not.toMatch(/request id/i);
  });

  it('reads Retry-After seconds', () => {
    const err = classifyGatewayError(429, { 'retry-after': '3' }, '');
    expect(err).toMatchObject({ kind: 'concurrency', status: 429, retryAfterMs: 3000 });
  });

  it('reads Retry-After as an HTTP date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    const err = classifyGatewayError(429, { 'retry-after': 'Wed, 01 Jan 2025 00:00:07 GMT' }, '', { now });
    expect(err.retryAfterMs).toBe(7000);
    expect(parseRetryAfter({ 'retry-after': 'Tue, 31 Dec 2024 00:00:00 GMT' }, now)).toBe(0);
  });

  it('prefers retry-after-ms', () => {
    const err = classifyGatewayError(503, { 'retry-after-ms': '1500', 'retry-after': '9' }, j({ error: { message: 'busy' } }));
    expect(err).toMatchObject({ kind: 'upstream', retryAfterMs: 1500 });
    expect(parseRetryAfter({ 'retry-after': 'garbage' })).toBeUndefined();
  });

  it('reads the request id from a WHATWG Headers object', () => {
    const err = classifyGatewayError(500, new Headers({ 'x-oneapi-request-id': 'abc' }), '');
    expect(err.requestId).toBe('abc');
  });

  it('keeps the token out of message, JSON and enumerable fields', () => {
    const token = 'sk-LiveSecretToken0123456789';
    const err = classifyGatewayError(401, {}, j({ error: { message: `bad key ${token}`, code: token } }));
    expect(err.message).not.toContain(token);
    expect(JSON.stringify(err)).not.toContain(token);
    expect(Object.values(err).join(' ')).not.toContain(token);
  });

  it('maps undici / socket errors to network with their code', () => {
    const token = 'tok-plain-secret-xyz';
    const e = Object.assign(new Error(`connect ECONNREFUSED 127.0.0.1:1 ${token}`), { code: 'ECONNREFUSED' });
    const err = networkError(e, token);
    expect(err).toMatchObject({ kind: 'network', code: 'ECONNREFUSED' });
    expect(err.message).not.toContain(token);
    expect(networkError(Object.assign(new Error('x'), { code: 'UND_ERR_SOCKET' })).code).toBe('UND_ERR_SOCKET');
  });

  it('scrubs sk- strings and explicit secrets', () => {
    expect(scrubSecrets('a sk-12345678 b', 'zzzzzz')).toBe('a [redacted] b');
    expect(scrubSecrets('x zzzzzz y', 'zzzzzz')).toBe('x [redacted] y');
  });
});

describe('retry rules', () => {
  const err = (kind: GatewayError['kind'], status?: number, code?: string) =>
    new GatewayError({ kind, message: 'x', ...(status ? { status } : {}), ...(code ? { code } : {}) });

  it('retries idempotent calls on 408/429/500/502/503/504 and network, never routing or other 4xx', () => {
    for (const s of [408, 429, 500, 502, 503, 504]) expect(isRetryable(err(s === 429 ? 'rate_limited' : 'upstream', s), 'idempotent')).toBe(true);
    expect(isRetryable(err('network', undefined, 'ECONNRESET'), 'idempotent')).toBe(true);
    expect(isRetryable(err('no_channel', 503), 'idempotent')).toBe(false);
    expect(isRetryable(err('model_not_found', 503), 'idempotent')).toBe(false);
    expect(isRetryable(err('bad_request', 400), 'idempotent')).toBe(false);
    expect(isRetryable(err('auth', 401), 'idempotent')).toBe(false);
    expect(isRetryable(err('upstream', 501), 'idempotent')).toBe(false);
  });

  it('re-sends a concurrency-gate answer under both policies, never a violation-fee refusal', () => {
    expect(isRetryable(err('concurrency', 429), 'create')).toBe(true);
    expect(isRetryable(err('concurrency', 503), 'idempotent')).toBe(true);
    expect(isRetryable(new GatewayError({ kind: 'content_policy', status: 400, code: 'violation_fee.grok.csam', message: 'x' }), 'idempotent')).toBe(false);
  });

  it('retries a video create only on 429 or a pre-send connection failure', () => {
    expect(isRetryable(err('rate_limited', 429), 'create')).toBe(true);
    expect(isRetryable(err('network', undefined, 'ECONNREFUSED'), 'create')).toBe(true);
    expect(isRetryable(err('network', undefined, 'UND_ERR_CONNECT_TIMEOUT'), 'create')).toBe(true);
    expect(isRetryable(err('network', undefined, 'ECONNRESET'), 'create')).toBe(false);
    expect(isRetryable(err('network', undefined, 'UND_ERR_SOCKET'), 'create')).toBe(false);
    expect(isRetryable(err('upstream', 500), 'create')).toBe(false);
    expect(isRetryable(err('upstream', 503), 'create')).toBe(false);
  });

  it('backs off with full jitter, capped, never below Retry-After', () => {
    expect(backoffDelay(0, undefined, { baseMs: 500, random: () => 0.999 })).toBe(499);
    expect(backoffDelay(3, undefined, { baseMs: 500, random: () => 0.5 })).toBe(2000);
    expect(backoffDelay(20, undefined, { baseMs: 500, capMs: 30_000, random: () => 0.999 })).toBeLessThan(30_000);
    expect(backoffDelay(0, 5000, { baseMs: 500, random: () => 0.1 })).toBe(5000);
  });
});

describe('TokenLimiter keys', () => {
  it('keys by a SHA-256 of the token, never the token', () => {
    const token = 'sk-limiter-secret-123456';
    const key = TokenLimiter.keyFor(token);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).not.toContain(token);
    expect(TokenLimiter.keyFor(token)).toBe(key);
    expect(TokenLimiter.keyFor('sk-other-secret-123456')).not.toBe(key);
  });
});
