import { describe, expect, it } from 'vitest';
import { parseCommandText, type TextParse } from '../../src/core/commands/grammar.js';
import { commandRegistry } from '../../src/core/commands/registry.js';

/**
 * The Telegram syntax, parsed by the core's text grammar (ported from the tests of the old trailing-flag parser,
 * `src/platforms/telegram/util/flags.ts`). Where the new rules change an expectation (flags may now stand anywhere,
 * conflicting flags are refused, ranges are the dispatcher's), the case says so.
 */
const commands = commandRegistry();
const parse = (text: string, opts: { botUsername?: string; replyTarget?: string } = {}): TextParse => parseCommandText(text, commands, { botUsername: 'media_test_bot', ...opts });
const args = (text: string, opts: { replyTarget?: string } = {}) => {
  const r = parse(text, opts);
  if (!r.ok) throw new Error(`${text}: ${r.failure.code} ${JSON.stringify(r.failure.details)}`);
  return r.args;
};
const badFlag = (text: string): string => {
  const r = parse(text);
  if (r.ok || r.failure.code !== 'bad_flag') throw new Error(`${text}: expected bad_flag, got ${JSON.stringify(r)}`);
  return r.failure.details.message;
};

describe('Telegram command text through parseCommandText', () => {
  it('takes trailing flags off the prompt', () => {
    expect(args('/imagine a red fox in snow --ar 16:9 --model alpha-image-2 --n 2')).toEqual({ prompt: 'a red fox in snow', aspect: '16:9', model: 'alpha-image-2', count: 2 });
  });

  it('takes flags anywhere (new rule): before, inside and after the prose', () => {
    expect(args('/imagine a fox --ar 16:9 in the snow')).toEqual({ prompt: 'a fox in the snow', aspect: '16:9' });
    expect(args('/imagine --ar 16:9 a fox')).toEqual({ prompt: 'a fox', aspect: '16:9' });
  });

  it('reads aliases, size, seconds with an s suffix and the =value form', () => {
    // The old parser accepted `--aspect` with `--size` together; they conflict now, so the case is split.
    expect(args('/video waves --aspect 9:16 --duration 8s')).toEqual({ prompt: 'waves', aspect: '9:16', seconds: 8 });
    expect(args('/video waves --size 1280X720')).toEqual({ prompt: 'waves', size: '1280x720' });
    expect(args('/video waves --seconds=12 --size=auto')).toEqual({ prompt: 'waves', seconds: 12, size: 'auto' });
    expect(args('/imagine waves --size 1024×1024')).toEqual({ prompt: 'waves', size: '1024x1024' });
  });

  it('refuses conflicting flags (new rule): --ar with --size', () => {
    expect(badFlag('/video waves --aspect 9:16 --size 1280x720')).toMatch(/cannot be used together/);
    expect(badFlag('/imagine a fox --ar 16:9 --size 1024x1024')).toMatch(/--ar|--size/);
  });

  it('accepts phone em-dashes and en-dashes for --', () => {
    expect(args('/imagine a cat —ar 1:1 –model x-4.8')).toEqual({ prompt: 'a cat', aspect: '1:1', model: 'x-4.8' });
  });

  it('keeps -- inside words, a lone -- and a lone dash in the prose', () => {
    expect(args('/imagine a well--known cat -- very cute')).toEqual({ prompt: 'a well--known cat -- very cute' });
    expect(args('/imagine a dash — between words --n 3')).toEqual({ prompt: 'a dash — between words', count: 3 });
  });

  it('refuses a flag-like word in the middle of prose (new rule: flags anywhere), instead of folding it into the prompt', () => {
    // The old parser kept `--verbose` in the prompt because prose followed it; now every flag is read as one.
    expect(badFlag('/ask explain the --verbose option of tar please')).toMatch(/^Unknown flag --verbose\. Valid flags: --model ID/);
  });

  it('names an unknown flag and lists the valid ones', () => {
    expect(badFlag('/imagine a cat --foo bar')).toMatch(/^Unknown flag --foo\. Valid flags: --ar W:H, --size WxH, --model ID, --n N/);
    expect(badFlag('/video a cat --n 2')).toMatch(/does not take --n\. Valid flags:/);
  });

  it('rejects malformed values as form errors', () => {
    for (const [text, flag] of [
      ['/video x --seconds abc', '--seconds'],
      ['/imagine x --ar 0:0', '--ar'],
      ['/imagine x --ar x', '--ar'],
      ['/imagine x --size 1024', '--size'],
      ['/imagine x --model', '--model'],
      ['/imagine x --ar --n 2', '--ar'],
    ] as const) {
      const message = badFlag(text);
      expect(message, text).toContain(flag);
      expect(message, text).toContain('Valid flags:');
    }
  });

  it('rejects a flag given twice (aliases count as the same flag)', () => {
    expect(badFlag('/imagine x --ar 1:1 --aspect 16:9')).toMatch(/--aspect is given twice/);
  });

  it('leaves ranges to the dispatcher (new: also --n 0, which the old parser refused as a form error)', () => {
    expect(args('/video x --seconds 99')).toMatchObject({ seconds: 99 });
    expect(args('/imagine x --n 40')).toMatchObject({ count: 40 });
    expect(args('/imagine x --n 0')).toMatchObject({ count: 0 });
  });

  it('handles an empty prompt with only flags, and surrounding whitespace', () => {
    expect(args('/imagine   --ar 4:3  ')).toEqual({ aspect: '4:3' });
    expect(args('/imagine')).toEqual({});
  });

  it('keeps the /budget syntax: @user, ids, the replied-to member, signed amounts, none', () => {
    expect(parse('/budget set @minnie 5 day')).toEqual({ ok: true, command: 'budget', subcommand: 'set', args: { user: '@minnie', amount: '5', period: 'day' } });
    expect(args('/budget set 123456 5')).toEqual({ user: '123456', amount: '5' });
    expect(args('/budget set 0.5 day', { replyTarget: '4242' })).toEqual({ user: '4242', amount: '0.5', period: 'day' });
    expect(args('/budget block', { replyTarget: '4242' })).toEqual({ user: '4242' });
    expect(args('/budget adjust @u -1.50 a note')).toEqual({ user: '@u', amount: '-1.50', note: 'a note' });
    expect(args('/budget pool none')).toEqual({ amount: 'none' });
  });

  it('reads the bot mention, and refuses commands for other bots or unknown ones with a suggestion', () => {
    expect(parse('/imagine@media_test_bot a fox')).toMatchObject({ ok: true, command: 'imagine', args: { prompt: 'a fox' } });
    expect(parse('/imagine@other_bot a fox')).toMatchObject({ ok: false, failure: { code: 'unknown_command', details: { otherBot: true } } });
    expect(parse('/imagin a fox')).toMatchObject({ ok: false, failure: { code: 'unknown_command', details: { suggestion: { command: 'imagine' } } } });
  });
});
