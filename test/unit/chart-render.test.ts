import { existsSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import { imageSize } from 'image-size';
import { describe, expect, it } from 'vitest';
import { EchartsChartRenderer, defaultFormatMoney } from '../../src/charts/echarts-renderer.js';
import { chartDayStarts, dayLabels } from '../../src/core/charts/days.js';
import type { ChartImage, ChartSpec } from '../../src/core/ports/chart-renderer.js';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Decodes a PNG with resvg's own decoder (an SVG holding it as an image) into RGBA pixels. */
function pixels(img: ChartImage): Buffer {
  const href = `data:image/png;base64,${Buffer.from(img.png).toString('base64')}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${img.width}" height="${img.height}"><image href="${href}" width="${img.width}" height="${img.height}"/></svg>`;
  return new Resvg(svg, { font: { loadSystemFonts: false } }).render().pixels;
}

/** Distinct RGB colours among the pixels of the rows [y0, y1). */
function colours(rgba: Buffer, width: number, y0: number, y1: number): Set<number> {
  const seen = new Set<number>();
  for (let i = y0 * width * 4; i < y1 * width * 4; i += 4) seen.add((rgba[i]! << 16) | (rgba[i + 1]! << 8) | rgba[i + 2]!);
  return seen;
}

const stacked: ChartSpec = {
  kind: 'stacked-days',
  title: 'Spend per day this month, by member',
  days: ['Jun 1', 'Jun 2', 'Jun 3', 'Jun 4'],
  series: [
    { name: 'Ann', values: [120_000, 0, 250_000, 40_000] },
    { name: '@bob', values: [10_000, 300_000, 0, 90_000] },
    { name: 'others', values: [5_000, 5_000, 60_000, 0] },
  ],
};
const cumulative: ChartSpec = {
  kind: 'cumulative',
  title: 'Your spending this month',
  days: ['Jun 1', 'Jun 2', 'Jun 3', 'Jun 4'],
  spentName: 'spent',
  cumulative: [100_000, 350_000, 700_000, null],
  allowance: { name: 'allowance', micros: 1_000_000 },
};

describe('chart renderer (echarts SVG → resvg PNG)', () => {
  const renderer = new EchartsChartRenderer();

  for (const spec of [stacked, cumulative]) {
    it(`draws the ${spec.kind} chart as a 1000×560 PNG that is not blank`, async () => {
      const img = await renderer.render(spec);
      expect([...img.png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
      expect(imageSize(img.png)).toMatchObject({ type: 'png', width: 1000, height: 560 });
      expect({ width: img.width, height: img.height }).toEqual({ width: 1000, height: 560 });
      const rgba = pixels(img);
      expect(rgba.length).toBe(1000 * 560 * 4);
      // white background, axis and text greys, and a colour per series
      expect(colours(rgba, 1000, 0, 560).size).toBeGreaterThan(20);
    });
  }

  it('sets the title in the bundled font (no system fonts): the title band has ink only when there is a title', async () => {
    const titled = pixels(await renderer.render(stacked));
    const untitled = pixels(await renderer.render({ ...stacked, title: '' }));
    expect(colours(titled, 1000, 0, 50).size).toBeGreaterThan(5);
    expect(colours(untitled, 1000, 0, 50).size).toBe(1);
  });

  it('draws a period with no spend yet, and a member with no limit (no allowance line)', async () => {
    const empty = await renderer.render({ kind: 'stacked-days', title: 'Spend per day today, by member', days: ['Jun 1'], series: [] });
    expect(imageSize(empty.png)).toMatchObject({ width: 1000, height: 560 });
    const unlimited = await renderer.render({ ...cumulative, allowance: null } as ChartSpec);
    expect(imageSize(unlimited.png)).toMatchObject({ width: 1000, height: 560 });
  });

  const dejavu = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
  it.skipIf(!existsSync(dejavu))('letters the bundled font lacks come from CHART_FONT_FILES (skipped without DejaVu Sans on this machine)', async () => {
    const armenian: ChartSpec = { ...stacked, title: 'Ծախսեր ըստ օրերի' };
    const boxes = pixels(await renderer.render(armenian));
    const letters = pixels(await new EchartsChartRenderer({ extraFontFiles: [dejavu] }).render(armenian));
    const band = (px: Buffer) => px.subarray(0, 1000 * 50 * 4);
    expect(Buffer.compare(band(boxes), band(letters))).not.toBe(0);
    // the rest of the chart (bars, axes, Latin names) is unchanged
    expect(Buffer.compare(boxes.subarray(1000 * 60 * 4), letters.subarray(1000 * 60 * 4))).toBe(0);
  });

  it('a custom size and money format are honoured', async () => {
    const small = new EchartsChartRenderer({ width: 400, height: 300 });
    const seen: number[] = [];
    const img = await small.render(cumulative, { formatMoney: (m) => (seen.push(m), `${m / 10_000}¢`) });
    expect(imageSize(img.png)).toMatchObject({ width: 400, height: 300 });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((m) => Number.isInteger(m))).toBe(true);
  });

  it('draws the allowance across the plot even when there is one point (a day allowance on its first hour)', async () => {
    const one: ChartSpec = { kind: 'cumulative', title: 'Your spending today', days: ['00:00'], spentName: 'spent', cumulative: [10_000], allowance: { name: 'allowance', micros: 50_000 } };
    const img = await renderer.render(one);
    const rgba = pixels(img);
    // The allowance colour (#d9534f) along one row above the legend: a rule, not just the legend's sample.
    let best = 0;
    for (let y = 0; y < img.height - 60; y++) {
      let n = 0;
      for (let x = 0; x < img.width; x++) {
        const i = (y * img.width + x) * 4;
        if (Math.abs(rgba[i]! - 0xd9) <= 24 && Math.abs(rgba[i + 1]! - 0x53) <= 24 && Math.abs(rgba[i + 2]! - 0x4f) <= 24) n++;
      }
      best = Math.max(best, n);
    }
    expect(best).toBeGreaterThan(300);
  });

  it('axis money reads as cents, sub-cent only below a cent', () => {
    const f = defaultFormatMoney();
    expect([0, 790_000, 2_500_000, 400, 100_000_000_000].map(f)).toEqual(['$0.00', '$0.79', '$2.50', '$0.0004', '$100,000.00']);
  });
});

describe('chart days', () => {
  it('are the local midnights of the period, across a DST change', () => {
    const tz = 'America/New_York';
    const start = Date.parse('2024-03-01T05:00:00Z');
    const end = Date.parse('2024-04-01T04:00:00Z');
    const starts = chartDayStarts({ start, end }, tz, Date.parse('2024-03-15T12:00:00Z'));
    expect(starts).toHaveLength(31);
    expect(starts[10]! - starts[9]!).toBe(23 * 3_600_000); // March 10 has 23 hours
    expect(starts[11]! - starts[10]!).toBe(24 * 3_600_000);
    expect(dayLabels(starts, tz).slice(8, 12)).toEqual(['Mar 9', 'Mar 10', 'Mar 11', 'Mar 12']);
    expect(dayLabels(starts.slice(0, 1), tz, 'de-DE')).toEqual(['1. März']);
  });
});
