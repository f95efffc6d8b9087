/** Time and size phrases shared by every user-facing message. Pure functions; English, platform-neutral. */

const formatterCache = new Map<string, Intl.DateTimeFormat>();

/** True when `tz` is an IANA zone name the runtime knows (e.g. `Europe/Berlin`, `UTC`). */
export function isValidTimeZone(tz: string): boolean {
  if (!tz || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatterCache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
      timeZoneName: 'short',
    });
    formatterCache.set(timeZone, f);
  }
  return f;
}

/**
 * A moment as "Mon 24 Nov, 00:00 UTC" in `timeZone` (default `UTC`; an unknown zone falls back to UTC
 * rather than throwing, since this only decorates a message). The zone label is the runtime's short name
 * ("CET", "GMT-5").
 */
export function formatDateTime(epochMs: number, timeZone = 'UTC'): string {
  const tz = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  const parts: Record<string, string> = {};
  for (const p of formatterFor(tz).formatToParts(new Date(epochMs))) parts[p.type] = p.value;
  return `${parts.weekday} ${parts.day} ${parts.month}, ${parts.hour}:${parts.minute} ${parts.timeZoneName ?? tz}`;
}

/**
 * A duration as "3 h 12 min", "2 d 3 h", "45 s", "1 min 5 s". Rounded up to the second (a wait of 1.2 s reads
 * "2 s", never "1 s" too early); at most two units; negative or non-finite values read "0 s".
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms <= 0) return '0 s';
  let s = Math.ceil(ms / 1000);
  const d = Math.floor(s / 86_400);
  s -= d * 86_400;
  const h = Math.floor(s / 3600);
  s -= h * 3600;
  const m = Math.floor(s / 60);
  s -= m * 60;
  const units: string[] = [];
  if (d) units.push(`${d} d`);
  if (h) units.push(`${h} h`);
  if (m) units.push(`${m} min`);
  if (s) units.push(`${s} s`);
  return units.slice(0, 2).join(' ');
}

/** "in 3 h 12 min" from `now` to `epochMs`; "now" when it has passed. */
export function formatIn(epochMs: number, now: number): string {
  return epochMs <= now ? 'now' : `in ${formatDuration(epochMs - now)}`;
}

/** "Mon 24 Nov, 00:00 UTC (in 2 d 3 h)". */
export function formatResetTime(epochMs: number, now: number, timeZone = 'UTC'): string {
  return `${formatDateTime(epochMs, timeZone)} (${formatIn(epochMs, now)})`;
}

/** Bytes as "8 MB", "950 KB", "12 B" (1024-based, one decimal when under 10, as platforms state their limits). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return 'an unknown size';
  const units = ['B', 'KB', 'MB', 'GB'];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  const shown = i === 0 ? String(v) : v < 10 ? String(Math.round(v * 10) / 10) : String(Math.round(v));
  return `${shown} ${units[i]}`;
}

/** A whole number with thousands separators ("40,000,000"). */
export function formatCount(n: number): string {
  return Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'an unknown number';
}
