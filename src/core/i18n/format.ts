import { MICROS_PER_USD, type Micros } from '../money.js';
import { isValidTimeZone } from '../budget/periods.js';
import { t } from './catalog.js';

/**
 * Numbers and times for people, through `Intl` in the member's locale. Amounts are always US dollars (the gateway
 * bills in USD whatever the member's country), written in the locale's number style ("$4.41", "4,41 US$",
 * "US$ 4,41"). Machine-readable output (the usage CSV, logs) never goes through here.
 */

const numberFormats = new Map<string, Intl.NumberFormat>();

function usdFormat(locale: string, digits: { min: number; max: number }): Intl.NumberFormat {
  const key = `${locale}|${digits.min}|${digits.max}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', currencyDisplay: 'symbol', minimumFractionDigits: digits.min, maximumFractionDigits: digits.max });
    numberFormats.set(key, f);
  }
  return f;
}

/**
 * Micros as money a person reads: cents ("$0.79", "$4.41", "$100,000.00"; half a cent rounds up, as `Intl` does);
 * below one cent, two significant digits so a price is not shown as $0.00 ("$0.0004", "$0.0012"); zero is "$0.00".
 * Negative amounts keep their sign. Use `formatUsd` (exact, 6 decimals) where every micro matters to an operator.
 * @throws RangeError when `m` is not a safe integer (a bug upstream, not user input).
 */
export function formatMoney(locale: string, m: Micros): string {
  if (!Number.isSafeInteger(m)) throw new RangeError(`formatMoney expects integer micros, got ${m}`);
  const abs = Math.abs(m);
  if (abs === 0 || abs >= 10_000) return usdFormat(locale, { min: 2, max: 2 }).format(m / MICROS_PER_USD);
  // Sub-cent: 2 significant digits, at most 6 decimals (1 micro is the smallest amount there is).
  const digits = Math.min(6, 7 - Math.floor(Math.log10(abs)));
  return usdFormat(locale, { min: 2, max: digits }).format(m / MICROS_PER_USD);
}

/**
 * A unit price as a listing shows it (`/models`, `/prices`, "$0.015 / image"): exact to the micro it is set to, at
 * least two decimals, no trailing zeros beyond them ("$0.04", "$0.015", "$0.0125", "$0.004", "$1.50"). Unlike
 * {@link formatMoney} it never rounds to the cent: a price a member compares or multiplies must be the real one.
 * @throws RangeError when `m` is not a safe integer.
 */
export function formatPrice(locale: string, m: Micros): string {
  if (!Number.isSafeInteger(m)) throw new RangeError(`formatPrice expects integer micros, got ${m}`);
  return usdFormat(locale, { min: 2, max: 6 }).format(m / MICROS_PER_USD);
}

/**
 * Two amounts read side by side ("costs $0.0400 but you have $0.0399 left"): each as {@link formatMoney}, unless
 * rounding makes two different amounts look the same; then both get the same number of decimals, the fewest (up to
 * the 6 of a micro) that tell them apart. Equal amounts stay as `formatMoney` writes them.
 * @throws RangeError when either is not a safe integer.
 */
export function formatMoneyPair(locale: string, a: Micros, b: Micros): [string, string] {
  const pair: [string, string] = [formatMoney(locale, a), formatMoney(locale, b)];
  if (a === b || pair[0] !== pair[1]) return pair;
  for (let digits = 3; digits <= 6; digits++) {
    const f = usdFormat(locale, { min: digits, max: digits });
    const wider: [string, string] = [f.format(a / MICROS_PER_USD), f.format(b / MICROS_PER_USD)];
    if (wider[0] !== wider[1]) return wider;
  }
  return pair;
}

/** A whole number in the locale's style ("40,000,000", "40 000 000"). */
export function formatNumber(locale: string, n: number): string {
  return Number.isFinite(n) ? new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.round(n)) : '?';
}

/**
 * A duration rounded the way people say it: "45 s" under a minute (rounded up, so a wait is never announced too
 * short), "35 min" under an hour, "2 h 30 min" under three hours, "8 h" under two days, then "3 d". Units come from
 * the locale's files (`unit-*`), numbers from `Intl`. Non-finite or negative values read as zero seconds.
 */
export function formatDuration(locale: string, ms: number): string {
  const s = Number.isFinite(ms) && ms > 0 ? Math.ceil(ms / 1000) : 0;
  const unit = (id: string, n: number) => t(locale, id, { n });
  if (s < 60) return unit('unit-seconds', s);
  const min = Math.round(s / 60);
  if (min < 60) return unit('unit-minutes', min);
  if (min < 180) {
    const h = Math.floor(min / 60);
    const rest = min - h * 60;
    return rest ? t(locale, 'unit-hours-minutes', { h, min: rest }) : unit('unit-hours', h);
  }
  const h = Math.round(min / 60);
  if (h < 48) return unit('unit-hours', h);
  return unit('unit-days', Math.round(h / 24));
}

/** "in 8 h" from `now` to `epochMs`; "now" once it has passed. */
export function formatIn(locale: string, epochMs: number, now: number): string {
  return epochMs <= now ? t(locale, 'time-now') : t(locale, 'time-in', { duration: formatDuration(locale, epochMs - now) });
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: string, timeZone: string, kind: 'time' | 'date' | 'zone' | 'ymd'): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${kind}`;
  let f = dateFormats.get(key);
  if (!f) {
    const opts: Intl.DateTimeFormatOptions =
      kind === 'time'
        ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
        : kind === 'date'
          ? { weekday: 'short', day: 'numeric', month: 'short' }
          : kind === 'zone'
            ? { timeZoneName: 'short' }
            : { year: 'numeric', month: '2-digit', day: '2-digit' };
    f = new Intl.DateTimeFormat(kind === 'ymd' ? 'en-CA' : locale, { ...opts, timeZone });
    dateFormats.set(key, f);
  }
  return f;
}

function zoneLabel(locale: string, epochMs: number, timeZone: string): string {
  return dateFormat(locale, timeZone, 'zone').formatToParts(new Date(epochMs)).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

/** Calendar days between the dates of `a` and `b` in `timeZone` (0: same day, 1: `b` is the next day). */
function dayDistance(a: number, b: number, timeZone: string): number {
  const ymd = (ms: number) => Date.parse(`${dateFormat('en', timeZone, 'ymd').format(new Date(ms))}T00:00:00Z`);
  return Math.round((ymd(b) - ymd(a)) / 86_400_000);
}

/**
 * A moment in the community's time zone, in words: "today at 18:00 CET", "tomorrow at 00:00 CET", or
 * "Mon, 24 Nov at 00:00 CET" further away (or in the past). An unknown zone falls back to UTC rather than
 * throwing, since this only decorates a message. The zone label is the runtime's short name for the locale.
 */
export function formatMoment(locale: string, epochMs: number, now: number, timeZone = 'UTC'): string {
  const tz = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  const time = dateFormat(locale, tz, 'time').format(new Date(epochMs));
  const zone = zoneLabel(locale, epochMs, tz);
  const days = dayDistance(now, epochMs, tz);
  const date = dateFormat(locale, tz, 'date').format(new Date(epochMs));
  const day = days === 0 ? 'today' : days === 1 ? 'tomorrow' : 'other';
  return t(locale, 'time-moment', { day, date, time, zone });
}

/** A reset: "tomorrow at 00:00 CET (in 8 h)", in the community's zone. */
export function formatReset(locale: string, epochMs: number, now: number, timeZone = 'UTC'): string {
  return t(locale, 'time-moment-in', { moment: formatMoment(locale, epochMs, now, timeZone), in: formatIn(locale, epochMs, now) });
}

/**
 * Bytes as "8 MB", "950 KB", "12 B" (1024-based, one decimal under 10, as platforms state their limits), numbers
 * in the locale's style.
 */
export function formatBytes(locale: string, bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return t(locale, 'size-unknown');
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  const shown = new Intl.NumberFormat(locale, { maximumFractionDigits: i > 0 && v < 10 ? 1 : 0 }).format(v);
  return t(locale, 'size-bytes', { n: shown, unit: units[i]! });
}
