import { describe, expect, it } from 'vitest';
import { fail, type Failure, type FailureCode, type FailureDetails, type MoneyMoved } from '../../src/core/failures.js';
import { describeBalance, describeFailure } from '../../src/core/messages.js';

const NOW = Date.UTC(2025, 10, 21, 20, 48, 0); // Fri 21 Nov 2025 20:48 UTC
const MONDAY = Date.UTC(2025, 10, 24, 0, 0, 0);

/** One sample per code; the mapped type makes a missing code a compile error. */
const SAMPLES: { [C in FailureCode]: FailureDetails[C] } = {
  budget_exhausted: { costMicros: 50_000, remainingMicros: 20_000, resetsAt: MONDAY },
  pool_exhausted: { costMicros: 50_000, remainingMicros: 0, resetsAt: null },
  blocked: {},
  no_token: { reader: 'member' },
  token_rejected: { source: 'personal' },
  no_channel: { model: 'gamma-video-1' },
  model_unknown: { model: 'alpha-imge-2', suggestion: 'alpha-image-2' },
  model_not_on_sale: { model: 'beta-edit-max' },
  model_unpriced: { model: 'new-model' },
  default_model_missing: { variable: 'DEFAULT_IMAGE_MODEL', model: 'alpha-image-2', suggestions: ['gpt-image-1'] },
  no_default_model: { kind: 'video' },
  not_offered: { what: 'edit' },
  gateway_misconfigured: {},
  model_wrong_kind: { model: 'text-chat-mini', expected: 'image' },
  option_unsupported: { model: 'gpt-image-2', option: 'quality', value: 'ultra', offered: ['low', 'medium', 'high', 'auto'], all: ['--quality low|medium|high|auto', '--background transparent|opaque|auto'] },
  quota_exhausted: {},
  forbidden_model: { model: 'alpha-image-2' },
  content_refused: {},
  gateway_needs_header: { header: 'x-portkey-config / x-portkey-provider' },
  content_refused_fee: { source: 'operator', code: 'violation_fee.grok.csam' },
  gateway_refused: { status: 403, reason: 'not for this token' },
  attachment_missing: {},
  attachment_too_many: { max: 3, got: 5 },
  attachment_too_large: { maxBytes: 8 * 1024 * 1024, gotBytes: 12 * 1024 * 1024, name: 'big.png' },
  attachment_empty: { name: 'empty.png' },
  attachment_not_image: { name: 'doc.png', detected: 'pdf' },
  attachment_too_many_pixels: { width: 20000, height: 20000, maxPixels: 40_000_000 },
  attachment_download_failed: { reason: 'too_big_for_platform', limitBytes: 20 * 1024 * 1024 },
  prompt_empty: {},
  prompt_has_secret: {},
  person_cap_exhausted: { costMicros: 10_000, remainingMicros: 5_000, resetsAt: 1_700_000_000_000 },
  operator_cap_exhausted: { costMicros: 40_000, remainingMicros: 10_000, resetsAt: 1_700_006_400_000 },
  operator_access_not_approved: { community: 'chat:-1001234567890', place: 'community' },
  result_url_refused: {},
  prompt_too_long: { max: 4000, got: 4321 },
  bad_size: { given: '99999x1', maxSide: 1536 },
  bad_aspect: { given: '0:0', allowed: ['1:1', '16:9'] },
  bad_duration: { given: 99, min: 4, max: 15 },
  bad_count: { given: 'lots', max: 4 },
  bad_flag: { message: 'Unknown option --foo.' },
  gateway_busy: { retryAfterMs: 3000 },
  gateway_down: {},
  gateway_timeout: {},
  task_failed_refunded: {},
  task_expired_released: {},
  job_interrupted: { kind: 'video' },
  result_delayed: { kind: 'ask' },
  output_too_large: { bytes: 30 * 1024 * 1024, limitBytes: 10 * 1024 * 1024, retrievableUntil: NOW + 3_600_000 },
  delivery_failed_charged: { reason: 'chat_gone', jobId: 'j_abcdefgh', retrievableUntil: NOW + 3_600_000 },
  result_not_delivered: { kind: 'imagine', reason: 'too_large' },
  cooldown: { retryAfterMs: 42_000 },
  queue_full: { position: 51 },
  job_cancelled: { kind: 'video' },
  job_not_cancellable: { id: 'j_abcdefgh', reason: 'at_gateway' },
  coordination_unavailable: {},
  not_admin: {},
  not_in_channel: { command: 'video', where: ['<#111>', 'Videos'] },
  prompt_blocked: { message: 'No space pictures here.' },
  bad_amount: { message: '"abc" is not an amount.' },
  unknown_user: { given: '@nobody' },
  job_not_found: { id: 'j_abcdefgh' },
  bad_timezone: { given: 'Mars/Base' },
  unknown_language: { given: 'xx', available: 'en' },
  unknown_setting: { given: 'colour', keys: 'aspect, n' },
  bad_setting: { key: 'quality', given: 'ultra', allowed: 'auto, low, medium, high' },
  unknown_command: { given: 'imagin', suggestion: { command: 'imagine' } },
  missing_argument: { name: 'prompt', usage: ['/imagine <prompt> [--ar W:H]'] },
  not_here: { place: 'private' },
  job_files_gone: { id: 'j_abcdefgh', what: 'references' },
  not_an_image: { id: 'j_abcdefgh', kind: 'video' },
  job_not_yours: { id: 'j_abcdefgh' },
  store_unavailable: {},
  internal: {},
};

const FORBIDDEN = ['undefined', 'NaN', '[object', '{', 'sk-', 'Error:', '    at ', 'null', 'request id'];

function make<C extends FailureCode>(code: C, money?: MoneyMoved): Failure {
  return { code, details: SAMPLES[code], ref: 'K7Q2XM', money: money ?? 'none' } as Failure;
}

describe('describeFailure', () => {
  const codes = Object.keys(SAMPLES) as FailureCode[];

  it('has a sample for every code', () => {
    expect(codes.length).toBeGreaterThanOrEqual(42);
  });

  it.each(codes.flatMap((c) => (['none', 'released', 'refunded'] as const).map((m) => [c, m] as const)))('%s (%s) renders clean text', (code, money) => {
    const m = describeFailure(make(code, money), { now: NOW, timeZone: 'UTC' });
    expect(m.title.length).toBeGreaterThan(3);
    expect(m.text.length).toBeGreaterThan(15);
    expect(m.money).toBe(money);
    expect(m.ref).toBe('K7Q2XM');
    for (const bad of FORBIDDEN) {
      expect(m.title).not.toContain(bad);
      expect(m.text).not.toContain(bad);
    }
  });

  it('names commands the way the asking surface writes them, and no platform', () => {
    const telegram = (c: string) => `/${c}`;
    expect(describeFailure(make('no_token'), { now: NOW, hint: telegram }).text).toBe(
      'No gateway token is linked here yet. An admin can link one with /setup; you can also link your own with /token.',
    );
    const cli = (c: string, s?: string) => `${c}${s ? ` ${s}` : ''}`;
    expect(describeFailure(make('unknown_command'), { now: NOW, hint: cli }).text).toBe("There is no command 'imagin'. Did you mean imagine? See help for the list.");
    for (const code of codes) {
      const text = describeFailure(make(code), { now: NOW }).text;
      expect(text, code).not.toMatch(/Discord|Telegram|console/i);
    }
  });

  it('a channel refusal names where the command works; a prompt refusal gives the rule words or the default, free', () => {
    const slash = (c: string) => `/${c}`;
    expect(describeFailure(fail('not_in_channel', { command: 'video', where: ['<#111>', 'Videos'] }), { now: NOW, hint: slash }).text).toBe('/video works only in: <#111>, Videos.');
    expect(describeFailure(fail('not_in_channel', { command: 'ask', where: [] }), { now: NOW, hint: slash }).text).toBe('/ask does not work in this channel.');
    expect(describeFailure(fail('prompt_blocked', { message: 'No space\npictures.' }), { now: NOW }).text).toBe('No space pictures. Nothing was charged.');
    expect(describeFailure(fail('prompt_blocked', {}), { now: NOW }).text).toBe(
      'This prompt contains words this community does not allow. Change the prompt and try again. Nothing was charged.',
    );
  });

  it('renders optional details when absent too', () => {
    const variants: Failure[] = [
      fail('model_unknown', { model: 'zzz' }),
      fail('attachment_not_image', { name: 'x.png' }),
      fail('attachment_download_failed', { reason: 'expired' }),
      fail('attachment_download_failed', { reason: 'network' }),
      fail('attachment_download_failed', { reason: 'too_big_for_platform' }),
      fail('gateway_busy'),
      fail('task_failed_refunded', { reason: 'upstream said {"error":"sk-abcdefgh123"}' }),
      fail('output_too_large', { bytes: null, limitBytes: 1000, retrievableUntil: null }),
      fail('bad_duration', { given: 'not a number', min: 4, max: 15 }),
      fail('no_token', { reader: 'admin' }),
      fail('token_rejected', { source: 'scope' }),
      fail('token_rejected', { source: 'operator' }),
      fail('bad_flag', { message: 'Error: boom\n    at foo (x.js:1:1)' }),
    ];
    for (const f of variants) {
      const m = describeFailure(f, { now: NOW });
      for (const bad of FORBIDDEN) expect(m.text, `${f.code}: ${m.text}`).not.toContain(bad);
    }
  });

  it('a violation-fee refusal never says "nothing was charged": it names whose token the gateway may have charged', () => {
    for (const source of ['personal', 'scope', 'operator'] as const) {
      const m = describeFailure({ ...fail('content_refused_fee', { source, code: 'violation_fee.grok.csam' }), money: 'released' }, { now: NOW });
      expect(m.text).not.toMatch(/nothing was charged/i);
      expect(m.text).toMatch(/may have charged .*violation fee/);
      expect(m.text).toContain('This bot did not charge you: your hold was released.');
      expect(m.title).toBe('Prompt refused');
    }
    expect(describeFailure({ ...fail('content_refused_fee', { source: 'operator', code: 'violation_fee.x' }), money: 'released' }, { now: NOW }).text).toContain("the bot's token");
  });

  it('a job that waited for the gateway until its deadline says how long, and that nothing was charged', () => {
    const m = describeFailure({ ...fail('gateway_busy', { waitedMs: 125_000 }), money: 'released' }, { now: NOW });
    expect(m.text).toBe('The gateway is busy right now: this request waited 2 min for a free place and the gateway never took it. Try again in a few minutes. Your hold was released: nothing was charged.');
  });

  it('says exactly what the brief asks for the key codes', () => {
    expect(describeFailure(make('budget_exhausted'), { now: NOW }).text).toBe(
      'This would cost $0.05 but you have $0.02 left. Your allowance resets Mon, Nov 24 at 00:00 UTC (in 2 days). See /balance. Nothing was charged.',
    );
    expect(describeFailure(make('no_token'), { now: NOW }).text).toBe(
      'No gateway token is linked here yet. An admin can link one with /setup token; you can also link your own with /token link.',
    );
    expect(describeFailure(fail('task_failed_refunded'), { now: NOW }).text).toBe(
      'The video could not be made (the gateway reported a failure). The gateway refunded it and your hold was released: nothing was charged.',
    );
    expect(describeFailure(make('model_unknown'), { now: NOW }).text).toBe(
      "There is no model called 'alpha-imge-2'. Did you mean alpha-image-2? See /models. Nothing was charged.",
    );
    expect(describeFailure(fail('gateway_down', {}, { money: 'released' }), { now: NOW }).text).toContain('Your hold was released: nothing was charged.');
    expect(describeFailure(make('attachment_too_large'), { now: NOW }).text).toContain('12 MB');
    expect(describeFailure(make('attachment_too_many_pixels'), { now: NOW }).text).toContain('40,000,000');
    expect(describeFailure(make('cooldown'), { now: NOW }).text).toBe('You can start another request in 42 s.');
    expect(describeFailure(make('task_failed_refunded'), { now: NOW }).text).not.toContain('sk-');
  });

  it('tells a charged-but-undelivered video how to get it, never to try again', () => {
    const gone = describeFailure(fail('delivery_failed_charged', { reason: 'chat_gone', jobId: 'j_abcdefgh', retrievableUntil: NOW + 3_600_000 }), { now: NOW });
    expect(gone.money).toBe('charged');
    expect(gone.text).toBe(
      'Your video was made and paid for, but the chat it was meant for can no longer be reached. It is kept: get it with /job j_abcdefgh until today at 21:48 UTC (in 1 h). Starting it again would make and charge a second video.',
    );
    const upload = describeFailure(fail('delivery_failed_charged', { reason: 'upload', jobId: 'j_abcdefgh', retrievableUntil: NOW + 60_000 }), { now: NOW });
    expect(upload.text).toContain('uploading it here kept failing. It is kept: get it with /job j_abcdefgh');
    const download = describeFailure(fail('delivery_failed_charged', { reason: 'download', jobId: 'j_abcdefgh', retrievableUntil: null }), { now: NOW });
    expect(download.text).toBe(
      'Your video was made and paid for, but the bot could not download it from the gateway. An admin can retry the delivery of job j_abcdefgh: the bot then downloads it again from the gateway, which works while the gateway still keeps it. Starting it again would make and charge a second video.',
    );
    const odd = describeFailure(fail('delivery_failed_charged', { reason: 'upload', jobId: 'j_1 {sk-x}', retrievableUntil: NOW + 60_000 }), { now: NOW });
    expect(odd.text).toContain('An admin can retry the delivery of this job.');
    for (const m of [gone, upload, download, odd]) {
      expect(m.text).not.toMatch(/try again|Nothing was charged|nothing was charged/i);
      for (const bad of FORBIDDEN) expect(m.text).not.toContain(bad);
    }
  });

  it('uses the community time zone for reset times', () => {
    const m = describeFailure(make('budget_exhausted'), { now: NOW, timeZone: 'Europe/Berlin' });
    expect(m.text).toContain('Mon, Nov 24 at 01:00 GMT+1');
  });
});

describe('describeBalance', () => {
  it('shows the user allowance, pool and token source', () => {
    const { title, text } = describeBalance(
      {
        user: { limitMicros: 1_000_000, spentMicros: 450_000, heldMicros: 50_000, remainingMicros: 500_000, resetsAt: MONDAY, periodName: 'week' },
        pool: { limitMicros: null, spentMicros: 2_000_000, heldMicros: 0, remainingMicros: null, resetsAt: null },
        tokenSource: 'scope',
      },
      { now: NOW },
    );
    expect(title).toBe('Your balance');
    expect(text).toContain('You: $0.50 left of $1.00 per week; spent $0.45 ($0.05 held for running jobs). Resets Mon, Nov 24 at 00:00 UTC (in 2 days).');
    expect(text).toContain('Community pool: no limit. Spent $2.00 in total.');
    expect(text).toContain("this community's gateway token");
    for (const bad of FORBIDDEN) expect(text).not.toContain(bad);
  });

  const week = { limitMicros: 1_000_000, spentMicros: 600_000, heldMicros: 0, remainingMicros: 400_000, resetsAt: MONDAY, periodName: 'week' };

  it('writes adjustments out, so more left than the limit reads honestly', () => {
    const up = describeBalance({ user: { limitMicros: 5_000_000, spentMicros: 20_000, heldMicros: 0, remainingMicros: 5_980_000, adjustedMicros: 1_000_000, resetsAt: MONDAY, periodName: 'day' }, tokenSource: 'operator' }, { now: NOW }).text;
    expect(up).toContain('You: $5.98 left of $5.00 per day + $1.00 granted; spent $0.02.');
    const down = describeBalance({ user: { ...week, remainingMicros: 150_000, adjustedMicros: -250_000 }, tokenSource: 'scope' }, { now: NOW }).text;
    expect(down).toContain('You: $0.15 left of $1.00 per week - $0.25 taken back; spent $0.60.');
    const none = describeBalance({ user: { ...week, adjustedMicros: 0 }, tokenSource: 'scope' }, { now: NOW }).text;
    expect(none).toContain('You: $0.40 left of $1.00 per week; spent $0.60. Resets');
    const total = describeBalance({ user: { ...week, resetsAt: null, periodName: undefined } }, { now: NOW }).text;
    expect(total).toBe('You: $0.40 left of $1.00 in total; spent $0.60. It does not reset on its own.');
  });

  it('says when there is no limit, with what was spent and held', () => {
    const { text } = describeBalance({ user: { limitMicros: null, spentMicros: 2_500_000, heldMicros: 100_000, remainingMicros: null, resetsAt: MONDAY, periodName: 'week', adjustedMicros: 500_000 }, tokenSource: 'operator' }, { now: NOW });
    expect(text).toBe("You: no limit. Spent $2.50 this week ($0.10 held for running jobs).\nYour requests use the bot operator's gateway token.");
  });

  it('puts a blocked notice first', () => {
    const { text } = describeBalance({ user: week, blocked: true, tokenSource: 'scope' }, { now: NOW });
    expect(text.split('\n')[0]).toBe('You are blocked here: an admin has stopped your paid requests. Ask an admin if you think this is a mistake.');
    expect(text).toContain('You: $0.40 left of $1.00 per week');
  });

  it('on a personal token, says the community limits do not apply and shows the personal cap or its absence', () => {
    const pool = { limitMicros: 10_000_000, spentMicros: 0, heldMicros: 0, remainingMicros: 10_000_000, resetsAt: MONDAY, periodName: 'month' };
    const capped = describeBalance(
      { user: week, pool, tokenSource: 'personal', personalCap: { limitMicros: 3_000_000, spentMicros: 1_000_000, heldMicros: 250_000, remainingMicros: 1_750_000, resetsAt: MONDAY, periodName: 'month' } },
      { now: NOW },
    ).text;
    expect(capped).toBe(
      "Your requests use your own gateway token, so this community's allowance and pool do not apply.\nYour own cap: $1.75 left of $3.00 per month; spent $1.00 ($0.25 held for running jobs). Resets Mon, Nov 24 at 00:00 UTC (in 2 days).",
    );
    const uncapped = describeBalance({ user: week, tokenSource: 'personal', personalCap: null }, { now: NOW }).text;
    expect(uncapped).toBe(
      "Your requests use your own gateway token, so this community's allowance does not apply.\nYour own token has no spending cap set; the gateway account behind it is the only limit.",
    );
    const blocked = describeBalance({ user: week, tokenSource: 'personal', blocked: true }, { now: NOW }).text;
    expect(blocked.split('\n')[0]).toMatch(/^You are blocked here/);
  });

  it('names the pool as the tighter limit only when it is', () => {
    const tight = { limitMicros: 5_000_000, spentMicros: 4_900_000, heldMicros: 0, remainingMicros: 100_000, resetsAt: MONDAY, periodName: 'month' };
    const t1 = describeBalance({ user: week, pool: tight, tokenSource: 'scope' }, { now: NOW }).text;
    expect(t1).toContain('Community pool: $0.10 left of $5.00 per month; spent $4.90.');
    expect(t1).toContain('The community pool is the tighter limit: you can spend at most $0.10 right now.');
    const unlimited = describeBalance({ user: { limitMicros: null, spentMicros: 0, heldMicros: 0, remainingMicros: null, resetsAt: null }, pool: tight, tokenSource: 'scope' }, { now: NOW }).text;
    expect(unlimited).toContain('The community pool is the tighter limit: you can spend at most $0.10 right now.');
    const loose = describeBalance({ user: week, pool: { ...tight, remainingMicros: 3_000_000 }, tokenSource: 'scope' }, { now: NOW }).text;
    expect(loose).not.toContain('tighter');
  });

  it('speaks in the third person for admin views', () => {
    const { title, text } = describeBalance({ user: week, tokenSource: 'scope', blocked: true, subject: '@bob' }, { now: NOW });
    expect(title).toBe('Balance of @bob');
    expect(text).toContain('@bob is blocked here: they cannot start paid requests until an admin unblocks them.');
    expect(text).toContain('@bob: $0.40 left of $1.00 per week; spent $0.60.');
    expect(text).toContain("Their requests use this community's gateway token.");
    expect(text).not.toMatch(/\b(You|you|Your|your)\b/);
    const personal = describeBalance({ user: week, tokenSource: 'personal', personalCap: null, subject: '@bob' }, { now: NOW }).text;
    expect(personal).toBe("Their requests use their own gateway token, so this community's allowance does not apply.\nTheir own token has no spending cap set; the gateway account behind it is the only limit.");
    const noToken = describeBalance({ user: week, tokenSource: null, subject: '@bob' }, { now: NOW }).text;
    expect(noToken).toContain('No gateway token is linked here yet, so they cannot start paid requests');
  });
});
