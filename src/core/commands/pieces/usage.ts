import type { CommandDefinition } from '../types.js';
import { opt, str } from '../reply-kit.js';
import { runAdminReply } from './admin-reply.js';
import { periodArg, userArg, viewArg } from './common-args.js';

/** `/usage [period] [chart] [user]`: who spent what, with the CSV report, and spend per day as a chart on request. */
export const usageCommand: CommandDefinition = {
  name: 'usage',
  description: 'Show who spent what in this community',
  help: 'Reports spending per member for a period (default: the current month), with the full report as a CSV file. Add chart for a picture of spend per day, stacked by member.',
  usage: ['/usage [period] [chart] [user]'],
  examples: ['/usage', '/usage week', '/usage month chart', '/usage month @ana'],
  role: 'admin',
  place: 'community',
  visibility: 'private',
  args: [periodArg('Which period (default: the current month)'), viewArg('chart: add a picture of spend per day by member'), userArg('Only this member', false)],
  run: (ctx, a) =>
    runAdminReply(ctx, { op: 'usage', ...opt('period', str(a, 'period')), ...opt('target', str(a, 'user')), ...(str(a, 'view') === 'chart' ? { chart: true } : {}) }),
};
