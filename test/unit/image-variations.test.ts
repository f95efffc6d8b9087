import { describe, expect, it } from 'vitest';
import { finishedJobActions } from '../../src/core/commands/reply-kit.js';
import { gatewayBatchSize, gatewayCalls } from '../../src/core/jobs/image-steps.js';
import { upscaleSize } from '../../src/core/media/sizes.js';
import { decodeCallbackData, encodeCallbackData } from '../../src/platforms/telegram/util/callback-data.js';
import { ActionTable } from '../../src/platforms/telegram/actions.js';
import { commandRegistry } from '../../src/core/commands/registry.js';

describe('several images: gateway calls per job', () => {
  it('sends n where the model is known to take it, one request per image elsewhere', () => {
    expect(gatewayBatchSize('gpt-image-2')).toBe(10);
    expect(gatewayBatchSize('alpha-image-2')).toBe(1);
    expect(gatewayBatchSize('seedream-4.0')).toBe(1);
    expect(gatewayCalls('gpt-image-1', 4)).toEqual([4]);
    expect(gatewayCalls('alpha-image-2', 4)).toEqual([1, 1, 1, 1]);
    expect(gatewayCalls('alpha-image-2', 1)).toEqual([1]);
  });
});

describe('upscale sizes: the next larger tier the model has', () => {
  it.each([
    ['1024x1024', 1536, '1536x1536'],
    ['1344x768', 1536, undefined],
    ['1344x768', 4096, '2048x1168'],
    ['2048x2048', 4096, '3840x3840'],
    ['1536x1536', 1536, undefined],
    ['1344x1344', 1536, undefined],
    ['auto', 4096, undefined],
  ])('%s on a model of longest side %i → %s', (size, maxSide, want) => {
    expect(upscaleSize(size, maxSide)).toBe(want);
  });
});

describe('finished image actions', () => {
  it('one image: Vary, Upscale where a larger size exists, then Reroll, Edit, Animate', () => {
    const one = finishedJobActions({ id: 'j_1', kind: 'imagine', upscaleSize: '1536x1536' });
    expect(one.map((a) => [a.label, a.command, a.args])).toEqual([
      ['Vary', 'vary', { job: 'j_1' }],
      ['Upscale', 'upscale', { job: 'j_1' }],
      ['Reroll', 'reroll', { job: 'j_1' }],
      ['Edit', 'edit', { job: 'j_1' }],
      ['Animate', 'animate', { job: 'j_1' }],
    ]);
    expect(finishedJobActions({ id: 'j_1', kind: 'edit' }).map((a) => a.command)).toEqual(['vary', 'reroll', 'edit', 'animate']);
  });

  it('several images: V1…Vn and U1…Un naming the image; no U without a larger size', () => {
    const four = finishedJobActions({ id: 'j_4', kind: 'imagine', images: 4, upscaleSize: '1536x1536' });
    expect(four.slice(0, 8).map((a) => `${a.label}=${a.command}:${a.args.index}`)).toEqual(['V1=vary:1', 'V2=vary:2', 'V3=vary:3', 'V4=vary:4', 'U1=upscale:1', 'U2=upscale:2', 'U3=upscale:3', 'U4=upscale:4']);
    expect(finishedJobActions({ id: 'j_4', kind: 'imagine', images: 3 }).map((a) => a.label)).toEqual(['V1', 'V2', 'V3', 'Reroll', 'Edit', 'Animate']);
    expect(finishedJobActions({ id: 'j_4', kind: 'imagine', images: 2, locale: 'ja' }).slice(0, 2).map((a) => a.label)).toEqual(['V1', 'V2']);
  });
});

describe('Telegram: numbered buttons survive a restart', () => {
  it('encodes image k of a job compactly and decodes it back', () => {
    expect(encodeCallbackData({ command: 'vary', jobId: 'j_abc', index: 3 })).toBe('v3:j_abc');
    expect(decodeCallbackData('v3:j_abc')).toEqual({ command: 'vary', jobId: 'j_abc', index: 3 });
    expect(decodeCallbackData('u:j_abc')).toEqual({ command: 'upscale', jobId: 'j_abc' });
    expect(decodeCallbackData('r:j_abc')).toEqual({ command: 'reroll', jobId: 'j_abc' });
    expect(decodeCallbackData('v0:j_abc')).toBeUndefined();
    expect(() => encodeCallbackData({ command: 'vary', jobId: 'j_abc', index: 10 })).toThrow(RangeError);
    // 64 bytes at most: with an index the job id may have 61 characters, not 62.
    expect(encodeCallbackData({ command: 'vary', jobId: 'x'.repeat(61), index: 2 })).toHaveLength(64);
    expect(() => encodeCallbackData({ command: 'vary', jobId: 'x'.repeat(62), index: 2 })).toThrow(RangeError);
  });

  it('a V3 button made by one process resolves in a fresh one (no memory shared)', async () => {
    const commands = commandRegistry();
    const before = new ActionTable(commands);
    const data = before.dataFor({ label: 'V3', command: 'vary', args: { job: 'j_abc', index: '3' } });
    expect(data).toBe('v3:j_abc');
    const after = new ActionTable(commands);
    expect(await after.resolve(data)).toMatchObject({ command: 'vary', args: { job: 'j_abc', index: '3' } });
    expect(await after.resolve(before.dataFor({ label: 'Upscale', command: 'upscale', args: { job: 'j_abc' } }))).toMatchObject({ command: 'upscale', args: { job: 'j_abc' } });
  });
});
