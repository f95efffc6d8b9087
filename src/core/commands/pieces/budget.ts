import type { CommandDefinition, SubcommandDefinition } from '../types.js';
import { opt, str } from '../reply-kit.js';
import { runAdminReply } from './admin-reply.js';
import { amountArg, periodArg, userArg } from './common-args.js';

/** `[period]` with the default each subcommand falls back to. */
const period = (fallback: string) => periodArg(`How often it resets: day, week, month or total (default: ${fallback})`);

const subcommands: SubcommandDefinition[] = [
  {
    name: 'default',
    description: 'Set the limit every member gets',
    role: 'admin',
    usage: '/budget default <amount|none> [period]',
    args: [amountArg('Limit per member in US dollars, e.g. 5 or 2.50 (none: no limit)'), period('the current default period')],
    run: (ctx, a) => runAdminReply(ctx, { op: 'default', amount: str(a, 'amount') ?? '', ...opt('period', str(a, 'period')) }),
  },
  {
    name: 'set',
    description: "Set one member's own limit",
    role: 'admin',
    usage: '/budget set <user> <amount|none> [period]',
    args: [userArg('The member'), amountArg('Limit in US dollars, e.g. 10 (none: no limit)'), period('the default period')],
    run: (ctx, a) => runAdminReply(ctx, { op: 'set', target: str(a, 'user') ?? '', amount: str(a, 'amount') ?? '', ...opt('period', str(a, 'period')) }),
  },
  {
    name: 'clear',
    description: "Remove a member's own limit (back to the default)",
    role: 'admin',
    usage: '/budget clear <user>',
    args: [userArg('The member')],
    run: (ctx, a) => runAdminReply(ctx, { op: 'clear', target: str(a, 'user') ?? '' }),
  },
  {
    name: 'pool',
    description: 'Set a shared limit for the whole community',
    role: 'admin',
    usage: '/budget pool <amount|none> [period]',
    args: [amountArg('Community-wide limit in US dollars (none: remove it)'), period('month')],
    run: (ctx, a) => runAdminReply(ctx, { op: 'pool', amount: str(a, 'amount') ?? '', ...opt('period', str(a, 'period')) }),
  },
  {
    name: 'block',
    description: 'Stop a member from using the bot here',
    role: 'admin',
    usage: '/budget block <user>',
    args: [userArg('The member')],
    run: (ctx, a) => runAdminReply(ctx, { op: 'block', target: str(a, 'user') ?? '' }),
  },
  {
    name: 'unblock',
    description: 'Let a blocked member use the bot again',
    role: 'admin',
    usage: '/budget unblock <user>',
    args: [userArg('The member')],
    run: (ctx, a) => runAdminReply(ctx, { op: 'unblock', target: str(a, 'user') ?? '' }),
  },
  {
    name: 'adjust',
    description: "Give or take back part of a member's spending this period",
    role: 'admin',
    usage: '/budget adjust <user> <+/-amount> [note]',
    args: [
      userArg('The member'),
      amountArg('US dollars; positive gives more room, negative takes it back, e.g. -1.50'),
      { name: 'note', kind: 'text', description: 'Why (kept in the audit log)', rest: true, max: 200 },
    ],
    run: (ctx, a) => runAdminReply(ctx, { op: 'adjust', target: str(a, 'user') ?? '', amount: str(a, 'amount') ?? '', ...opt('note', str(a, 'note')) }),
  },
  {
    name: 'show',
    description: 'Show limits and spending',
    role: 'admin',
    usage: '/budget show [user]',
    args: [userArg('A member (default: the whole community)', false)],
    run: (ctx, a) => runAdminReply(ctx, { op: 'show', ...opt('target', str(a, 'user')) }),
  },
];

/**
 * `/budget …`: spending limits, for admins. The one definition of the budget syntax: the text grammar, Discord
 * options and help are generated from these arguments; amounts and periods are parsed by the core's money module.
 */
export const budgetCommand: CommandDefinition = {
  name: 'budget',
  description: 'Manage spending limits in this community',
  help: 'Sets how much members may spend (amounts in US dollars; periods day, week, month or total). A member is a @username, a mention or an id; where messages can be replied to, you can also reply to theirs instead.',
  usage: subcommands.map((s) => s.usage),
  examples: ['/budget default 2 day', '/budget set @ana 5 week', '/budget adjust @ana -1.50 refund for a bad image', '/budget pool none', '/budget show'],
  role: 'admin',
  place: 'community',
  visibility: 'private',
  subcommands,
};
