import { localDate, startOfLocalDay, type PeriodWindow } from '../budget/periods.js';

/** Most days a `total` window is charted over (its earlier spend is folded into one bucket). */
export const TOTAL_CHART_DAYS = 30;

/**
 * The local midnights (epoch ms, zone `tz`) of the days a chart of `window` shows: every day of a bounded window
 * (future days included, so the axis is the whole period), or the last {@link TOTAL_CHART_DAYS} days up to `now`
 * for `total` (end null). Correct across DST changes: each start is the first instant of its local date.
 */
export function chartDayStarts(window: PeriodWindow, tz: string, now: number): number[] {
  if (window.end === null) {
    const today = localDate(tz, now);
    const starts: number[] = [];
    for (let k = TOTAL_CHART_DAYS - 1; k >= 0; k--) starts.push(startOfLocalDay(tz, today.y, today.m, today.d - k));
    return starts.filter((s) => s >= window.start);
  }
  const starts: number[] = [];
  for (let s = window.start; s < window.end; ) {
    starts.push(s);
    const l = localDate(tz, s);
    s = startOfLocalDay(tz, l.y, l.m, l.d + 1);
  }
  return starts;
}

/** An hour in epoch ms. */
const HOUR_MS = 3_600_000;

/**
 * The hour starts of a one-day `window` (the whole day, so the axis is the period; 23 or 25 of them on a DST change),
 * for a chart whose only day would otherwise be a single point.
 */
export function chartHourStarts(window: { start: number; end: number }): number[] {
  const starts: number[] = [];
  for (let s = window.start; s < window.end; s += HOUR_MS) starts.push(s);
  return starts;
}

/** Hour labels ("14:00" in most locales, "2 PM" where that is the custom) of `starts` in zone `tz`. */
export function hourLabels(starts: readonly number[], tz: string, locale = 'en-US'): string[] {
  const f = new Intl.DateTimeFormat(locale, { timeZone: tz, hour: 'numeric', minute: '2-digit' });
  return starts.map((s) => f.format(s));
}

/** Short day labels ("Nov 3" in `en-US`, "3 nov" in `es`) of `starts` in zone `tz`. */
export function dayLabels(starts: readonly number[], tz: string, locale = 'en-US'): string[] {
  const f = new Intl.DateTimeFormat(locale, { timeZone: tz, month: 'short', day: 'numeric' });
  return starts.map((s) => f.format(s));
}
