import type { Attachment } from '../../api/actor.js';
import type { EditRequest } from '../../api/images.js';
import { en } from '../words.js';
import { fail } from '../../failures.js';
import type { CommandContext, CommandDefinition, Reply } from '../types.js';
import { failureReply, fetchAll, files, imageResultReply, progressHooks, readKept, resultDelivery, str } from '../reply-kit.js';
import { backgroundArg, exactSizeArg, formatArg, imageOptionValues, modelArg, promptArg, qualityArg } from './common-args.js';
import { useSettings } from '../settings-apply.js';
import { othersJobRefusal } from './job-owner.js';

/** Runs an edit and answers with the result (also Reroll of an edit). */
export async function runEdit(ctx: CommandContext, p: Omit<EditRequest, 'scope' | 'user'>): Promise<Reply> {
  const res = await ctx.core.edit({ ...ctx.actor, ...p, ...(await resultDelivery(ctx)) }, progressHooks(ctx));
  return res.ok ? imageResultReply(ctx, res.value, p.prompt, 'edit') : failureReply(ctx, res.failure);
}

/**
 * `/edit <instruction>` with up to 3 images, or `--from <job>` to edit an earlier job's kept results (the Edit
 * action): kept files are read from disk, never downloaded again.
 */
export const editCommand: CommandDefinition = {
  name: 'edit',
  get description() { return en('cmd-edit'); },
  get help() { return en('cmd-edit.help'); },
  usage: ['/edit <instruction> [--size WxH] [--model ID] [--quality Q] [--background B] [--format F] (with 1-3 images attached)', '/edit <instruction> --from <job>'],
  examples: ['/edit make the sky purple', '/edit add a hat --from j_abc123'],
  role: 'member',
  place: 'anywhere',
  visibility: 'public',
  args: [
    promptArg('cmd-edit-opt-prompt'),
    { name: 'images', kind: 'attachment', get description() { return en('cmd-edit-opt-images'); }, maxCount: 3, conflicts: ['job'] },
    { name: 'job', kind: 'job', get description() { return en('cmd-edit-opt-job'); }, flags: ['from'], conflicts: ['images'] },
    exactSizeArg,
    modelArg('image'),
    qualityArg,
    backgroundArg,
    formatArg,
  ],
  async run(ctx, args) {
    const s = await useSettings(ctx, [{ key: 'image_model', typed: str(args, 'model') !== undefined }]);
    const model = str(args, 'model') ?? s.value('image_model');
    const size = str(args, 'size');
    const from = str(args, 'job');
    let images: Attachment[];
    if (from) {
      const req = await ctx.core.jobRequest(ctx.actor, from);
      if (!req.ok) return failureReply(ctx, req.failure);
      const notYours = await othersJobRefusal(ctx, req.value, from);
      if (notYours) return failureReply(ctx, notYours);
      images = await readKept(req.value.outputs, 3);
      if (images.length === 0) return failureReply(ctx, fail('job_files_gone', { id: from, what: 'outputs' }));
    } else {
      const incoming = files(args, 'images');
      if (incoming.length === 0) return failureReply(ctx, fail('attachment_missing'));
      const got = await fetchAll(incoming, ctx.core.referenceLimitBytes('image', model));
      if (!got.ok) return failureReply(ctx, got.failure);
      images = got.value;
    }
    return s.tell(await runEdit(ctx, { prompt: str(args, 'prompt') ?? '', images, ...(model ? { model } : {}), ...(size ? { size } : {}), ...imageOptionValues(args) }), true);
  },
};
