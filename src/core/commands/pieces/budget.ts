import type { CommandDefinition, SubcommandDefinition } from '../types.js';
import { en } from '../words.js';
import { opt, str } from '../reply-kit.js';
import { runAdminReply } from './admin-reply.js';
import { amountArg, periodArg, userArg } from './common-args.js';

/** `[period]` with the default each subcommand falls back to. */

const subcommands: SubcommandDefinition[] = [
  {
    name: 'default',
    get description() { return en('cmd-budget-default'); },
    role: 'admin',
    usage: '/budget default <amount|none> [period]',
    args: [amountArg('cmd-budget-default-opt-amount'), periodArg('cmd-budget-default-opt-period')],
    run: (ctx, a) => runAdminReply(ctx, { op: 'default', amount: str(a, 'amount') ?? '', ...opt('period', str(a, 'period')) }),
  },
  {
    name: 'set',
    get description() { return en('cmd-budget-set'); },
    role: 'admin',
    usage: '/budget set <user> <amount|none> [period]',
    args: [userArg('cmd-budget-set-opt-user'), amountArg('cmd-budget-set-opt-amount'), periodArg('cmd-budget-set-opt-period')],
    run: (ctx, a) => runAdminReply(ctx, { op: 'set', target: str(a, 'user') ?? '', amount: str(a, 'amount') ?? '', ...opt('period', str(a, 'period')) }),
  },
  {
    name: 'clear',
    get description() { return en('cmd-budget-clear'); },
    role: 'admin',
    usage: '/budget clear <user>',
    args: [userArg('cmd-budget-clear-opt-user')],
    run: (ctx, a) => runAdminReply(ctx, { op: 'clear', target: str(a, 'user') ?? '' }),
  },
  {
    name: 'pool',
    get description() { return en('cmd-budget-pool'); },
    role: 'admin',
    usage: '/budget pool <amount|none> [period]',
    args: [amountArg('cmd-budget-pool-opt-amount'), periodArg('cmd-budget-pool-opt-period')],
    run: (ctx, a) => runAdminReply(ctx, { op: 'pool', amount: str(a, 'amount') ?? '', ...opt('period', str(a, 'period')) }),
  },
  {
    name: 'block',
    get description() { return en('cmd-budget-block'); },
    role: 'admin',
    usage: '/budget block <user>',
    args: [userArg('cmd-budget-block-opt-user')],
    run: (ctx, a) => runAdminReply(ctx, { op: 'block', target: str(a, 'user') ?? '' }),
  },
  {
    name: 'unblock',
    get description() { return en('cmd-budget-unblock'); },
    role: 'admin',
    usage: '/budget unblock <user>',
    args: [userArg('cmd-budget-unblock-opt-user')],
    run: (ctx, a) => runAdminReply(ctx, { op: 'unblock', target: str(a, 'user') ?? '' }),
  },
  {
    name: 'adjust',
    get description() { return en('cmd-budget-adjust'); },
    role: 'admin',
    usage: '/budget adjust <user> <+/-amount> [note]',
    args: [
      userArg('cmd-budget-adjust-opt-user'),
      amountArg('cmd-budget-adjust-opt-amount'),
      { name: 'note', kind: 'text', get description() { return en('cmd-budget-adjust-opt-note'); }, rest: true, max: 200 },
    ],
    run: (ctx, a) => runAdminReply(ctx, { op: 'adjust', target: str(a, 'user') ?? '', amount: str(a, 'amount') ?? '', ...opt('note', str(a, 'note')) }),
  },
  {
    name: 'show',
    get description() { return en('cmd-budget-show'); },
    role: 'admin',
    usage: '/budget show [user]',
    args: [userArg('cmd-budget-show-opt-user', false)],
    run: (ctx, a) => runAdminReply(ctx, { op: 'show', ...opt('target', str(a, 'user')) }),
  },
];

/**
 * `/budget …`: spending limits, for admins. The one definition of the budget syntax: the text grammar, Discord
 * options and help are generated from these arguments; amounts and periods are parsed by the core's money module.
 */
export const budgetCommand: CommandDefinition = {
  name: 'budget',
  get description() { return en('cmd-budget'); },
  get help() { return en('cmd-budget.help'); },
  usage: subcommands.map((s) => s.usage),
  examples: ['/budget default 2 day', '/budget set @ana 5 week', '/budget adjust @ana +1.50 refund for a bad image', '/budget pool none', '/budget show'],
  role: 'admin',
  place: 'community',
  visibility: 'private',
  subcommands,
};
