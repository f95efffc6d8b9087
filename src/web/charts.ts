/**
 * Interactive charts on the web pages: the core's chart specs turned into echarts options by the SAME builder as the
 * chat's PNG charts (`src/charts/echarts-option.ts`), written into the page as JSON in a
 * `<script type="application/json">` block and drawn in the browser by echarts' own browser build, served by the bot
 * (`/assets/echarts.min.js`, read from the installed `echarts` package at start: no CDN) and a small starter
 * (`/assets/charts.js`). The CSP allows scripts from the bot only (`script-src 'self'`): no inline script runs.
 * Every chart also comes with a table of the same numbers (the accessible fallback, and what a page without script
 * shows).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { echartsOption } from '../charts/echarts-option.js';
import { formatMoney } from '../core/i18n/format.js';
import type { ChartSpec } from '../core/ports/chart-renderer.js';
import { t } from '../core/i18n/catalog.js';
import { html, raw, type Html } from './html.js';

/** The browser's font stack for chart text (the PNGs use the bundled font, which the pages do not load). */
const WEB_FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif';

let echartsSource: string | undefined;

/**
 * echarts' minified browser build (about 1.1 MB), read from `node_modules/echarts/dist/` once, on the first call
 * (the app calls it when it is built, so a missing package fails the start, not a page).
 */
export function echartsBrowserBuild(): string {
  echartsSource ??= readFileSync(createRequire(import.meta.url).resolve('echarts/dist/echarts.min.js'), 'utf8');
  return echartsSource;
}

/**
 * The starter: for each element with `data-chart`, reads the option from the JSON block it names, adds what cannot
 * travel as JSON (the axis and tooltip amount formatters, in the page's language), fits the legend under the plot on
 * narrow screens, draws on a canvas and marks the element `data-chart-ready`. Tooltips are drawn as rich text, not
 * HTML, so the strict CSP (no inline styles) does not strip them.
 */
export const CHARTS_JS = `(function () {
  'use strict';
  var lang = document.documentElement.lang || 'en';
  function money(v) {
    var n = Number(v) || 0;
    var small = n !== 0 && Math.abs(n) < 0.01;
    try { return new Intl.NumberFormat(lang, small ? { style: 'currency', currency: 'USD', maximumSignificantDigits: 2 } : { style: 'currency', currency: 'USD' }).format(n); }
    catch (e) { return '$' + n.toFixed(2); }
  }
  function draw(el) {
    var source = document.getElementById(el.getAttribute('data-chart'));
    if (!source || !window.echarts) return;
    var opt = JSON.parse(source.textContent);
    opt.yAxis = opt.yAxis || {};
    opt.yAxis.axisLabel = Object.assign({}, opt.yAxis.axisLabel, { formatter: money });
    opt.tooltip = { trigger: 'axis', renderMode: 'richText', valueFormatter: money };
    if (el.clientWidth < 600) {
      opt.legend = Object.assign({}, opt.legend, { orient: 'horizontal', type: 'scroll', left: 'center', right: 'auto', top: 'auto', bottom: 4 });
      opt.grid = Object.assign({}, opt.grid, { left: 8, right: 12, bottom: 44 });
      if (opt.title && opt.title.textStyle) opt.title.textStyle.fontSize = 15;
    }
    var chart = window.echarts.init(el, null, { renderer: 'canvas' });
    chart.setOption(opt);
    el.setAttribute('data-chart-ready', '1');
    window.addEventListener('resize', function () { chart.resize(); });
  }
  var els = document.querySelectorAll('[data-chart]');
  for (var i = 0; i < els.length; i++) draw(els[i]);
})();
`;

/** `value` as JSON safe inside a `<script>` element (no `<`, so no `</script>` or `<!--`). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The table of a chart's numbers: one row per day (the x axis), one column per series, amounts in `locale`. */
export function chartTable(locale: string, spec: ChartSpec, dayHeader: string, totalHeader: string): Html {
  const money = (m: number) => formatMoney(locale, m);
  if (spec.kind === 'stacked-days') {
    const head = html`<tr><th scope="col">${dayHeader}</th>${spec.series.map((s) => html`<th scope="col" class="num">${s.name}</th>`)}<th scope="col" class="num">${totalHeader}</th></tr>`;
    const rows = spec.days.map((d, i) => {
      const values = spec.series.map((s) => s.values[i] ?? 0);
      return html`<tr><th scope="row">${d}</th>${values.map((v) => html`<td class="num">${money(v)}</td>`)}<td class="num">${money(values.reduce((a, b) => a + b, 0))}</td></tr>`;
    });
    return html`<div class="table-wrap"><table class="data"><caption>${spec.title}</caption><thead>${head}</thead><tbody>${rows}</tbody></table></div>`;
  }
  const head = html`<tr><th scope="col">${dayHeader}</th><th scope="col" class="num">${spec.spentName}</th>${spec.allowance ? html`<th scope="col" class="num">${spec.allowance.name}</th>` : ''}</tr>`;
  const rows = spec.days.map((d, i) => {
    const v = spec.cumulative[i];
    return html`<tr><th scope="row">${d}</th><td class="num">${v === null || v === undefined ? '—' : money(v)}</td>${spec.allowance ? html`<td class="num">${money(spec.allowance.micros)}</td>` : ''}</tr>`;
  });
  return html`<div class="table-wrap"><table class="data"><caption>${spec.title}</caption><thead>${head}</thead><tbody>${rows}</tbody></table></div>`;
}

/**
 * A chart for the page: the drawing area (an image for assistive technology, named by the chart's title; the table
 * next to it holds the numbers), its option as JSON, and the two scripts (include {@link chartScripts} once per page).
 * `id` must be unique in the page.
 */
export function chartBlock(id: string, spec: ChartSpec): Html {
  const option = echartsOption(spec, { fontFamily: WEB_FONT });
  return html`<figure class="chart-figure"><div class="chart" id="${id}" data-chart="${id}-option" role="img" aria-label="${spec.title}"></div><script type="application/json" id="${id}-option">${raw(scriptJson(option))}</script></figure>`;
}

/** The scripts that draw every {@link chartBlock} of a page (once, at the end of the page's content). */
export function chartScripts(): Html {
  return html`<script src="/assets/echarts.min.js" defer></script><script src="/assets/charts.js" defer></script>`;
}

/** The balance page's chart: the member's spend against their allowance, its table and the scripts. */
export function balanceChartSection(locale: string, spec: ChartSpec): Html {
  return html`${chartBlock('balance-chart', spec)}${chartTable(locale, spec, t(locale, 'web-admin-col-when'), t(locale, 'web-admin-col-total'))}${chartScripts()}`;
}
