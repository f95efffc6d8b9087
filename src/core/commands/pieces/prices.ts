import type { PriceCommand } from '../../api/admin.js';
import { choiceOf, en } from '../words.js';
import type { ArgSpec, CommandContext, CommandDefinition, Reply, SubcommandDefinition } from '../types.js';
import { opt, str, textReply } from '../reply-kit.js';

/** Any model the token lists, priced or not (an admin prices the unpriced ones): autocompleted, no kind expected. */
const modelArg: ArgSpec = { name: 'model', kind: 'model', get description() { return en('cmd-prices-opt-model'); }, required: true, autocomplete: true };

/** Runs a price command through the core (which checks, stores and audits it) and answers with its words. */
async function runPrices(ctx: CommandContext, cmd: PriceCommand): Promise<Reply> {
  const res = await ctx.core.prices(ctx.actor, cmd);
  return textReply(ctx, res);
}

const subcommands: SubcommandDefinition[] = [
  {
    name: 'list',
    get description() { return en('cmd-prices-list'); },
    role: 'admin',
    usage: '/prices list',
    args: [],
    run: (ctx) => runPrices(ctx, { op: 'list' }),
  },
  {
    name: 'set',
    get description() { return en('cmd-prices-set'); },
    role: 'admin',
    usage: '/prices set <model> <usd> [image|second|1k]',
    args: [
      modelArg,
      { name: 'usd', kind: 'amount', get description() { return en('cmd-prices-set-opt-usd'); }, required: true },
      {
        name: 'per',
        kind: 'choice',
        get description() { return en('cmd-prices-set-opt-per'); },
        choices: [
          choiceOf('image', 'choice-per-image'),
          choiceOf('second', 'choice-per-second'),
          choiceOf('1k', 'choice-per-1k'),
        ],
      },
    ],
    run: (ctx, a) => runPrices(ctx, { op: 'set', model: str(a, 'model') ?? '', amount: str(a, 'usd') ?? '', ...opt('unit', str(a, 'per')) }),
  },
  {
    name: 'clear',
    get description() { return en('cmd-prices-clear'); },
    role: 'admin',
    usage: '/prices clear <model>',
    args: [modelArg],
    run: (ctx, a) => runPrices(ctx, { op: 'clear', model: str(a, 'model') ?? '' }),
  },
  {
    name: 'kind',
    get description() { return en('cmd-prices-kind'); },
    role: 'admin',
    usage: '/prices kind <model> <image|video|text|auto>',
    args: [
      modelArg,
      {
        name: 'kind',
        kind: 'choice',
        get description() { return en('cmd-prices-kind-opt-kind'); },
        required: true,
        choices: [
          choiceOf('image', 'choice-kind-image'),
          choiceOf('video', 'choice-kind-video'),
          choiceOf('text', 'choice-kind-text'),
          choiceOf('auto', 'choice-kind-auto'),
        ],
      },
    ],
    run: (ctx, a) => runPrices(ctx, { op: 'kind', model: str(a, 'model') ?? '', kind: str(a, 'kind') ?? '' }),
  },
];

/**
 * `/prices list|set|clear|kind`: an admin's own model prices and kinds in this community. An admin price wins over
 * the operator's price file and the gateway's published price for this community's jobs; every change is audited by
 * the core.
 */
export const pricesCommand: CommandDefinition = {
  name: 'prices',
  get description() { return en('cmd-prices'); },
  get help() { return en('cmd-prices.help'); },
  usage: subcommands.map((s) => s.usage),
  examples: ['/prices list', '/prices set alpha-image-2 0.05', '/prices set gamma-video-1 0.08 second', '/prices clear alpha-image-2', '/prices kind beta-edit-lite image'],
  role: 'admin',
  place: 'community',
  visibility: 'private',
  subcommands,
};
