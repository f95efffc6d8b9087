import type { CommandDefinition } from '../types.js';
import { str, textReply } from '../reply-kit.js';
import { secretArg } from './setup.js';

/** `/token link|unlink`: a member's own gateway token (their token then pays, without the community's limit). */
export const tokenCommand: CommandDefinition = {
  name: 'token',
  description: 'Use your own gateway token',
  help: 'Links your own gateway token (asked privately; only its last 4 characters are ever shown), so your requests are paid by it, or forgets it.',
  usage: ['/token link', '/token unlink'],
  examples: ['/token link', '/token unlink'],
  role: 'member',
  place: 'anywhere',
  visibility: 'private',
  subcommands: [
    {
      name: 'link',
      description: 'Link your own gateway token (asked privately)',
      role: 'member',
      usage: '/token link',
      args: [secretArg],
      async run(ctx, a) {
        const res = await ctx.core.linkToken(ctx.actor, str(a, 'token') ?? '', true);
        return textReply(ctx, res);
      },
    },
    {
      name: 'unlink',
      description: 'Forget your gateway token',
      role: 'member',
      usage: '/token unlink',
      args: [],
      async run(ctx) {
        const res = await ctx.core.unlinkToken(ctx.actor, true);
        return textReply(ctx, res);
      },
    },
  ],
};
