import { fail } from '../../failures.js';
import { en } from '../words.js';
import type { CommandDefinition } from '../types.js';
import { failureReply, readKept, str } from '../reply-kit.js';
import { jobArg } from './common-args.js';
import { runVideo } from './video.js';
import { useSettings } from '../settings-apply.js';
import { othersJobRefusal } from './job-owner.js';

/**
 * `animate <job>` (the Animate action): a video from the job's first kept output — for a video job, its kept last
 * frame ("Animate with last frame": the new video starts where that one ended) — read from disk (never downloaded
 * again), with the job's prompt and the member's video model and seconds from their settings, else the defaults.
 */
export const animateCommand: CommandDefinition = {
  name: 'animate',
  get description() { return en('cmd-animate'); },
  get help() { return en('cmd-animate.help'); },
  usage: ['/animate <job>'],
  examples: ['/animate j_abc123'],
  role: 'member',
  place: 'anywhere',
  visibility: 'public',
  hidden: true,
  args: [jobArg('cmd-animate-opt-job')],
  async run(ctx, args) {
    const id = str(args, 'job') ?? '';
    const res = await ctx.core.jobRequest(ctx.actor, id);
    if (!res.ok) return failureReply(ctx, res.failure);
    const notYours = await othersJobRefusal(ctx, res.value, id);
    if (notYours) return failureReply(ctx, notYours);
    const [image] = await readKept(res.value.kind === 'video' ? res.value.lastFrame : res.value.outputs, 1);
    if (!image) return failureReply(ctx, fail('job_files_gone', { id, what: 'outputs' }));
    const s = await useSettings(ctx, [
      { key: 'video_model', typed: false },
      { key: 'seconds', typed: false },
    ]);
    const model = s.value('video_model');
    const seconds = s.value('seconds');
    return s.tell(await runVideo(ctx, { prompt: res.value.prompt, image, ...(model ? { model } : {}), ...(seconds ? { seconds: Number(seconds) } : {}) }));
  },
};
