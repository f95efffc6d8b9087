import { describe, expect, it } from 'vitest';
import { mergePriceFile } from '../../src/core/pricing.js';
import { deadlineFor, gatewayCall, KNOWN_SLOW_MODELS } from '../../src/core/use-cases/gateway-call.js';

describe('per-model deadlines', () => {
  const config = { kinds: { image: 200_000 }, models: { 'flux-pro': 500_000 } };

  it('GATEWAY_DEADLINES for the model, then the price file, then the known slow models, then the kind, else the client', () => {
    expect(deadlineFor(config, 'image', 'flux-pro', 90_000)).toBe(500_000);
    expect(deadlineFor(config, 'image', 'gpt-image-2', 90_000)).toBe(90_000);
    expect(deadlineFor(config, 'image', 'gpt-image-2')).toBe(KNOWN_SLOW_MODELS['gpt-image-2']);
    expect(KNOWN_SLOW_MODELS['gpt-image-2']).toBeGreaterThan(2 * 126_000); // one retry of a 126 s image fits
    expect(deadlineFor(config, 'image', 'alpha-image-2')).toBe(200_000);
    expect(deadlineFor(config, 'video', 'veo-3.1')).toBeUndefined();
    expect(deadlineFor(undefined, 'text', 'gpt-5.2')).toBeUndefined();
  });

  it('PRICES_FILE takes deadlineSeconds per model', () => {
    const t = mergePriceFile({}, { models: { 'gpt-image-2': { kind: 'image', usd: '0.2', deadlineSeconds: 600 }, 'x-video': { kind: 'video', usd: '0.1' } } });
    expect(t['gpt-image-2']?.deadlineMs).toBe(600_000);
    expect(t['x-video']?.deadlineMs).toBeUndefined();
    expect(() => mergePriceFile({}, { models: { m: { kind: 'image', usd: '0.1', deadlineSeconds: 0 } } })).toThrow(/deadlineSeconds/);
  });

  it('gatewayCall passes the deadline and tells waiting, working and previews', async () => {
    const told: string[] = [];
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');
    const out = await gatewayCall(
      { onWaiting: (a) => told.push(`wait ${a}`), onWorking: (ms) => told.push(`work ${ms}`), onPreview: (img, i) => told.push(`preview ${i} ${img.length}`) },
      { kind: 'image', model: 'flux-pro', deadlines: config },
      async (o) => {
        expect(o.timeoutMs).toBe(500_000);
        o.onWaiting?.({ waiting: true, ahead: 2, waitedMs: 10 });
        o.onWaiting?.({ waiting: false, waitedMs: 20 });
        o.onPartialImage?.({ b64: png.toString('base64'), index: 0 });
        o.onPartialImage?.({ b64: Buffer.from('not an image').toString('base64'), index: 1 }); // not shown
        return 'done';
      },
    );
    expect(out).toBe('done');
    expect(told).toEqual(['wait 2', 'work 0', `preview 0 ${png.length}`]);
  });
});
