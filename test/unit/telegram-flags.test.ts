import { describe, expect, it } from 'vitest';
import { parsePromptFlags, VALID_FLAGS } from '../../src/platforms/telegram/util/flags.js';

describe('parsePromptFlags', () => {
  it('takes trailing flags off the prompt', () => {
    expect(parsePromptFlags('a red fox in snow --ar 16:9 --model alpha-image-2 --n 2')).toEqual({
      ok: true,
      prompt: 'a red fox in snow',
      flags: { aspectRatio: '16:9', model: 'alpha-image-2', n: 2 },
    });
  });

  it('reads aliases, size, seconds and the =value form', () => {
    expect(parsePromptFlags('waves --aspect 9:16 --duration 8s --size 1280X720')).toEqual({
      ok: true,
      prompt: 'waves',
      flags: { aspectRatio: '9:16', seconds: 8, size: '1280x720' },
    });
    expect(parsePromptFlags('waves --seconds=12 --size=auto')).toMatchObject({ ok: true, prompt: 'waves', flags: { seconds: 12, size: 'auto' } });
  });

  it('accepts phone em-dashes and en-dashes for --', () => {
    expect(parsePromptFlags('a cat —ar 1:1 –model x-4.8')).toEqual({ ok: true, prompt: 'a cat', flags: { aspectRatio: '1:1', model: 'x-4.8' } });
  });

  it('keeps -- inside words and flag-like words in the middle of prose intact', () => {
    expect(parsePromptFlags('a well--known cat -- very cute')).toEqual({ ok: true, prompt: 'a well--known cat -- very cute', flags: {} });
    expect(parsePromptFlags('explain the --verbose option of tar please')).toEqual({ ok: true, prompt: 'explain the --verbose option of tar please', flags: {} });
    expect(parsePromptFlags('a dash — between words --n 3')).toEqual({ ok: true, prompt: 'a dash — between words', flags: { n: 3 } });
  });

  it('names an unknown flag and lists the valid ones', () => {
    const r = parsePromptFlags('a cat --foo bar');
    expect(r).toEqual({ ok: false, code: 'bad_flag', flag: '--foo', message: `Unknown flag --foo. ${VALID_FLAGS}` });
  });

  it('rejects malformed values as form errors', () => {
    for (const [input, flag] of [
      ['x --seconds abc', '--seconds'],
      ['x --ar 0:0', '--ar'],
      ['x --ar x', '--ar'],
      ['x --size 1024', '--size'],
      ['x --n 0', '--n'],
      ['x --model', '--model'],
      ['x --ar --n 2', '--ar'],
    ] as const) {
      const r = parsePromptFlags(input);
      expect(r.ok, input).toBe(false);
      if (!r.ok) {
        expect(r.flag).toBe(flag);
        expect(r.message).toContain(VALID_FLAGS);
      }
    }
  });

  it('rejects a flag given twice (aliases count as the same flag)', () => {
    const r = parsePromptFlags('x --ar 1:1 --aspect 16:9');
    expect(r).toMatchObject({ ok: false, flag: '--aspect' });
  });

  it('leaves ranges to the core', () => {
    expect(parsePromptFlags('x --seconds 99 --n 40')).toMatchObject({ ok: true, flags: { seconds: 99, n: 40 } });
  });

  it('handles an empty prompt with only flags, and surrounding whitespace', () => {
    expect(parsePromptFlags('  --ar 4:3  ')).toEqual({ ok: true, prompt: '', flags: { aspectRatio: '4:3' } });
    expect(parsePromptFlags('')).toEqual({ ok: true, prompt: '', flags: {} });
  });
});
