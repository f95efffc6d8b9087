/**
 * The simulator's new-api concurrency gate and violation fee, over plain HTTP: the real codes and bodies, the lease
 * held for the whole request, nothing billed behind a refusal, and the fee billed after a violation-fee refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATE_PRESET, startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';

describe('simulator: concurrency gate and violation fees', () => {
  let sim: SimulatorHandle;
  const post = (token: string, prompt: string) =>
    fetch(`${sim.baseUrl}/v1/images/generations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'alpha-image-2', prompt }),
    });

  beforeAll(async () => {
    sim = await startSimulator({ ...GATE_PRESET, imageDelayMs: 400 });
  });
  afterAll(() => sim?.close());

  it('lets 2 requests of a token in at once; the third gets 429 token_concurrency_limit_reached and is not billed', async () => {
    const spent = sim.spentMicros(sim.tokens.media);
    const [a, b] = [post(sim.tokens.media, 'one'), post(sim.tokens.media, 'two')];
    await new Promise((r) => setTimeout(r, 100));
    expect(sim.gate.active(sim.tokens.media)).toBe(2);
    const third = await post(sim.tokens.media, 'three');
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBeNull();
    const body = (await third.json()) as { error: { message: string; type: string; code: string } };
    expect(body.error).toMatchObject({ type: 'new_api_error', code: 'token_concurrency_limit_reached' });
    expect(body.error.message).toMatch(/^token_concurrency_limit_reached \(request id: \w+\)$/);
    // Another token has its own slots.
    expect((await post(sim.tokens.text, 'other token')).status).not.toBe(429);
    expect((await a).status).toBe(200);
    expect((await b).status).toBe(200);
    expect(sim.gate.active(sim.tokens.media)).toBe(0); // leases end with their answers
    expect(sim.spentMicros(sim.tokens.media) - spent).toBe(2 * 10_000);
  });

  it('answers 503 token_concurrency_unavailable while its policy cannot be read; slots occupied by others count', async () => {
    sim.gate.setUnavailable(true);
    const r = await post(sim.tokens.media, 'x');
    expect(r.status).toBe(503);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe('token_concurrency_unavailable');
    sim.gate.setUnavailable(false);
    sim.gate.occupy(sim.tokens.media, 2, 300);
    expect((await post(sim.tokens.media, 'y')).status).toBe(429);
    await new Promise((res) => setTimeout(res, 350));
    expect((await post(sim.tokens.media, 'z')).status).toBe(200);
  });

  it('a violation_fee refusal: 400 with the code in code and type, the fee billed and recorded', async () => {
    const spent = sim.spentMicros(sim.tokens.media);
    const r = await post(sim.tokens.media, 'bad [[fault:violation_fee]]');
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: { code: string; type: string } }).error).toMatchObject({ code: 'violation_fee.grok.csam', type: 'violation_fee.grok.csam' });
    expect(sim.spentMicros(sim.tokens.media) - spent).toBe(GATE_PRESET.violationFeeMicros);
    expect(sim.fees(sim.tokens.media)).toEqual([expect.objectContaining({ code: 'violation_fee.grok.csam', micros: 50_000, model: 'alpha-image-2' })]);
  });
});
