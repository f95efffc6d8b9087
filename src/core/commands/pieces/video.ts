import { describeOptions, optionsText } from '../../models/model-options.js';
import { fail, type Failure } from '../../failures.js';
import { DEFAULT_LOCALE, t } from '../../i18n/catalog.js';
import { formatDuration, formatMoney } from '../../i18n/format.js';
import type { Attachment } from '../../api/actor.js';
import type { VideoRequest, VideoStarted } from '../../api/video.js';
import { en } from '../words.js';
import type { CommandContext, CommandDefinition, Reply } from '../types.js';
import { failureReply, fetchAll, files, int, progressHooks, refreshAction, remainingText, str } from '../reply-kit.js';
import { aspectArg, audioArg, modelArg, negativeArg, promptArg, resolutionArg, sizeArg, videoOptionValues } from './common-args.js';
import { VIDEO_ASPECTS } from '../../media/sizes.js';
import { useSettings } from '../settings-apply.js';

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
  return res.ok ? videoStartedReply(res.value, ctx.actor.locale ?? DEFAULT_LOCALE) : failureReply(ctx, res.failure);
}

/**
 * A video (or remix, `titleId` `remix-started-title`) accepted, in `locale`: what runs, what is held until delivery,
 * the rough wait (rounded the way people say it), and Refresh.
 */
export function videoStartedReply(v: VideoStarted, locale: string, titleId = 'video-started-title'): Reply {
  const l = locale;
  const wait = formatDuration(l, v.etaSeconds * 1000);
  const estimate = t(l, 'estimate-video', {
    seconds: v.seconds ?? 0,
    model: v.model,
    size: v.size || 'none',
    cost: formatMoney(l, v.estimateMicros),
    left: v.remainingMicros === null ? 'none' : formatMoney(l, Math.max(0, v.remainingMicros)),
    wait: v.etaSeconds > 0 ? wait : 'none',
  });
  return {
    visibility: 'public',
    tone: 'info',
    title: t(l, titleId),
    blocks: [estimate, t(l, 'video-will-be-posted', { job: v.jobId })],
    fields: [
      { name: t(l, 'field-model'), value: v.model },
      { name: t(l, 'field-duration'), value: t(l, 'value-seconds', { n: v.seconds }) },
      { name: t(l, 'field-size'), value: v.size },
      ...(v.options && optionsText(v.options) ? [{ name: t(l, 'field-options'), value: optionsText(v.options) }] : []),
      { name: t(l, 'field-held'), value: formatMoney(l, v.estimateMicros) },
      { name: t(l, 'field-left'), value: remainingText(l, v.remainingMicros) },
      { name: t(l, 'field-ready-in'), value: t(l, 'time-in', { duration: wait }) },
      { name: t(l, 'field-job'), value: v.jobId },
    ],
    actions: [refreshAction(v.jobId, l)],
    jobId: v.jobId,
  };
}

/**
 * A last frame (a second image) for a model that takes none, refused before anything is downloaded; null when the
 * model takes one or is not known here (the core checks again after the download).
 */
async function lastFrameRefused(ctx: CommandContext, model: string | undefined): Promise<Failure | null> {
  const list = await ctx.core.models(ctx.actor, 'video');
  if (!list.ok) return null;
  const view = model ? list.value.find((m) => m.id === model) : list.value.find((m) => m.isDefault);
  if (!view || view.options?.endImage) return null;
  return fail('option_unsupported', { model: view.id, option: 'endImage', value: '', offered: [], all: view.options ? describeOptions(view.options) : [] });
}

/**
 * `/video <prompt> [--seconds N] [--ar W:H | --size WxH] [--model ID] [--resolution R] [--audio on|off] [--negative TEXT]` with an optional start image and (second image) last frame: Discord's second attachment, on Telegram a reply to the
 * first photo with the last one attached; the options where the model offers them. */
export const videoCommand: CommandDefinition = {
  name: 'video',
  get description() { return en('cmd-video'); },
  get help() { return en('cmd-video.help'); },
  usage: ['/video <prompt> [--seconds N] [--ar W:H | --size WxH] [--model ID] [--resolution R] [--audio on|off] [--negative "TEXT"]'],
  examples: ['/video waves on a beach at sunset', '/video a paper boat --seconds 8s --ar 9:16', '/video a drummer on a rooftop --model veo-3.1 --resolution 1080p --audio on'],
  role: 'member',
  place: 'anywhere',
  visibility: 'public',
  args: [
    promptArg('cmd-video-opt-prompt'),
    { name: 'seconds', kind: 'integer', get description() { return en('cmd-video-opt-seconds'); }, flags: ['seconds', 'duration'], min: 4, max: 15 },
    aspectArg,
    sizeArg,
    modelArg('video'),
    resolutionArg,
    audioArg,
    negativeArg,
    { name: 'image', kind: 'attachment', get description() { return en('cmd-video-opt-image'); }, maxCount: 2 },
  ],
  async run(ctx, args) {
    const typedSize = str(args, 'size');
    const s = await useSettings(ctx, [
      { key: 'video_model', typed: str(args, 'model') !== undefined },
      { key: 'seconds', typed: int(args, 'seconds') !== undefined },
      { key: 'aspect', typed: str(args, 'aspect') !== undefined || typedSize !== undefined, fits: (v) => (VIDEO_ASPECTS as readonly string[]).includes(v) },
    ]);
    const model = str(args, 'model') ?? s.value('video_model');
    let image: Attachment | undefined;
    let endImage: Attachment | undefined;
    const incoming = files(args, 'image');
    if (incoming.length > 1) {
      const refused = await lastFrameRefused(ctx, model);
      if (refused) return failureReply(ctx, refused);
    }
    if (incoming.length) {
      // A second image is the last frame (`image_tail`); the core refuses it for a model that takes none.
      const got = await fetchAll(incoming.slice(0, 2), ctx.core.referenceLimitBytes('video', model));
      if (!got.ok) return failureReply(ctx, got.failure);
      [image, endImage] = got.value;
    }
    const fromSettings = s.value('seconds');
    const seconds = int(args, 'seconds') ?? (fromSettings !== undefined ? Number(fromSettings) : undefined);
    const aspect = str(args, 'aspect') ?? s.value('aspect');
    const size = typedSize;
    const reply = await runVideo(ctx, {
      prompt: str(args, 'prompt') ?? '',
      ...(model ? { model } : {}),
      ...(seconds !== undefined ? { seconds } : {}),
      ...(aspect ? { aspect } : {}),
      ...(size ? { size } : {}),
      ...(image ? { image } : {}),
      ...(endImage ? { endImage } : {}),
      ...videoOptionValues(args),
    });
    return s.tell(reply);
  },
};
