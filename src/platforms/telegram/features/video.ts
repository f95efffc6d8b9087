import { Composer, type Context } from 'grammy';
import type { Actor, Attachment } from '../../../core/api.js';
import { actorOf } from '../actor.js';
import type { TelegramDeps } from '../deps.js';
import { fileRefOf, type FileRef } from '../files.js';
import { replyFailure } from '../reply.js';
import { startVideoJob, type Place } from '../run-jobs.js';
import { promptOrExplain } from './generate.js';

/**
 * Starts a video job in the background: downloads the reference image first when there is one (a download failure
 * is answered with the core's words and nothing is reserved), then hands over to the core.
 */
export async function startVideoFrom(deps: TelegramDeps, actor: Actor, place: Place, text: string, ref?: FileRef): Promise<void> {
  const parsed = await promptOrExplain(deps, place, text);
  if (!parsed) return;
  deps.tasks.run('video', async () => {
    let image: Attachment | undefined;
    if (ref) {
      const got = await deps.files.download(ref);
      if (!got.ok) {
        await replyFailure(deps, place.chatId, place.replyTo, got.failure);
        return;
      }
      image = got.value;
    }
    await startVideoJob(deps, actor, place, { prompt: parsed.prompt, flags: parsed.flags, ...(image ? { image } : {}) });
  });
}

/** `/video <prompt> [--seconds N] [--ar W:H] [--size WxH] [--model id]`; a replied-to photo makes it image-to-video. */
export function videoFeature(deps: TelegramDeps): Composer<Context> {
  const c = new Composer<Context>();
  c.command('video', async (ctx) => {
    const actor = actorOf(ctx);
    if (!actor || !ctx.chat) return;
    await startVideoFrom(deps, actor, { chatId: ctx.chat.id, replyTo: ctx.msg.message_id }, ctx.match, fileRefOf(ctx.msg.reply_to_message));
  });
  return c;
}
