import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentedPriceTable, estimate, loadPriceTable, mergePriceFile, PriceFileError } from '../../src/core/pricing.js';
import { simulatorPriceTable } from '../../src/simulator/index.js';

const table = simulatorPriceTable();

describe("the simulator's price table (the old built-in one, now the simulator's)", () => {
  it('matches the simulator catalogue', () => {
    expect(table['alpha-image-2']).toMatchObject({ kind: 'image', unit: 'image', unitMicros: 10_000, onSale: true, maxReferenceImages: 3, maxReferenceBytes: 8 * 1024 * 1024, maxSide: 1536 });
    expect(table['beta-edit-max']).toMatchObject({ unitMicros: 25_000, onSale: false, maxReferenceImages: 1 });
    expect(table['epsilon-image-4k']).toMatchObject({ unitMicros: 50_000, maxSide: 4096 });
    expect(table['gamma-video-1-pro']).toMatchObject({ kind: 'video', unit: 'second', unitMicros: 100_000 });
    expect(table['text-chat-pro']).toMatchObject({ kind: 'text', unit: '1k_tokens', unitMicros: 2_000 });
    expect(Object.values(table).filter((p) => p.kind === 'image')).toHaveLength(9);
    expect(Object.values(table).filter((p) => p.kind === 'video')).toHaveLength(5);
  });
});

describe('estimate', () => {
  it('prices images, seconds and tokens', () => {
    expect(estimate(table, 'alpha-image-2', { images: 2 })).toMatchObject({ ok: true, micros: 20_000, units: 2 });
    expect(estimate(table, 'alpha-image-2')).toMatchObject({ ok: true, micros: 10_000 });
    expect(estimate(table, 'kappa-video-hd', { seconds: 8 })).toMatchObject({ ok: true, micros: 640_000, unit: 'second' });
    expect(estimate(table, 'text-chat-mini', { tokens: 1001 })).toMatchObject({ ok: true, micros: 4_000, units: 2 });
  });
  it('refuses unknown and not-on-sale models', () => {
    expect(estimate(table, 'Alpha-Image-2')).toEqual({ ok: false, reason: 'unpriced', model: 'Alpha-Image-2' });
    expect(estimate(table, 'toString')).toMatchObject({ ok: false, reason: 'unpriced' });
    expect(estimate(table, 'beta-edit-max')).toEqual({ ok: false, reason: 'not_on_sale', model: 'beta-edit-max' });
  });
  it('throws on fractional usage', () => expect(() => estimate(table, 'gamma-video-1', { seconds: 1.5 })).toThrow(RangeError));
});

describe('price file', () => {
  it('overrides and extends', () => {
    const t = mergePriceFile(table, {
      models: { 'alpha-image-2': { kind: 'image', usd: '0.012' }, 'new-video': { kind: 'video', usd: '$0.2', per: 'second' }, 'beta-edit-max': { kind: 'image', usd: '0.025', onSale: true, maxReferenceMB: 4 } },
    });
    expect(t['alpha-image-2']).toMatchObject({ unitMicros: 12_000, maxReferenceImages: 3, maxSide: 1536 });
    expect(t['new-video']).toMatchObject({ kind: 'video', unitMicros: 200_000, onSale: true });
    expect(t['beta-edit-max']).toMatchObject({ onSale: true, maxReferenceImages: 1, maxReferenceBytes: 4 * 1024 * 1024 });
  });
  it.each([
    [{ models: { m1: { kind: 'image', usd: '1,5' } } }, /model "m1", field "usd".*comma/],
    [{ models: { m2: { kind: 'image', usd: 0.01 } } }, /model "m2", field "usd"/],
    [{ models: { m3: { kind: 'video', usd: '0.1', per: 'image' } } }, /model "m3", field "per"/],
    [{ models: { m4: { kind: 'sound', usd: '0.1' } } }, /model "m4", field "kind"/],
    [{ models: { m5: { kind: 'image', usd: '0.1', colour: 'red' } } }, /model "m5"/],
    [{ model: {} }, /Price file/],
  ])('rejects %j', (doc, re) => {
    expect(() => mergePriceFile(table, doc)).toThrow(PriceFileError);
    expect(() => mergePriceFile(table, doc)).toThrow(re);
  });
  it('loads from a file and reports bad JSON', () => {
    const dir = mkdtempSync(join(tmpdir(), 'prices-'));
    writeFileSync(join(dir, 'ok.json'), JSON.stringify({ models: { 'zeta-sketch': { kind: 'image', usd: '0.009' } } }));
    writeFileSync(join(dir, 'bad.json'), '{nope');
    expect(loadPriceTable(join(dir, 'ok.json'))['zeta-sketch']?.unitMicros).toBe(9_000);
    expect(() => loadPriceTable(join(dir, 'bad.json'))).toThrow(/not readable JSON/);
    expect(loadPriceTable(undefined)).toEqual({});
    expect(loadPriceTable(join(dir, 'ok.json'))['alpha-image-2']).toBeUndefined();
  });
});

describe('documented prices', () => {
  it('are only the two models the gateway documents', () => {
    const d = documentedPriceTable();
    expect(Object.keys(d)).toEqual(['alpha-image-2', 'beta-edit-max']);
    expect(d['alpha-image-2']).toMatchObject({ unitMicros: 10_000, onSale: true });
    expect(d['beta-edit-max']).toMatchObject({ unitMicros: 25_000, onSale: false });
  });
});
