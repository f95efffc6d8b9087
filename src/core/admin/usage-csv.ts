import { formatUsd } from '../money.js';
import type { UsageReport } from './admin-service.js';

function cell(v: string, isText: boolean): string {
  let s = v;
  if (isText && /^[=+\-@\t\r]/.test(s)) s = `'${s}`; // neutralize spreadsheet formulas in names
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * Renders a usage report as RFC 4180 CSV (CRLF line ends), one row per user plus a TOTAL row.
 * Amounts appear twice: exact micros and formatted USD. Names starting with = + - @ are prefixed with ' .
 */
export function renderUsageCsv(r: UsageReport): string {
  const lines = [['user_id', 'display_name', 'username', 'jobs', 'images', 'video_seconds', 'tokens', 'spent_micros', 'spent_usd']];
  for (const u of r.rows) lines.push([u.userId, u.displayName ?? '', u.username ?? '', ...nums(u)]);
  lines.push(['TOTAL', '', '', ...nums(r.totals)]);
  return lines.map((l) => l.map((v, i) => cell(v, i < 3)).join(',')).join('\r\n') + '\r\n';
}

function nums(u: UsageReport['totals']): string[] {
  return [u.jobs, u.images, u.videoSeconds, u.tokens, u.spentMicros].map(String).concat(formatUsd(u.spentMicros));
}
