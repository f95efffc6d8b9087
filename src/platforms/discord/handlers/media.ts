import { ApplicationCommandOptionType, type Attachment as DiscordAttachment, type ChatInputCommandInteraction, type RepliableInteraction } from 'discord.js';
import type { Attachment } from '../../../core/api.js';
import { actorOf } from '../actor.js';
import { downloadAll, type RemoteFile } from '../attachments.js';
import { askEmbed, errorFields, refreshButton, videoStartedEmbed } from '../render.js';
import { deliveryTargetOf, replyFailure, type HandlerContext } from './context.js';
import { postImageResult, progressHooks } from './media-results.js';

/*
 * Media commands defer PUBLICLY (the result belongs in the channel). A validation failure found after that deletes
 * the "thinking…" placeholder and answers in an ephemeral follow-up (see replyFailure): Discord cannot make a
 * public deferred reply ephemeral, and deferring ephemerally would hide every successful result. Nothing is charged
 * for such failures because the core validates before it reserves.
 */

/** Optional option helper: null/empty → undefined. */
function opt(i: ChatInputCommandInteraction, name: string): string | undefined {
  const v = i.options.getString(name);
  return v === null || v.trim() === '' ? undefined : v.trim();
}

/** A discord.js attachment as a {@link RemoteFile}. */
export function remoteFileOf(a: DiscordAttachment): RemoteFile {
  return { name: a.name, url: a.url, size: a.size, contentType: a.contentType };
}

/** Every ATTACHMENT option the command carried, in order (the core enforces the model's count). */
function attachmentOptions(i: ChatInputCommandInteraction): RemoteFile[] {
  return i.options.data
    .filter((o) => o.type === ApplicationCommandOptionType.Attachment && o.attachment)
    .map((o) => remoteFileOf(o.attachment!));
}

/** Image job parameters shared by `/imagine` and Reroll. */
export interface ImagineParams {
  prompt: string;
  model?: string;
  aspect?: string;
  size?: string;
}

/** Runs an imagine on an already deferred (public) interaction and posts the result or the failure. */
export async function runImagine(i: RepliableInteraction, ctx: HandlerContext, p: ImagineParams): Promise<void> {
  const res = await ctx.core.imagine({ ...actorOf(i), ...p }, progressHooks(i, ctx));
  if (!res.ok) return replyFailure(i, ctx, res.failure);
  await postImageResult(i, ctx, res.value, p.prompt);
}

/** Runs an edit with already downloaded images on a deferred (public) interaction. */
export async function runEdit(i: RepliableInteraction, ctx: HandlerContext, p: ImagineParams & { images: Attachment[] }): Promise<void> {
  const res = await ctx.core.edit({ ...actorOf(i), ...p }, progressHooks(i, ctx));
  if (!res.ok) return replyFailure(i, ctx, res.failure);
  await postImageResult(i, ctx, res.value, p.prompt);
}

/** Video parameters shared by `/video` and Animate. */
export interface VideoParams {
  prompt: string;
  model?: string;
  seconds?: number;
  aspect?: string;
  size?: string;
  image?: Attachment;
}

/** Starts a video on a deferred (public) interaction whose original response id is `statusMessageId`. */
export async function runVideo(i: RepliableInteraction, ctx: HandlerContext, p: VideoParams, statusMessageId?: string): Promise<void> {
  const res = await ctx.core.startVideo({ ...actorOf(i), ...p, delivery: deliveryTargetOf(i, statusMessageId) }, progressHooks(i, ctx));
  if (!res.ok) return replyFailure(i, ctx, res.failure);
  await i.editReply({ content: '', embeds: [videoStartedEmbed(res.value, p.prompt)], components: [refreshButton(res.value.jobId)] });
}

/** Public defer that also returns the original response's message id (for the delivery target). */
export async function deferPublic(i: RepliableInteraction): Promise<string | undefined> {
  const r = await i.deferReply({ withResponse: true });
  return r.resource?.message?.id;
}

/** `/imagine prompt [model] [aspect] [size]`. */
export async function handleImagine(i: ChatInputCommandInteraction, ctx: HandlerContext): Promise<void> {
  await i.deferReply();
  await runImagine(i, ctx, { prompt: i.options.getString('prompt', true), model: opt(i, 'model'), aspect: opt(i, 'aspect'), size: opt(i, 'size') });
}

/** `/edit prompt image1 [image2] [image3] [model] [size]`: downloads the images at once, then the core checks them. */
export async function handleEdit(i: ChatInputCommandInteraction, ctx: HandlerContext): Promise<void> {
  await i.deferReply();
  const model = opt(i, 'model');
  const files = await downloadAll(attachmentOptions(i), ctx.download('image', model));
  if (!files.ok) return replyFailure(i, ctx, files.failure);
  await runEdit(i, ctx, { prompt: i.options.getString('prompt', true), model, size: opt(i, 'size'), images: files.value });
}

/** `/video prompt [seconds] [aspect] [image] [model]`. */
export async function handleVideo(i: ChatInputCommandInteraction, ctx: HandlerContext): Promise<void> {
  const statusId = await deferPublic(i);
  const att = i.options.getAttachment('image');
  let image: Attachment | undefined;
  if (att) {
    const got = await downloadAll([remoteFileOf(att)], ctx.download('video', opt(i, 'model')));
    if (!got.ok) return replyFailure(i, ctx, got.failure);
    image = got.value[0];
  }
  const seconds = i.options.getInteger('seconds') ?? undefined;
  await runVideo(i, ctx, { prompt: i.options.getString('prompt', true), model: opt(i, 'model'), seconds, aspect: opt(i, 'aspect'), image }, statusId);
}

/** `/ask prompt [model]`. */
export async function handleAsk(i: ChatInputCommandInteraction, ctx: HandlerContext): Promise<void> {
  await i.deferReply();
  const res = await ctx.core.ask({ ...actorOf(i), prompt: i.options.getString('prompt', true), model: opt(i, 'model') }, progressHooks(i, ctx));
  if (!res.ok) return replyFailure(i, ctx, res.failure);
  const msg = await i.editReply({ content: '', embeds: [askEmbed(res.value)] });
  await ctx.core.recordDelivery(res.value.jobId, [msg.id]).catch((e: unknown) => ctx.logger.warn({ error: errorFields(e) }, 'discord: recordDelivery failed'));
}
