import { formatDateTime } from '../../messages.js';
import { formatUsd } from '../../money.js';
import type { CommandDefinition } from '../types.js';
import { chartFile, remainingText, str } from '../reply-kit.js';
import { viewArg } from './common-args.js';
import { CHART_FAILED_TEXT } from '../../messages/balance-text.js';

/**
 * `/balance`: the core's sentence, plus the numbers as fields. The numbers are the community allowance, so they are
 * shown only when it limits the member; when their own token pays, the fields say so instead. With `chart`, the
 * member's spend per day against the allowance comes as an image.
 */
export const balanceCommand: CommandDefinition = {
  name: 'balance',
  description: 'Show how much of your budget is left',
  help: 'Shows your allowance here: what is left, what you spent and hold for running jobs, and when it resets. Add chart for a picture of your spending this period against your allowance.',
  usage: ['/balance [chart]'],
  examples: ['/balance', '/balance chart'],
  role: 'member',
  place: 'anywhere',
  visibility: 'private',
  args: [viewArg('chart: add a picture of your spending against your allowance')],
  async run(ctx, a) {
    const drawn = str(a, 'view') === 'chart' ? await ctx.core.balanceChart(ctx.actor) : null;
    const b = drawn ? drawn.balance : await ctx.core.balance(ctx.actor);
    const fields =
      b.tokenSource === 'personal'
        ? [
            { name: 'Paid by', value: 'your own token' },
            { name: 'Community limit', value: 'does not apply' },
          ]
        : [
            { name: 'Limit', value: b.limitMicros === null ? 'no limit' : `${formatUsd(b.limitMicros)} / ${b.period}` },
            { name: 'Spent', value: formatUsd(b.spentMicros) },
            { name: 'Held', value: formatUsd(b.heldMicros) },
            { name: 'Remaining', value: remainingText(b.remainingMicros) },
            { name: 'Resets', value: b.resetsAt === null ? 'never' : formatDateTime(b.resetsAt) },
          ];
    if (b.blocked) fields.push({ name: 'Blocked', value: 'yes' });
    const chart = drawn?.chart;
    const blocks = drawn && !chart ? [CHART_FAILED_TEXT, b.text] : [b.text];
    return { visibility: 'private', tone: 'info', title: 'Your balance', blocks, fields, ...(chart ? { files: [chartFile(chart)] } : {}) };
  },
};
