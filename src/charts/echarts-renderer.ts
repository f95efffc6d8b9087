/**
 * The chart adapter: echarts draws the core's chart specs as SVG on the server (no DOM, animation off), resvg turns
 * the SVG into a PNG from its prebuilt npm binary (no system packages). Text is set in the bundled Source Sans 3
 * (SIL OFL, `assets/`) with system fonts off, so the image is the same on every machine; that font has Latin,
 * Greek and Cyrillic but no CJK glyphs — `extraFontFiles` (`CHART_FONT_FILES`) add fallbacks for other scripts.
 */
import { fileURLToPath } from 'node:url';
import type { Micros } from '../core/money.js';
import type { ChartImage, ChartRenderer, ChartSpec, ChartStyle } from '../core/ports/chart-renderer.js';
import { echartsOption } from './echarts-option.js';

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
      chart.setOption(echartsOption(spec, { fontFamily: FAMILY, formatMoney: money }));
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
