import { describe, expect, it } from 'vitest';
import { PriceBook } from '../../src/core/catalog/price-book.js';
import { quoteJobPrice } from '../../src/core/pricing.js';
import { parsePricing } from '../../src/gateway/pricing.js';

const VIDEO = '(u("resolution") == "1080p" ? tier("1080p", u("seconds") * 0.4) : tier("720p", u("seconds") * 0.2)) * (param("generate_audio") == true ? 1.5 : 1)';

function pricingBody(entries: Record<string, unknown>[]): unknown {
  return { success: true, data: entries, group_ratio: { default: 1, vip: 1.25 } };
}

describe('/api/pricing entries billed by expression', () => {
  it('carry the expression, its group ratio and quota unit, and none of the legacy fields', () => {
    const body = pricingBody([
      { model_name: 'veo-3.1', quota_type: 0, model_ratio: 37.5, model_price: 0, billing_mode: 'tiered_expr', billing_expr: VIDEO, enable_groups: ['vip'], supported_endpoint_types: ['openai-video'] },
      { model_name: 'old-video', quota_type: 1, model_price: 0.1, supported_endpoint_types: ['openai-video'] },
      { model_name: 'empty-expr', quota_type: 0, model_ratio: 37.5, billing_mode: 'tiered_expr', billing_expr: '' },
    ]);
    const [veo, old, empty] = parsePricing(body, 1_000_000)!;
    expect(veo).toEqual({ model: 'veo-3.1', endpointTypes: ['openai-video'], expression: { source: VIDEO, groupRatio: 1.25, quotaPerUnit: 1_000_000 } });
    expect(old).toMatchObject({ model: 'old-video', perCallMicros: 100_000 });
    // Billed by an expression it did not publish: no price, not the legacy ratio.
    expect(empty).toEqual({ model: 'empty-expr' });
  });

  it('the price book quotes jobs through the expression, with the group ratio and markup', () => {
    const book = new PriceBook({ operator: {}, markup: 1.1 });
    book.setPublished(parsePricing(pricingBody([{ model_name: 'veo-3.1', billing_mode: 'tiered_expr', billing_expr: VIDEO, enable_groups: ['vip'], supported_endpoint_types: ['openai-video'] }]), 500_000)!, 0);
    const e = book.entry('veo-3.1', undefined);
    expect(e).toMatchObject({ kind: 'video', priceSource: 'gateway', price: { unit: 'second' } });
    // 5 s at 1080p: $2.00 × 1.25 (group) = $2.50, × 1.1 markup = $2.75.
    expect(quoteJobPrice(e.price!, { kind: 'video', seconds: 5, size: '1920x1080' })).toEqual({ ok: true, micros: 2_750_000, exact: true, tier: '1080p' });
    expect(quoteJobPrice(e.price!, { kind: 'video', seconds: 5, size: '1280x720', audio: true })).toMatchObject({ micros: 2_062_500 }); // 1.1 × $1.875 in integers (a float product would read $2.062501)
  });

  it('a refused expression leaves the model without a gateway price (never the legacy fields, never a guess)', () => {
    const book = new PriceBook({ operator: {} });
    const hostile = '('.repeat(3_000) + '1' + ')'.repeat(3_000);
    book.setPublished(
      parsePricing(pricingBody([
        { model_name: 'weird', quota_type: 1, model_price: 0.01, billing_mode: 'tiered_expr', billing_expr: 'surge() * 2', supported_endpoint_types: ['image-generation'] },
        { model_name: 'deep', quota_type: 1, model_price: 0.01, billing_mode: 'tiered_expr', billing_expr: hostile, supported_endpoint_types: ['image-generation'] },
        { model_name: 'tokens', billing_mode: 'tiered_expr', billing_expr: 'tier("base", u("tokens") * 0.001)', supported_endpoint_types: ['openai-video'] },
      ]), 500_000)!,
      0,
    );
    for (const m of ['weird', 'deep', 'tokens']) expect(book.entry(m, undefined).price, m).toBeUndefined();
  });
});
