import { describe, expect, it } from 'vitest';
import { shouldWarnLowBalance } from '../../src/core/budget/low-balance.js';
import { chooseDefault, defaultModelWarnings } from '../../src/core/catalog/default-models.js';
import { guessKindFromId, isUpscaleModel, kindFromEndpointTypes } from '../../src/core/catalog/model-kinds.js';
import { PriceBook } from '../../src/core/catalog/price-book.js';
import { documentedPriceTable } from '../../src/core/pricing.js';
import { addressClass, downloadAllowed } from '../../src/gateway/address-policy.js';
import { classifyGatewayError } from '../../src/gateway/errors.js';
import { billingError, groupRatioFor, parseDashboardBilling, parsePricing, parseQuotaPerUnit, parseTokenUsage } from '../../src/gateway/pricing.js';

describe('model kinds', () => {
  it('reads the gateway\'s endpoint types', () => {
    expect(kindFromEndpointTypes(['openai-video'])).toBe('video');
    expect(kindFromEndpointTypes(['image-generation'])).toBe('image');
    expect(kindFromEndpointTypes(['openai', 'anthropic'])).toBe('text');
    expect(kindFromEndpointTypes(['embeddings'])).toBeUndefined();
    expect(kindFromEndpointTypes(undefined)).toBeUndefined();
  });
  it.each([
    ['gpt-image-1', 'image'], ['dall-e-3', 'image'], ['flux-kontext-pro', 'image'], ['midjourney-v7', 'image'], ['seedream-3', 'image'],
    ['sora-2', 'video'], ['veo-3.0-generate', 'video'], ['kling-v2-master', 'video'], ['wan-2.2-t2v', 'video'], ['hailuo-02', 'video'],
    ['gpt-4o-mini', 'text'], ['deepseek-chat', 'text'], ['claude-x-4.8', 'text'], ['alpha-image-2', 'image'], ['gamma-video-1', 'video'],
  ])('guesses %s → %s from the id', (id, kind) => expect(guessKindFromId(id)).toBe(kind));
  it('names upscale models by their id (upscale, esrgan, sr-4x), an image kind; other image models are not', () => {
    for (const id of ['alpha-upscale-4k', 'Real-ESRGAN-x4plus', 'clarity-upscaler', 'swin-sr-4x', 'stable-diffusion-x4-upscaler']) {
      expect(isUpscaleModel(id), id).toBe(true);
      expect(guessKindFromId(id), id).toBe('image');
    }
    for (const id of ['alpha-image-2', 'gpt-image-2', 'seedream-4.0', 'flux-kontext-pro', 'srgb-art', 'gamma-video-1']) expect(isUpscaleModel(id), id).toBe(false);
  });
});

describe('published pricing', () => {
  const body = {
    success: true,
    data: [
      { model_name: 'gpt-image-1', quota_type: 1, model_price: 0.04, enable_groups: ['default'], supported_endpoint_types: ['image-generation'] },
      { model_name: 'sora-2', quota_type: 1, model_price: 0.1, enable_groups: ['vip', 'default'] },
      { model_name: 'gpt-4o-mini', quota_type: 0, model_ratio: 0.075, completion_ratio: 4 },
      { model_name: 'free-thing', quota_type: 1, model_price: 0 },
      { quota_type: 1, model_price: 1 },
    ],
    group_ratio: { default: 1, vip: 1.5 },
  };
  it('converts per-call prices, token ratios and group ratios to micro-dollars', () => {
    const p = parsePricing(body, 500_000)!;
    expect(p.find((x) => x.model === 'gpt-image-1')).toEqual({ model: 'gpt-image-1', endpointTypes: ['image-generation'], perCallMicros: 40_000 });
    expect(p.find((x) => x.model === 'sora-2')?.perCallMicros).toBe(150_000);
    expect(p.find((x) => x.model === 'gpt-4o-mini')).toMatchObject({ inputPer1kMicros: 150, outputPer1kMicros: 600 });
    expect(p.find((x) => x.model === 'free-thing')).toEqual({ model: 'free-thing' });
    expect(p).toHaveLength(4);
    expect(parsePricing(body, 1_000_000)!.find((x) => x.model === 'gpt-4o-mini')?.inputPer1kMicros).toBe(75);
    expect(parsePricing({ success: false }, 500_000)).toBeUndefined();
    expect(groupRatioFor(undefined, undefined)).toBe(1);
  });
  it('reads quota_per_unit, token usage and dashboard billing; 200-with-error bodies are errors', () => {
    expect(parseQuotaPerUnit({ data: { quota_per_unit: 1_000_000 } })).toBe(1_000_000);
    expect(parseQuotaPerUnit({})).toBe(500_000);
    expect(parseTokenUsage({ code: true, data: { total_used: 250_000, total_available: 500_000, unlimited_quota: false, expires_at: 1_900_000_000 } }, 500_000)).toEqual({
      remainingMicros: 1_000_000, usedMicros: 500_000, expiresAt: 1_900_000_000_000, source: 'token_usage',
    });
    expect(parseTokenUsage({ code: true, data: { unlimited_quota: true, expires_at: -1 } }, 500_000)).toMatchObject({ remainingMicros: null, expiresAt: null });
    expect(parseDashboardBilling({ hard_limit_usd: 12.5, access_until: 0 }, { total_usage: 250 })).toEqual({ remainingMicros: 10_000_000, usedMicros: 2_500_000, expiresAt: null, source: 'dashboard_billing' });
    expect(parseDashboardBilling({ hard_limit_usd: 100_000_000 }, {})?.remainingMicros).toBeNull();
    expect(billingError({ error: { message: 'invalid token', type: 'x' } })).toBe('invalid token');
    expect(billingError({ object: 'list', total_usage: 1 })).toBeUndefined();
  });
});

describe('PriceBook', () => {
  const book = new PriceBook({ operator: { 'op-img': { kind: 'image', unit: 'image', unitMicros: 7_000, onSale: true } }, documented: documentedPriceTable(), markup: 1.2 });
  book.setPublished([{ model: 'gpt-image-1', perCallMicros: 40_000, endpointTypes: ['image-generation'] }, { model: 'op-img', perCallMicros: 1 }, { model: 'alpha-image-2', perCallMicros: 20_000 }], 0);
  book.setAdminSettings([{ scopeRef: 'discord:1', model: 'gpt-image-1', kind: null, price: { unit: 'image', unitMicros: 50_000 } }]);
  it('admin > operator file > gateway (× markup) > documented, per community', () => {
    expect(book.entry('gpt-image-1', 'discord:1')).toMatchObject({ kind: 'image', priceSource: 'admin', price: { unitMicros: 50_000 } });
    expect(book.entry('gpt-image-1', 'discord:2')).toMatchObject({ kindSource: 'gateway', priceSource: 'gateway', price: { unitMicros: 48_000 } });
    expect(book.entry('op-img', undefined)).toMatchObject({ priceSource: 'operator', price: { unitMicros: 7_000 } });
    expect(book.entry('alpha-image-2', undefined)).toMatchObject({ priceSource: 'gateway', price: { unitMicros: 24_000 } });
    expect(book.entry('beta-edit-max', undefined)).toMatchObject({ priceSource: 'documented', price: { onSale: false } });
    expect(book.entry('veo-3', undefined)).toEqual({ id: 'veo-3', kind: 'video', kindSource: 'id' });
  });
  it('chooses the first priced model of a kind in list order, or the configured one; warns about unlisted ones', () => {
    const list = [{ id: 'veo-3' }, { id: 'gpt-image-1' }, { id: 'alpha-image-2' }];
    const entry = (m: { id: string }) => book.entry(m.id, undefined, m);
    expect(chooseDefault('image', {}, list, entry)).toEqual({ ok: true, model: 'gpt-image-1', how: 'first_priced' });
    expect(chooseDefault('video', {}, list, entry)).toMatchObject({ ok: false, failure: { code: 'no_default_model' } });
    expect(chooseDefault('image', { imageModel: 'gpt-image-2' }, list, entry)).toMatchObject({ ok: false, failure: { code: 'default_model_missing', details: { variable: 'DEFAULT_IMAGE_MODEL', suggestions: ['gpt-image-1', 'alpha-image-2'] } } });
    expect(defaultModelWarnings({ textModel: 'gpt-4o' }, [list])[0]).toMatch(/^DEFAULT_TEXT_MODEL=gpt-4o is not a model this gateway lists; closest listed: /);
    expect(defaultModelWarnings({ textModel: 'gpt-4o' }, [])).toEqual([]);
  });
});

describe('errors of every dialect', () => {
  const j = (v: unknown) => JSON.stringify(v);
  it.each(['sensitive_words_detected', 'prompt_blocked', 'moderation_blocked', 'content_policy_violation'])('%s is a content refusal', (code) => {
    expect(classifyGatewayError(400, undefined, j({ error: { message: 'no', type: 'new_api_error', code } })).kind).toBe('content_policy');
  });
  it('"Invalid URL" 404s and 501s mean "no such route", never "no such task"; 3xx is a redirect', () => {
    const invalid = j({ error: { message: 'Invalid URL (GET /v1/videos/task_1) (request id: r1)', type: 'invalid_request_error' } });
    expect(classifyGatewayError(404, undefined, invalid, { endpoint: 'task' }).kind).toBe('not_supported');
    expect(classifyGatewayError(404, undefined, invalid, { endpoint: 'content' }).kind).toBe('not_supported');
    expect(classifyGatewayError(501, undefined, j({ error: { message: 'API not implemented', type: 'one_api_error', code: 'api_not_implemented' } })).kind).toBe('not_supported');
    expect(classifyGatewayError(301, { location: '/console' }, '<a href="/console">Moved</a>')).toMatchObject({ kind: 'redirect', message: 'the API answered with a redirect (HTTP 301)' });
    expect(classifyGatewayError(404, undefined, j({ code: 'task_not_exist', message: 'task_not_exist', data: null }), { endpoint: 'task' }).kind).toBe('task_not_found');
  });
});

describe('download address policy', () => {
  const dns = (map: Record<string, string[]>) => async (h: string) => map[h] ?? [];
  it('classifies addresses', () => {
    expect(addressClass('169.254.169.254')).toBe('link_local');
    expect(addressClass('10.1.2.3')).toBe('private');
    expect(addressClass('::ffff:127.0.0.1')).toBe('loopback');
    expect(addressClass('fd00::1')).toBe('private');
    expect(addressClass('8.8.8.8')).toBe('public');
  });
  it('allows the gateway origin and public hosts; refuses loopback, private, link-local and metadata unless the gateway is there', async () => {
    const base = 'https://gw.example.com';
    const resolve = dns({ 'gw.example.com': ['203.0.113.5'], 'cdn.example.net': ['198.51.100.7'], 'evil.example': ['127.0.0.1'] });
    expect(await downloadAllowed('https://gw.example.com/v1/videos/x/content', base, resolve)).toBe(true);
    expect(await downloadAllowed('https://cdn.example.net/v.mp4?sig=1', base, resolve)).toBe(true);
    expect(await downloadAllowed('http://169.254.169.254/latest/meta-data', base, resolve)).toBe(false);
    expect(await downloadAllowed('http://10.0.0.8/v.mp4', base, resolve)).toBe(false);
    expect(await downloadAllowed('http://localhost:3000/v.mp4', base, resolve)).toBe(false);
    expect(await downloadAllowed('https://evil.example/v.mp4', base, resolve)).toBe(false);
    expect(await downloadAllowed('file:///etc/passwd', base, resolve)).toBe(false);
    expect(await downloadAllowed('http://127.0.0.1:9/v.mp4', 'http://127.0.0.1:8080', resolve)).toBe(true);
    expect(await downloadAllowed('http://10.0.0.8/v.mp4', 'http://10.0.0.2:3000', resolve)).toBe(true);
  });
});

describe('low-balance warning', () => {
  it('warns when the balance is below what the budgets allow', () => {
    expect(shouldWarnLowBalance({ balanceMicros: 4_000_000, allowedMicros: 5_000_000 })).toBe(true);
    expect(shouldWarnLowBalance({ balanceMicros: 6_000_000, allowedMicros: 5_000_000 })).toBe(false);
    expect(shouldWarnLowBalance({ balanceMicros: null, allowedMicros: 5_000_000 })).toBe(false);
    expect(shouldWarnLowBalance({ balanceMicros: 0, allowedMicros: null })).toBe(true);
    expect(shouldWarnLowBalance({ balanceMicros: 10, allowedMicros: null })).toBe(false);
  });
});
