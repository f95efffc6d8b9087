import { formatDateTime } from '../../messages.js';
import { en } from '../words.js';
import { formatUsd } from '../../money.js';
import type { CommandDefinition } from '../types.js';
import { remainingText } from '../reply-kit.js';

/**
 * `/balance`: the core's sentence, plus the numbers as fields. The numbers are the community allowance, so they are
 * shown only when it limits the member; when their own token pays, the fields say so instead.
 */
export const balanceCommand: CommandDefinition = {
  name: 'balance',
  description: en('cmd-balance'),
  help: en('cmd-balance.help'),
  usage: ['/balance'],
  examples: ['/balance'],
  role: 'member',
  place: 'anywhere',
  visibility: 'private',
  args: [],
  async run(ctx) {
    const b = await ctx.core.balance(ctx.actor);
    const fields =
      b.tokenSource === 'personal'
        ? [
            { name: 'Paid by', value: 'your own token' },
            { name: 'Community limit', value: 'does not apply' },
          ]
        : [
            { name: 'Limit', value: b.limitMicros === null ? 'no limit' : `${formatUsd(b.limitMicros)} / ${b.period}` },
            { name: 'Spent', value: formatUsd(b.spentMicros) },
            { name: 'Held', value: formatUsd(b.heldMicros) },
            { name: 'Remaining', value: remainingText(b.remainingMicros) },
            { name: 'Resets', value: b.resetsAt === null ? 'never' : formatDateTime(b.resetsAt) },
          ];
    if (b.blocked) fields.push({ name: 'Blocked', value: 'yes' });
    return { visibility: 'private', tone: 'info', title: 'Your balance', blocks: [b.text], fields };
  },
};
