import type { CommandDefinition } from '../types.js';
import { str, textReply } from '../reply-kit.js';
import { choiceOf, en } from '../words.js';

/**
 * `/approve [on|off]` (owners, in a community): under `OPERATOR_TOKEN_ACCESS=approved`, lets this community run jobs
 * on the operator's token (`off` withdraws it). The operator CLI does the same with `communities approve|revoke`,
 * also for private chats, where an owner never is.
 */
export const approveCommand: CommandDefinition = {
  name: 'approve',
  get description() { return en('cmd-approve'); },
  get help() { return en('cmd-approve.help'); },
  usage: ['/approve [on|off]'],
  examples: ['/approve', '/approve off'],
  role: 'owner',
  place: 'community',
  visibility: 'private',
  args: [
    {
      name: 'state',
      kind: 'choice',
      get description() { return en('cmd-approve-opt-state'); },
      choices: [choiceOf('on', 'choice-on'), choiceOf('off', 'choice-off')],
    },
  ],
  async run(ctx, a) {
    return textReply(ctx, await ctx.core.approveCommunity(ctx.actor, str(a, 'state') !== 'off'));
  },
};
