import type { StackedDaysChart } from '../ports/chart-renderer.js';
import type { DailySpendRow, UsageRow } from '../ports/usage-store.js';
import type { Micros } from '../money.js';

/** Words of the admin chart (from `usageChartLabels` in admin-text). */
export interface UsageChartLabels {
  title: string;
  /** The series of every member past the top N. */
  others: string;
  /** The bar of spend before the first day shown (a `total` report). */
  earlier: string;
}

/** What {@link usageChartData} needs: the report's rows and the same window split per day. */
export interface UsageChartInput {
  /** The usage report's rows (names, and the members to show). */
  rows: readonly UsageRow[];
  /** `dailySpend` over the report's window; rows of users absent from `rows` are ignored. */
  daily: readonly DailySpendRow[];
  /** Labels of the days `daily` indexes (same length as its `dayStarts`). */
  days: readonly string[];
  labels: UsageChartLabels;
  /** Members drawn on their own; the rest are summed into "others". Default 8. */
  topN?: number;
}

/** How a member is named on the chart: display name, else @username, else the store id. */
export function memberName(r: Pick<UsageRow, 'displayName' | 'username' | 'userId'>): string {
  return r.displayName ?? (r.username ? `@${r.username}` : r.userId);
}

/**
 * The series of the admin chart: spend per day stacked by member, the `topN` biggest spenders of the period (by
 * their total in `daily`, ties in report order) on their own and everyone else as one "others" series. A first
 * "earlier" bar holds spend before the first day when there is any. Each member's values sum to what `daily` says
 * they spent, so with `daily` over the report's window they sum to the report's `spentMicros`.
 */
export function usageChartData(input: UsageChartInput): StackedDaysChart {
  const topN = input.topN ?? 8;
  const hasEarlier = input.daily.some((r) => r.day < 0);
  const offset = hasEarlier ? 1 : 0;
  const width = input.days.length + offset;
  const perUser = new Map<string, Micros[]>();
  for (const r of input.rows) perUser.set(r.userId, new Array<Micros>(width).fill(0));
  for (const d of input.daily) {
    const values = perUser.get(d.userId);
    const i = d.day + offset;
    if (values && i >= 0 && i < width) values[i]! += d.spentMicros;
  }
  const total = (id: string) => (perUser.get(id) ?? []).reduce((a, b) => a + b, 0);
  const ranked = input.rows.map((r, i) => ({ r, i, t: total(r.userId) })).sort((a, b) => b.t - a.t || a.i - b.i);
  const shown = ranked.slice(0, topN);
  const folded = ranked.slice(topN);
  const series: StackedDaysChart['series'][number][] = shown.map(({ r }) => ({ name: memberName(r), values: perUser.get(r.userId)! }));
  if (folded.length > 0) {
    const others = new Array<Micros>(width).fill(0);
    for (const { r } of folded) perUser.get(r.userId)!.forEach((v, i) => (others[i]! += v));
    series.push({ name: input.labels.others, values: others, folded: true });
  }
  return { kind: 'stacked-days', title: input.labels.title, days: hasEarlier ? [input.labels.earlier, ...input.days] : [...input.days], series };
}
