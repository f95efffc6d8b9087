import type { CommandDefinition } from '../types.js';
import { en } from '../words.js';
import { str, textReply } from '../reply-kit.js';
import { secretArg } from './setup.js';

/** `/token link|unlink`: a member's own gateway token (their token then pays, without the community's limit). */
export const tokenCommand: CommandDefinition = {
  name: 'token',
  get description() { return en('cmd-token'); },
  get help() { return en('cmd-token.help'); },
  usage: ['/token link', '/token unlink'],
  examples: ['/token link', '/token unlink'],
  role: 'member',
  place: 'anywhere',
  visibility: 'private',
  subcommands: [
    {
      name: 'link',
      get description() { return en('cmd-token-link'); },
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
      get description() { return en('cmd-token-unlink'); },
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
