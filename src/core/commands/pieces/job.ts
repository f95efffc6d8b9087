import type { JobView } from '../../api.js';
import { en } from '../words.js';
import { formatDateTime } from '../../messages.js';
import { formatUsd } from '../../money.js';
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
  description: en('cmd-job'),
  help: en('cmd-job.help'),
  usage: ['/job <id>'],
  examples: ['/job j_abc123'],
  role: 'member',
  place: 'anywhere',
  visibility: 'private',
  args: [jobArg(en('cmd-job-opt-job'))],
  async run(ctx, args) {
    const res = await ctx.core.job(ctx.actor, str(args, 'job') ?? '');
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
    { name: 'Status', value: `${j.status}${j.errorCode ? ` (${j.errorCode})` : ''}` },
    { name: 'Model', value: j.model },
    { name: j.chargedMicros === null ? 'Estimate' : 'Cost', value: formatUsd(j.chargedMicros ?? j.estimateMicros) },
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
