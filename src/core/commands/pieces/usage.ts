import type { CommandDefinition } from '../types.js';
import { opt, str } from '../reply-kit.js';
import { runAdminReply } from './admin-reply.js';
import { periodArg, userArg } from './common-args.js';

/** `/usage [period] [user]`: who spent what, with the CSV report. */
export const usageCommand: CommandDefinition = {
  name: 'usage',
  description: 'Show who spent what in this community',
  help: 'Reports spending per member for a period (default: the current month), with the full report as a CSV file.',
  usage: ['/usage [period] [user]'],
  examples: ['/usage', '/usage week', '/usage month @ana'],
  role: 'admin',
  place: 'community',
  visibility: 'private',
  args: [periodArg('Which period (default: the current month)'), userArg('Only this member', false)],
  run: (ctx, a) => runAdminReply(ctx, { op: 'usage', ...opt('period', str(a, 'period')), ...opt('target', str(a, 'user')) }),
};
