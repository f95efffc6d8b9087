import type { PriceCommand } from '../../api.js';
import type { ArgSpec, CommandContext, CommandDefinition, Reply, SubcommandDefinition } from '../types.js';
import { opt, str, textReply } from '../reply-kit.js';

/** Any model the token lists, priced or not (an admin prices the unpriced ones): autocompleted, no kind expected. */
const modelArg: ArgSpec = { name: 'model', kind: 'model', description: 'The exact model id, as /models lists it', required: true, autocomplete: true };

/** Runs a price command through the core (which checks, stores and audits it) and answers with its words. */
async function runPrices(ctx: CommandContext, cmd: PriceCommand): Promise<Reply> {
  const res = await ctx.core.prices(ctx.actor, cmd);
  return textReply(ctx, res);
}

const subcommands: SubcommandDefinition[] = [
  {
    name: 'list',
    description: 'Show the prices and kinds admins set here',
    role: 'admin',
    usage: '/prices list',
    args: [],
    run: (ctx) => runPrices(ctx, { op: 'list' }),
  },
  {
    name: 'set',
    description: "Set a model's price in this community (wins over every other price)",
    role: 'admin',
    usage: '/prices set <model> <usd> [image|second|1k]',
    args: [
      modelArg,
      { name: 'usd', kind: 'amount', description: 'US dollars per unit, e.g. 0.04', required: true },
      {
        name: 'per',
        kind: 'choice',
        description: "The unit (default: from the model's kind)",
        choices: [
          { value: 'image', label: 'per image' },
          { value: 'second', label: 'per second of video' },
          { value: '1k', label: 'per 1,000 text tokens' },
        ],
      },
    ],
    run: (ctx, a) => runPrices(ctx, { op: 'set', model: str(a, 'model') ?? '', amount: str(a, 'usd') ?? '', ...opt('unit', str(a, 'per')) }),
  },
  {
    name: 'clear',
    description: "Remove a model's admin price (back to the operator's or the gateway's)",
    role: 'admin',
    usage: '/prices clear <model>',
    args: [modelArg],
    run: (ctx, a) => runPrices(ctx, { op: 'clear', model: str(a, 'model') ?? '' }),
  },
  {
    name: 'kind',
    description: "Correct a model's kind here (auto forgets the correction)",
    role: 'admin',
    usage: '/prices kind <model> <image|video|text|auto>',
    args: [
      modelArg,
      {
        name: 'kind',
        kind: 'choice',
        description: 'What the model makes',
        required: true,
        choices: [
          { value: 'image', label: 'image' },
          { value: 'video', label: 'video' },
          { value: 'text', label: 'text' },
          { value: 'auto', label: 'auto (forget the correction)' },
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
  description: 'Set model prices and kinds for this community',
  help: "Sets this community's own price for a model (in US dollars per image, per second of video or per 1,000 text tokens; it wins over the operator's and the gateway's prices), removes it, lists them, or corrects what kind of model one is. Every change is kept in the audit log.",
  usage: subcommands.map((s) => s.usage),
  examples: ['/prices list', '/prices set alpha-image-2 0.05', '/prices set gamma-video-1 0.08 second', '/prices clear alpha-image-2', '/prices kind beta-edit-lite image'],
  role: 'admin',
  place: 'community',
  visibility: 'private',
  subcommands,
};
