import { describe, expect, it } from 'vitest';
import { PriceBook } from '../../src/core/catalog/price-book.js';

describe('PRICE_MARKUP in integers: exactly the marked-up price, rounded up to the next micro-dollar only when it is not whole', () => {
  // [markup, published micro-dollars, expected]
  const table: [number, number, number][] = [
    [1.1, 50_000, 55_000], // 1.1 × $0.05 was $0.055001 in floating point
    [1.1, 10_000, 11_000],
    [1.1, 3, 4], // 3.3 → 4
    [1.15, 20_000, 23_000],
    [1.2, 7_000, 8_400],
    [1.3, 30_000, 39_000],
    [1.7, 100_000, 170_000],
    [2.01, 40_000, 80_400],
    [3.33, 3_000, 9_990],
    [1.000001, 1_000_000, 1_000_001],
    [1.000001, 999_999, 1_000_000], // 999,999.999999 → up
    [1, 12_345, 12_345],
    [100, 9_007_199_254, 900_719_925_400],
  ];
  for (const [markup, published, expected] of table) {
    it(`× ${markup} on ${published} µ$ = ${expected} µ$`, () => {
      const book = new PriceBook({ operator: {}, markup });
      book.setPublished([{ model: 'img', endpointTypes: ['image-generation'], perCallMicros: published }], 0);
      expect(book.entry('img', undefined).price?.unitMicros).toBe(expected);
    });
  }
});

describe('the cost floor of an admin price while the operator\'s token pays', () => {
  const book = new PriceBook({ operator: { 'op-img': { kind: 'image', unit: 'image', unitMicros: 7_000, onSale: true } }, markup: 1.5 });
  book.setPublished(
    [
      { model: 'img', endpointTypes: ['image-generation'], perCallMicros: 10_000 },
      { model: 'chat', endpointTypes: ['openai'], inputPer1kMicros: 500, outputPer1kMicros: 1_500 },
    ],
    0,
  );
  const admin = (model: string, unit: 'image' | 'second' | '1k_tokens', unitMicros: number, setByOwner = false) => ({ scopeRef: 'telegram:-1', model, kind: null, price: { unit, unitMicros }, setByOwner });

  it('is the gateway\'s price without markup; for text the higher of prompt and completion; else the operator\'s table', () => {
    expect(book.costFloor('img', 'image')).toEqual({ unit: 'image', unitMicros: 10_000 });
    expect(book.costFloor('chat', 'text')).toEqual({ unit: '1k_tokens', unitMicros: 1_500 });
    expect(book.costFloor('op-img', 'image')).toEqual({ unit: 'image', unitMicros: 7_000 });
    expect(book.costFloor('nobody-knows', 'image')).toBeUndefined();
  });

  it('an admin price below it, in another unit, or for an unknown cost does not apply on the operator\'s token; it does on the community\'s own', () => {
    book.setAdminSettings([admin('img', 'image', 1), admin('chat', '1k_tokens', 1_000), admin('op-img', 'second', 50_000), admin('nobody-knows', 'image', 5)]);
    expect(book.entry('img', 'telegram:-1').price?.unitMicros).toBe(15_000);
    expect(book.entry('img', 'telegram:-1').priceSource).toBe('gateway');
    expect(book.entry('chat', 'telegram:-1').priceSource).toBe('gateway');
    expect(book.entry('op-img', 'telegram:-1').priceSource).toBe('operator');
    expect(book.entry('nobody-knows', 'telegram:-1').price).toBeUndefined();
    for (const m of ['img', 'chat', 'op-img', 'nobody-knows']) expect(book.entry(m, 'telegram:-1', undefined, 'own').priceSource).toBe('admin');
  });

  it('an admin price at or above it applies; an owner\'s applies whatever it is', () => {
    book.setAdminSettings([admin('img', 'image', 10_000), admin('chat', '1k_tokens', 1_500), admin('op-img', 'image', 1, true)]);
    expect(book.entry('img', 'telegram:-1')).toMatchObject({ priceSource: 'admin', price: { unitMicros: 10_000 } });
    expect(book.entry('chat', 'telegram:-1')).toMatchObject({ priceSource: 'admin', price: { unitMicros: 1_500 } });
    expect(book.entry('op-img', 'telegram:-1')).toMatchObject({ priceSource: 'admin', price: { unitMicros: 1 } });
  });
});
