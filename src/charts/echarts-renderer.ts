/**
 * The chart adapter: echarts draws the core's chart specs as SVG on the server (no DOM, animation off), resvg turns
 * the SVG into a PNG from its prebuilt npm binary (no system packages). Text is set in the bundled Source Sans 3
 * (SIL OFL, `assets/`) with system fonts off, so the image is the same on every machine; that font has Latin,
 * Greek and Cyrillic but no CJK glyphs — `extraFontFiles` (`CHART_FONT_FILES`) add fallbacks for other scripts.
 */
import { fileURLToPath } from 'node:url';
import type { Micros } from '../core/money.js';
import type { ChartImage, ChartRenderer, ChartSpec, ChartStyle, CumulativeChart, StackedDaysChart } from '../core/ports/chart-renderer.js';

/** The bundled font file and its family name. */
export const BUNDLED_FONT = { file: fileURLToPath(new URL('./assets/SourceSans3-Regular.otf', import.meta.url)), family: 'Source Sans 3' } as const;

/** Options of {@link EchartsChartRenderer}. */
export interface EchartsChartRendererOptions {
  /** Image size in pixels. Default 1000×560 (reads on a phone, under every platform's photo limits). */
  width?: number;
  height?: number;
  /**
   * Font files resvg falls back to, letter by letter, for what the bundled font lacks (`CHART_FONT_FILES`, e.g. a
   * CJK font). Default none: such letters are drawn as boxes.
   */
  extraFontFiles?: readonly string[];
}

type EchartsModule = typeof import('echarts');
type ResvgModule = typeof import('@resvg/resvg-js');

const MICROS = 1_000_000;
const FAMILY = BUNDLED_FONT.family;
const FOLDED_COLOUR = '#a8adb5';
const LEGEND_TEXT_WIDTH = 170;
const ALLOWANCE_COLOUR = '#d9534f';

/** `Intl` US dollars in `locale`: cents, or two significant digits below a cent ("$0.0004"). */
export function defaultFormatMoney(locale = 'en-US'): (m: Micros) => string {
  const cents = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
  const small = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', maximumSignificantDigits: 2 });
  return (m) => (m !== 0 && Math.abs(m) < 10_000 ? small : cents).format(m / MICROS);
}

/**
 * {@link ChartRenderer} over echarts (SVG, server-side) and resvg (PNG). Both libraries load on the first chart, so
 * they cost nothing at start-up. Trade-off: echarts builds the SVG on the event loop (about 25–80 ms of CPU per chart,
 * `npm run bench -- chart`); resvg rasterizes on libuv's pool. A worker thread would remove that stall.
 */
export class EchartsChartRenderer implements ChartRenderer {
  private readonly width: number;
  private readonly height: number;
  private readonly fontFiles: string[];
  private libs: Promise<[EchartsModule, ResvgModule]> | undefined;

  constructor(o: EchartsChartRendererOptions = {}) {
    this.width = o.width ?? 1000;
    this.height = o.height ?? 560;
    this.fontFiles = [BUNDLED_FONT.file, ...(o.extraFontFiles ?? [])];
  }

  async render(spec: ChartSpec, style: ChartStyle = {}): Promise<ChartImage> {
    this.libs ??= Promise.all([import('echarts'), import('@resvg/resvg-js')]);
    const [echarts, resvg] = await this.libs;
    const money = style.formatMoney ?? defaultFormatMoney(style.locale);
    const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: this.width, height: this.height, locale: 'EN' });
    let svg: string;
    try {
      const base = frame(spec, money);
      const own = spec.kind === 'stacked-days' ? stacked(spec) : cumulative(spec);
      chart.setOption({ ...base, ...own, yAxis: { ...base.yAxis, ...('yAxis' in own ? own.yAxis : {}) } });
      svg = chart.renderToSVGString();
    } finally {
      chart.dispose();
    }
    // Off the event loop (libuv's pool): rasterizing is the slow half; echarts' SVG string and the PNG encode stay on it.
    const image = await resvg.renderAsync(svg, {
      fitTo: { mode: 'original' },
      font: { fontFiles: this.fontFiles, loadSystemFonts: false, defaultFontFamily: FAMILY },
    });
    return { png: new Uint8Array(image.asPng()), width: image.width, height: image.height };
  }
}

/** Title, legend, axes and grid shared by every chart. */
function frame(spec: ChartSpec, money: (m: Micros) => string) {
  return {
    animation: false,
    backgroundColor: '#ffffff',
    textStyle: { fontFamily: FAMILY, fontSize: 14 },
    title: { text: spec.title, left: 'center', top: 14, textStyle: { fontFamily: FAMILY, fontSize: 20, fontWeight: 'normal' as const } },
    // Members: a column on the right, where nine long names fit, never over the axis labels (longer ones cut with …).
    // The member chart's two lines: one row at the bottom.
    legend: {
      ...(spec.kind === 'stacked-days' ? { orient: 'vertical' as const, right: 16, top: 'middle' } : { bottom: 10 }),
      itemGap: 14,
      textStyle: { fontFamily: FAMILY, fontSize: 14, width: LEGEND_TEXT_WIDTH, overflow: 'truncate' as const },
    },
    grid: { left: 24, top: 64, containLabel: true, ...(spec.kind === 'stacked-days' ? { right: LEGEND_TEXT_WIDTH + 72, bottom: 24 } : { right: 32, bottom: 56 }) },
    xAxis: { type: 'category' as const, data: [...spec.days], axisLabel: { fontFamily: FAMILY, hideOverlap: true } },
    yAxis: { type: 'value' as const, axisLabel: { fontFamily: FAMILY, formatter: (v: number) => money(Math.round(v * MICROS)) } },
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
