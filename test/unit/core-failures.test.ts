import { describe, expect, it } from 'vitest';
import { defaultMoney, err, fail, failureFromGateway, failWith, isFailureCode, missingHeader, ok, withMoney, type FailureCode, type GatewayFailureContext } from '../../src/core/failures.js';
import { isJobId, newJobId, newRef } from '../../src/core/ids.js';
import type { GatewayErrorKind, GatewayFailureInfo } from '../../src/core/ports/media-gateway.js';

describe('ids', () => {
  it('makes 6-char base32 refs and j_ job ids, all different', () => {
    const refs = new Set(Array.from({ length: 2000 }, () => newRef()));
    expect(refs.size).toBe(2000);
    for (const r of refs) expect(r).toMatch(/^[A-Z2-7]{6}$/);
    const id = newJobId();
    expect(id).toMatch(/^j_[a-z2-7]{8}$/);
    expect(isJobId(id)).toBe(true);
    expect(isJobId('j_0000000')).toBe(false);
    expect(isJobId('job_k7q2xm3a')).toBe(false);
  });
});

describe('fail / Result', () => {
  it('builds typed failures with a fresh ref and default money', () => {
    const a = fail('model_unknown', { model: 'x' });
    const b = fail('model_unknown', { model: 'x' });
    expect(a.code).toBe('model_unknown');
    expect(a.details).toEqual({ model: 'x' });
    expect(a.ref).not.toBe(b.ref);
    expect(a.money).toBe('none');
    expect(fail('internal').details).toEqual({});
    expect(fail('task_failed_refunded', {}).money).toBe('refunded');
    expect(fail('task_expired_released').money).toBe('released');
    expect(fail('gateway_down', {}, { money: 'released' }).money).toBe('released');
    expect(defaultMoney('budget_exhausted')).toBe('none');
  });

  it('wraps values and failures', () => {
    expect(ok(3)).toEqual({ ok: true, value: 3 });
    const r = failWith<'prompt_empty', number>('prompt_empty');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.failure.code).toBe('prompt_empty');
      expect(isFailureCode(r.failure, 'prompt_empty')).toBe(true);
      expect(isFailureCode(r.failure, 'internal')).toBe(false);
      expect(withMoney(r.failure, 'released').money).toBe('released');
      expect(withMoney(r.failure, 'released').ref).toBe(r.failure.ref);
    }
    const f = fail('not_admin');
    expect(err(f)).toEqual({ ok: false, failure: f });
  });
});

describe('failureFromGateway', () => {
  const ctx: GatewayFailureContext = { model: 'alpha-image-2', tokenSource: 'scope', stage: 'image' };
  const info = (kind: GatewayErrorKind, extra: Partial<GatewayFailureInfo> = {}): GatewayFailureInfo => ({ kind, message: 'm', requestId: 'req-1', ...extra });

  const table: Array<[string, GatewayFailureInfo, Partial<GatewayFailureContext>, FailureCode, unknown]> = [
    ['auth', info('auth', { status: 401 }), {}, 'token_rejected', { source: 'scope' }],
    ['auth personal', info('auth'), { tokenSource: 'personal' }, 'token_rejected', { source: 'personal' }],
    ['no_channel', info('no_channel', { status: 503 }), {}, 'no_channel', { model: 'alpha-image-2' }],
    ['model_not_found', info('model_not_found'), {}, 'model_unknown', { model: 'alpha-image-2' }],
    ['model_not_found + suggestion', info('model_not_found'), { model: 'alpha-imge-2', suggestion: 'alpha-image-2' }, 'model_unknown', { model: 'alpha-imge-2', suggestion: 'alpha-image-2' }],
    ['quota', info('quota', { status: 403 }), {}, 'quota_exhausted', { source: 'scope' }],
    ['not_supported on an edit', info('not_supported', { status: 501, code: 'api_not_implemented' }), { stage: 'edit' }, 'not_offered', { what: 'edit' }],
    ['not_supported on a video create', info('not_supported', { status: 404 }), { stage: 'video_create' }, 'not_offered', { what: 'video' }],
    ['redirect', info('redirect', { status: 301 }), {}, 'gateway_misconfigured', {}],
    ['forbidden_model', info('forbidden_model'), {}, 'forbidden_model', { model: 'alpha-image-2' }],
    ['rate_limited with retry', info('rate_limited', { status: 429, retryAfterMs: 2000 }), {}, 'gateway_busy', { retryAfterMs: 2000 }],
    ['rate_limited bare', info('rate_limited', { status: 429 }), {}, 'gateway_busy', {}],
    ['upstream 503', info('upstream', { status: 503, retryAfterMs: 500 }), {}, 'gateway_busy', { retryAfterMs: 500 }],
    ['upstream 500', info('upstream', { status: 500 }), {}, 'gateway_down', {}],
    ['network', info('network'), {}, 'gateway_down', {}],
    ['malformed', info('malformed', { status: 200 }), {}, 'gateway_down', {}],
    ['timeout', info('timeout'), {}, 'gateway_timeout', {}],
    ['content_policy', info('content_policy', { status: 400, code: 'moderation_blocked' }), {}, 'content_refused', {}],
    ['bad_request invalid_size', info('bad_request', { code: 'invalid_size' }), { size: '5000x5000', maxSide: 1536 }, 'bad_size', { given: '5000x5000', maxSide: 1536 }],
    ['bad_request invalid_image_file', info('bad_request', { code: 'invalid_image_file' }), { attachmentName: 'cat.png' }, 'attachment_not_image', { name: 'cat.png' }],
    ['bad_request other: the gateway refused, never our fault', info('bad_request', { code: 'weird', status: 400 }), {}, 'gateway_refused', { status: 400, reason: 'm' }],
    ['download past limit', info('bad_request'), { stage: 'video_download', limitBytes: 1000 }, 'output_too_large', { bytes: null, limitBytes: 1000, retrievableUntil: null }],
    ['task_not_found poll', info('task_not_found'), { stage: 'video_poll' }, 'task_failed_refunded', { reason: 'the gateway no longer knows this task' }],
    ['task_not_found elsewhere: the gateway refused, never our fault', info('task_not_found', { status: 400 }), { stage: 'chat' }, 'gateway_refused', { status: 400, reason: 'm' }],
    ['not_ready on an image call (a model still loading): the gateway refused', info('not_ready', { status: 400, message: 'Model is not ready yet' }), { stage: 'image' }, 'gateway_refused', { status: 400, reason: 'Model is not ready yet' }],
    ['not_ready', info('not_ready'), { stage: 'video_download' }, 'internal', {}],
  ];

  it.each(table)('%s', (_name, i, extra, code, details) => {
    const f = failureFromGateway(i, { ...ctx, ...extra });
    expect(f.code).toBe(code);
    expect(f.details).toEqual(details);
    expect(f.log?.gateway).toBe(i);
    expect(f.log?.stage).toBe(extra.stage ?? 'image');
    expect(f.ref).toMatch(/^[A-Z2-7]{6}$/);
  });

  it('a concurrency gate waited out to the deadline is gateway_busy with the time waited; a violation fee is content_refused_fee', () => {
    expect(failureFromGateway(info('concurrency', { status: 429, code: 'token_concurrency_limit_reached', waitedMs: 90_000 }), ctx)).toMatchObject({ code: 'gateway_busy', details: { waitedMs: 90_000 } });
    expect(failureFromGateway(info('content_policy', { status: 400, code: 'violation_fee.grok.csam' }), { ...ctx, tokenSource: 'scope', money: 'released' })).toMatchObject({
      code: 'content_refused_fee', details: { source: 'scope', code: 'violation_fee.grok.csam' }, money: 'released',
    });
    expect(failureFromGateway(info('content_policy', { status: 400, code: 'moderation_blocked' }), ctx).code).toBe('content_refused');
  });

  it('covers every GatewayErrorKind and carries money', () => {
    const kinds: GatewayErrorKind[] = ['auth', 'model_not_found', 'no_channel', 'quota', 'forbidden_model', 'rate_limited', 'content_policy', 'bad_request', 'not_ready', 'task_not_found', 'upstream', 'timeout', 'network', 'malformed', 'not_supported', 'redirect', 'concurrency'];
    for (const k of kinds) expect(failureFromGateway(info(k), { ...ctx, money: 'released' }).money).toBe('released');
    expect(failureFromGateway(info('task_not_found'), { ...ctx, stage: 'video_poll' }).money).toBe('released');
    expect(failureFromGateway(info('timeout'), ctx).money).toBe('none');
  });
});

describe('a 4xx saying a header or provider is missing', () => {
  it.each([
    ['Either x-portkey-config or x-portkey-provider header is required', 'x-portkey-config / x-portkey-provider'],
    ['Missing required header: X-Provider-Key', 'x-provider-key'],
    ['The "anthropic-version" header is required', 'anthropic-version'],
    ['provider is required', 'provider'],
    ['missing provider', 'provider'],
  ])('%s → %s', (message, header) => {
    expect(missingHeader(message)).toBe(header);
    const f = failureFromGateway({ kind: 'bad_request', status: 400, message }, { model: 'm', tokenSource: 'operator', stage: 'image' });
    expect(f.code).toBe('gateway_needs_header');
    expect(f.details).toEqual({ header });
  });

  it.each(['prompt is required', 'Invalid value for quality', 'x-request-id abc failed', 'model not supported by provider', undefined])('not a missing header: %s', (message) => {
    expect(missingHeader(message)).toBeUndefined();
  });
});
