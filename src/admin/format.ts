/** Plain-text rendering helpers of the operator CLI (no colours, stable for scripts). */

/** `2025-01-31 14:05:09Z` for an epoch-ms instant; `-` for null. */
export function formatTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '-';
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')}Z`;
}

/**
 * A left-aligned text table with a header row and two spaces between columns. Cells are single-line
 * (newlines become spaces) and cut at `maxCell` characters (default 48) with an ellipsis.
 */
export function renderTable(header: readonly string[], rows: readonly (readonly string[])[], maxCell = 48): string {
  const clean = (s: string) => {
    const one = s.replace(/\s+/g, ' ');
    return one.length > maxCell ? `${one.slice(0, maxCell - 1)}…` : one;
  };
  const all = [header.map(clean), ...rows.map((r) => r.map(clean))];
  const widths = header.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  return all.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i] ?? 0))).join('  ').trimEnd()).join('\n');
}
