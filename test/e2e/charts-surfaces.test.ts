import { imageSize } from 'image-size';
import { afterAll, describe, expect, it } from 'vitest';
import type { ReplyFile } from '../../src/core/commands/types.js';
import { EchartsChartRenderer } from '../../src/charts/echarts-renderer.js';
import { consoleDriver } from '../support/scenario-console.js';
import { discordDriver } from '../support/scenario-discord.js';
import { telegramDriver } from '../support/scenario-telegram.js';
import { until, type Mark, type ScenarioDriver } from '../support/scenario.js';

const SURFACES: readonly { name: string; start: () => Promise<ScenarioDriver> }[] = [
  { name: 'discord', start: () => discordDriver() },
  { name: 'telegram', start: () => telegramDriver() },
  { name: 'console', start: () => consoleDriver() },
];

function png(files: readonly ReplyFile[] | undefined): ReplyFile {
  const f = (files ?? []).find((x) => x.mime === 'image/png');
  if (!f?.bytes) throw new Error('no PNG in the reply');
  return f;
}

/** Files the surface carried since `mark`, once `n` arrived (a reply's later files may follow its first message). */
async function carried(d: ScenarioDriver, mark: Mark, n: number): Promise<number> {
  await until(() => (d.filesSince(mark) >= n ? true : undefined), `${n} files on ${d.surface}`, 5_000);
  return d.filesSince(mark);
}

/** `/usage … chart` and `/balance chart` on every surface: the chart goes out as a picture beside the one-line text. */
describe.each(SURFACES)('charts on $name', ({ start }) => {
  let d: ScenarioDriver;
  afterAll(async () => d?.close());

  it('/usage month chart: a 1000×560 PNG, the CSV, and a one-line summary; /balance chart: the member\'s PNG', async () => {
    d = await start();
    await d.command('admin', '/budget default 2 month');
    const made = await d.command('member', '/imagine a lighthouse at dusk');
    expect(made.reply.tone).toBe('result');

    let mark = d.mark();
    const usage = await d.command('admin', '/usage month chart');
    expect(usage.reply.tone).toBe('info');
    expect(usage.reply.blocks).toHaveLength(1);
    expect(usage.reply.blocks[0]).toMatch(/^Usage this month: 1 job by 1 member, \$\S+ spent\. The CSV has the details\.$/);
    const chart = png(usage.reply.files);
    expect(chart).toMatchObject({ kind: 'image', name: expect.stringMatching(/^usage-month-\d{4}-\d{2}-\d{2}\.png$/) });
    expect(imageSize(chart.bytes!)).toMatchObject({ type: 'png', width: 1000, height: 560 });
    expect(usage.reply.files?.map((f) => f.mime)).toEqual(['image/png', 'text/csv']);
    expect(await carried(d, mark, 2), 'the surface carried the chart and the CSV').toBe(2);

    mark = d.mark();
    const plain = await d.command('admin', '/usage month');
    expect(plain.reply.files?.map((f) => f.mime)).toEqual(['text/csv']);
    expect(await carried(d, mark, 1)).toBe(1);

    mark = d.mark();
    const balance = await d.command('member', '/balance chart');
    expect(balance.reply.title).toBe('Your balance');
    const mine = png(balance.reply.files);
    expect(mine.name).toMatch(/^balance-month-\d{4}-\d{2}-\d{2}\.png$/);
    expect(imageSize(mine.bytes!)).toMatchObject({ width: 1000, height: 560 });
    expect(await carried(d, mark, 1)).toBe(1);
    expect((await d.command('member', '/balance')).reply.files ?? []).toHaveLength(0);
  });
});

/** A renderer that really fails (resvg refuses an SVG of width 0): the answer still comes, with the numbers. */
describe('a chart that cannot be drawn', () => {
  let d: ScenarioDriver;
  afterAll(async () => d?.close());

  it('says so in one sentence and still sends the numbers and the CSV; nothing is charged', async () => {
    d = await consoleDriver({ app: { charts: new EchartsChartRenderer({ width: 0 }) } });
    await d.command('member', '/imagine a lighthouse at dusk');
    const spent = (await d.stack.core.balance(d.actor('member'))).spentMicros;

    const usage = await d.command('admin', '/usage month chart');
    expect(usage.reply.tone).toBe('info');
    expect(usage.reply.blocks[0]).toMatch(/^The chart could not be drawn this time; here are the numbers\. Usage this month: 1 job/);
    expect(usage.reply.files?.map((f) => f.mime)).toEqual(['text/csv']);

    const balance = await d.command('member', '/balance chart');
    expect(balance.reply.blocks[0]).toBe('The chart could not be drawn this time; here are the numbers.');
    expect(balance.reply.files ?? []).toHaveLength(0);
    expect(balance.reply.fields?.find((f) => f.name === 'Spent')).toBeDefined();
    expect((await d.stack.core.balance(d.actor('member'))).spentMicros).toBe(spent);
  });
});
