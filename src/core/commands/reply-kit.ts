import { optionsText } from '../models/model-options.js';
import { readFile } from 'node:fs/promises';
import type { Attachment, DeliveryAddress, JobHooks } from '../api/actor.js';
import type { ChartFile } from '../api/account.js';
import type { ImageJobResult } from '../api/images.js';
import type { JobKind, JobView } from '../api/jobs.js';
import { ok, type Failure, type Result } from '../failures.js';
import { DEFAULT_LOCALE, t } from '../i18n/catalog.js';
import { formatBytes, formatMoney, formatPrice } from '../i18n/format.js';
import type { Micros } from '../money.js';
import type { ArgValues, CommandContext, IncomingFile, Reply, ReplyAction, ReplyField, ReplyFile } from './types.js';

/**
 * Small builders shared by the command pieces: failure and info replies, progress hooks, reading kept files and
 * fetching attachments. Plain text only; surfaces format.
 */

/**
 * The reply for an expected failure: private, `tone: 'error'`, `blocks[0]` the core's words in the actor's locale and
 * this surface's command names; its reference is stored for the actor (and the job it ended) so `/job <ref>` finds it.
 * Its reference line is the member's; the dispatcher turns it into the admin's when the reader's role says so.
 */
export function failureReply(ctx: Pick<CommandContext, 'core' | 'surface' | 'actor'>, failure: Failure, extra: readonly string[] = []): Reply {
  const at = { actor: ctx.actor, surface: ctx.surface.id, ...(failure.jobId ? { jobId: failure.jobId } : {}) };
  return { visibility: 'private', tone: 'error', blocks: [ctx.core.explain(failure, (c, s) => ctx.surface.commandHint(c, s), at, ctx.actor.locale), ...extra], failure };
}

/** The core's words as a private informational reply, or the failure's ({@link failureReply}). */
export function textReply(ctx: Pick<CommandContext, 'core' | 'surface' | 'actor'>, res: Result<{ text: string }>): Reply {
  return res.ok ? { visibility: 'private', tone: 'info', blocks: [res.value.text] } : failureReply(ctx, res.failure);
}

/** Fair-use queue, gateway wait and elapsed-time hooks as surface-neutral progress. */
export function progressHooks(ctx: CommandContext): JobHooks {
  return {
    onQueued: (position, jobId) => ctx.progress({ kind: 'queued', position, ...(jobId ? { jobId } : {}) }),
    onStarted: () => ctx.progress({ kind: 'started' }),
    onWaiting: (ahead, jobId) => ctx.progress({ kind: 'gateway_wait', ahead, ...(jobId ? { jobId } : {}) }),
    onWorking: (elapsedMs) => ctx.progress({ kind: 'working', elapsedMs }),
    ...(ctx.surface.previews ? { onPreview: (image: Uint8Array, index: number) => ctx.progress({ kind: 'preview', image, index }) } : {}),
  };
}

/**
 * The address an image, edit or ask job's result is delivered to if the surface cannot post it at once, as the
 * request field (`{ delivery }`), or `{}` where the surface has no later delivery (the operator CLI).
 */
export async function resultDelivery(ctx: CommandContext): Promise<{ delivery?: DeliveryAddress }> {
  try {
    return { delivery: await ctx.deliveryAddress('result') };
  } catch {
    return {};
  }
}

/** A string argument (text-like kinds), trimmed; undefined when absent or blank. */
export function str(args: ArgValues, name: string): string | undefined {
  const v = args[name];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

/** Only the given optional field (`{}` when `v` is undefined), so absent arguments stay absent in a core command. */
export function opt<K extends string>(key: K, v: string | undefined): Partial<Record<K, string>> {
  return v === undefined ? {} : ({ [key]: v } as Record<K, string>);
}

/** An integer argument; undefined when absent. */
export function int(args: ArgValues, name: string): number | undefined {
  const v = args[name];
  return typeof v === 'number' ? v : undefined;
}

/** The files of an attachment argument (empty when none). */
export function files(args: ArgValues, name: string): readonly IncomingFile[] {
  const v = args[name];
  return Array.isArray(v) ? (v as readonly IncomingFile[]) : [];
}

/** Downloads attachments after validation, each refused past `maxBytes`; the first failure wins. */
export async function fetchAll(list: readonly IncomingFile[], maxBytes: number): Promise<Result<Attachment[]>> {
  const out: Attachment[] = [];
  for (const f of list) {
    const r = await f.fetch(maxBytes);
    if (!r.ok) return r;
    out.push({ name: f.name, bytes: r.value, ...(f.declaredType ? { declaredType: f.declaredType } : {}) });
  }
  return ok(out);
}

/** Reads kept job files from disk (never re-downloads); files retention already removed are skipped. */
export async function readKept(list: JobView['outputs'] | undefined, limit = Infinity): Promise<Attachment[]> {
  const out: Attachment[] = [];
  for (const o of (list ?? []).slice(0, limit)) {
    try {
      out.push({ name: o.filename, bytes: new Uint8Array(await readFile(o.path)), declaredType: o.mime });
    } catch {
      // Retention may remove a file between listing and reading; callers treat "fewer than listed" as gone.
    }
  }
  return out;
}

/** `$0.49` in `locale`, or "no limit" for an unlimited allowance. */
export function remainingText(locale: string, m: Micros | null): string {
  return m === null ? t(locale, 'value-no-limit') : formatMoney(locale, Math.max(0, m));
}

/** A chart the core drew, as an image file of a reply. */
export function chartFile(c: ChartFile): ReplyFile {
  return { name: c.filename, mime: 'image/png', kind: 'image', bytes: c.png, size: c.png.byteLength };
}

/** A text progress bar, e.g. `▰▰▰▱▱▱▱▱▱▱ 30%`. */
export function progressBar(progress: number, width = 10): string {
  const p = Math.max(0, Math.min(100, Math.round(progress)));
  const full = Math.round((p / 100) * width);
  return `${'▰'.repeat(full)}${'▱'.repeat(width - full)} ${p}%`;
}

/** What {@link finishedJobActions} needs of a job: its id, kind and locale, and for images how many and the Upscale size. */
export interface FinishedJob {
  readonly id: string;
  readonly kind: JobKind;
  readonly locale?: string | undefined;
  /** Images delivered (the numbered V/U buttons go up to it); default 1. */
  readonly images?: number | undefined;
  /** The size an Upscale asks for; absent: no Upscale buttons (the model has no larger size). */
  readonly upscaleSize?: string | undefined;
}

/**
 * The follow-ups of a finished job of `kind`: the ONE definition used by the pieces (the replies of imagine, edit,
 * reroll, vary, upscale, ask and `/job`) and by every surface's `Delivery` (a kept result posted late by the job
 * runner, a delivered video), so a result carries the same buttons or hints however it was posted. Every action
 * names the job (and the image) only, so a button works after a restart.
 * - `imagine`, `edit`: several images get V1…Vn (`vary`, a variation of image k) and U1…Un (`upscale`, only where
 *   `upscaleSize` says the model has a larger size); one image gets Vary and Upscale; then Reroll, Edit (asks for the
 *   instruction), Animate;
 * - `video`: Reroll, Remix (asks for the new prompt) when `remix` says the video's model offers it
 *   (`core.remixOffered(model)`), and "Animate with last frame" when `lastFrame` says the video's last frame was kept
 *   (an image-to-video job from it: `animate <job>`). Extend is not offered: none of the supported gateways has
 *   a video-extension endpoint (see docs/ARCHITECTURE.md);
 * - `ask`: none.
 */
export function finishedJobActions(job: FinishedJob, remix = false, lastFrame = false): ReplyAction[] {
  const args = { job: job.id };
  const l = job.locale ?? DEFAULT_LOCALE;
  switch (job.kind) {
    case 'imagine':
    case 'edit':
      return [
        ...numberedActions(job, l),
        { label: t(l, 'action-reroll'), command: 'reroll', args },
        { label: t(l, 'action-edit'), command: 'edit', args, input: { arg: 'prompt', label: t(l, 'action-edit-input') } },
        { label: t(l, 'action-animate'), command: 'animate', args },
      ];
    case 'video':
      return [
        { label: t(l, 'action-reroll'), command: 'reroll', args },
        ...(remix ? [{ label: t(l, 'action-remix'), command: 'remix', args, input: { arg: 'prompt', label: t(l, 'action-remix-input') } }] : []),
        ...(lastFrame ? [{ label: t(l, 'action-animate-last-frame'), command: 'animate', args }] : []),
      ];
    case 'ask':
      return [];
  }
}

/** Vary/Upscale of one image, or V1…Vn and U1…Un of several (`index` names which, from 1). */
function numberedActions(job: FinishedJob, l: string): ReplyAction[] {
  const n = Math.max(1, job.images ?? 1);
  if (n === 1) {
    return [
      { label: t(l, 'action-vary'), command: 'vary', args: { job: job.id } },
      ...(job.upscaleSize ? [{ label: t(l, 'action-upscale'), command: 'upscale', args: { job: job.id } }] : []),
    ];
  }
  const each = (command: 'vary' | 'upscale', label: string) => Array.from({ length: n }, (_, i) => ({ label: t(l, label, { n: i + 1 }), command, args: { job: job.id, index: String(i + 1) } }));
  return [...each('vary', 'action-vary-n'), ...(job.upscaleSize ? each('upscale', 'action-upscale-n') : [])];
}

/**
 * The facts under a kept image/edit result or answer that the poller posts late (`Delivery.deliver`), the same the
 * command's own reply shows where they are known: model, size (from the delivered file, `job.media`; none when it
 * could not be read), cost, what is left (`remainingMicros`: undefined when unknown, null for no limit; never for an
 * answer, whose reply does not show it) and the job id. Surfaces render them as embed fields, a caption or
 * `name: value` lines.
 */
export function deliveredResultFields(job: JobView, remainingMicros?: Micros | null): ReplyField[] {
  const l = job.locale ?? DEFAULT_LOCALE;
  const fields: ReplyField[] = [{ name: t(l, 'field-model'), value: job.model }];
  if (job.media && job.kind !== 'ask') fields.push({ name: t(l, 'field-size'), value: `${job.media.width}x${job.media.height}` });
  if (job.options) fields.push({ name: t(l, 'field-options'), value: job.options });
  fields.push({ name: t(l, 'field-cost'), value: formatPrice(l, job.chargedMicros ?? job.estimateMicros) });
  if (remainingMicros !== undefined && job.kind !== 'ask') fields.push({ name: t(l, 'field-left'), value: remainingText(l, remainingMicros) });
  fields.push({ name: t(l, 'field-job'), value: job.id });
  return fields;
}

/** A file's length differs from the request when it is at least half a second off (container rounding is not). */
const LENGTH_TOLERANCE_S = 0.5;

/**
 * The facts of a delivered video in its job's locale: model, then length and size as the delivered file says
 * (`job.media`, probed; both left out when the file could not be read, never taken from the request; a length
 * other than the one requested says so: "4 s (6 s requested)"), then cost. Surfaces render them as embed fields or
 * a caption.
 */
export function videoResultFields(job: JobView): ReplyField[] {
  const l = job.locale ?? DEFAULT_LOCALE;
  const fields: ReplyField[] = [{ name: t(l, 'field-model'), value: job.model }];
  const m = job.media;
  if (m?.durationSeconds !== undefined) {
    const n = Math.round(m.durationSeconds * 10) / 10;
    const off = job.seconds !== undefined && Math.abs(m.durationSeconds - job.seconds) >= LENGTH_TOLERANCE_S;
    fields.push({ name: t(l, 'field-duration'), value: off ? t(l, 'value-seconds-delivered', { n, requested: job.seconds! }) : t(l, 'value-seconds', { n }) });
  }
  if (m) fields.push({ name: t(l, 'field-size'), value: `${m.width}x${m.height}` });
  if (job.options) fields.push({ name: t(l, 'field-options'), value: job.options });
  fields.push({ name: t(l, 'field-cost'), value: formatPrice(l, job.chargedMicros ?? job.estimateMicros) });
  return fields;
}

/** The sizes of delivered images as their bytes say (`1024x1024`; distinct sizes joined by ", "). */
function imageSizes(images: readonly { width: number; height: number }[]): string {
  return [...new Set(images.map((i) => `${i.width}x${i.height}`))].join(', ');
}

/** Refresh of a running job, labelled in `locale` (default English). */
export function refreshAction(jobId: string, locale: string = DEFAULT_LOCALE): ReplyAction {
  return { label: t(locale, 'action-refresh'), command: 'job', args: { job: jobId } };
}

/**
 * The Cancel button of a job the gateway has not taken yet, labelled in `locale` (default English): on its status
 * message while it waits, and under `/queue`. Runs `/queue cancel <id>` for whoever presses it; the core lets only the
 * job's owner or an admin cancel.
 */
export function cancelAction(jobId: string, locale: string = DEFAULT_LOCALE): ReplyAction {
  return { label: t(locale, 'action-cancel'), command: 'queue', args: { action: 'cancel', job: jobId } };
}

/**
 * A finished image job: the images (those within the surface's upload limit; the rest named with `/job <id>`), the
 * prompt, model, size, cost and what is left, and the follow-ups of a finished image job ({@link finishedJobActions}).
 */
export function imageResultReply(ctx: CommandContext, r: ImageJobResult, prompt: string, kind: 'imagine' | 'edit' = 'imagine'): Reply {
  const limit = ctx.uploadLimitBytes;
  const fits = r.images.filter((f) => f.bytes.byteLength <= limit);
  const skipped = r.images.length - fits.length;
  const files: ReplyFile[] = fits.map((f) => ({ name: f.filename, mime: f.mime, kind: 'image', bytes: f.bytes, size: f.bytes.byteLength }));
  const l = ctx.actor.locale ?? DEFAULT_LOCALE;
  const blocks = [prompt];
  if (r.images.length < r.requested) blocks.push(t(l, 'result-images-partial', { made: r.images.length, requested: r.requested }));
  if (skipped) blocks.push(t(l, 'result-images-too-large', { count: skipped, limit: formatBytes(l, limit), jobCmd: ctx.surface.commandHint('job'), job: r.jobId }));
  return {
    visibility: 'public',
    tone: 'result',
    title: t(l, 'result-image-title'),
    blocks,
    fields: [
      { name: t(l, 'field-model'), value: r.model },
      { name: t(l, 'field-size'), value: imageSizes(r.images) },
      ...(r.options && optionsText(r.options) ? [{ name: t(l, 'field-options'), value: optionsText(r.options) }] : []),
      { name: t(l, 'field-cost'), value: formatPrice(l, r.costMicros) },
      { name: t(l, 'field-left'), value: remainingText(l, r.remainingMicros) },
      { name: t(l, 'field-job'), value: r.jobId },
    ],
    files,
    actions: finishedJobActions({ id: r.jobId, kind, locale: l, images: r.images.length, upscaleSize: r.upscaleSize }),
    jobId: r.jobId,
  };
}
