import { readFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attachment } from '../../src/core/api/actor.js';
import type { ModelPrice } from '../../src/core/pricing.js';
import { simulatorPriceTable } from '../../src/simulator/index.js';
import { encodePng } from '../../src/simulator/png.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, ledgerOfJob, openHolds } from '../support/ledger.js';

let t: TestStack;
let png: Attachment;

/** Asserts the invariant of every test here: the ledger's net charge equals what the simulator billed the operator token. */
async function expectLedgerMatchesGateway(): Promise<void> {
  expect(await ledgerNetCharged(t.store, 'operator')).toBe(t.sim.spentMicros(t.sim.tokens.media));
  expect(await openHolds(t.store)).toBe(0);
}

beforeAll(async () => {
  const prices: Record<string, ModelPrice> = { ...simulatorPriceTable() };
  delete prices['zeta-sketch'];
  t = await createTestStack({ priceTable: prices, env: { DEFAULT_ALLOWANCE: '5' }, sim: { unpublished: ['zeta-sketch'] } });
  png = { name: 'ref.png', bytes: new Uint8Array(await encodePng(64, 48, { r: 10, g: 200, b: 30 })) };
});
afterAll(() => t?.close());

describe('imagine', () => {
  it('charges exactly $0.01 for alpha-image-2, and the gateway billed the same', async () => {
    const before = t.sim.spentMicros(t.sim.tokens.media);
    const r = await t.core.imagine({ ...t.actor(), prompt: 'a red fox' });
    if (!r.ok) throw new Error(r.failure.code);
    expect(r.value.costMicros).toBe(10_000);
    expect(r.value.images).toHaveLength(1);
    expect(r.value.images[0]!.mime).toBe('image/png');
    expect(r.value.images[0]!.width).toBe(1024);
    expect(r.value.remainingMicros).toBe(5_000_000 - 10_000);
    expect(t.sim.spentMicros(t.sim.tokens.media) - before).toBe(10_000);
    expect(await ledgerOfJob(t.store, r.value.jobId)).toEqual([
      { kind: 'hold', amount: 10_000 },
      { kind: 'charge', amount: 10_000 },
    ]);
    const view = await t.core.job(t.actor(), r.value.jobId);
    expect(view.ok && view.value.status).toBe('succeeded');
    expect(view.ok && view.value.outputs?.[0]?.mime).toBe('image/png');
    await expectLedgerMatchesGateway();
  });

  it('makes several images with a size from the aspect and charges per image', async () => {
    const r = await t.core.imagine({ ...t.actor(), prompt: 'two birds', count: 2, aspect: '16:9' });
    if (!r.ok) throw new Error(r.failure.code);
    expect(r.value.images).toHaveLength(2);
    expect(r.value.size).toBe('1344x768');
    expect(r.value.costMicros).toBe(20_000);
    const last = t.sim.requests().at(-1)!;
    expect(last.size).toBe('1344x768');
    await expectLedgerMatchesGateway();
  });

  it('reports the queue position through hooks and starts', async () => {
    const seen: string[] = [];
    const r = await t.core.imagine({ ...t.actor({ user: 'hooks' }), prompt: 'hooked' }, { onStarted: () => seen.push('started') });
    expect(r.ok).toBe(true);
    expect(seen).toEqual(['started']);
  });
});

describe('edit', () => {
  it.each([1, 3])('sends %i reference image(s) as that many parts', async (n) => {
    t.sim.clearRequests();
    const r = await t.core.edit({ ...t.actor(), prompt: 'make it blue', images: Array.from({ length: n }, (_, i) => ({ ...png, name: `r${i}.png` })) });
    if (!r.ok) throw new Error(r.failure.code);
    const edits = t.sim.requests().filter((q) => q.endpoint === 'edit');
    expect(edits).toHaveLength(1);
    expect(edits[0]!.imageParts).toBe(n);
    expect(r.value.costMicros).toBe(10_000);
    await expectLedgerMatchesGateway();
  });

  it('keeps the reference images of an edit for Reroll, apart from its results', async () => {
    const second = { name: 'other.png', bytes: new Uint8Array(await encodePng(32, 32, { r: 1, g: 2, b: 3 })) };
    const r = await t.core.edit({ ...t.actor(), prompt: 'make it blue', images: [png, second] });
    if (!r.ok) throw new Error(r.failure.code);
    const req = await t.core.jobRequest(t.actor(), r.value.jobId);
    if (!req.ok) throw new Error(req.failure.code);
    expect(req.value.kind).toBe('edit');
    expect(req.value.references?.map((f) => [f.filename, f.mime, f.bytes])).toEqual([
      ['ref-1.png', 'image/png', png.bytes.byteLength],
      ['ref-2.png', 'image/png', second.bytes.byteLength],
    ]);
    expect(new Uint8Array(await readFile(req.value.references![1]!.path))).toEqual(second.bytes);
    expect(req.value.outputs?.map((o) => o.filename)).toEqual([`${r.value.jobId}-1.png`]);
    const view = await t.core.job(t.actor(), r.value.jobId);
    expect(view.ok && view.value.outputs?.map((o) => o.filename)).toEqual([`${r.value.jobId}-1.png`]);
    const rec = await t.app.jobs.get(r.value.jobId);
    expect(rec?.outputPath?.endsWith(`${r.value.jobId}-1.png`)).toBe(true);

    const again = await t.core.edit({ ...t.actor(), prompt: req.value.prompt, model: req.value.model, images: req.value.references!.map((f) => ({ name: f.filename, bytes: new Uint8Array(readFileSync(f.path)) })) });
    expect(again.ok).toBe(true);

    await rm(req.value.references![0]!.path);
    const partial = await t.core.jobRequest(t.actor(), r.value.jobId);
    expect(partial.ok && partial.value.references).toBeUndefined();

    const made = await t.core.imagine({ ...t.actor(), prompt: 'no references here' });
    if (!made.ok) throw new Error(made.failure.code);
    const plain = await t.core.jobRequest(t.actor(), made.value.jobId);
    expect(plain.ok && plain.value.references).toBeUndefined();
    await expectLedgerMatchesGateway();
  });

  it('refuses 4 images, a too large one and a PDF before anything is sent or held', async () => {
    t.sim.clearRequests();
    const a = t.actor();
    const four = await t.core.edit({ ...a, prompt: 'x', images: [png, png, png, png] });
    expect(!four.ok && four.failure.code).toBe('attachment_too_many');
    expect(!four.ok && four.failure.details).toEqual({ max: 3, got: 4 });
    const big = await t.core.edit({ ...a, prompt: 'x', images: [{ name: 'big.png', bytes: new Uint8Array(8 * 1024 * 1024 + 1) }] });
    expect(!big.ok && big.failure.code).toBe('attachment_too_large');
    const pdf = await t.core.edit({ ...a, prompt: 'x', images: [{ name: 'doc.png', bytes: new TextEncoder().encode('%PDF-1.7 hello') }] });
    expect(!pdf.ok && pdf.failure.code).toBe('attachment_not_image');
    const none = await t.core.edit({ ...a, prompt: 'x', images: [] });
    expect(!none.ok && none.failure.code).toBe('attachment_missing');
    expect(t.sim.requests().filter((q) => q.endpoint === 'edit')).toHaveLength(0);
    for (const r of [four, big, pdf, none]) expect(!r.ok && r.failure.money).toBe('none');
    await expectLedgerMatchesGateway();
  });
});

describe('model and input validation (nothing held, nothing sent)', () => {
  it('an unknown model suggests the closest listed id', async () => {
    const r = await t.core.imagine({ ...t.actor(), prompt: 'x', model: 'alpha-imag-2' });
    expect(!r.ok && r.failure.code).toBe('model_unknown');
    expect(!r.ok && r.failure.details).toEqual({ model: 'alpha-imag-2', suggestion: 'alpha-image-2' });
    expect(t.core.explain(r.ok ? (undefined as never) : r.failure)).toMatch(/alpha-image-2.*\nReference [A-Z2-7]{6}: [^\n]+$/);
  });

  it('refuses a model not on sale, an unpriced listed model and a video model', async () => {
    const a = t.actor();
    const off = await t.core.imagine({ ...a, prompt: 'x', model: 'beta-edit-max' });
    expect(!off.ok && off.failure.code).toBe('model_not_on_sale');
    const unpriced = await t.core.imagine({ ...a, prompt: 'x', model: 'zeta-sketch' });
    expect(!unpriced.ok && unpriced.failure.code).toBe('model_unpriced');
    const kind = await t.core.imagine({ ...a, prompt: 'x', model: 'gamma-video-1' });
    expect(!kind.ok && kind.failure.code).toBe('model_wrong_kind');
    expect(!kind.ok && kind.failure.details).toEqual({ model: 'gamma-video-1', expected: 'image' });
  });

  it('refuses a bad size, an empty prompt and a bad count', async () => {
    const a = t.actor();
    const size = await t.core.imagine({ ...a, prompt: 'x', size: '4000x4000' });
    expect(!size.ok && size.failure.code).toBe('bad_size');
    const empty = await t.core.imagine({ ...a, prompt: '   ' });
    expect(!empty.ok && empty.failure.code).toBe('prompt_empty');
    const count = await t.core.imagine({ ...a, prompt: 'x', count: 9 });
    expect(!count.ok && count.failure.code).toBe('bad_count');
    await expectLedgerMatchesGateway();
  });

  it('refuses content the gateway blocks and releases the hold', async () => {
    const r = await t.core.imagine({ ...t.actor(), prompt: 'forbidden [[fault:content_policy]]' });
    expect(!r.ok && r.failure.code).toBe('content_refused');
    expect(!r.ok && r.failure.money).toBe('released');
    await expectLedgerMatchesGateway();
  });
});

describe('tokens', () => {
  it('a personal token of the text group gets no_channel for an image model, before any hold', async () => {
    const a = t.actor({ user: 'texter' });
    const linked = await t.core.linkToken(a, t.sim.tokens.text, true);
    expect(linked.ok && linked.value.text).not.toContain(t.sim.tokens.text);
    const r = await t.core.imagine({ ...a, prompt: 'x', model: 'alpha-image-2' });
    expect(!r.ok && r.failure.code).toBe('no_channel');
    expect(await ledgerNetCharged(t.store, 'personal')).toBe(0);
    expect(t.logs()).not.toContain(t.sim.tokens.text);
  });

  it('a personal token with no balance gets quota_exhausted, with the hold released', async () => {
    const a = t.actor({ user: 'poor' });
    expect((await t.core.linkToken(a, t.sim.tokens.poor, true)).ok).toBe(true);
    const r = await t.core.imagine({ ...a, prompt: 'x' });
    expect(!r.ok && r.failure.code).toBe('quota_exhausted');
    expect(!r.ok && r.failure.money).toBe('released');
    expect(t.sim.spentMicros(t.sim.tokens.poor)).toBe(0);
    expect(await ledgerNetCharged(t.store, 'personal')).toBe(0);
    expect(await openHolds(t.store)).toBe(0);
  });

  it('an invalid token is refused at link time and nothing is stored', async () => {
    const a = t.actor({ user: 'linker' });
    const r = await t.core.linkToken(a, t.sim.tokens.invalid, true);
    expect(!r.ok && r.failure.code).toBe('token_rejected');
    const b = await t.core.balance(a);
    expect(b.tokenSource).toBe('operator');
    expect(t.logs()).not.toContain(t.sim.tokens.invalid);
  });
});

describe('without a usable operator token', () => {
  it('no token at all → no_token; an invalid operator token → token_rejected', async () => {
    const none = await createTestStack({ operatorToken: null, startPoller: false });
    const bad = await createTestStack({ startPoller: false, operatorToken: (sim) => sim.tokens.invalid });
    try {
      const r = await none.core.imagine({ ...none.actor(), prompt: 'x' });
      expect(!r.ok && r.failure.code).toBe('no_token');
      // Only the public pricing pages were read (at start); nothing with a token.
      expect(none.sim.requests().filter((q) => q.endpoint !== 'pricing' && q.endpoint !== 'status')).toHaveLength(0);
      const r2 = await bad.core.imagine({ ...bad.actor(), prompt: 'x' });
      expect(!r2.ok && r2.failure.code).toBe('token_rejected');
      expect(!r2.ok && r2.failure.details).toEqual({ source: 'operator' });
      expect(await ledgerNetCharged(bad.store)).toBe(0);
    } finally {
      await none.close();
      await bad.close();
    }
  });
});
