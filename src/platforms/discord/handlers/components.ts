import {
  ActionRowBuilder,
  MessageFlags,
  ModalBuilder,
  TextInputBuilder,
  TextInputStyle,
  type ButtonInteraction,
  type MessageContextMenuCommandInteraction,
  type ModalSubmitInteraction,
} from 'discord.js';
import { randomBytes } from 'node:crypto';
import { fail } from '../../../core/failures.js';
import { actorOf } from '../actor.js';
import { downloadAll, type RemoteFile } from '../attachments.js';
import { customId, jobEmbed, parseCustomId, refreshButton } from '../render.js';
import { INTERACTION_TTL_MS, prunePending, replyFailure, replyPrivately, type HandlerContext } from './context.js';
import { readOutputs, readReferences } from './media-results.js';
import { deferPublic, remoteFileOf, runEdit, runImagine, runVideo } from './media.js';

/** Private answer to Reroll on an edit whose reference images retention has removed (nothing is charged). */
export const REFERENCES_GONE = 'The reference images of this edit are no longer kept, so it cannot be rerolled. Run /edit again with the images.';

/** The text input of the "instruction" modals. */
export const INSTRUCTION_FIELD = 'instruction';

function instructionModal(id: string, title: string): ModalBuilder {
  const input = new TextInputBuilder()
    .setCustomId(INSTRUCTION_FIELD)
    .setLabel('What should change?')
    .setStyle(TextInputStyle.Paragraph)
    .setRequired(true)
    .setMaxLength(2000);
  return new ModalBuilder().setCustomId(id).setTitle(title).addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(input));
}

/**
 * Result buttons `mb:<action>:<job id>`. State comes from `core.jobRequest`, so they work after a restart.
 * Reroll repeats the request (an `/edit` result re-runs the edit with the reference images the core kept with the
 * job, or says privately that they are gone); Edit opens a modal; Animate makes a video from the first output; Refresh shows the
 * job's status privately. The person who clicks is the one who pays.
 */
export async function handleButton(i: ButtonInteraction, ctx: HandlerContext): Promise<void> {
  const parsed = parseCustomId(i.customId);
  if (!parsed) return;
  const { action, arg: jobId } = parsed;
  if (action === 'edit') {
    await i.showModal(instructionModal(customId('editm', jobId), 'Edit this image'));
    return;
  }
  if (action === 'refresh') {
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    const res = await ctx.core.job(actorOf(i), jobId);
    if (!res.ok) return replyFailure(i, ctx, res.failure);
    await i.editReply({ embeds: [jobEmbed(res.value)], components: [refreshButton(jobId)] });
    return;
  }
  const statusId = await deferPublic(i);
  const req = await ctx.core.jobRequest(actorOf(i), jobId);
  if (!req.ok) return replyFailure(i, ctx, req.failure);
  const r = req.value;
  if (action === 'animate') {
    const [image] = await readOutputs(r.outputs, 1);
    if (!image) return replyFailure(i, ctx, fail('job_not_found', { id: jobId }));
    return runVideo(i, ctx, { prompt: r.prompt, image }, statusId);
  }
  if (r.kind === 'video') return runVideo(i, ctx, { prompt: r.prompt, model: r.model, seconds: r.seconds, size: r.size }, statusId);
  if (r.kind === 'edit') {
    const images = await readReferences(r.references);
    if (!images) return replyPrivately(i, REFERENCES_GONE);
    return runEdit(i, ctx, { prompt: r.prompt, model: r.model, size: r.size, images });
  }
  return runImagine(i, ctx, { prompt: r.prompt, model: r.model, size: r.size });
}

/** "Edit with AI" on a message: keeps its image attachments in memory under a short key and opens a modal. */
export async function handleEditWithAi(i: MessageContextMenuCommandInteraction, ctx: HandlerContext): Promise<void> {
  const files: RemoteFile[] = [...i.targetMessage.attachments.values()]
    .filter((a) => (a.contentType ?? '').startsWith('image/') || /\.(png|jpe?g|webp|gif)$/i.test(a.name))
    .map(remoteFileOf);
  if (files.length === 0) return replyFailure(i, ctx, fail('attachment_missing'));
  prunePending(ctx.pendingEdits);
  const key = randomBytes(6).toString('base64url');
  ctx.pendingEdits.set(key, { files, expiresAt: Date.now() + INTERACTION_TTL_MS });
  await i.showModal(instructionModal(customId('ctxm', key), 'Edit with AI'));
}

/** Instruction modals: `editm:<job id>` (the job's outputs as references) and `ctxm:<key>` (a message's images). */
export async function handleInstructionModal(i: ModalSubmitInteraction, ctx: HandlerContext): Promise<void> {
  const parsed = parseCustomId(i.customId);
  if (!parsed) return;
  const prompt = i.fields.getTextInputValue(INSTRUCTION_FIELD);
  await i.deferReply();
  if (parsed.action === 'ctxm') {
    const pending = ctx.pendingEdits.get(parsed.arg);
    ctx.pendingEdits.delete(parsed.arg);
    if (!pending) return replyFailure(i, ctx, fail('attachment_download_failed', { reason: 'expired' }));
    const images = await downloadAll(pending.files, ctx.download('image'));
    if (!images.ok) return replyFailure(i, ctx, images.failure);
    return runEdit(i, ctx, { prompt, images: images.value });
  }
  const req = await ctx.core.jobRequest(actorOf(i), parsed.arg);
  if (!req.ok) return replyFailure(i, ctx, req.failure);
  const images = await readOutputs(req.value.outputs);
  if (images.length === 0) return replyFailure(i, ctx, fail('job_not_found', { id: parsed.arg }));
  await runEdit(i, ctx, { prompt, images, model: req.value.kind === 'video' ? undefined : req.value.model, size: req.value.size });
}
