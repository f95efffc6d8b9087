import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryAddress } from '../../src/core/api/actor.js';
import { entryPriceText } from '../../src/core/catalog/model-views.js';
import { quoteJobPrice, type ModelPrice } from '../../src/core/pricing.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, ledgerOfJob, openHolds } from '../support/ledger.js';
import { RecordingDelivery } from '../support/recording-delivery.js';

/**
 * End to end against the simulator's `expr` catalogue (prices published as new-api expressions and billed by them):
 * what the bot holds and charges for a job equals what the gateway bills for it.
 */
let t: TestStack;
const delivery = new RecordingDelivery('console');
const target: DeliveryAddress = { surface: 'console', chatId: 'chat-1', userExternalId: 'u1' };

async function until(jobId: string, statuses: string[], ms = 8000): Promise<string> {
  const end = Date.now() + ms;
  for (;;) {
    const j = await t.app.jobs.get(jobId);
    if (j && statuses.includes(j.status)) return j.status;
    if (Date.now() > end) throw new Error(`job ${jobId} still ${j?.status}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

function priceOf(model: string): ModelPrice {
  const p = t.app.catalog.book.entry(model, undefined).price;
  if (!p) throw new Error(`no price for ${model}`);
  return p;
}

/** What the simulator billed the media token for `call`. */
async function billed(call: () => Promise<Response>): Promise<number> {
  const before = t.sim.spentMicros(t.sim.tokens.media);
  const res = await call();
  expect(res.status).toBe(200);
  await res.arrayBuffer();
  return t.sim.spentMicros(t.sim.tokens.media) - before;
}

function post(path: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(`${t.sim.baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${t.sim.tokens.media}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

beforeAll(async () => {
  t = await createTestStack({ sim: { catalogue: 'expr' }, deliveries: [delivery], env: { DEFAULT_ALLOWANCE: '50' } });
});
afterAll(() => t?.close());

describe('prices published as expressions', () => {
  it('the price book reads tiered_expr entries and ignores their legacy fields', () => {
    const veo = priceOf('veo-3.1');
    expect(veo).toMatchObject({ kind: 'video', unit: 'second', onSale: true });
    expect(veo.expression?.expr.usesUsage).toBe(true);
    // The most one second can cost: 1080p with audio, $0.40 × 1.5.
    expect(veo.unitMicros).toBe(600_000);
    expect(priceOf('gpt-image-2')).toMatchObject({ kind: 'image', unit: 'image', unitMicros: 11_000 });
    // Not the legacy `model_ratio` 37.5 (= $0.075 per 1K): the expression's long tier, $2.50 / $15 per 1M.
    expect(priceOf('gpt-5.2')).toMatchObject({ kind: 'text', unitMicros: 2_500, completionPer1kMicros: 15_000 });
  });

  it('a video priced per second × resolution tier: the hold and the charge are the gateway bill', async () => {
    for (const [size, seconds, expected] of [['1920x1080', 6, 2_400_000], ['1280x720', 5, 1_000_000]] as const) {
      const before = t.sim.spentMicros(t.sim.tokens.media);
      const r = await t.core.startVideo({ ...t.actor(), prompt: 'a wave', model: 'veo-3.1', seconds, size, delivery: target });
      if (!r.ok) throw new Error(r.failure.code);
      expect(r.value.estimateMicros).toBe(expected);
      expect(t.sim.spentMicros(t.sim.tokens.media) - before).toBe(expected);
      expect(await until(r.value.jobId, ['delivered'])).toBe('delivered');
      expect(await ledgerOfJob(t.store, r.value.jobId)).toEqual([
        { kind: 'hold', amount: expected },
        { kind: 'charge', amount: expected },
      ]);
    }
  });

  it('the audio flag: the quote for generate_audio on and off equals the bill', async () => {
    const veo = priceOf('veo-3.1');
    for (const audio of [false, true]) {
      const q = quoteJobPrice(veo, { kind: 'video', seconds: 8, size: '1920x1080', audio });
      expect(q).toMatchObject({ ok: true, exact: true });
      const bill = await billed(() => post('/v1/videos', { model: 'veo-3.1', prompt: 'waves', seconds: '8', size: '1920x1080', generate_audio: audio }));
      expect(q.ok && q.micros).toBe(bill);
      expect(bill).toBe(audio ? 4_800_000 : 3_200_000);
    }
  });

  it('gpt-image-2 priced per quality: the quote equals the bill for each quality, and an imagine job is charged what was billed', async () => {
    const img = priceOf('gpt-image-2');
    for (const [quality, each] of [['high', 167_000], ['medium', 42_000], ['low', 11_000]] as const) {
      const q = quoteJobPrice(img, { kind: 'image', quality, n: 2 });
      const bill = await billed(() => post('/v1/images/generations', { model: 'gpt-image-2', prompt: 'a cat', quality, n: 2 }));
      expect(q).toMatchObject({ ok: true, exact: true, micros: 2 * each });
      expect(bill).toBe(2 * each);
    }
    const before = t.sim.spentMicros(t.sim.tokens.media);
    const r = await t.core.imagine({ ...t.actor(), prompt: 'a cat', model: 'gpt-image-2', count: 2 });
    if (!r.ok) throw new Error(r.failure.code);
    expect(r.value.costMicros).toBe(22_000);
    expect(t.sim.spentMicros(t.sim.tokens.media) - before).toBe(22_000);
  });

  it('a video whose price depends on an option the bot does not send is held at the maximum', () => {
    const kling = priceOf('kling-v2.1');
    // `mode` is not sent: std ($0.056/s) or pro ($0.098/s); held at pro.
    expect(quoteJobPrice(kling, { kind: 'video', seconds: 10 })).toEqual({ ok: true, micros: 980_000, exact: false, tier: 'pro' });
  });

  it('a text model priced by token tiers: held at the most the expression reaches, charged the gateway bill', async () => {
    const before = t.sim.spentMicros(t.sim.tokens.media);
    const r = await t.core.ask({ ...t.actor(), prompt: 'What is the tallest mountain?', model: 'gpt-5.2' });
    if (!r.ok) throw new Error(r.failure.code);
    const bill = t.sim.spentMicros(t.sim.tokens.media) - before;
    expect(bill).toBeGreaterThan(0);
    expect(r.value.costMicros).toBe(bill);
    const ledger = await ledgerOfJob(t.store, r.value.jobId);
    expect(ledger[0]!.kind).toBe('hold');
    expect(ledger[0]!.amount).toBeGreaterThanOrEqual(bill);
  });

  it('/models and /prices list the price per resolution × audio and per quality', () => {
    const words = (m: string, l = 'en') => entryPriceText(t.app.catalog.book.entry(m, undefined), l);
    expect(words('veo-3.1')).toBe(
      '1080p, without audio: $0.40 / second · 1080p, with audio: $0.60 / second · other resolutions, without audio: $0.20 / second · other resolutions, with audio: $0.30 / second (gateway\'s published price)',
    );
    // Listings show a price to the micro (the gateway's $0.011, $0.167 and $0.042), never rounded to the cent.
    expect(words('gpt-image-2')).toBe("default quality: $0.011 / image · quality high: $0.167 / image · quality medium: $0.042 / image (gateway's published price)");
    // `mode` is not sent: std or pro, listed at the most.
    expect(words('kling-v2.1')).toBe("at most $0.098 / second (gateway's published price)");
    expect(words('veo-3.1', 'ja')).toContain('1080p, 音声あり: $0.60 / 秒');
  });

  it('every charge matches the gateway and no hold is left open', async () => {
    const direct = 3_200_000 + 4_800_000 + 2 * (167_000 + 42_000 + 11_000);
    expect(await ledgerNetCharged(t.store, 'operator')).toBe(t.sim.spentMicros(t.sim.tokens.media) - direct);
    expect(await openHolds(t.store)).toBe(0);
  });
});
