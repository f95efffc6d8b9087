import type { Attachment, VideoRequest, VideoStarted } from '../../api.js';
import { en } from '../words.js';
import { describeJobEstimate } from '../../messages.js';
import { formatUsd } from '../../money.js';
import type { CommandContext, CommandDefinition, Reply } from '../types.js';
import { failureReply, fetchAll, files, int, progressHooks, refreshAction, remainingText, str } from '../reply-kit.js';
import { aspectArg, modelArg, promptArg, sizeArg } from './common-args.js';

/** What a video run needs besides the actor and the delivery address. */
export type VideoParams = Omit<VideoRequest, 'scope' | 'user' | 'delivery'>;

/**
 * Starts a video (also Reroll of a video and Animate): asks the surface for the delivery address (it may post a
 * status message), then the core holds the estimate and creates the task; the poller delivers. Answers with what
 * runs, what is held, the rough wait and a Refresh action.
 */
export async function runVideo(ctx: CommandContext, p: VideoParams): Promise<Reply> {
  const delivery = await ctx.deliveryAddress();
  const res = await ctx.core.startVideo({ ...ctx.actor, ...p, delivery }, progressHooks(ctx));
  return res.ok ? videoStartedReply(res.value) : failureReply(ctx, res.failure);
}

/** A video (or remix) accepted: what runs, what is held, the rough wait, and Refresh. */
export function videoStartedReply(v: VideoStarted, title = 'Video started'): Reply {
  const estimate = describeJobEstimate({ kind: 'video', model: v.model, costMicros: v.estimateMicros, seconds: v.seconds, size: v.size, remainingAfterMicros: v.remainingMicros, typicalWaitMs: v.etaSeconds * 1000 });
  return {
    visibility: 'public',
    tone: 'info',
    title,
    blocks: [estimate, `Job ${v.jobId}: the video will be posted here when it is ready.`],
    fields: [
      { name: 'Model', value: v.model },
      { name: 'Duration', value: `${v.seconds} s` },
      { name: 'Size', value: v.size },
      { name: 'Held', value: formatUsd(v.estimateMicros) },
      { name: 'Remaining budget', value: remainingText(v.remainingMicros) },
      { name: 'Ready in about', value: `${Math.max(1, Math.round(v.etaSeconds / 60))} min` },
      { name: 'Job', value: v.jobId },
    ],
    actions: [refreshAction(v.jobId)],
    jobId: v.jobId,
  };
}

/** `/video <prompt> [--seconds N] [--ar W:H | --size WxH] [--model ID]` with an optional start image. */
export const videoCommand: CommandDefinition = {
  name: 'video',
  description: en('cmd-video'),
  help: en('cmd-video.help'),
  usage: ['/video <prompt> [--seconds N] [--ar W:H | --size WxH] [--model ID]'],
  examples: ['/video waves on a beach at sunset', '/video a paper boat --seconds 8s --ar 9:16'],
  role: 'member',
  place: 'anywhere',
  visibility: 'public',
  args: [
    promptArg(en('cmd-video-opt-prompt')),
    { name: 'seconds', kind: 'integer', description: en('cmd-video-opt-seconds'), flags: ['seconds', 'duration'], min: 4, max: 15 },
    aspectArg,
    sizeArg,
    modelArg('video'),
    { name: 'image', kind: 'attachment', description: en('cmd-video-opt-image'), maxCount: 1 },
  ],
  async run(ctx, args) {
    const model = str(args, 'model');
    let image: Attachment | undefined;
    const incoming = files(args, 'image');
    if (incoming.length) {
      const got = await fetchAll(incoming.slice(0, 1), ctx.core.referenceLimitBytes('video', model));
      if (!got.ok) return failureReply(ctx, got.failure);
      image = got.value[0];
    }
    const seconds = int(args, 'seconds');
    const aspect = str(args, 'aspect');
    const size = str(args, 'size');
    return runVideo(ctx, {
      prompt: str(args, 'prompt') ?? '',
      ...(model ? { model } : {}),
      ...(seconds !== undefined ? { seconds } : {}),
      ...(aspect ? { aspect } : {}),
      ...(size ? { size } : {}),
      ...(image ? { image } : {}),
    });
  },
};
