import type { CommandDefinition } from '../types.js';
import { en } from '../words.js';
import { opt, str } from '../reply-kit.js';
import { runAdminReply } from './admin-reply.js';
import { periodArg, userArg } from './common-args.js';

/** `/usage [period] [user]`: who spent what, with the CSV report. */
export const usageCommand: CommandDefinition = {
  name: 'usage',
  description: en('cmd-usage'),
  help: en('cmd-usage.help'),
  usage: ['/usage [period] [user]'],
  examples: ['/usage', '/usage week', '/usage month @ana'],
  role: 'admin',
  place: 'community',
  visibility: 'private',
  args: [periodArg(en('cmd-usage-opt-period')), userArg(en('cmd-usage-opt-user'), false)],
  run: (ctx, a) => runAdminReply(ctx, { op: 'usage', ...opt('period', str(a, 'period')), ...opt('target', str(a, 'user')) }),
};
