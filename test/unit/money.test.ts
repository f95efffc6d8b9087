import { describe, expect, it } from 'vitest';
import { formatUsd, MoneyError, parseSignedUsd, parseUsd } from '../../src/core/money.js';

describe('parseUsd', () => {
  it.each([
    ['$0.01', 10_000],
    ['0.025', 25_000],
    ['1.5', 1_500_000],
    ['2', 2_000_000],
    [' $2 ', 2_000_000],
    ['.5', 500_000],
    ['0', 0],
    ['0.000001', 1],
    ['100000', 100_000_000_000],
    ['007.10', 7_100_000],
  ])('accepts %s', (text, micros) => expect(parseUsd(text)).toBe(micros));

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['-1', 'negative'],
    ['$-1', 'negative'],
    ['+1', 'format'],
    ['abc', 'format'],
    ['NaN', 'format'],
    ['Infinity', 'format'],
    ['.', 'format'],
    ['1.2.3', 'format'],
    ['1,000', 'comma'],
    ['0,5', 'comma'],
    ['1e9', 'exponent'],
    ['1E2', 'exponent'],
    ['0.0000001', 'too_precise'],
    ['100000.000001', 'too_large'],
    ['1000000', 'too_large'],
    ['99999999999999999999999', 'too_large'],
    ['$$1', 'format'],
    ['1 USD', 'format'],
  ])('refuses %j (%s) with a readable message', (text, reason) => {
    let err: unknown;
    try {
      parseUsd(text);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(MoneyError);
    expect((err as MoneyError).reason).toBe(reason);
    expect((err as MoneyError).message).toContain('Amounts are in US dollars with at most 6 decimals, e.g. 0.50 or $2');
  });
});

describe('parseSignedUsd', () => {
  it.each([
    ['+1', 1_000_000],
    ['-0.50', -500_000],
    ['-$2', -2_000_000],
    ['$-2', -2_000_000],
    ['3', 3_000_000],
    ['-0', 0],
  ])('accepts %s', (text, micros) => expect(parseSignedUsd(text)).toBe(micros));
  it.each(['', '--1', '+-1', '-1e3', '-1,5', '-0.0000001', '-100001', '$-$1'])('refuses %j', (text) => {
    expect(() => parseSignedUsd(text)).toThrow(MoneyError);
  });
});

describe('formatUsd', () => {
  it.each([
    [0, '$0'],
    [10_000, '$0.01'],
    [25_000, '$0.025'],
    [1_500_000, '$1.50'],
    [2_000_000, '$2.00'],
    [1, '$0.000001'],
    [123_456_789, '$123.456789'],
    [-500_000, '-$0.50'],
  ])('formats %d as %s', (m, text) => expect(formatUsd(m)).toBe(text));
  it('round-trips through parseUsd', () => {
    for (const m of [1, 10, 999, 10_000, 25_000, 1_500_000, 100_000_000_000]) expect(parseUsd(formatUsd(m))).toBe(m);
  });
  it('refuses non-integers', () => expect(() => formatUsd(0.5)).toThrow(RangeError));
});
