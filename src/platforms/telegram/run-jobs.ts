import { GrammyError, InputFile } from 'grammy';
import type { Message } from 'grammy/types';
import type { Actor, Attachment, ImageJobResult, ImagineRequest, JobHooks, VideoRequest } from '../../core/api.js';
import type { Result } from '../../core/failures.js';
import type { TelegramDeps } from './deps.js';
import { imageCaption, resultKeyboard, videoAck } from './render.js';
import { bestEffort, chatTypeOf, isNotModified, sendReply } from './reply.js';
import { keepChatAction } from './util/chat-action.js';
import type { PromptFlags } from './util/flags.js';

/** Where a job was asked for: the chat and the user's message to reply to. */
export interface Place {
  chatId: number;
  replyTo?: number;
}

const WORKING = 'Working on it…';

/** Maps parsed flags onto the core's request fields (only those given). */
export function flagFields(flags: PromptFlags): Pick<ImagineRequest, 'model' | 'aspect' | 'size' | 'count'> {
  const out: Pick<ImagineRequest, 'model' | 'aspect' | 'size' | 'count'> = {};
  if (flags.model !== undefined) out.model = flags.model;
  if (flags.aspectRatio !== undefined) out.aspect = flags.aspectRatio;
  if (flags.size !== undefined) out.size = flags.size;
  if (flags.n !== undefined) out.count = flags.n;
  return out;
}

/**
 * Runs an image job (imagine or edit) for a chat: an `upload_photo` action repeated while it runs, ONE status message
 * edited (throttled) with queue/start news, then the result as a photo (as a document when over the photo limit, and
 * also as a document when `fullQuality` is on) with a caption and Reroll/Animate buttons. A failure replaces the
 * status text with the core's words. Call it from a background task.
 */
export async function runImageJob(deps: TelegramDeps, place: Place, kind: 'imagine' | 'edit', call: (hooks: JobHooks) => Promise<Result<ImageJobResult>>): Promise<void> {
  const { api, core } = deps;
  const action = keepChatAction(() => api.sendChatAction(place.chatId, 'upload_photo'), { intervalMs: deps.chatActionIntervalMs });
  try {
    const status = await sendReply(api, place.chatId, place.replyTo, WORKING);
    const editor = deps.throttle.editor(place.chatId, chatTypeOf(place.chatId), (t) => api.editMessageText(place.chatId, status.message_id, t), WORKING);
    const res = await call({
      onQueued: (position) => editor.set(`Waiting for a free slot: number ${position} in the queue…`),
      onStarted: () => editor.set(WORKING),
    });
    if (!res.ok) {
      await editor.finish(core.explain(res.failure));
      return;
    }
    editor.cancel();
    const ids = await postImages(deps, place, kind, res.value);
    await core.recordDelivery(res.value.jobId, ids);
    await bestEffort(deps, 'delete status message', () => api.deleteMessage(place.chatId, status.message_id));
  } finally {
    action.stop();
  }
}

async function postImages(deps: TelegramDeps, place: Place, kind: 'imagine' | 'edit', r: ImageJobResult): Promise<string[]> {
  const { api, settings } = deps;
  const ids: string[] = [];
  const reply = place.replyTo !== undefined ? { reply_parameters: { message_id: place.replyTo, allow_sending_without_reply: true } } : {};
  for (const [i, img] of r.images.entries()) {
    const extra = i === 0 ? { caption: imageCaption(r), reply_markup: resultKeyboard(kind, r.jobId), ...reply } : reply;
    let msg: Message | undefined;
    if (img.bytes.byteLength <= settings.photoLimitBytes) {
      try {
        msg = await api.sendPhoto(place.chatId, new InputFile(img.bytes, img.filename), extra);
      } catch (err) {
        // Telegram refuses some valid images as photos (extreme aspect ratios): send them as documents instead.
        if (!(err instanceof GrammyError) || err.error_code !== 400) throw err;
      }
    }
    msg ??= await api.sendDocument(place.chatId, new InputFile(img.bytes, img.filename), extra);
    ids.push(String(msg.message_id));
    if (settings.fullQuality && msg.photo) {
      const doc = await api.sendDocument(place.chatId, new InputFile(img.bytes, img.filename), reply);
      ids.push(String(doc.message_id));
    }
  }
  return ids;
}

/** What `/video` (or Animate) asks for. */
export interface VideoAsk {
  prompt: string;
  flags: PromptFlags;
  image?: Attachment;
}

/**
 * Starts a video job: posts the status message first (its id goes into the stored delivery target, so the poller can
 * edit it even after a restart), asks the core, then shows the acknowledgment or the failure in that message.
 */
export async function startVideoJob(deps: TelegramDeps, actor: Actor, place: Place, ask: VideoAsk): Promise<void> {
  const { api, core } = deps;
  const status = await sendReply(api, place.chatId, place.replyTo, 'Starting the video…');
  const req: VideoRequest = {
    ...actor,
    prompt: ask.prompt,
    delivery: {
      platform: 'telegram',
      chatId: String(place.chatId),
      userExternalId: actor.user.externalId,
      statusMessageId: String(status.message_id),
      ...(place.replyTo !== undefined ? { replyToMessageId: String(place.replyTo) } : {}),
    },
  };
  const f = ask.flags;
  if (f.model !== undefined) req.model = f.model;
  if (f.seconds !== undefined) req.seconds = f.seconds;
  if (f.aspectRatio !== undefined) req.aspect = f.aspectRatio;
  if (f.size !== undefined) req.size = f.size;
  if (ask.image) req.image = ask.image;
  const edit = (text: string) =>
    api.editMessageText(place.chatId, status.message_id, text).catch((err: unknown) => {
      if (!isNotModified(err)) throw err;
    });
  const res = await core.startVideo(req, {
    onQueued: (position) => void edit(`Waiting for a free slot: number ${position} in the queue…`).catch(() => undefined),
  });
  if (!res.ok) {
    await edit(core.explain(res.failure));
    return;
  }
  // Through the delivery's editor, so the acknowledgment never overwrites newer progress from the poller.
  deps.delivery.begin(req.delivery, res.value.jobId, videoAck(res.value));
}
