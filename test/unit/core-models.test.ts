import { describe, expect, it } from 'vitest';
import { ModelListCache, modelCacheKey } from '../../src/core/models/model-list-cache.js';
import { editDistance, normalizeModelId, suggestModel } from '../../src/core/models/suggest.js';
import { ManualClock } from '../../src/core/ports/clock.js';
import type { GatewayModel } from '../../src/core/ports/media-gateway.js';

const CATALOG = ['alpha-image-2', 'alpha-image-2-hd', 'beta-edit-max', 'gamma-video-1', 'gamma-video-1-pro', 'claude-x-4.8', 'text-chat-mini'];

describe('suggestModel', () => {
  it.each([
    ['alpha-imge-2', 'alpha-image-2'],
    ['Alpha_Image.2', 'alpha-image-2'],
    ['alpha image 2', 'alpha-image-2'],
    ['alpha-image-2', 'alpha-image-2'],
    ['gamma-vidoe-1', 'gamma-video-1'],
    ['gama-video-1-pro', 'gamma-video-1-pro'],
    ['claude-x-4-8', 'claude-x-4.8'],
    ['claude-x-4-8-20250101', 'claude-x-4.8'],
    ['beta-edit-mx', 'beta-edit-max'],
    ['text-chat-mino', 'text-chat-mini'],
  ])('%s → %s', (given, expected) => expect(suggestModel(given, CATALOG)).toBe(expected));

  it.each(['dall-e-3', 'zzz', '', '  ', 'omega', 'x'])('%j → nothing', (given) => expect(suggestModel(given, CATALOG)).toBeUndefined());

  it('allows at least distance 2 on short ids and stays undefined on an empty list', () => {
    expect(suggestModel('abx', ['abc'])).toBe('abc');
    expect(suggestModel('xyz', ['abc'])).toBeUndefined();
    expect(suggestModel('alpha-image-2', [])).toBeUndefined();
  });

  it('normalizes and measures', () => {
    expect(normalizeModelId(' A.b__C - d ')).toBe('a-b-c-d');
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });
});

describe('ModelListCache', () => {
  const list = (...ids: string[]): GatewayModel[] => ids.map((id) => ({ id }));
  const deferred = <T>() => {
    let resolve!: (v: T) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };

  it('hashes tokens into keys', () => {
    const k = modelCacheKey('sk-secret-token-123');
    expect(k).toMatch(/^[0-9a-f]{32}$/);
    expect(k).not.toContain('secret');
    expect(modelCacheKey('sk-secret-token-123')).toBe(k);
    expect(modelCacheKey('sk-other')).not.toBe(k);
  });

  it('caches for the TTL, then reloads', async () => {
    const clock = new ManualClock(1_000_000);
    const cache = new ModelListCache({ clock });
    let calls = 0;
    const loader = async () => list(`m${++calls}`);
    expect(cache.peek('k')).toBeUndefined();
    expect(await cache.get('k', loader)).toEqual(list('m1'));
    clock.advance(5 * 60_000 - 1);
    expect(await cache.get('k', loader)).toEqual(list('m1'));
    clock.advance(1);
    expect(await cache.get('k', loader)).toEqual(list('m2'));
    expect(calls).toBe(2);
    expect(cache.peek('k')).toEqual(list('m2'));
  });

  it('shares one load among concurrent callers', async () => {
    const cache = new ModelListCache({ clock: new ManualClock(0) });
    const d = deferred<GatewayModel[]>();
    let calls = 0;
    const loader = () => {
      calls++;
      return d.promise;
    };
    const all = Promise.all([cache.get('k', loader), cache.get('k', loader), cache.get('k', loader)]);
    expect(cache.peek('k')).toBeUndefined();
    d.resolve(list('a'));
    const results = await all;
    expect(calls).toBe(1);
    for (const r of results) expect(r).toEqual(list('a'));
  });

  it('serves the stale list when a refresh fails, logs, and waits before retrying', async () => {
    const clock = new ManualClock(0);
    const warnings: unknown[] = [];
    const cache = new ModelListCache({ clock, ttlMs: 1000, errorRetryMs: 100, logger: { warn: (...a: unknown[]) => warnings.push(a) } as never });
    await cache.get('k', async () => list('old'));
    clock.advance(1000);
    let calls = 0;
    const failing = async (): Promise<GatewayModel[]> => {
      calls++;
      throw new Error('gateway down');
    };
    expect(await cache.get('k', failing)).toEqual(list('old'));
    expect(warnings).toHaveLength(1);
    expect(await cache.get('k', failing)).toEqual(list('old'));
    expect(calls).toBe(1);
    clock.advance(100);
    expect(await cache.get('k', async () => list('new'))).toEqual(list('new'));
  });

  it('propagates the error when nothing is cached, and single-flights the failure', async () => {
    const clock = new ManualClock(0);
    const cache = new ModelListCache({ clock, errorRetryMs: 100 });
    let calls = 0;
    const failing = async (): Promise<GatewayModel[]> => {
      calls++;
      throw new Error('boom');
    };
    const results = await Promise.allSettled([cache.get('k', failing), cache.get('k', failing)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
    clock.advance(100);
    await expect(cache.get('k', async () => list('x'))).resolves.toEqual(list('x'));
  });

  it('remembers a failure with nothing cached: get answers it without asking until errorRetryMs; refresh asks', async () => {
    const clock = new ManualClock(0);
    const cache = new ModelListCache({ clock, errorRetryMs: 30_000 });
    let calls = 0;
    const failing = async (): Promise<GatewayModel[]> => {
      calls++;
      throw new Error('models 500');
    };
    await expect(cache.get('k', failing)).rejects.toThrow('models 500');
    for (let i = 0; i < 5; i++) {
      clock.advance(5_000);
      await expect(cache.get('k', failing)).rejects.toThrow('models 500');
    }
    expect(calls).toBe(1);
    clock.advance(5_000);
    await expect(cache.get('k', failing)).rejects.toThrow('models 500');
    expect(calls).toBe(2);
    await expect(cache.refresh('k', async () => list('back'))).resolves.toEqual(list('back'));
    expect(await cache.get('k', failing)).toEqual(list('back'));
    expect(calls).toBe(2);
  });

  it('keeps keys apart and evicts the least recently used past maxEntries', async () => {
    const clock = new ManualClock(0);
    const cache = new ModelListCache({ clock, maxEntries: 3 });
    for (const k of ['a', 'b', 'c']) await cache.get(k, async () => list(k));
    await cache.get('a', async () => list('never')); // touch a: b is now the oldest
    await cache.get('d', async () => list('d'));
    expect(cache.size).toBe(3);
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toEqual(list('a'));
    expect(cache.peek('d')).toEqual(list('d'));
    cache.invalidate('a');
    expect(cache.peek('a')).toBeUndefined();
  });

  it('peek returns a stale list without loading', async () => {
    const clock = new ManualClock(0);
    const cache = new ModelListCache({ clock, ttlMs: 10 });
    await cache.get('k', async () => list('a'));
    clock.advance(1_000_000);
    expect(cache.peek('k')).toEqual(list('a'));
  });
});
