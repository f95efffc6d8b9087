/**
 * The echarts option of each chart the core asks for: the one builder behind both the PNG charts of the chat
 * (`./echarts-renderer.ts`, drawn on the server) and the interactive charts of the web pages (`src/web/charts.ts`,
 * the same option sent as JSON and drawn by echarts in the browser). Plain data only: it does not load echarts.
 * Amounts are in US dollars on the value axis (micros / 1,000,000).
 */
import type { Micros } from '../core/money.js';
import type { ChartSpec, CumulativeChart, StackedDaysChart } from '../core/ports/chart-renderer.js';

const MICROS = 1_000_000;
const FOLDED_COLOUR = '#a8adb5';
const LEGEND_TEXT_WIDTH = 170;
const ALLOWANCE_COLOUR = '#d9534f';

/** How {@link echartsOption} writes text and amounts. */
export interface EchartsOptionStyle {
  /** Font family of every text. */
  fontFamily: string;
  /**
   * Formats a value-axis amount. Absent: no formatter in the option (a function cannot travel as JSON; the browser
   * script sets its own from the page's locale).
   */
  formatMoney?: (m: Micros) => string;
}

/** The whole echarts option of `spec` (animation off, white background, title, legend, axes, series). */
export function echartsOption(spec: ChartSpec, style: EchartsOptionStyle) {
  const base = frame(spec, style.fontFamily, style.formatMoney);
  const own = spec.kind === 'stacked-days' ? stacked(spec) : cumulative(spec);
  return { ...base, ...own, yAxis: { ...base.yAxis, ...('yAxis' in own ? own.yAxis : {}) } };
}

/** Title, legend, axes and grid shared by every chart. */
function frame(spec: ChartSpec, family: string, money?: (m: Micros) => string) {
  return {
    animation: false,
    backgroundColor: '#ffffff',
    textStyle: { fontFamily: family, fontSize: 14 },
    title: { text: spec.title, left: 'center', top: 14, textStyle: { fontFamily: family, fontSize: 20, fontWeight: 'normal' as const } },
    // Members: a column on the right, where nine long names fit, never over the axis labels (longer ones cut with …).
    // The member chart's two lines: one row at the bottom.
    legend: {
      ...(spec.kind === 'stacked-days' ? { orient: 'vertical' as const, right: 16, top: 'middle' } : { bottom: 10 }),
      itemGap: 14,
      textStyle: { fontFamily: family, fontSize: 14, width: LEGEND_TEXT_WIDTH, overflow: 'truncate' as const },
    },
    grid: { left: 24, top: 64, containLabel: true, ...(spec.kind === 'stacked-days' ? { right: LEGEND_TEXT_WIDTH + 72, bottom: 24 } : { right: 32, bottom: 56 }) },
    xAxis: { type: 'category' as const, data: [...spec.days], axisLabel: { fontFamily: family, hideOverlap: true } },
    yAxis: { type: 'value' as const, axisLabel: { fontFamily: family, ...(money ? { formatter: (v: number) => money(Math.round(v * MICROS)) } : {}) } },
  };
}

function stacked(spec: StackedDaysChart) {
  return {
    series: spec.series.map((s) => ({
      type: 'bar' as const,
      stack: 'spend',
      name: s.name,
      barMaxWidth: 48,
      ...(s.folded ? { itemStyle: { color: FOLDED_COLOUR } } : {}),
      data: s.values.map((v) => v / MICROS),
    })),
  };
}

/**
 * The member chart: spend as a line, the allowance as a dashed horizontal rule across the whole plot (a mark line,
 * so it is drawn however few points there are: a one-category axis has no segment to join), named in the legend by
 * an empty series of the same style. The value axis reaches the allowance, so the rule is always inside the plot.
 */
function cumulative(spec: CumulativeChart) {
  const spent = { type: 'line' as const, name: spec.spentName, symbolSize: 6, lineStyle: { width: 3 }, areaStyle: { opacity: 0.15 }, data: spec.cumulative.map((v) => (v === null ? null : v / MICROS)) };
  if (!spec.allowance) return { series: [spent] };
  const at = spec.allowance.micros / MICROS;
  const style = { type: 'dashed' as const, width: 2, color: ALLOWANCE_COLOUR };
  const line = {
    type: 'line' as const,
    name: spec.allowance.name,
    symbol: 'none',
    itemStyle: { color: ALLOWANCE_COLOUR },
    lineStyle: style,
    data: [] as number[],
    markLine: { silent: true, symbol: 'none', label: { show: false }, lineStyle: style, data: [{ yAxis: at }] },
  };
  const top = Math.max(0, ...spec.cumulative.map((v) => (v === null ? 0 : v / MICROS)));
  return { series: [spent, line], yAxis: at > top ? { max: niceAbove(at) } : {} };
}

/** The smallest 1, 2, 2.5 or 5 times a power of ten that leaves some room above `x` (an axis end people read easily). */
function niceAbove(x: number): number {
  const target = x * 1.05;
  const p = 10 ** Math.floor(Math.log10(target));
  return [1, 2, 2.5, 5, 10].map((m) => m * p).find((v) => v >= target) ?? 10 * p;
}
