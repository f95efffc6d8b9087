import type { CommandDefinition } from '../types.js';
import { en } from '../words.js';
import { failureReply, imageResultReply, int, progressHooks, resultDelivery, str } from '../reply-kit.js';
import { aspectArg, backgroundArg, formatArg, imageOptionValues, modelArg, promptArg, qualityArg, sizeArg } from './common-args.js';
import { useSettings } from '../settings-apply.js';

/**
 * `/imagine <prompt> [--ar W:H | --size WxH] [--model ID] [--n N] [--quality Q] [--background B] [--format F]`: images
 * from a description (the options where the model offers them). What is not typed comes from the member's settings
 * (`image_model`, `aspect`, `n`), then the bot's defaults.
 */
export const imagineCommand: CommandDefinition = {
  name: 'imagine',
  get description() { return en('cmd-imagine'); },
  get help() { return en('cmd-imagine.help'); },
  usage: ['/imagine <prompt> [--ar W:H | --size WxH] [--model ID] [--n N] [--quality Q] [--background B] [--format F]'],
  examples: ['/imagine a red fox in the snow', '/imagine a lighthouse at dusk --ar 16:9', '/imagine --n 2 two cats --model alpha-image-2', '/imagine a paper crane --model gpt-image-2 --quality high --background transparent'],
  role: 'member',
  place: 'anywhere',
  visibility: 'public',
  args: [
    promptArg('cmd-imagine-opt-prompt'),
    aspectArg,
    sizeArg,
    modelArg('image'),
    { name: 'count', kind: 'integer', get description() { return en('cmd-imagine-opt-count'); }, flags: ['n'], min: 1, max: 4 },
    qualityArg,
    backgroundArg,
    formatArg,
  ],
  async run(ctx, args) {
    const prompt = str(args, 'prompt') ?? '';
    const size = str(args, 'size');
    const s = await useSettings(ctx, [
      { key: 'image_model', typed: str(args, 'model') !== undefined },
      // A typed size wins over an aspect from the settings as it does over a typed one.
      { key: 'aspect', typed: str(args, 'aspect') !== undefined || size !== undefined },
      { key: 'n', typed: int(args, 'count') !== undefined },
    ]);
    const model = str(args, 'model') ?? s.value('image_model');
    const aspect = str(args, 'aspect') ?? s.value('aspect');
    const fromSettings = s.value('n');
    const count = int(args, 'count') ?? (fromSettings !== undefined ? Number(fromSettings) : undefined);
    const res = await ctx.core.imagine(
      { ...ctx.actor, prompt, ...(model ? { model } : {}), ...(aspect ? { aspect } : {}), ...(size ? { size } : {}), ...(count !== undefined ? { count } : {}), ...imageOptionValues(args), ...(await resultDelivery(ctx)) },
      progressHooks(ctx),
    );
    return s.tell(res.ok ? imageResultReply(ctx, res.value, prompt) : failureReply(ctx, res.failure), true);
  },
};
