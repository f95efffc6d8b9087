import { InlineKeyboard } from 'grammy';
import type { AskResult, ImageJobResult, JobView, ModelView, VideoStarted } from '../../core/api.js';
import { describeJobEstimate } from '../../core/messages.js';
import { formatUsd } from '../../core/money.js';
import { encodeCallbackData } from './util/callback-data.js';
import { VALID_FLAGS } from './util/flags.js';

/**
 * Telegram formatting of core results. Plain text only (no parse mode, so user prompts and model ids never need
 * escaping); failure words come from `core.explain`. Texts are cut to Telegram's limits here.
 */

/** Telegram's limits on message text and media captions, in characters. */
export const TEXT_MAX = 4096;
export const CAPTION_MAX = 1024;

/** Cuts `text` to `max` characters with an ellipsis. */
export function clip(text: string, max = TEXT_MAX): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** "alpha-image-2 · 1024x1024 · $0.01 · $0.99 left". */
export function imageCaption(r: ImageJobResult): string {
  const parts = [r.model, r.size, formatUsd(r.costMicros)];
  if (r.remainingMicros !== null) parts.push(`${formatUsd(Math.max(0, r.remainingMicros))} left`);
  return clip(parts.join(' · '), CAPTION_MAX);
}

/** Caption of a delivered video: model, length, size and the charge. */
export function videoCaption(job: JobView): string {
  const parts = [job.model];
  if (job.seconds) parts.push(`${job.seconds} s`);
  if (job.size) parts.push(job.size);
  parts.push(formatUsd(job.chargedMicros ?? job.estimateMicros));
  return clip(parts.join(' · '), CAPTION_MAX);
}

/**
 * Inline buttons under a result: Reroll (an /imagine again, or an /edit again with its kept reference images) and
 * Animate. `kind` is kept for callers; both kinds get both buttons.
 */
export function resultKeyboard(_kind: 'imagine' | 'edit', jobId: string): InlineKeyboard {
  const kb = new InlineKeyboard();
  kb.text('Reroll', encodeCallbackData({ action: 'reroll', jobId }));
  kb.text('Animate', encodeCallbackData({ action: 'animate', jobId }));
  return kb;
}

/** The video acknowledgment: the core's estimate line plus the job id. */
export function videoAck(v: VideoStarted): string {
  const line = describeJobEstimate({ kind: 'video', model: v.model, costMicros: v.estimateMicros, seconds: v.seconds, size: v.size, remainingAfterMicros: v.remainingMicros, typicalWaitMs: v.etaSeconds * 1000 });
  return `${line}\nJob ${v.jobId}: I will post the video here when it is ready.`;
}

/** Progress line of a running video. */
export function progressText(job: JobView): string {
  const pct = Math.max(0, Math.min(100, Math.round(job.progress)));
  const bar = '▓'.repeat(Math.round(pct / 10)) + '░'.repeat(10 - Math.round(pct / 10));
  return `Video ${job.id} (${job.model}): ${job.status.replace('_', ' ')} ${bar} ${pct}%`;
}

/** The answer of `/ask`: the text, then model and cost. */
export function askText(r: AskResult): string {
  const footer = `\n\n${r.model} · ${r.totalTokens} tokens · ${formatUsd(r.costMicros)}`;
  return clip(r.text, TEXT_MAX - footer.length) + footer;
}

/** One line of `/jobs`. */
export function jobLine(j: JobView): string {
  const money = j.chargedMicros !== null ? formatUsd(j.chargedMicros) : `≤ ${formatUsd(j.estimateMicros)}`;
  const progress = j.kind === 'video' && !isFinal(j.status) ? ` ${Math.round(j.progress)}%` : '';
  return `${j.id} · ${j.kind} · ${j.status}${progress} · ${j.model} · ${money} · ${clip(j.prompt.replace(/\s+/g, ' '), 40)}`;
}

/** The text of `/job <id>`. */
export function jobDetails(j: JobView): string {
  const lines = [`Job ${j.id} (${j.kind})`, `Status: ${j.status}${j.errorCode ? ` (${j.errorCode})` : ''}`, `Model: ${j.model}`];
  if (j.size) lines.push(`Size: ${j.size}`);
  if (j.seconds) lines.push(`Length: ${j.seconds} s`);
  if (j.kind === 'video' && !isFinal(j.status)) lines.push(`Progress: ${Math.round(j.progress)}%`);
  lines.push(`Estimate: ${formatUsd(j.estimateMicros)}; charged: ${j.chargedMicros === null ? 'nothing yet' : formatUsd(j.chargedMicros)}`);
  lines.push(`Created: ${new Date(j.createdAt).toISOString().replace('T', ' ').slice(0, 16)} UTC`);
  lines.push(`Prompt: ${j.prompt}`);
  return clip(lines.join('\n'));
}

/** The text of `/models`, grouped by kind. */
export function modelsText(models: ModelView[]): string {
  if (models.length === 0) return 'No models are available to this token.';
  const kinds = [...new Set(models.map((m) => m.kind))];
  const blocks = kinds.map((k) => `${k}:\n${models.filter((m) => m.kind === k).map((m) => `• ${m.id} — ${m.priceText}${m.onSale ? '' : ' (not on sale)'}`).join('\n')}`);
  return clip(blocks.join('\n\n'));
}

/** The text of `/help` (and `/start` without a payload). */
export function helpText(): string {
  return [
    'I make images, videos and answers through the media gateway; every job is charged to your allowance.',
    '',
    '/imagine <prompt> — make an image',
    '/edit <instruction> — as the caption of a photo or an album (up to 3 photos), or as a reply to a photo',
    '/video <prompt> — make a video (reply to a photo to animate it)',
    '/ask <question> — ask the text model',
    '/balance · /jobs · /job <id> · /models',
    '/token — use your own gateway token (private chat)',
    'Admins: /budget, /usage, /setup',
    '',
    `Options go at the end of the prompt. ${VALID_FLAGS}.`,
  ].join('\n');
}

/** Statuses after which a job no longer changes. */
export function isFinal(s: JobView['status']): boolean {
  return ['delivered', 'succeeded', 'failed', 'refunded', 'expired', 'released', 'undeliverable'].includes(s);
}
