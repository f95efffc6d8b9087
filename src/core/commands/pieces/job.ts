import type { JobView } from '../../api.js';
import { isFailureRef } from '../../ids.js';
import { describeFailureRef, describeJobMoney, describeJobState, formatDateTime } from '../../messages.js';
import type { CommandDefinition, Reply, ReplyFile } from '../types.js';
import { failureReply, finishedJobActions, progressBar, refreshAction, str } from '../reply-kit.js';
import { jobArg } from './common-args.js';
import { isRunning } from './jobs.js';

/**
 * `/job <id>`: status, money, and the kept result files (within the surface's upload limit; others named). A
 * running video gets a progress bar and Refresh; finished ones get their follow-ups (see {@link jobReply}).
 */
export const jobCommand: CommandDefinition = {
  name: 'job',
  description: 'Show one job and its result',
  help: 'Shows one job: its status, model, size and cost, and posts its kept result files again while they are retained. Given the reference an error ended with, shows what went wrong (admins see the logged detail).',
  usage: ['/job <id>', '/job <ref>'],
  examples: ['/job j_abc123', '/job K7Q2XM'],
  role: 'member',
  place: 'anywhere',
  visibility: 'private',
  args: [jobArg('The job id shown when it started, or the ref an error ended with')],
  async run(ctx, args) {
    const id = str(args, 'job') ?? '';
    if (isFailureRef(id)) {
      // The platform is asked only here: a job id needs no role (its own rule is "this community or yours").
      const ref = await ctx.core.failureRef(ctx.actor, id, ctx.role !== 'member' || (await ctx.isAdmin()));
      if (!ref.ok) return failureReply(ctx, ref.failure);
      return { visibility: 'private', tone: 'info', ...describeFailureRef(ref.value) };
    }
    const res = await ctx.core.job(ctx.actor, id);
    if (!res.ok) return failureReply(ctx, res.failure);
    return jobReply(res.value, ctx.uploadLimitBytes, ctx.core.remixOffered());
  },
};

/**
 * A job as a neutral reply (also what Refresh shows). Follow-ups: Refresh while it runs; Reroll / Edit / Animate on a
 * finished image job while its files are kept; Reroll (and Remix when `remix`) on a finished video, which need no
 * kept file (a delivered video's file is deleted once posted: Reroll re-runs the request, Remix names the gateway's
 * task).
 */
export function jobReply(j: JobView, uploadLimitBytes: number, remix = false): Reply {
  const running = isRunning(j);
  const blocks = [j.prompt];
  if (running && j.kind === 'video') blocks.push(progressBar(j.progress));
  const fields = [
    { name: 'Status', value: describeJobState(j.state) },
    { name: 'Model', value: j.model },
    { name: 'Cost', value: describeJobMoney(j.money) },
  ];
  if (j.seconds) fields.push({ name: 'Duration', value: `${j.seconds} s` });
  if (j.size) fields.push({ name: 'Size', value: j.size });
  fields.push({ name: 'Created', value: formatDateTime(j.createdAt) });
  const outputs = j.outputs ?? [];
  const fits = outputs.filter((o) => o.bytes <= uploadLimitBytes);
  const tooBig = outputs.length - fits.length;
  if (tooBig) blocks.push(`${tooBig} file(s) of this job exceed this chat's upload limit.`);
  const files: ReplyFile[] = fits.map((o) => ({
    name: o.filename,
    mime: o.mime,
    kind: o.mime.startsWith('video/') ? 'video' : o.mime.startsWith('image/') ? 'image' : 'document',
    path: o.path,
    size: o.bytes,
  }));
  const actions = running
    ? [refreshAction(j.id)]
    : ((j.kind === 'imagine' || j.kind === 'edit') && fits.length) || (j.kind === 'video' && (j.status === 'delivered' || j.status === 'undeliverable'))
      ? finishedJobActions(j, remix)
      : [];
  return { visibility: 'private', tone: 'info', title: `${j.kind} ${j.id}`, blocks, fields, files, actions, jobId: j.id };
}
