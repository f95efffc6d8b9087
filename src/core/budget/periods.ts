/**
 * Budget periods computed in a scope's IANA timezone with `Intl.DateTimeFormat` only (no date library).
 * A period is the half-open interval [start, end) of epoch milliseconds containing an instant.
 * Correct across DST changes (including zones whose midnight is skipped) and month ends.
 */

/** How often an allowance refills. `week` is ISO (starts Monday); `total` never resets. */
export type Period = 'day' | 'week' | 'month' | 'total';

/** Every period, for validation and menus. */
export const PERIODS: readonly Period[] = ['day', 'week', 'month', 'total'];

/** The interval containing an instant. `end` is null for `total`. */
export interface PeriodWindow {
  start: number;
  end: number | null;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** True when `tz` is an IANA zone name this runtime knows (e.g. "Europe/Paris", "UTC"). */
export function isValidTimeZone(tz: string): boolean {
  if (typeof tz !== 'string' || tz.trim() === '' || tz.length > 64) return false;
  try {
    formatter(tz);
    return true;
  } catch {
    return false;
  }
}

interface Local {
  y: number;
  m: number; // 1-12
  d: number;
  hh: number;
  mm: number;
  ss: number;
}

function localParts(tz: string, ms: number): Local {
  const p: Record<string, number> = {};
  for (const part of formatter(tz).formatToParts(ms)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { y: p.year!, m: p.month!, d: p.day!, hh: p.hour! % 24, mm: p.minute!, ss: p.second! };
}

/** The local calendar date (month 1-12) of instant `ms` in zone `tz`. */
export function localDate(tz: string, ms: number): { y: number; m: number; d: number } {
  const { y, m, d } = localParts(tz, ms);
  return { y, m, d };
}

/** Offset (local − UTC) in ms at instant `ms`, to the second. */
function offsetAt(tz: string, ms: number): number {
  const l = localParts(tz, ms);
  return Date.UTC(l.y, l.m - 1, l.d, l.hh, l.mm, l.ss) - Math.floor(ms / 1000) * 1000;
}

const dayKey = (l: { y: number; m: number; d: number }) => l.y * 10_000 + l.m * 100 + l.d;

/** First instant whose local calendar date is (y, m, d); handles days whose midnight does not exist. */
export function startOfLocalDay(tz: string, y: number, m: number, d: number): number {
  const norm = new Date(Date.UTC(y, m - 1, d));
  const target = { y: norm.getUTCFullYear(), m: norm.getUTCMonth() + 1, d: norm.getUTCDate() };
  const wall = norm.getTime();
  let guess = wall - offsetAt(tz, wall);
  guess = wall - offsetAt(tz, guess);
  const key = dayKey(target);
  const at = localParts(tz, guess);
  if (dayKey(at) === key && at.hh === 0 && at.mm === 0 && at.ss === 0) {
    // An earlier instant may still be the same local day (midnight repeated by a backward shift).
    const earlier = guess - 3_600_000;
    return dayKey(localParts(tz, earlier)) === key ? searchFirst(tz, key, earlier - 3 * 3_600_000, earlier) : guess;
  }
  return searchFirst(tz, key, guess - 6 * 3_600_000, guess + 6 * 3_600_000);
}

/** Binary search for the first ms in [lo, hi] whose local day is ≥ key (the day's first instant). */
function searchFirst(tz: string, key: number, lo: number, hi: number): number {
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (dayKey(localParts(tz, mid)) >= key) hi = mid;
    else lo = mid;
  }
  return hi;
}

const lastWindow = new Map<string, PeriodWindow>();

/**
 * The window of `period` in zone `tz` that contains instant `now` (epoch ms).
 * The last window per (period, zone) is remembered, so the hot path rarely calls `Intl`.
 */
export function periodWindow(period: Period, tz: string, now: number): PeriodWindow {
  if (period === 'total') return { start: 0, end: null };
  const key = `${period}|${tz}`;
  const hit = lastWindow.get(key);
  if (hit && now >= hit.start && now < hit.end!) return { ...hit };
  const w = computeWindow(period, tz, now);
  if (lastWindow.size > 1000) lastWindow.clear();
  lastWindow.set(key, w);
  return { ...w };
}

function computeWindow(period: Exclude<Period, 'total'>, tz: string, now: number): PeriodWindow {
  const l = localParts(tz, now);
  if (period === 'day') return { start: startOfLocalDay(tz, l.y, l.m, l.d), end: startOfLocalDay(tz, l.y, l.m, l.d + 1) };
  if (period === 'month') return { start: startOfLocalDay(tz, l.y, l.m, 1), end: startOfLocalDay(tz, l.y, l.m + 1, 1) };
  const isoDow = ((new Date(Date.UTC(l.y, l.m - 1, l.d)).getUTCDay() + 6) % 7) + 1; // 1 = Monday
  const monday = l.d - (isoDow - 1);
  return { start: startOfLocalDay(tz, l.y, l.m, monday), end: startOfLocalDay(tz, l.y, l.m, monday + 7) };
}

/** True when `v` is one of {@link PERIODS}. */
export function isPeriod(v: unknown): v is Period {
  return typeof v === 'string' && (PERIODS as readonly string[]).includes(v);
}
