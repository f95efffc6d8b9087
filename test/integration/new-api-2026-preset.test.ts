/**
 * The `new-api-2026` simulator preset: a late-2026 new-api deployment (expression prices, 2026 provider ids, no
 * Sora or DALL-E), and the bot against it with no settings: the defaults are 2026 models, a job's charge is the
 * gateway's bill, and no video model offers Remix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_API_2026, SIM_PRESETS } from '../../src/simulator/presets.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, openHolds } from '../support/ledger.js';

describe('the new-api-2026 preset', () => {
  let t: TestStack;

  beforeAll(async () => {
    t = await createTestStack({ sim: SIM_PRESETS['new-api-2026'], startPoller: false, env: { VIDEO_REMIX_MODELS: '', DEFAULT_ALLOWANCE: '5' } });
  });
  afterAll(() => t?.close());

  it('is its lines merged: the new-api dialect with the expression-priced catalogue', () => {
    expect(SIM_PRESETS['new-api-2026']).toEqual(Object.assign({}, ...NEW_API_2026));
    expect(SIM_PRESETS['new-api-2026']).toMatchObject({ flavor: 'new-api', catalogue: 'expr' });
  });

  it('publishes expression prices for 2026 ids, and nothing of Sora or DALL-E', async () => {
    const res = await fetch(`${t.sim.baseUrl}/api/pricing`);
    const body = (await res.json()) as { data: { model_name: string; billing_mode?: string }[] };
    const ids = body.data.map((m) => m.model_name);
    expect(ids).toEqual(expect.arrayContaining(['gpt-image-2', 'veo-3.1', 'gpt-5.2']));
    expect(ids.join(' ')).not.toMatch(/sora|dall-e/);
    expect(body.data.find((m) => m.model_name === 'gpt-image-2')?.billing_mode).toBe('tiered_expr');
  });

  it('the bot uses 2026 defaults, charges the gateway\'s bill, and offers no Remix', async () => {
    const r = await t.core.imagine({ ...t.actor(), prompt: 'a fox' });
    if (!r.ok) throw new Error(r.failure.code);
    expect(r.value.model).toBe('gpt-image-2');
    expect(await ledgerNetCharged(t.store)).toBe(t.sim.spentMicros(t.sim.tokens.media));
    expect(await openHolds(t.store)).toBe(0);
    const report = await t.core.modelsReport(t.actor());
    expect(report.ok && report.value.text).not.toMatch(/sora|dall-e/);
    expect(t.core.remixOffered()).toBe(false);
    expect(t.core.remixOffered('veo-3.1')).toBe(false);
  });
});
