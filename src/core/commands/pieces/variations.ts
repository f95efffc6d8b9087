import type { Attachment } from '../../api/actor.js';
import type { JobRequestView } from '../../api/jobs.js';
import { err, fail, ok, type Result } from '../../failures.js';
import type { ArgSpec, ArgValues, CommandContext, CommandDefinition } from '../types.js';
import { en } from '../words.js';
import { failureReply, int, readKept, str } from '../reply-kit.js';
import { jobArg } from './common-args.js';
import { othersJobRefusal } from './job-owner.js';
import { runEdit } from './edit.js';

/**
 * `vary <job> [--index K]` and `upscale <job> [--index K]` (the V1…Vn / U1…Un buttons of an image result, Vary and
 * Upscale under a single image; also typed on text surfaces). Each is a new edit job of image K of the earlier job,
 * read from disk (never downloaded again), with its prompt and model, held and charged like any edit, paid by whoever
 * clicks: a variation at the image's size, an upscale at the size recorded with the job (the model's next larger
 * tier, or the next size of the upscale model recorded with it when the model has none: see `isUpscaleModel`). Only the member who started the job, or an admin, may: anyone else is refused before any hold.
 */

/** `--index K`: which image of the job (from 1), default the first. */
function imageArg(words: string): ArgSpec {
  return { name: 'index', kind: 'integer', get description() { return en(words); }, flags: ['index'], min: 1, max: 4 };
}

/** The earlier job and its image K, when the actor may reuse it; else the failure to show (nothing held). */
async function pickedImage(ctx: CommandContext, args: ArgValues): Promise<Result<{ req: JobRequestView; image: Attachment }>> {
  const id = str(args, 'job') ?? '';
  const res = await ctx.core.jobRequest(ctx.actor, id);
  if (!res.ok) return res;
  const req = res.value;
  const notYours = await othersJobRefusal(ctx, req, id);
  if (notYours) return err(notYours);
  if (req.kind === 'video' || req.kind === 'ask') return err(fail('not_an_image', { id, kind: req.kind }));
  const k = int(args, 'index') ?? 1;
  const [image] = await readKept(req.outputs?.slice(k - 1, k));
  if (!image) return err(fail('job_files_gone', { id, what: 'outputs' }));
  return ok({ req, image });
}

export const varyCommand: CommandDefinition = {
  name: 'vary',
  get description() { return en('cmd-vary'); },
  get help() { return en('cmd-vary.help'); },
  usage: ['/vary <job> [--index N]'],
  examples: ['/vary j_abc123 --index 2'],
  role: 'member',
  place: 'anywhere',
  visibility: 'public',
  hidden: true,
  args: [jobArg('cmd-vary-opt-job'), imageArg('cmd-vary-opt-image')],
  async run(ctx, args) {
    const picked = await pickedImage(ctx, args);
    if (!picked.ok) return failureReply(ctx, picked.failure);
    const { req, image } = picked.value;
    return runEdit(ctx, { prompt: req.prompt, model: req.model, images: [image], ...(req.size ? { size: req.size } : {}) });
  },
};

export const upscaleCommand: CommandDefinition = {
  name: 'upscale',
  get description() { return en('cmd-upscale'); },
  get help() { return en('cmd-upscale.help'); },
  usage: ['/upscale <job> [--index N]'],
  examples: ['/upscale j_abc123 --index 1'],
  role: 'member',
  place: 'anywhere',
  visibility: 'public',
  hidden: true,
  args: [jobArg('cmd-upscale-opt-job'), imageArg('cmd-upscale-opt-image')],
  async run(ctx, args) {
    const picked = await pickedImage(ctx, args);
    if (!picked.ok) return failureReply(ctx, picked.failure);
    const { req, image } = picked.value;
    if (!req.upscaleSize) return failureReply(ctx, fail('not_offered', { what: 'upscale', model: req.model }));
    return runEdit(ctx, { prompt: req.prompt, model: req.upscaleModel ?? req.model, images: [image], size: req.upscaleSize });
  },
};
