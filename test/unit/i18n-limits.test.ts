import { describe, expect, it } from 'vitest';
import type { FailureCode, FailureDetails, MoneyMoved } from '../../src/core/failures.js';
import { supportedLocales, t } from '../../src/core/i18n/catalog.js';
import { phrase, type Phrase } from '../../src/core/i18n/phrase.js';
import { MAX_USD_MICROS } from '../../src/core/money.js';
import { describeFailure, describeFailureRef, refLine } from '../../src/core/messages/failure-text.js';
import { commandRegistry } from '../../src/core/commands/registry.js';
import { usageLines } from '../../src/core/commands/help.js';
import type { SurfaceInfo } from '../../src/core/ports/surface.js';

/**
 * Every failure, in every shipped locale, with the longest values its placeholders can take, fits the platforms'
 * limits: Discord message content 2,000 (a late notice adds a `<@id> ` mention) and embed descriptions 4,096;
 * Telegram messages 4,096 and media captions 1,024. Data-driven over the locale folders.
 */

const LONG = 'x'.repeat(300);
const WIDE_SURFACE: SurfaceInfo = { id: 'cli', buttons: false, commandHint: (c, s) => `/${c}${s ? ` ${s}` : ''}` };
const longestUsage = commandRegistry()
  .flatMap((def) => (def.subcommands ? [def.subcommands.flatMap((s) => usageLines(def, s, WIDE_SURFACE))] : [usageLines(def, undefined, WIDE_SURFACE)]))
  .sort((a, b) => b.join('\n').length - a.join('\n').length)[0]!;
const budget = { costMicros: 100_000_000_000, remainingMicros: 99_999_999_999, resetsAt: Date.UTC(2026, 11, 31), timeZone: 'America/Argentina/ComodRivadavia' };

/** The worst case of every code (a missing code is a compile error). */
const WORST: { [C in FailureCode]: FailureDetails[C] } = {
  budget_exhausted: budget,
  person_cap_exhausted: budget,
  operator_cap_exhausted: budget,
  operator_access_not_approved: { community: 'telegram:-1001234567890123', place: 'community' },
  pool_exhausted: budget,
  blocked: {},
  no_token: { reader: 'admin' },
  token_rejected: { source: 'personal' },
  no_channel: { model: LONG },
  model_unknown: { model: LONG, suggestion: 'y'.repeat(80) },
  model_not_on_sale: { model: LONG },
  model_unpriced: { model: LONG, reader: 'admin' },
  default_model_missing: { variable: 'DEFAULT_IMAGE_MODEL', model: LONG, suggestions: ['a'.repeat(80), 'b'.repeat(80), 'c'.repeat(80)] },
  no_default_model: { kind: 'image', reader: 'admin' },
  not_offered: { what: 'balance' },
  gateway_misconfigured: {},
  model_wrong_kind: { model: LONG, expected: 'video' },
  option_unsupported: { model: LONG, option: 'resolution', value: 'z'.repeat(20), offered: ['480p', '720p', '1080p', '768p'], all: ['--background transparent|opaque|auto', '--format png|jpeg|webp'] },
  quota_exhausted: { source: 'personal' },
  forbidden_model: { model: LONG },
  content_refused: {},
  gateway_needs_header: { header: 'x-portkey-config / x-portkey-provider' },
  content_refused_fee: { source: 'scope', code: 'violation_fee.grok.csam' },
  gateway_refused: { status: 403, reason: 'not for this token' },
  attachment_missing: {},
  attachment_too_many: { max: 10, got: 1000 },
  attachment_too_large: { maxBytes: 25 * 1024 ** 3, gotBytes: 1024 ** 4, name: LONG },
  attachment_empty: { name: LONG },
  attachment_not_image: { name: LONG, detected: 'animated gif' },
  attachment_too_many_pixels: { width: 100_000, height: 100_000, maxPixels: 40_000_000 },
  attachment_download_failed: { reason: 'too_big_for_platform', limitBytes: 20 * 1024 ** 2 },
  prompt_empty: {},
  prompt_too_long: { max: 4000, got: 1_000_000 },
  prompt_has_secret: {},
  result_url_refused: {},
  bad_size: { given: LONG, maxSide: 4096 },
  bad_aspect: { given: LONG, allowed: ['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9', '9:21'] },
  bad_duration: { given: LONG, min: 4, max: 15 },
  bad_count: { given: LONG, max: 4 },
  bad_flag: { message: 'z'.repeat(400) },
  gateway_busy: { retryAfterMs: 3 * 86_400_000 },
  gateway_down: {},
  gateway_timeout: {},
  task_failed_refunded: { reason: 'r'.repeat(160) },
  task_expired_released: {},
  job_interrupted: { kind: 'video' },
  result_delayed: { kind: 'ask' },
  output_too_large: { bytes: 1024 ** 4, limitBytes: 50 * 1024 ** 2, retrievableUntil: Date.UTC(2026, 11, 31) },
  delivery_failed_charged: { reason: 'download', jobId: 'j'.repeat(40), retrievableUntil: Date.UTC(2026, 11, 31), kind: 'video' },
  result_not_delivered: { kind: 'imagine', reason: 'files_gone' },
  cooldown: { retryAfterMs: 3600_000 },
  queue_full: { position: 1000 },
  job_cancelled: { kind: 'imagine' },
  job_not_cancellable: { id: 'j_abcdefghijklmnopqrstuvwxyz0123456789', reason: 'not_owner' },
  coordination_unavailable: {},
  store_unavailable: {},
  not_admin: {},
  not_in_channel: { command: 'video', where: [LONG, LONG] },
  prompt_blocked: { message: LONG },
  bad_amount: { message: 'm'.repeat(160) },
  unknown_user: { given: LONG },
  job_not_found: { id: LONG },
  bad_timezone: { given: LONG },
  unknown_language: { given: LONG, available: 'en, es, ja, pt-BR, ru, zh-CN' },
  unknown_setting: { given: LONG, keys: 'image_model, video_model, text_model, aspect, seconds, quality, n, language, private' },
  bad_setting: { key: 'image_model', given: LONG, allowed: 'auto, low, medium, high' },
  unknown_command: { given: LONG, suggestion: { command: 'budget', subcommand: 'unblock' } },
  missing_argument: { name: 'subcommand', usage: longestUsage },
  not_here: { place: 'private' },
  job_files_gone: { id: LONG, what: 'references' },
  not_an_image: { id: LONG, kind: 'ask' },
  job_not_yours: { id: LONG },
  internal: {},
};

const MONEY: readonly MoneyMoved[] = ['none', 'released', 'refunded', 'charged'];
const NOW = Date.UTC(2026, 5, 1);

describe('failure texts fit the platforms in every locale', () => {
  const cases = supportedLocales().flatMap((locale) => (Object.keys(WORST) as FailureCode[]).map((code) => [locale, code] as const));

  it.each(cases)('%s %s', (locale, code) => {
    for (const money of MONEY) {
      const m = describeFailure({ code, details: WORST[code], ref: 'K7Q2XM', money } as never, { now: NOW, timeZone: 'Pacific/Chatham', locale });
      const full = `${m.text}\n${refLine(locale, 'K7Q2XM')}`;
      const mention = `<@${'9'.repeat(20)}> `;
      expect(m.title.length, 'embed title').toBeLessThanOrEqual(256);
      expect((mention + full).length, 'Discord content').toBeLessThanOrEqual(2000);
      expect((m.title + '\n' + full).length, 'Telegram message').toBeLessThanOrEqual(4096);
      expect(full.length, 'Telegram caption').toBeLessThanOrEqual(1024);
      expect(m.text).not.toMatch(/failure-|\{ ?\$/); // no message id or raw placeholder leaks
    }
  });
});

describe('other refusal texts fit the platforms in every locale', () => {
  it.each(supportedLocales())('%s: a chart not drawn, shared state down, a looked-up reference', (locale) => {
    for (const text of [t(locale, 'chart-failed'), t(locale, 'shared-state-down')]) {
      expect(text.length, 'Telegram caption').toBeLessThanOrEqual(1024);
      expect(text).not.toMatch(/\{ ?\$/);
    }
    const outcome = describeFailure({ code: 'no_channel', details: WORST.no_channel, ref: 'K7Q2XM', money: 'refunded' } as never, { now: NOW, locale }).text;
    const v = describeFailureRef(locale, { ref: 'K7Q2XM', createdAt: NOW, code: 'no_channel', outcome, userExternalId: '9'.repeat(20), surface: 'telegram', jobId: `j_${'x'.repeat(40)}` }, 'Pacific/Chatham', NOW);
    expect(v.title.length, 'embed title').toBeLessThanOrEqual(256);
    expect(v.blocks.join('\n').length, 'Discord content').toBeLessThanOrEqual(2000);
    for (const f of v.fields) expect(f.name.length + f.value.length, 'embed field').toBeLessThanOrEqual(256 + 1024);
    expect(`${v.title}\n${v.blocks.join('\n')}\n${v.fields.map((f) => `${f.name}: ${f.value}`).join('\n')}`.length, 'Telegram message').toBeLessThanOrEqual(4096);
  });
});

describe('option and admin-value refusals fit the platforms in every locale', () => {
  // The longest values the grammar and the admin service pass: quoted words clipped to 40, the widest usage line.
  const word = 'w'.repeat(40);
  const flags = Array.from({ length: 8 }, (_, i) => `--flag${i} WxH`).join(', ');
  const form = phrase('input-form-choice', { choices: 'imagine, edit, video, ask, balance, jobs, usage, setup, language, models' });
  const withFlags = (problem: Phrase) => phrase('input-with-flags', { problem, flags: phrase('input-valid-flags', { flags }) });
  const flagProblems: Phrase[] = [
    withFlags(phrase('input-flag-conflict', { flag: '--aspect', other: '--size' })),
    withFlags(phrase('input-flag-not-here', { command: '/setup language', flag: `--${word}` })),
    withFlags(phrase('input-flag-unknown', { flag: `--${word}` })),
    withFlags(phrase('input-flag-no-value', { flag: '--model', form })),
    withFlags(phrase('input-did-you-mean', { problem: phrase('input-flag-bad-value', { flag: '--kind', value: word, form }), suggestion: 'video' })),
    phrase('input-no-flags'),
    phrase('input-secret-bad-value', { flag: 'token', form: phrase('input-form-text') }),
    withFlags(phrase('input-flag-twice', { flag: '--model' })),
    phrase('input-not-a-member', { value: word, form: phrase('input-form-user') }),
    phrase('input-did-you-mean', { problem: phrase('input-bad-word', { value: word, name: 'period', command: '/setup language', form }), suggestion: 'month' }),
    phrase('input-extra-words', { command: '/setup language', extra: word, usage: longestUsage.join(' · ').slice(0, 200) }),
    phrase('input-unknown-argument', { name: 'n'.repeat(32) }),
    phrase('input-not-files', { flag: 'aspect', form: phrase('input-form-integer-range', { min: 1, max: 100 }) }),
    phrase('input-files-only', { flag: 'image' }),
    phrase('input-too-long', { flag: 'note', max: 1 }),
    phrase('input-too-long', { flag: 'note', max: 500 }),
    ...['aspect', 'size', 'model', 'integer', 'job', 'amount', 'period'].map((k) => phrase('input-flag-bad-value', { flag: '--x', value: word, form: phrase(`input-form-${k}`) })),
  ];
  const adminProblems: Phrase[] = [
    phrase('input-period', { given: word }),
    phrase('input-amount-range', { min: { usdMicros: 0 }, max: { usdMicros: MAX_USD_MICROS } }),
    phrase('input-pool-needs-amount'),
    phrase('input-note-length', { min: 1, max: 500 }),
    phrase('input-zero-adjustment', { amount: { usdMicros: 0 } }),
    phrase('input-timezone', { given: 'z'.repeat(64) }),
    phrase('input-token-shape'),
    phrase('input-adjust-ceiling', { max: { usdMicros: MAX_USD_MICROS }, after: { usdMicros: 2 * MAX_USD_MICROS } }),
  ];

  it.each(supportedLocales())('%s', (locale) => {
    const failures = [
      ...flagProblems.map((problem) => ({ code: 'bad_flag', details: { message: 'English', problem } })),
      ...adminProblems.map((problem) => ({ code: 'bad_amount', details: { message: 'English', problem } })),
    ];
    for (const f of failures) {
      const m = describeFailure({ ...f, ref: 'K7Q2XM', money: 'none' } as never, { now: NOW, locale });
      const full = `${m.text}\n${refLine(locale, 'K7Q2XM')}`;
      expect((`<@${'9'.repeat(20)}> ` + full).length, 'Discord content').toBeLessThanOrEqual(2000);
      expect(full.length, 'Telegram caption').toBeLessThanOrEqual(1024);
      expect(m.text).not.toMatch(/input-|failure-|\{ ?\$/);
      expect(m.text, 'the problem itself is shown, not the generic words').not.toBe(t(locale, 'failure-bad-flag', { message: 'none' }));
      const english = describeFailure({ ...f, ref: 'K7Q2XM', money: 'none' } as never, { now: NOW, locale: 'en' }).text;
      if (locale !== 'en') expect(m.text, `${f.details.problem.id} is translated`).not.toBe(english);
    }
  });
});
