import { DEFAULT_LOCALE } from '../../i18n/catalog.js';
import { fail } from '../../failures.js';
import { en } from '../words.js';
import type { CommandDefinition } from '../types.js';
import { failureReply, imageResultReply, progressHooks, readKept, resultDelivery, str } from '../reply-kit.js';
import { jobArg } from './common-args.js';
import { othersJobRefusal } from './job-owner.js';
import { runEdit } from './edit.js';
import { runVideo } from './video.js';
import { askReply } from './ask.js';

/**
 * `reroll <job>` (the Reroll action, also typed on text surfaces): runs an earlier job's request again, for the member
 * who started it or an admin ({@link othersJobRefusal}), paid by whoever asks. An edit re-runs with the reference
 * images kept with the job (or says they are gone: nothing is charged); a video starts a new video; an answer asks
 * again.
 */
export const rerollCommand: CommandDefinition = {
  name: 'reroll',
  get description() { return en('cmd-reroll'); },
  get help() { return en('cmd-reroll.help'); },
  usage: ['/reroll <job>'],
  examples: ['/reroll j_abc123'],
  role: 'member',
  place: 'anywhere',
  visibility: 'public',
  hidden: true,
  args: [jobArg('cmd-reroll-opt-job')],
  async run(ctx, args) {
    const id = str(args, 'job') ?? '';
    const res = await ctx.core.jobRequest(ctx.actor, id);
    if (!res.ok) return failureReply(ctx, res.failure);
    const r = res.value;
    const notYours = await othersJobRefusal(ctx, r, id);
    if (notYours) return failureReply(ctx, notYours);
    const base = { prompt: r.prompt, model: r.model, ...(r.size ? { size: r.size } : {}) };
    const o = r.options ?? {};
    // The options it was sent with, again (a negative prompt and a last frame are not kept: the reroll goes without).
    const image = { ...(o.quality ? { quality: o.quality } : {}), ...(o.background ? { background: o.background } : {}), ...(o.format ? { format: o.format } : {}) };
    const video = { ...(o.resolution ? { resolution: o.resolution } : {}), ...(o.audio !== undefined ? { audio: o.audio } : {}) };
    switch (r.kind) {
      case 'video':
        return runVideo(ctx, { ...base, ...video, ...(r.seconds ? { seconds: r.seconds } : {}) });
      case 'edit': {
        const refs = r.references ?? [];
        const images = refs.length ? await readKept(refs) : [];
        if (images.length === 0 || images.length !== refs.length) return failureReply(ctx, fail('job_files_gone', { id, what: 'references' }));
        return runEdit(ctx, { ...base, ...image, images });
      }
      case 'ask': {
        const a = await ctx.core.ask({ ...ctx.actor, prompt: r.prompt, model: r.model, ...(await resultDelivery(ctx)) }, progressHooks(ctx));
        return a.ok ? askReply(a.value, ctx.actor.locale ?? DEFAULT_LOCALE) : failureReply(ctx, a.failure);
      }
      case 'imagine': {
        const i = await ctx.core.imagine({ ...ctx.actor, ...base, ...image, ...(await resultDelivery(ctx)) }, progressHooks(ctx));
        return i.ok ? imageResultReply(ctx, i.value, r.prompt) : failureReply(ctx, i.failure);
      }
    }
  },
};
