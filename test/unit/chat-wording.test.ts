import { describe, expect, it } from 'vitest';
import { fail } from '../../src/core/failures.js';
import { supportedLocales, t } from '../../src/core/i18n/catalog.js';
import { formatMoney, formatMoneyPair } from '../../src/core/i18n/format.js';
import { describeFailure } from '../../src/core/messages/failure-text.js';
import type { JobView } from '../../src/core/api/jobs.js';
import { jobReply } from '../../src/core/commands/pieces/job.js';
import { videoResultFields } from '../../src/core/commands/reply-kit.js';

/** Words that are put together from two messages read as one phrase in every shipped language. */
describe('composed chat wording', () => {
  it.each(supportedLocales())('%s: the video\'s "Ready" field does not repeat the preposition of its value', (locale) => {
    const label = t(locale, 'field-ready-in');
    const value = t(locale, 'time-in', { duration: '54 s' });
    const lastOfLabel = label.trim().split(/\s+/).pop()!.toLowerCase();
    const firstOfValue = value.trim().split(/\s+/)[0]!.toLowerCase();
    expect(`${label}: ${value}`).not.toMatch(/\b(in|en|em|через)\b.*\b\1\b/i);
    expect(lastOfLabel).not.toBe(firstOfValue);
  });

  it('a refused job never reads "costs $0.04 but you have $0.04 left": the amounts show the decimals that differ', () => {
    const f = fail('budget_exhausted', { costMicros: 40_000, remainingMicros: 39_924, resetsAt: null });
    const text = describeFailure(f, { now: 0, locale: 'en' }).text;
    expect(text).toContain('This would cost $0.0400 but you have $0.0399 left.');
    expect(describeFailure(f, { now: 0, locale: 'es' }).text).toMatch(/0,0400\sUS\$.*0,0399\sUS\$/);
    const pool = fail('pool_exhausted', { costMicros: 40_001, remainingMicros: 39_996, resetsAt: null });
    expect(describeFailure(pool, { now: 0, locale: 'en' }).text).toContain('$0.040001');
  });

  it.each(supportedLocales())('%s: the money pair widens only when rounding hides a difference', (locale) => {
    expect(formatMoneyPair(locale, 40_000, 30_000)).toEqual([formatMoney(locale, 40_000), formatMoney(locale, 30_000)]);
    expect(formatMoneyPair(locale, 40_000, 40_000)).toEqual([formatMoney(locale, 40_000), formatMoney(locale, 40_000)]);
    const [a, b] = formatMoneyPair(locale, 1_234_567, 1_234_561);
    expect(a).not.toBe(b);
    // The fewest decimals that differ: 1.23457 and 1.23456 (five), the same number for both.
    expect(a.replace(/\D/g, '')).toBe('123457');
    expect(b.replace(/\D/g, '')).toBe('123456');
  });

  const video = (o: Partial<JobView>): JobView => ({
    id: 'j_1', kind: 'video', status: 'delivered', state: 'done', money: { outcome: 'charged', micros: 300_000 }, model: 'gamma-video-1', prompt: 'a wave',
    progress: 100, estimateMicros: 300_000, chargedMicros: 300_000, createdAt: 0, finishedAt: 1, userExternalId: 'u', locale: 'en', seconds: 6, ...o,
  } as JobView);

  it.each(supportedLocales())('%s: a delivered video shorter than asked says both lengths; container rounding does not', (locale) => {
    const off = videoResultFields(video({ locale, media: { width: 320, height: 180, durationSeconds: 4 } }))[1]!.value;
    expect(off).toContain('4');
    expect(off).toContain('6');
    const exact = videoResultFields(video({ locale, seconds: 4, media: { width: 320, height: 180, durationSeconds: 4.04 } }))[1]!.value;
    expect(exact).toBe(t(locale, 'value-seconds', { n: 4 }));
  });

  it("/job of a finished video shows the length the gateway made and billed, with the request when it differs", () => {
    const shorter = jobReply(video({ billedSeconds: 4 }), 1e9, false, 'en').fields ?? [];
    expect(shorter).toContainEqual({ name: 'Duration', value: '4 s (6 s requested)' });
    expect(shorter.map((f) => f.name)).not.toContain('Duration requested');
    const same = jobReply(video({ billedSeconds: 6 }), 1e9, false, 'en').fields ?? [];
    expect(same).toContainEqual({ name: 'Duration', value: '6 s' });
    // While it runs, the length is the one asked for, whatever the gateway says so far.
    const running = jobReply(video({ billedSeconds: 4, status: 'running', state: 'working', progress: 40 }), 1e9, false, 'en').fields ?? [];
    expect(running).toContainEqual({ name: 'Duration', value: '6 s' });
  });

  it('/job of a finished video: the posted file\'s length first, and the seconds billed when they differ from it', () => {
    const fields = jobReply(video({ seconds: 15, deliveredSeconds: 4.04, billedSeconds: 15 }), 1e9, false, 'en').fields ?? [];
    expect(fields).toContainEqual({ name: 'Duration', value: '4 s (15 s requested)' });
    expect(fields).toContainEqual({ name: 'Seconds billed', value: '15 s' });
    const agreed = jobReply(video({ deliveredSeconds: 6.02, billedSeconds: 6 }), 1e9, false, 'en').fields ?? [];
    expect(agreed.filter((f) => f.name.startsWith('Duration') || f.name === 'Seconds billed')).toEqual([{ name: 'Duration', value: '6 s' }]);
  });

  it('/job of a finished video without the gateway\'s word names its length as the one requested', () => {
    const done = jobReply(video({}), 1e9, false, 'en').fields ?? [];
    expect(done).toContainEqual({ name: 'Duration requested', value: '6 s' });
    const running = jobReply(video({ status: 'running', state: 'working', progress: 40 }), 1e9, false, 'en').fields ?? [];
    expect(running).toContainEqual({ name: 'Duration', value: '6 s' });
  });
});
