import type { CommandDefinition } from '../types.js';
import { en } from '../words.js';
import { opt, str } from '../reply-kit.js';
import { runAdminReply } from './admin-reply.js';
import { periodArg, userArg, viewArg } from './common-args.js';

/** `/usage [period] [chart] [user]`: who spent what, with the CSV report, and spend per day as a chart on request. */
export const usageCommand: CommandDefinition = {
  name: 'usage',
  get description() { return en('cmd-usage'); },
  get help() { return en('cmd-usage.help'); },
  usage: ['/usage [period] [chart] [user]'],
  examples: ['/usage', '/usage week', '/usage month chart', '/usage month @ana'],
  role: 'admin',
  place: 'community',
  visibility: 'private',
  args: [periodArg('cmd-usage-opt-period'), viewArg('cmd-usage-opt-view'), userArg('cmd-usage-opt-user', false)],
  run: (ctx, a) =>
    runAdminReply(ctx, { op: 'usage', ...opt('period', str(a, 'period')), ...opt('target', str(a, 'user')), ...(str(a, 'view') === 'chart' ? { chart: true } : {}) }),
};
