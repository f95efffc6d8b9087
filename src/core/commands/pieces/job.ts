import { DEFAULT_LOCALE, t } from '../../i18n/catalog.js';
import { formatMoment } from '../../i18n/format.js';
import type { JobView } from '../../api/jobs.js';
import { isFailureRef } from '../../ids.js';
import { describeFailureRef, describeJobMoney, describeJobState } from '../../messages.js';
import { en } from '../words.js';
import type { CommandDefinition, Reply, ReplyField, ReplyFile } from '../types.js';
import { failureReply, finishedJobActions, progressBar, refreshAction, str } from '../reply-kit.js';
import { jobArg } from './common-args.js';
import { isRunning } from './jobs.js';

/**
 * `/job <id>`: status, money, and the kept result files (within the surface's upload limit; others named). A
 * running video gets a progress bar and Refresh; finished ones get their follow-ups (see {@link jobReply}).
 */
export const jobCommand: CommandDefinition = {
  name: 'job',
  get description() { return en('cmd-job'); },
  get help() { return en('cmd-job.help'); },
  usage: ['/job <id>', '/job <ref>'],
  examples: ['/job j_abc123', '/job K7Q2XM'],
  role: 'member',
  place: 'anywhere',
  visibility: 'private',
  args: [jobArg('cmd-job-opt-job')],
  async run(ctx, args) {
    const id = str(args, 'job') ?? '';
    if (isFailureRef(id)) {
      // The platform is asked only here: a job id needs no role (its own rule is "this community or yours").
      const ref = await ctx.core.failureRef(ctx.actor, id, (await ctx.role()) !== 'member');
      if (!ref.ok) return failureReply(ctx, ref.failure);
      return { visibility: 'private', tone: 'info', ...describeFailureRef(ctx.actor.locale ?? DEFAULT_LOCALE, ref.value) };
    }
    const res = await ctx.core.job(ctx.actor, id);
    if (!res.ok) return failureReply(ctx, res.failure);
    return jobReply(res.value, ctx.uploadLimitBytes, ctx.core.remixOffered(res.value.model), ctx.actor.locale ?? DEFAULT_LOCALE);
  },
};

/**
 * A job as a neutral reply (also what Refresh shows). Follow-ups: Refresh while it runs; Reroll / Edit / Animate on a
 * finished image job while its files are kept; Reroll (and Remix when `remix`) on a finished video, which need no
 * kept file (a delivered video's file is deleted once posted: Reroll re-runs the request, Remix names the gateway's
 * task).
 */
export function jobReply(j: JobView, uploadLimitBytes: number, remix: boolean, locale: string): Reply {
  const l = locale;
  const running = isRunning(j);
  const blocks = [j.prompt];
  if (running && j.kind === 'video') blocks.push(progressBar(j.progress));
  const fields = [
    { name: t(l, 'field-status'), value: describeJobState(l, j.state) },
    { name: t(l, 'field-model'), value: j.model },
    { name: t(l, 'field-cost'), value: describeJobMoney(l, j.money) },
  ];
  fields.push(...durationFields(j, running, l));
  if (j.size) fields.push({ name: t(l, 'field-size'), value: j.size });
  fields.push({ name: t(l, 'field-created'), value: formatMoment(l, j.createdAt, Date.now()) });
  const outputs = j.outputs ?? [];
  const fits = outputs.filter((o) => o.bytes <= uploadLimitBytes);
  const tooBig = outputs.length - fits.length;
  if (tooBig) blocks.push(t(l, 'job-files-too-large', { count: tooBig }));
  const files: ReplyFile[] = fits.map((o) => ({
    name: o.filename,
    mime: o.mime,
    kind: o.mime.startsWith('video/') ? 'video' : o.mime.startsWith('image/') ? 'image' : 'document',
    path: o.path,
    size: o.bytes,
  }));
  const actions = running
    ? [refreshAction(j.id, l)]
    : ((j.kind === 'imagine' || j.kind === 'edit') && fits.length) || (j.kind === 'video' && (j.status === 'delivered' || j.status === 'undeliverable'))
      ? finishedJobActions({ id: j.id, kind: j.kind, locale: l, images: outputs.length, upscaleSize: j.upscaleSize }, remix)
      : [];
  return { visibility: 'private', tone: 'info', title: t(l, 'job-title', { kind: t(l, 'job-kind', { kind: j.kind }), id: j.id }), blocks, fields, files, actions, jobId: j.id };
}

/** A length differs from another when at least half a second off (container rounding does not). */
const LENGTH_TOLERANCE_S = 0.5;

/**
 * The length fields of `/job`. A finished video: the length its posted file plays for ("4 s (6 s requested)" when it
 * differs from the request), and the seconds the gateway billed when they differ from it; with neither known, the
 * length asked for, labelled so. A running job: the length asked for.
 */
function durationFields(j: JobView, running: boolean, l: string): ReplyField[] {
  const off = (a: number, b: number | undefined) => b !== undefined && Math.abs(a - b) >= LENGTH_TOLERANCE_S;
  if (j.kind === 'video' && !running && (j.deliveredSeconds !== undefined || j.billedSeconds !== undefined)) {
    const out: ReplyField[] = [];
    const made = j.deliveredSeconds ?? j.billedSeconds!;
    const n = Math.round(made * 10) / 10;
    out.push({ name: t(l, 'field-duration'), value: off(made, j.seconds) ? t(l, 'value-seconds-delivered', { n, requested: j.seconds! }) : t(l, 'value-seconds', { n }) });
    if (j.deliveredSeconds !== undefined && j.billedSeconds !== undefined && off(j.billedSeconds, j.deliveredSeconds)) {
      out.push({ name: t(l, 'field-duration-billed'), value: t(l, 'value-seconds', { n: j.billedSeconds }) });
    }
    return out;
  }
  if (!j.seconds) return [];
  return [{ name: t(l, j.kind === 'video' && !running ? 'field-duration-requested' : 'field-duration'), value: t(l, 'value-seconds', { n: j.seconds }) }];
}
