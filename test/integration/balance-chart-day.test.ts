/**
 * `/balance chart` through the real core, store, simulator and chart renderer: with a day allowance the day is drawn
 * hour by hour (not one dot) and the allowance line the legend names is drawn across the plot (pixels of its colour
 * along one row of the image); in Spanish the chart's dates are Spanish.
 */
import { Resvg } from '@resvg/resvg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EchartsChartRenderer } from '../../src/charts/echarts-renderer.js';
import type { ChartImage, ChartRenderer, ChartSpec, ChartStyle, CumulativeChart } from '../../src/core/ports/chart-renderer.js';
import { createTestStack, type TestStack } from '../support/harness.js';

/** The allowance line's colour in the renderer. */
const ALLOWANCE_RGB = [0xd9, 0x53, 0x4f] as const;

/** Decodes a PNG with resvg's own decoder (an SVG holding it as an image) into RGBA pixels. */
function pixels(img: ChartImage): Buffer {
  const href = `data:image/png;base64,${Buffer.from(img.png).toString('base64')}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${img.width}" height="${img.height}"><image href="${href}" width="${img.width}" height="${img.height}"/></svg>`;
  return new Resvg(svg, { font: { loadSystemFonts: false } }).render().pixels;
}

/** The most pixels of the allowance colour found on one row above the legend band (the bottom 60 rows). */
function longestAllowanceRow(img: ChartImage): number {
  const rgba = pixels(img);
  let best = 0;
  for (let y = 0; y < img.height - 60; y++) {
    let n = 0;
    for (let x = 0; x < img.width; x++) {
      const i = (y * img.width + x) * 4;
      if (ALLOWANCE_RGB.every((c, k) => Math.abs(rgba[i + k]! - c) <= 24)) n++;
    }
    best = Math.max(best, n);
  }
  return best;
}

/** The real renderer, keeping what it was asked to draw and what it drew. */
class Recorder implements ChartRenderer {
  readonly drawn: { spec: ChartSpec; image: ChartImage }[] = [];
  private readonly real = new EchartsChartRenderer();
  async render(spec: ChartSpec, style?: ChartStyle): Promise<ChartImage> {
    const image = await this.real.render(spec, style);
    this.drawn.push({ spec, image });
    return image;
  }
}

describe('/balance chart', () => {
  let stack: TestStack;
  const charts = new Recorder();

  beforeAll(async () => {
    stack = await createTestStack({ env: { DEFAULT_ALLOWANCE: '0.05', DEFAULT_PERIOD: 'day' }, app: { charts }, startPoller: false });
  });
  afterAll(() => stack?.close());

  it('a day allowance: the day hour by hour, and the allowance drawn as a line across the plot', async () => {
    const actor = stack.actor({ user: 'ann' });
    expect((await stack.core.imagine({ ...actor, prompt: 'a fox' })).ok).toBe(true);
    const r = await stack.core.balanceChart(actor);
    expect(r.chart).not.toBeNull();
    const { spec, image } = charts.drawn.at(-1)!;
    const c = spec as CumulativeChart;
    expect(c.kind).toBe('cumulative');
    expect(c.days.length).toBeGreaterThanOrEqual(23);
    expect(c.days[0]).toMatch(/^(0|00|12):00/);
    const points = c.cumulative.filter((v) => v !== null);
    expect(points.length).toBe(new Date().getUTCHours() + 1);
    expect(points.at(-1)).toBe(r.balance.spentMicros);
    expect(c.allowance).toEqual({ name: 'allowance', micros: 50_000 });
    // A dashed rule across a 900-pixel plot covers far more than the legend's short sample of it.
    expect(longestAllowanceRow(image)).toBeGreaterThan(300);
  });

  it('a member who reads Spanish gets Spanish dates', async () => {
    const boss = stack.actor({ user: 'boss' });
    expect((await stack.core.admin(boss, { op: 'default', amount: '1', period: 'month' })).ok).toBe(true);
    const actor = { ...stack.actor({ user: 'bea' }), locale: 'es' };
    await stack.core.balanceChart(actor);
    const c = charts.drawn.at(-1)!.spec as CumulativeChart;
    const months = /\b(ene|feb|mar|abr|may|jun|jul|ago|sept?|oct|nov|dic)\b/;
    expect(c.days[0]).toMatch(months);
    expect(c.days.join(' ')).not.toMatch(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/);
    expect(c.title).not.toBe('Your spending this month');
  });
});
