import type { CumulativeChart } from '../ports/chart-renderer.js';
import type { DailySpendRow } from '../ports/usage-store.js';
import type { Micros } from '../money.js';

/** Words of the member chart (from `balanceChartLabels` in messages). */
export interface BalanceChartLabels {
  title: string;
  spent: string;
  allowance: string;
}

/** What {@link balanceChartData} needs: one member's `dailySpend` over their allowance window. */
export interface BalanceChartInput {
  /** `dailySpend` of the member (community allowance only) over the window of their allowance. */
  daily: readonly DailySpendRow[];
  dayStarts: readonly number[];
  days: readonly string[];
  now: number;
  /** The allowance in force (limit plus this period's adjustments); null when there is no limit. */
  allowanceMicros: Micros | null;
  labels: BalanceChartLabels;
}

/**
 * The member chart: spend from the window's start to the end of each day (spend before the first day shown, in a
 * `total` window, is the starting point), against the allowance as a flat line. Days that have not started at `now`
 * have no point. The last point is what `/balance` calls spent.
 */
export function balanceChartData(input: BalanceChartInput): CumulativeChart {
  const perDay = new Array<Micros>(input.dayStarts.length).fill(0);
  let running = 0;
  for (const d of input.daily) {
    if (d.day < 0) running += d.spentMicros;
    else if (d.day < perDay.length) perDay[d.day]! += d.spentMicros;
  }
  const cumulative = input.dayStarts.map((start, i) => {
    if (start > input.now) return null;
    running += perDay[i]!;
    return running;
  });
  return {
    kind: 'cumulative',
    title: input.labels.title,
    days: [...input.days],
    spentName: input.labels.spent,
    cumulative,
    allowance: input.allowanceMicros === null ? null : { name: input.labels.allowance, micros: input.allowanceMicros },
  };
}
