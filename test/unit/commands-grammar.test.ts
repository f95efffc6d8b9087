import { describe, expect, it } from 'vitest';
import { parseCommandText, type TextParse } from '../../src/core/commands/grammar.js';
import { helpReply } from '../../src/core/commands/help.js';
import { commandRegistry } from '../../src/core/commands/registry.js';
import type { SurfaceInfo } from '../../src/core/ports/surface.js';

const commands = commandRegistry();
const parse = (text: string, opts?: Parameters<typeof parseCommandText>[2]) => parseCommandText(text, commands, opts);

function failure(p: TextParse): { code: string; details: Record<string, unknown> } {
  if (p.ok) throw new Error(`expected a failure, got ${JSON.stringify(p)}`);
  return p.failure as unknown as { code: string; details: Record<string, unknown> };
}

function message(p: TextParse): string {
  const f = failure(p);
  expect(f.code).toBe('bad_flag');
  return String(f.details.message);
}

describe('parseCommandText: flags', () => {
  it('takes flags anywhere and joins the prose around them', () => {
    expect(parse('/imagine a fox --ar 16:9 in the snow')).toEqual({ ok: true, command: 'imagine', args: { prompt: 'a fox in the snow', aspect: '16:9' } });
    expect(parse('/imagine --ar 16:9 a fox')).toEqual({ ok: true, command: 'imagine', args: { prompt: 'a fox', aspect: '16:9' } });
    expect(parse('/imagine a cat --model alpha-image-2 --n 2')).toEqual({ ok: true, command: 'imagine', args: { prompt: 'a cat', model: 'alpha-image-2', count: 2 } });
  });

  it('accepts aliases, =values, phone dashes, × in sizes and an s after seconds', () => {
    expect(parse('/video waves --aspect=9:16 --duration 8s')).toEqual({ ok: true, command: 'video', args: { prompt: 'waves', aspect: '9:16', seconds: 8 } });
    expect(parse('/video waves —seconds 12 –size 1280×720')).toEqual({ ok: true, command: 'video', args: { prompt: 'waves', seconds: 12, size: '1280x720' } });
    expect(parse('/imagine a cat —ar=1:1')).toEqual({ ok: true, command: 'imagine', args: { prompt: 'a cat', aspect: '1:1' } });
    expect(parse('/imagine x --size AUTO')).toMatchObject({ ok: true, args: { size: 'auto' } });
  });

  it('keeps -- inside words, lone dashes and line breaks as prose', () => {
    expect(parse('/imagine a well--known cat -- very cute — really')).toEqual({ ok: true, command: 'imagine', args: { prompt: 'a well--known cat -- very cute — really' } });
    expect(parse('/ask first line\nsecond line')).toEqual({ ok: true, command: 'ask', args: { prompt: 'first line\nsecond line' } });
  });

  it('refuses unknown flags, listing the valid ones (nothing folded into the prompt)', () => {
    expect(message(parse('/imagine a cat --foo bar'))).toBe('Unknown flag --foo. Valid flags: --ar W:H, --size WxH, --model ID, --n N, --quality low|medium|high|auto, --background transparent|opaque|auto, --format png|jpeg|webp');
    expect(message(parse('/ask explain the --verbose option of tar'))).toMatch(/^Unknown flag --verbose\. Valid flags: --model ID$/);
  });

  it('refuses a flag another command takes with a specific message', () => {
    expect(message(parse('/imagine a cat --seconds 8'))).toBe('/imagine does not take --seconds. Valid flags: --ar W:H, --size WxH, --model ID, --n N, --quality low|medium|high|auto, --background transparent|opaque|auto, --format png|jpeg|webp');
    expect(message(parse('/video a cat --n 2'))).toMatch(/^\/video does not take --n\. Valid flags: --seconds N, --ar W:H, --size WxH, --model ID, --resolution 480p\|720p\|1080p, --audio on\|off, --negative TEXT$/);
    expect(message(parse('/balance --model x'))).toMatch(/does not take --model\. This command takes no flags\./);
  });

  it('refuses malformed, missing and repeated values', () => {
    expect(message(parse('/imagine a cat --ar 0:0'))).toMatch(/^--ar 0:0 is not valid: use W:H.*Valid flags: --ar W:H, --size WxH, --model ID/);
    expect(message(parse('/imagine a cat --ar 7'))).toMatch(/^--ar 7 is not valid: use W:H/);
    expect(message(parse('/imagine a cat --size 1024'))).toMatch(/^--size 1024 is not valid/);
    expect(message(parse('/video a cat --seconds abc'))).toMatch(/^--seconds abc is not valid: use a whole number from 4 to 15/);
    expect(message(parse('/imagine a cat --model'))).toMatch(/^--model needs a value/);
    expect(message(parse('/imagine a cat --ar --n 2'))).toMatch(/^--ar needs a value/);
    expect(message(parse('/imagine x --ar 1:1 --aspect 16:9'))).toMatch(/^--aspect is given twice/);
  });

  it('refuses conflicting flags', () => {
    expect(message(parse('/imagine x --ar 16:9 --size 1024x1024'))).toMatch(/^--size cannot be used together with --ar/);
    expect(message(parse('/edit x --from j_1 --ar 1:1'))).toMatch(/^\/edit does not take --ar\. Valid flags: --from ID, --size WxH, --model ID, --quality low\|medium\|high\|auto, --background transparent\|opaque\|auto, --format png\|jpeg\|webp$/);
  });

  it('leaves ranges to the dispatcher', () => {
    expect(parse('/video x --seconds 99')).toMatchObject({ ok: true, args: { seconds: 99 } });
    expect(parse('/imagine x --n 0')).toMatchObject({ ok: true, args: { count: 0 } });
  });
});

describe('parseCommandText: commands, subcommands and positionals', () => {
  it('reads @bot, ignores commands for other bots, and works without a slash', () => {
    expect(parse('/imagine@MyBot a cat', { botUsername: 'mybot' })).toMatchObject({ ok: true, command: 'imagine' });
    expect(failure(parse('/imagine@other_bot a cat', { botUsername: 'mybot' }))).toMatchObject({ code: 'unknown_command', details: { otherBot: true } });
    expect(parse('balance')).toEqual({ ok: true, command: 'balance', args: {} });
  });

  it('suggests the closest command and subcommand', () => {
    expect(failure(parse('/imagin a cat'))).toMatchObject({ code: 'unknown_command', details: { given: 'imagin', suggestion: { command: 'imagine' } } });
    expect(failure(parse('/budget sett @a 5'))).toMatchObject({ code: 'unknown_command', details: { suggestion: { command: 'budget', subcommand: 'set' } } });
    expect(failure(parse('/zzzzzzzz'))).toMatchObject({ code: 'unknown_command', details: { given: 'zzzzzzzz' } });
    expect(failure(parse('/zzzzzzzz')).details.suggestion).toBeUndefined();
  });

  it("keeps today's /budget syntax", () => {
    expect(parse('/budget set @user 5 day')).toEqual({ ok: true, command: 'budget', subcommand: 'set', args: { user: '@user', amount: '5', period: 'day' } });
    expect(parse('/budget set 123456 5')).toEqual({ ok: true, command: 'budget', subcommand: 'set', args: { user: '123456', amount: '5' } });
    expect(parse('/budget adjust @u -1.50 a note')).toEqual({ ok: true, command: 'budget', subcommand: 'adjust', args: { user: '@u', amount: '-1.50', note: 'a note' } });
    expect(parse('/budget pool none')).toEqual({ ok: true, command: 'budget', subcommand: 'pool', args: { amount: 'none' } });
    expect(parse('/budget show')).toEqual({ ok: true, command: 'budget', subcommand: 'show', args: {} });
    expect(parse('/budget')).toEqual({ ok: true, command: 'budget', args: {} });
  });

  it('fills a missing user from the replied-to message', () => {
    expect(parse('/budget set 0.5 day', { replyTarget: '4242' })).toEqual({ ok: true, command: 'budget', subcommand: 'set', args: { user: '4242', amount: '0.5', period: 'day' } });
    expect(parse('/budget block', { replyTarget: '4242' })).toMatchObject({ ok: true, args: { user: '4242' } });
    expect(parse('/budget set @ana 2', { replyTarget: '4242' })).toMatchObject({ ok: true, args: { user: '@ana', amount: '2' } });
    // without a reply, an amount is never taken for the member
    expect(parse('/budget set 5')).toEqual({ ok: true, command: 'budget', subcommand: 'set', args: { amount: '5' } });
  });

  it('skips an optional positional that does not fit, refuses bad forms and extra words', () => {
    expect(parse('/usage @bob')).toEqual({ ok: true, command: 'usage', args: { user: '@bob' } });
    expect(parse('/usage week @bob')).toEqual({ ok: true, command: 'usage', args: { period: 'week', user: '@bob' } });
    expect(parse('/models video')).toEqual({ ok: true, command: 'models', args: { kind: 'video' } });
    expect(message(parse('/models sound'))).toMatch(/"sound" is not a valid kind for \/models: use one of image, video, text/);
    expect(parse('/usage chart')).toEqual({ ok: true, command: 'usage', args: { view: 'chart' } });
    expect(parse('/usage month chart @bob')).toEqual({ ok: true, command: 'usage', args: { period: 'month', view: 'chart', user: '@bob' } });
    expect(parse('/balance chart')).toEqual({ ok: true, command: 'balance', args: { view: 'chart' } });
    expect(message(parse('/balance please'))).toMatch(/^"please" is not a valid view for \/balance: use one of chart, numbers/);
    expect(message(parse('/balance chart please'))).toMatch(/^\/balance does not take "please"\. Usage: \/balance/);
    expect(message(parse('/job j_1 j_2'))).toMatch(/does not take "j_2"/);
  });

  it('reads subcommand arguments: time zones, secrets, job ids', () => {
    expect(parse('/setup timezone Europe/Berlin')).toEqual({ ok: true, command: 'setup', subcommand: 'timezone', args: { tz: 'Europe/Berlin' } });
    expect(parse('/token link sk-abcdefgh12345')).toEqual({ ok: true, command: 'token', subcommand: 'link', args: { token: 'sk-abcdefgh12345' } });
    expect(parse('/edit add a hat --from j_abc')).toEqual({ ok: true, command: 'edit', args: { prompt: 'add a hat', job: 'j_abc' } });
    expect(parse('/reroll j_abc')).toEqual({ ok: true, command: 'reroll', args: { job: 'j_abc' } });
  });
});

describe('help', () => {
  const slash: SurfaceInfo = { id: 'test', buttons: false, commandHint: (c, s) => `/${c}${s ? ` ${s}` : ''}` };
  const cli: SurfaceInfo = { id: 'cli', buttons: false, commandHint: (c, s) => `${c}${s ? ` ${s}` : ''}` };

  it('lists what the role can run, never hidden commands', () => {
    const member = helpReply(commands, slash, 'member').blocks.join('\n');
    expect(member).toContain('/imagine — Make an image');
    expect(member).toContain('/token — ');
    expect(member).not.toContain('/budget');
    expect(member).not.toContain('/reroll');
    const admin = helpReply(commands, slash, 'admin').blocks.join('\n');
    expect(admin).toContain('/budget — ');
    expect(admin).toContain('/usage — ');
  });

  it('explains one command with usage, options and examples, in the surface\'s words', () => {
    const r = helpReply(commands, cli, 'member', 'imagine');
    expect(r.title).toBe('imagine');
    const text = r.blocks.join('\n');
    expect(text).toContain('Usage:\nimagine <prompt>');
    expect(text).toContain('--ar / --aspect W:H');
    expect(text).toContain('Examples:\nimagine a red fox in the snow');
    const budget = helpReply(commands, slash, 'member', 'budget').blocks.join('\n');
    expect(budget).toContain('Only admins can run this.');
    expect(helpReply(commands, slash, 'admin', '/budget').blocks.join('\n')).toContain('/budget set <user> <amount|none> [period]');
  });

  it('answers an unknown name with did-you-mean', () => {
    const r = helpReply(commands, slash, 'member', 'imagien');
    expect(r.tone).toBe('error');
    expect(r.failure?.code).toBe('unknown_command');
    expect(r.blocks[0]).toContain('Did you mean /imagine?');
  });
});
