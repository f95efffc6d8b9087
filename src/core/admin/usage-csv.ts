import { MICROS_PER_USD } from '../money.js';
import type { UsageReport } from './admin-service.js';

function cell(v: string, isText: boolean): string {
  let s = v;
  if (isText && /^[=+\-@\t\r]/.test(s)) s = `'${s}`; // neutralize spreadsheet formulas in names
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * Renders a usage report as RFC 4180 CSV (CRLF line ends) for machines, whatever the reader's language: a header
 * row, one row per user plus a TOTAL row. Amounts appear twice: exact micros and plain decimal US dollars with 6
 * decimals (`0.790076`, no currency sign, no grouping); the period as ISO 8601 UTC times (`period_end` empty for a
 * total). Names starting with = + - @ are prefixed with ' .
 */
export function renderUsageCsv(r: UsageReport): string {
  const lines = [['user_id', 'display_name', 'username', 'jobs', 'images', 'video_seconds', 'tokens', 'spent_micros', 'spent_usd', 'period_start', 'period_end']];
  const when = [new Date(r.since).toISOString(), r.until === null ? '' : new Date(r.until).toISOString()];
  for (const u of r.rows) lines.push([u.userId, u.displayName ?? '', u.username ?? '', ...nums(u), ...when]);
  lines.push(['TOTAL', '', '', ...nums(r.totals), ...when]);
  return lines.map((l) => l.map((v, i) => cell(v, i < 3)).join(',')).join('\r\n') + '\r\n';
}

/** Micros as a plain decimal with 6 decimals ("0.790076", "-1.500000"). */
export function decimalUsd(m: number): string {
  const sign = m < 0 ? '-' : '';
  const abs = Math.abs(m);
  return `${sign}${Math.floor(abs / MICROS_PER_USD)}.${String(abs % MICROS_PER_USD).padStart(6, '0')}`;
}

function nums(u: UsageReport['totals']): string[] {
  return [u.jobs, u.images, u.videoSeconds, u.tokens, u.spentMicros].map(String).concat(decimalUsd(u.spentMicros));
}
