/**
 * Draws the core's charts as PNG images. The core shapes the data and words (`src/core/charts/`); an adapter
 * (`src/charts/`, echarts + resvg) only draws them, so it decides nothing about money or periods.
 */
import type { Micros } from '../money.js';

/** Spend per day stacked by member: the admin `/usage` chart. */
export interface StackedDaysChart {
  readonly kind: 'stacked-days';
  readonly title: string;
  /** One label per bar (x axis), oldest first. */
  readonly days: readonly string[];
  /**
   * One series per member shown, then "others" (`folded`, drawn in grey) when members were folded; one value per
   * day, in micro-dollars.
   */
  readonly series: readonly { readonly name: string; readonly values: readonly Micros[]; readonly folded?: boolean }[];
}

/** A member's cumulative spend per day against their allowance: the member `/balance` chart. */
export interface CumulativeChart {
  readonly kind: 'cumulative';
  readonly title: string;
  readonly days: readonly string[];
  /** Name of the spend line. */
  readonly spentName: string;
  /** Spend from the window's start to the end of each day; null for days still to come (no point drawn). */
  readonly cumulative: readonly (Micros | null)[];
  /** The allowance drawn as a flat line; null when there is no limit (no line). */
  readonly allowance: { readonly name: string; readonly micros: Micros } | null;
}

/** Every chart the core asks for. */
export type ChartSpec = StackedDaysChart | CumulativeChart;

/** How numbers on the axes read. */
export interface ChartStyle {
  /** BCP 47 locale of the axis numbers. Default `en-US`. */
  readonly locale?: string;
  /** Formats an axis amount. Default: `Intl` US dollars in `locale`, cents (sub-cent only below a cent). */
  readonly formatMoney?: (micros: Micros) => string;
}

/** A drawn chart. */
export interface ChartImage {
  readonly png: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/** Draws charts; fixed size per implementation. Throws only on a programming or installation error. */
export interface ChartRenderer {
  render(spec: ChartSpec, style?: ChartStyle): Promise<ChartImage>;
}
