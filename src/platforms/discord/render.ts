import { ActionRowBuilder, ButtonBuilder, ButtonStyle, EmbedBuilder, type APIEmbed } from 'discord.js';
import type { AskResult, BalanceView, ImageJobResult, JobView, ModelView, VideoStarted } from '../../core/api.js';
import { formatUsd, type Micros } from '../../core/money.js';

/**
 * Embeds, buttons and texts of the Discord adapter. Formatting only: every sentence about a failure, a balance or
 * an admin result comes from the core; this module lays out numbers the core returned.
 */

/** Discord's per-message limits. */
export const LIMITS = { content: 2000, embedDescription: 4096, filesPerMessage: 10, buttonsPerRow: 5, autocompleteChoices: 25, choiceName: 100 } as const;

/** Prefix of every component `custom_id` the bot makes (`mb:<action>:<arg>`). */
export const CUSTOM_ID_PREFIX = 'mb';

/** Component and modal actions. The job id travels in the `custom_id`, so buttons survive restarts. */
export type ButtonAction = 'reroll' | 'edit' | 'animate' | 'refresh';

/** `mb:<action>:<arg>`; `arg` is a job id or a short key. Total stays under Discord's 100 characters. */
export function customId(action: string, arg = ''): string {
  return `${CUSTOM_ID_PREFIX}:${action}:${arg}`.slice(0, 100);
}

/** Parses {@link customId}; undefined for ids the bot did not make. */
export function parseCustomId(id: string): { action: string; arg: string } | undefined {
  const m = /^mb:([a-z-]+):(.*)$/.exec(id);
  return m ? { action: m[1]!, arg: m[2]! } : undefined;
}

/** Cuts text to `max` characters with an ellipsis. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function remainingText(m: Micros | null): string {
  return m === null ? 'no limit' : formatUsd(Math.max(0, m));
}

/** The embed under a finished image: model, size, cost, remaining budget, job id. */
export function imageResultEmbed(r: ImageJobResult, prompt: string): APIEmbed {
  return new EmbedBuilder()
    .setTitle('Image ready')
    .setDescription(clip(prompt, 1000))
    .addFields(
      { name: 'Model', value: r.model, inline: true },
      { name: 'Size', value: r.size, inline: true },
      { name: 'Cost', value: formatUsd(r.costMicros), inline: true },
      { name: 'Remaining budget', value: remainingText(r.remainingMicros), inline: true },
    )
    .setFooter({ text: `Job ${r.jobId}` })
    .toJSON();
}

/** Reroll / Edit / Animate under an image result. */
export function imageButtons(jobId: string): ActionRowBuilder<ButtonBuilder> {
  return new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId(customId('reroll', jobId)).setLabel('Reroll').setStyle(ButtonStyle.Secondary),
    new ButtonBuilder().setCustomId(customId('edit', jobId)).setLabel('Edit').setStyle(ButtonStyle.Secondary),
    new ButtonBuilder().setCustomId(customId('animate', jobId)).setLabel('Animate').setStyle(ButtonStyle.Primary),
  );
}

/** Refresh under a running video. */
export function refreshButton(jobId: string): ActionRowBuilder<ButtonBuilder> {
  return new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId(customId('refresh', jobId)).setLabel('Refresh').setStyle(ButtonStyle.Secondary),
  );
}

/** Reroll under a delivered video. */
export function videoButtons(jobId: string): ActionRowBuilder<ButtonBuilder> {
  return new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId(customId('reroll', jobId)).setLabel('Reroll').setStyle(ButtonStyle.Secondary),
  );
}

/** A text progress bar, e.g. `▰▰▰▱▱▱▱▱▱▱ 30%`. */
export function progressBar(progress: number, width = 10): string {
  const p = Math.max(0, Math.min(100, Math.round(progress)));
  const full = Math.round((p / 100) * width);
  return `${'▰'.repeat(full)}${'▱'.repeat(width - full)} ${p}%`;
}

/** The acknowledgment of an accepted video: what runs, what is held, the rough wait. */
export function videoStartedEmbed(v: VideoStarted, prompt: string): APIEmbed {
  return new EmbedBuilder()
    .setTitle('Video started')
    .setDescription(`${clip(prompt, 1000)}\n\n${progressBar(0)}\nUsually ready in about ${Math.max(1, Math.round(v.etaSeconds / 60))} min; it will be posted here.`)
    .addFields(
      { name: 'Model', value: v.model, inline: true },
      { name: 'Duration', value: `${v.seconds} s`, inline: true },
      { name: 'Size', value: v.size, inline: true },
      { name: 'Held', value: formatUsd(v.estimateMicros), inline: true },
      { name: 'Remaining budget', value: remainingText(v.remainingMicros), inline: true },
    )
    .setFooter({ text: `Job ${v.jobId}` })
    .toJSON();
}

/** A job as a status embed (progress for running videos, cost when settled). */
export function jobEmbed(job: JobView): APIEmbed {
  const running = ['reserved', 'submitted', 'running', 'downloading', 'delivering'].includes(job.status);
  const e = new EmbedBuilder()
    .setTitle(`${job.kind} ${job.id}`)
    .setDescription(`${clip(job.prompt, 1000)}${running && job.kind === 'video' ? `\n\n${progressBar(job.progress)}` : ''}`)
    .addFields(
      { name: 'Status', value: job.status, inline: true },
      { name: 'Model', value: job.model, inline: true },
      { name: job.chargedMicros === null ? 'Estimate' : 'Cost', value: formatUsd(job.chargedMicros ?? job.estimateMicros), inline: true },
    )
    .setTimestamp(job.createdAt);
  if (job.seconds) e.addFields({ name: 'Duration', value: `${job.seconds} s`, inline: true });
  if (job.size) e.addFields({ name: 'Size', value: job.size, inline: true });
  return e.toJSON();
}

/** The embed of a delivered video. */
export function videoResultEmbed(job: JobView): APIEmbed {
  const e = new EmbedBuilder()
    .setTitle('Video ready')
    .setDescription(clip(job.prompt, 1000))
    .addFields({ name: 'Model', value: job.model, inline: true });
  if (job.seconds) e.addFields({ name: 'Duration', value: `${job.seconds} s`, inline: true });
  if (job.size) e.addFields({ name: 'Size', value: job.size, inline: true });
  e.addFields({ name: 'Cost', value: formatUsd(job.chargedMicros ?? job.estimateMicros), inline: true });
  return e.setFooter({ text: `Job ${job.id}` }).toJSON();
}

/** `/jobs`: one line per job. */
export function jobsText(jobs: readonly JobView[]): string {
  if (jobs.length === 0) return 'You have no jobs yet.';
  const lines = jobs.map((j) => {
    const cost = j.chargedMicros !== null ? formatUsd(j.chargedMicros) : `est. ${formatUsd(j.estimateMicros)}`;
    return `\`${j.id}\` ${j.kind} · ${j.status}${j.kind === 'video' && j.status === 'running' ? ` ${j.progress}%` : ''} · ${j.model} · ${cost} · <t:${Math.floor(j.createdAt / 1000)}:R>`;
  });
  return clip(lines.join('\n'), LIMITS.content);
}

/**
 * `/balance`: the core's text plus the numbers as fields. The numeric fields are the community allowance, so they
 * are shown only when it is what limits the member; when their own token pays (`tokenSource` 'personal') the
 * fields say so instead (the core's text carries the personal cap, which `BalanceView` has no numbers for).
 */
export function balanceEmbed(b: BalanceView): APIEmbed {
  const e = new EmbedBuilder().setTitle('Your balance').setDescription(clip(b.text, LIMITS.embedDescription));
  if (b.tokenSource === 'personal') {
    e.addFields(
      { name: 'Paid by', value: 'your own token', inline: true },
      { name: 'Community limit', value: 'does not apply', inline: true },
    );
  } else {
    e.addFields(
      { name: 'Limit', value: b.limitMicros === null ? 'no limit' : `${formatUsd(b.limitMicros)} / ${b.period}`, inline: true },
      { name: 'Spent', value: formatUsd(b.spentMicros), inline: true },
      { name: 'Held', value: formatUsd(b.heldMicros), inline: true },
      { name: 'Remaining', value: remainingText(b.remainingMicros), inline: true },
      { name: 'Resets', value: b.resetsAt === null ? 'never' : `<t:${Math.floor(b.resetsAt / 1000)}:R>`, inline: true },
    );
  }
  if (b.blocked) e.addFields({ name: 'Blocked', value: 'yes', inline: true });
  return e.toJSON();
}

/** `/models`: grouped by kind, with prices. */
export function modelsText(models: readonly ModelView[]): string {
  if (models.length === 0) return 'No priced models are available to this token.';
  const kinds = ['image', 'video', 'text'] as const;
  const parts = kinds
    .map((k) => {
      const ms = models.filter((m) => m.kind === k);
      return ms.length ? `**${k}**\n${ms.map((m) => `\`${m.id}\` · ${m.priceText}${m.onSale ? '' : ' (not on sale)'}`).join('\n')}` : '';
    })
    .filter(Boolean);
  return clip(parts.join('\n\n'), LIMITS.content);
}

/** Autocomplete choices: matching ids first by prefix, then by substring; price in the label; at most 25. */
export function modelChoices(models: readonly ModelView[], typed: string): { name: string; value: string }[] {
  const t = typed.trim().toLowerCase();
  const usable = models.filter((m) => m.onSale);
  const prefix = usable.filter((m) => m.id.toLowerCase().startsWith(t));
  const inner = usable.filter((m) => !m.id.toLowerCase().startsWith(t) && m.id.toLowerCase().includes(t));
  return [...prefix, ...inner]
    .slice(0, LIMITS.autocompleteChoices)
    .map((m) => ({ name: clip(`${m.id} · ${m.priceText}`, LIMITS.choiceName), value: m.id }));
}

/** `/ask`: the answer with a footer. */
export function askEmbed(r: AskResult): APIEmbed {
  return new EmbedBuilder()
    .setDescription(clip(r.text || '(empty answer)', LIMITS.embedDescription))
    .setFooter({ text: `${r.model} · ${r.totalTokens} tokens · ${formatUsd(r.costMicros)} · Job ${r.jobId}` })
    .toJSON();
}

/**
 * An error as safe log fields: name, message, Discord code and status, never the request URL (interaction webhook
 * URLs carry the interaction token) nor the request body.
 */
export function errorFields(e: unknown): { name: string; message: string; code?: string | number; status?: number } {
  if (!(e instanceof Error)) return { name: 'NonError', message: String(e) };
  const x = e as Error & { code?: unknown; status?: unknown };
  return {
    name: e.name,
    message: e.message.replace(/\/webhooks\/\d+\/[^/\s]+/g, '/webhooks/[id]/[token]').replace(/\/interactions\/\d+\/[^/\s]+/g, '/interactions/[id]/[token]'),
    ...(typeof x.code === 'string' || typeof x.code === 'number' ? { code: x.code } : {}),
    ...(typeof x.status === 'number' ? { status: x.status } : {}),
  };
}
