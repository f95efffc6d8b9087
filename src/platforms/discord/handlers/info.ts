import { MessageFlags, type ChatInputCommandInteraction } from 'discord.js';
import { formatBytes } from '../../../core/messages.js';
import { actorOf } from '../actor.js';
import { balanceEmbed, jobEmbed, jobsText, LIMITS, modelsText, refreshButton } from '../render.js';
import { replyFailure, type HandlerContext } from './context.js';
import { readOutputs } from './media-results.js';

/** `/balance` (ephemeral): limit, spent, held, remaining, reset time. */
export async function handleBalance(i: ChatInputCommandInteraction, ctx: HandlerContext): Promise<void> {
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const b = await ctx.core.balance(actorOf(i));
  await i.editReply({ embeds: [balanceEmbed(b)] });
}

/** `/jobs` (ephemeral): the user's recent jobs. */
export async function handleJobs(i: ChatInputCommandInteraction, ctx: HandlerContext): Promise<void> {
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const jobs = await ctx.core.jobs(actorOf(i), 10);
  await i.editReply({ content: jobsText(jobs) });
}

/** `/job id` (ephemeral): status, and the kept result files when the job finished and they are still retained. */
export async function handleJob(i: ChatInputCommandInteraction, ctx: HandlerContext): Promise<void> {
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const res = await ctx.core.job(actorOf(i), i.options.getString('id', true).trim());
  if (!res.ok) return replyFailure(i, ctx, res.failure);
  const job = res.value;
  const outputs = job.outputs ?? [];
  const fits = outputs.filter((o) => o.bytes <= i.attachmentSizeLimit).slice(0, LIMITS.filesPerMessage);
  const files = (await readOutputs(fits)).map((a) => ({ attachment: Buffer.from(a.bytes), name: a.name }));
  const tooBig = outputs.filter((o) => o.bytes > i.attachmentSizeLimit).length;
  const content = tooBig ? `${tooBig} file(s) of this job exceed this server's ${formatBytes(i.attachmentSizeLimit)} upload limit.` : '';
  const running = job.kind === 'video' && ['reserved', 'submitted', 'running', 'downloading', 'delivering'].includes(job.status);
  await i.editReply({ content, embeds: [jobEmbed(job)], files, components: running ? [refreshButton(job.id)] : [] });
}

/** `/models` (ephemeral): what this server's token reaches, with prices. */
export async function handleModels(i: ChatInputCommandInteraction, ctx: HandlerContext): Promise<void> {
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const res = await ctx.core.models(actorOf(i));
  if (!res.ok) return replyFailure(i, ctx, res.failure);
  await i.editReply({ content: modelsText(res.value) });
}
