import { formatUsd } from '../../core/money.js';
import { consoleTarget, type ConsoleContext } from './context.js';
import { readAttachments } from './image-commands.js';
import { isFile, parsePrompt } from './parse.js';

/** Usage line of `/video`. */
export const VIDEO_USAGE = '/video <prompt> [--seconds 6] [--ar 16:9] [--size WxH] [--model id] [--image <file>]';

/**
 * `/video <prompt> [flags]`: starts the job (hold placed, task created) and returns at once; the poller reports
 * progress and the finished file through the console delivery.
 */
export async function video(ctx: ConsoleContext, rest: string): Promise<void> {
  const p = parsePrompt(rest, true);
  if (!p.ok) return ctx.print(`✗ ${p.message}`);
  if (p.prompt === '') return ctx.print(`Usage: ${VIDEO_USAGE}`);
  if (p.image !== undefined && !isFile(p.image)) return ctx.print(`✗ --image ${p.image}: no such file.`);
  const { aspectRatio, size, model, seconds } = p.flags;
  const image = p.image === undefined ? undefined : (await readAttachments([p.image]))[0];
  const r = await ctx.core.startVideo(
    {
      ...ctx.actor,
      prompt: p.prompt,
      delivery: consoleTarget(ctx.actor),
      ...(model ? { model } : {}),
      ...(seconds ? { seconds } : {}),
      ...(aspectRatio ? { aspect: aspectRatio } : {}),
      ...(size && size !== 'auto' ? { size } : {}),
      ...(image ? { image } : {}),
    },
    { onQueued: (pos) => ctx.print(`  queued (position ${pos})…`) },
  );
  if (!r.ok) return ctx.print(`✗ ${ctx.core.explain(r.failure)}`);
  const v = r.value;
  ctx.pending.add(v.jobId);
  const left = v.remainingMicros === null ? '' : `; ${formatUsd(v.remainingMicros)} left after this`;
  ctx.print(`… video ${v.jobId} started: ${v.seconds} s ${v.size} with ${v.model}, up to ${formatUsd(v.estimateMicros)} held${left}; about ${v.etaSeconds} s`);
}
