/**
 * Partial image previews through the gateway client, on the simulator's image streaming (`stream: true`,
 * `partial_images`, as new-api relays it): the partials are told as they come, in order, the result is the final
 * image, billed once; a client that asks for no partials gets the plain JSON answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpMediaGateway } from '../../src/gateway/http-media-gateway.js';
import { sniffImage } from '../../src/core/media/sniff.js';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';

describe('image streaming with partial previews', () => {
  let sim: SimulatorHandle;
  let gw: HttpMediaGateway;

  beforeAll(async () => {
    sim = await startSimulator({ catalogue: 'real', imageDelayMs: 600 });
    gw = new HttpMediaGateway({ baseUrl: sim.baseUrl, timeoutMs: 10_000, maxRetries: 0 });
  });
  afterAll(async () => {
    await gw?.close();
    await sim?.close();
  });

  it('tells each partial image as it comes, then returns the final one; billed once', async () => {
    const spent = sim.spentMicros(sim.tokens.media);
    const partials: { index: number; at: number; width: number }[] = [];
    const started = Date.now();
    const res = await gw.generateImage(sim.tokens.media, { model: 'gpt-image-2', prompt: 'a kite', size: '1024x1024', partialImages: 2 }, {
      onPartialImage: (p) => partials.push({ index: p.index, at: Date.now() - started, width: sniffImage(Buffer.from(p.b64, 'base64'))?.width ?? 0 }),
    });
    expect(partials.map((p) => p.index)).toEqual([0, 1]);
    expect(partials.every((p) => p.width > 0 && p.width < 1024)).toBe(true); // rougher pictures than the result
    expect(partials[1]!.at - partials[0]!.at).toBeGreaterThanOrEqual(100); // streamed, not all at the end
    expect(res.images).toHaveLength(1);
    expect(sniffImage(Buffer.from(res.images[0]!.b64!, 'base64'))).toMatchObject({ width: 1024, height: 1024 });
    expect(sim.spentMicros(sim.tokens.media) - spent).toBe(40_000);
  });

  it('a streamed request refused before it starts (403 quota) is that refusal; nothing billed', async () => {
    const spent = sim.spentMicros(sim.tokens.poor);
    await expect(gw.generateImage(sim.tokens.poor, { model: 'gpt-image-2', prompt: 'x', partialImages: 1 })).rejects.toMatchObject({ kind: 'quota' });
    expect(sim.spentMicros(sim.tokens.poor)).toBe(spent);
  });

  it('without partialImages the request is not streamed', async () => {
    const res = await gw.generateImage(sim.tokens.media, { model: 'gpt-image-2', prompt: 'plain' }, { onPartialImage: () => expect.unreachable() });
    expect(res.images).toHaveLength(1);
  });
});
