import { describe, expect, it } from 'vitest';
import { validateCount, validateDuration, validatePrompt } from '../../src/core/media/inputs.js';
import { normalizeAspect, resolveSize, sizeForAspect, videoSize } from '../../src/core/media/sizes.js';

describe('sizeForAspect', () => {
  it.each([
    ['1:1', 1536, '1024x1024'],
    ['16:9', 1536, '1344x768'],
    ['9:16', 1536, '768x1344'],
    ['4:3', 1536, '1152x864'],
    ['3:4', 1536, '864x1152'],
    ['3:2', 1536, '1248x832'],
    ['21:9', 1536, '1536x640'],
    ['16:9', 1024, '1024x576'],
    ['1:1', 2048, '2048x2048'],
    ['16:9', 2048, '2048x1152'],
    ['16:9', 2560, '2560x1440'],
    ['16:9', 4096, '3840x2160'],
    ['9:16', 4096, '2160x3840'],
    ['1:1', 4096, '4096x4096'],
    ['1:1', 3840, '3840x3840'],
    ['16/9', 1536, '1344x768'],
    ['landscape', 1536, '1344x768'],
    ['square', 1536, '1024x1024'],
  ])('%s at maxSide %i → %s', (aspect, maxSide, size) => {
    expect(sizeForAspect(aspect, maxSide)).toBe(size);
  });

  it('keeps every tier size within maxSide and multiples of 16', () => {
    for (const maxSide of [1024, 1536, 2048, 2560, 3840, 4096]) {
      for (const a of ['1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3', '21:9']) {
        const [w, h] = sizeForAspect(a, maxSide)!.split('x').map(Number) as [number, number];
        expect(Math.max(w, h)).toBeLessThanOrEqual(maxSide);
        expect(w % 16).toBe(0);
        expect(h % 16).toBe(0);
      }
    }
  });

  it('normalizes aspect spellings', () => {
    expect(normalizeAspect(' 16 : 9 ')).toBe('16:9');
    expect(normalizeAspect('16x9')).toBe('16:9');
    expect(normalizeAspect('Portrait')).toBe('9:16');
    expect(normalizeAspect('wat')).toBe('wat');
  });
});

describe('resolveSize', () => {
  it.each([
    [{ maxSide: 1536 }, '1024x1024'],
    [{ aspect: '16:9', maxSide: 1536 }, '1344x768'],
    [{ size: '512x512', maxSide: 1536 }, '512x512'],
    [{ size: '1000 X 700', maxSide: 1536 }, '1000x700'],
    [{ size: '1536×64', maxSide: 1536 }, '1536x64'],
    [{ size: '', aspect: '3:4', maxSide: 1536 }, '864x1152'],
    [{ size: '800x600', aspect: '16:9', maxSide: 1536 }, '800x600'],
  ])('%o → %s', (req, size) => {
    expect(resolveSize(req)).toEqual({ ok: true, value: size });
  });

  it.each(['99999x1', '0x0', '63x64', '1537x1024', '1024', 'big', '-5x10', '1024x1024x3'])('refuses size %s naming the range', (size) => {
    const r = resolveSize({ size, maxSide: 1536 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.failure.code).toBe('bad_size');
    expect(r.failure.details).toEqual({ given: size, maxSide: 1536 });
  });

  it.each(['0:0', '5:7', 'wide-ish', '99999:1'])('refuses aspect %s listing the allowed ones', (aspect) => {
    const r = resolveSize({ aspect, maxSide: 1536 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.failure.code).toBe('bad_aspect');
    expect(r.failure.details).toEqual({ given: aspect, allowed: ['1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3', '21:9'] });
  });
});

describe('videoSize', () => {
  it.each([
    [undefined, '1280x720'],
    ['16:9', '1280x720'],
    ['9:16', '720x1280'],
    ['1:1', '720x720'],
    ['4:3', '960x720'],
    ['portrait', '720x1280'],
  ])('%s → %s', (aspect, size) => expect(videoSize(aspect)).toEqual({ ok: true, value: size }));

  it('refuses unknown aspects', () => {
    const r = videoSize('21:9');
    expect(!r.ok && r.failure.code).toBe('bad_aspect');
    expect(!r.ok && r.failure.details).toEqual({ given: '21:9', allowed: ['16:9', '9:16', '1:1', '4:3', '3:4'] });
  });
});

describe('validateDuration', () => {
  it.each([
    [4, 4],
    [15, 15],
    ['8', 8],
    ['8s', 8],
    [' 10 ', 10],
  ])('accepts %s', (given, n) => expect(validateDuration(given)).toEqual({ ok: true, value: n }));

  it.each([
    [3, 3],
    [16, 16],
    [7.5, 7.5],
    [Number.NaN, 'not a number'],
    ['eight', 'eight'],
    ['', ''],
    ['-5', '-5'],
  ])('refuses %s', (given, shown) => {
    const r = validateDuration(given);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.failure.details).toEqual({ given: shown, min: 4, max: 15 });
  });

  it('uses custom bounds', () => {
    expect(validateDuration(20, { min: 5, max: 30 }).ok).toBe(true);
    expect(validateDuration(4, { min: 5, max: 30 }).ok).toBe(false);
  });
});

describe('validateCount', () => {
  it('accepts 1..max only', () => {
    expect(validateCount(1, 4)).toEqual({ ok: true, value: 1 });
    expect(validateCount('4', 4)).toEqual({ ok: true, value: 4 });
    for (const bad of [0, 5, 1.5, 'x']) expect(validateCount(bad, 4).ok).toBe(false);
  });
});

describe('validatePrompt', () => {
  it.each([
    ['  a cat  ', 'a cat'],
    ['line1\r\nline2\rline3', 'line1\nline2\nline3'],
    ['a\tb', 'a b'],
    ['a\u0000b\u0007c\u001bd\u009be', 'abcde'],
    ['🐱🚀', '🐱🚀'],
    ['👨‍👩‍👧', '👨‍👩‍👧'],
    ['\n\n  hello\n', 'hello'],
  ])('cleans %j', (input, out) => expect(validatePrompt(input)).toEqual({ ok: true, value: out }));

  it.each(['', '   ', '\n\t\n', '\u0000\u0001\u0002', undefined])('refuses empty %j', (input) => {
    const r = validatePrompt(input);
    expect(!r.ok && r.failure.code).toBe('prompt_empty');
  });

  it('counts code points against the limit', () => {
    expect(validatePrompt('x'.repeat(4000)).ok).toBe(true);
    const r = validatePrompt('x'.repeat(4001));
    expect(!r.ok && r.failure.details).toEqual({ max: 4000, got: 4001 });
    expect(validatePrompt('🐱'.repeat(10), { max: 10 }).ok).toBe(true);
    expect(validatePrompt('🐱'.repeat(11), { max: 10 }).ok).toBe(false);
  });
});
