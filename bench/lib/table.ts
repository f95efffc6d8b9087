/**
 * The result table every benchmark reports into: one row per figure, with the same columns for all,
 * so `npm run bench` prints one comparable table and `bench/RESULTS.md` can hold it verbatim.
 */

/** A target a figure should meet: `>=` for throughput-like figures, `<=` for latency/memory-like ones. */
export interface Target {
  op: '>=' | '<=';
  value: number;
}

/** One figure of one benchmark. `baseline`/`ratio` are null when the figure has no same-run baseline. */
export interface Row {
  benchmark: string;
  figure: string;
  median: number;
  /** For `<=` figures the 99th percentile; for `>=` figures the 1st percentile (the low tail). */
  p99: number;
  unit: string;
  baseline: number | null;
  /** `median / baseline` (how this figure compares with the bare baseline measured in the same run). */
  ratio: number | null;
  target: Target | null;
}

/** `pass`/`MISS` against the target using the median; `-` when there is no target. */
export function verdict(r: Row): string {
  if (!r.target) return '-';
  const ok = r.target.op === '>=' ? r.median >= r.target.value : r.median <= r.target.value;
  if (ok) return 'pass';
  const off = r.target.op === '>=' ? (1 - r.median / r.target.value) * 100 : (r.median / r.target.value - 1) * 100;
  return `MISS by ${off.toFixed(0)}%`;
}

/** Builds a row, computing `ratio` from `baseline` (null baseline → null ratio). */
export function row(r: Omit<Row, 'ratio' | 'baseline' | 'target'> & { baseline?: number | null; target?: Target | null }): Row {
  const baseline = r.baseline ?? null;
  return { ...r, baseline, ratio: baseline ? r.median / baseline : null, target: r.target ?? null };
}

/** Formats a number compactly: integers with thousands separators, small values with 2–3 significant digits. */
export function fmt(n: number | null): string {
  if (n === null || Number.isNaN(n)) return '-';
  if (!Number.isFinite(n)) return '∞';
  const a = Math.abs(n);
  if (a >= 100) return Math.round(n).toLocaleString('en-US');
  if (a >= 10) return n.toFixed(1);
  return n.toFixed(a >= 1 ? 2 : 3);
}

const COLUMNS = ['benchmark', 'figure', 'median', 'p99', 'unit', 'baseline', 'ratio', 'target', 'verdict'] as const;

function cells(r: Row): string[] {
  return [r.benchmark, r.figure, fmt(r.median), fmt(r.p99), r.unit, fmt(r.baseline), r.ratio === null ? '-' : `${fmt(r.ratio)}×`, r.target ? `${r.target.op} ${fmt(r.target.value)}` : '-', verdict(r)];
}

/** The rows as a Markdown table (also readable as plain text in a terminal). */
export function renderTable(rows: readonly Row[]): string {
  const body = rows.map(cells);
  const widths = COLUMNS.map((c, i) => Math.max(c.length, ...body.map((b) => b[i]!.length)));
  const line = (vals: readonly string[]) => `| ${vals.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(COLUMNS), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}
