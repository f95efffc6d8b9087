import type { Actor } from '../api/actor.js';
import type { BalanceView, ChartFile } from '../api/account.js';
import type { UsageReport } from '../admin/admin-service.js';
import { usageChartLabels } from '../admin-text/texts.js';
import { balanceChartLabels } from '../messages/balance-text.js';
import { periodWindow } from '../budget/periods.js';
import { balanceChartData } from '../charts/balance-chart.js';
import { formatMoney } from '../i18n/format.js';
import { chartDayStarts, chartHourStarts, dayLabels, hourLabels, TOTAL_CHART_DAYS } from '../charts/days.js';
import { usageChartData } from '../charts/usage-chart.js';
import type { ChartSpec, CumulativeChart, StackedDaysChart } from '../ports/chart-renderer.js';
import type { DailySpendRow } from '../ports/usage-store.js';
import { balanceOf } from './account.js';
import { actorIds, type ActorIds } from './context.js';
import type { CoreDeps } from './deps.js';

/**
 * Draws `spec` with its axis numbers and amounts in `locale` (money as everywhere else: to the cent, sub-cent only
 * below a cent); null (logged) when the renderer fails, so a chart never costs the member their answer.
 */
async function draw(d: CoreDeps, spec: ChartSpec, filename: string, locale: string): Promise<ChartFile | null> {
  try {
    return { filename, ...(await d.charts.render(spec, { locale, formatMoney: (m) => formatMoney(locale, m) })) };
  } catch (e) {
    d.logger.error({ err: e }, 'chart could not be drawn');
    return null;
  }
}

const today = (d: CoreDeps) => new Date(d.clock.now()).toISOString().slice(0, 10);

/**
 * The `/usage` chart of `report` (already narrowed to `userId` when given): spend per day of the report's window in
 * the community's days, stacked by member, from the same ledger entries as the report.
 */
export async function usageChart(d: CoreDeps, ids: ActorIds, report: UsageReport, userId?: string): Promise<ChartFile | null> {
  const { spec } = await usageChartSpec(d, ids, report, userId);
  return draw(d, spec, `usage-${report.period}-${today(d)}.png`, ids.locale);
}

/**
 * The spec of the `/usage` chart (what {@link usageChart} draws; the web sends it to the browser), with the per-day
 * rows and day labels it was made from.
 */
export async function usageChartSpec(d: CoreDeps, ids: ActorIds, report: UsageReport, userId?: string): Promise<{ spec: StackedDaysChart; daily: DailySpendRow[]; days: string[] }> {
  const starts = chartDayStarts({ start: report.since, end: report.until }, ids.timeZone, d.clock.now());
  const daily = await d.store.admin.dailySpend(ids.scopeId, { since: report.since, until: report.until, dayStarts: starts, ...(userId ? { userId } : {}) });
  const days = dayLabels(starts, ids.timeZone, ids.locale);
  const spec = usageChartData({ rows: report.rows, daily, days, labels: usageChartLabels(ids.locale, report.period, TOTAL_CHART_DAYS) });
  return { spec, daily, days };
}

/**
 * `/balance` with a chart: the member's community-allowance spend per day of their allowance window (per hour for a
 * day allowance, whose one day would be a single point; personal-token spending left out, as the allowance does),
 * cumulative, against the allowance plus this period's adjustments. Dates and hours in the member's locale.
 */
export async function balanceChart(d: CoreDeps, actor: Actor): Promise<{ balance: BalanceView; chart: ChartFile | null }> {
  const { balance, spec } = await balanceChartSpec(d, actor);
  return { balance, chart: await draw(d, spec, `balance-${balance.period}-${today(d)}.png`, (await actorIds(d, actor)).locale) };
}

/** The spec of the `/balance` chart (what {@link balanceChart} draws; the web sends it to the browser). */
export async function balanceChartSpec(d: CoreDeps, actor: Actor): Promise<{ balance: BalanceView; spec: CumulativeChart }> {
  const ids = await actorIds(d, actor);
  const balance = await balanceOf(d, ids);
  const now = d.clock.now();
  const w = periodWindow(balance.period, ids.timeZone, now);
  const hourly = balance.period === 'day' && w.end !== null;
  const starts = hourly ? chartHourStarts({ start: w.start, end: w.end! }) : chartDayStarts(w, ids.timeZone, now);
  const daily = await d.store.admin.dailySpend(ids.scopeId, { since: w.start, until: null, dayStarts: starts, userId: ids.userId, communityOnly: true });
  const spec = balanceChartData({
    daily,
    dayStarts: starts,
    days: hourly ? hourLabels(starts, ids.timeZone, ids.locale) : dayLabels(starts, ids.timeZone, ids.locale),
    now,
    allowanceMicros: balance.limitMicros === null ? null : balance.limitMicros + balance.adjustedMicros,
    labels: balanceChartLabels(ids.locale, balance.period, TOTAL_CHART_DAYS),
  });
  return { balance, spec };
}
