import { DEFAULT_LOCALE } from '../../i18n/catalog.js';
import { fail } from '../../failures.js';
import { en } from '../words.js';
import type { CommandDefinition } from '../types.js';
import { failureReply, int, progressHooks, str } from '../reply-kit.js';
import { jobArg, promptArg } from './common-args.js';
import { videoStartedReply } from './video.js';

/**
 * `remix <job> <prompt> [--seconds N]` (the Remix action under a delivered video, also typed on text surfaces): a new
 * video from an earlier video of this community with a new prompt. Held and priced like a new video and delivered
 * the same way (the surface's delivery address is asked for after validation); a gateway without remix answers with
 * the `not_offered` words and nothing is held.
 */
export const remixCommand: CommandDefinition = {
  name: 'remix',
  get description() { return en('cmd-remix'); },
  get help() { return en('cmd-remix.help'); },
  usage: ['/remix <job> <prompt> [--seconds N]'],
  examples: ['/remix j_abc123 the same scene at night', '/remix j_abc123 in watercolours --seconds 6'],
  role: 'member',
  place: 'anywhere',
  hidden: true,
  visibility: 'public',
  args: [
    jobArg('cmd-remix-opt-job'),
    promptArg('cmd-remix-opt-prompt'),
    { name: 'seconds', kind: 'integer', get description() { return en('cmd-remix-opt-seconds'); }, flags: ['seconds', 'duration'], min: 4, max: 15 },
  ],
  async run(ctx, args) {
    // Known missing: say so before the surface posts a status message for a video that cannot start.
    if (!ctx.core.remixOffered()) return failureReply(ctx, fail('not_offered', { what: 'remix' }));
    const delivery = await ctx.deliveryAddress();
    const seconds = int(args, 'seconds');
    const res = await ctx.core.startRemix(
      { ...ctx.actor, jobId: str(args, 'job') ?? '', prompt: str(args, 'prompt') ?? '', delivery, ...(seconds !== undefined ? { seconds } : {}) },
      progressHooks(ctx),
    );
    return res.ok ? videoStartedReply(res.value, ctx.actor.locale ?? DEFAULT_LOCALE, 'remix-started-title') : failureReply(ctx, res.failure);
  },
};
