import { Composer, type Context } from 'grammy';
import type { Message } from 'grammy/types';
import { actorOf } from '../actor.js';
import type { TelegramDeps } from '../deps.js';
import { fileRefOf } from '../files.js';
import { clip } from '../render.js';
import { replyFailure } from '../reply.js';
import { startVideoJob } from '../run-jobs.js';
import { decodeCallbackData } from '../util/callback-data.js';
import { startEditAgain } from './edit.js';
import { startImagine } from './generate.js';

/** Telegram's limit on a callback answer's text. */
const ANSWER_MAX = 200;

/**
 * The Reroll and Animate buttons under results. State comes from `core.jobRequest` (the button carries only the
 * action and job id), so buttons keep working after a restart. Reroll of an `/edit` re-runs it with the reference
 * images the core kept with the job (while retained). Animate takes the image from the message the button
 * is on (the largest photo size, or the document). The press is answered at once; the job runs in the background.
 */
export function buttonsFeature(deps: TelegramDeps): Composer<Context> {
  const c = new Composer<Context>();
  c.on('callback_query:data', async (ctx) => {
    const data = decodeCallbackData(ctx.callbackQuery.data);
    const actor = actorOf(ctx);
    const raw = ctx.callbackQuery.message;
    const message = raw && raw.date !== 0 ? (raw as Message) : undefined;
    if (!data || !actor || !message) {
      await ctx.answerCallbackQuery({ text: 'This button no longer works.' });
      return;
    }
    const req = await deps.core.jobRequest(actor, data.jobId);
    if (!req.ok) {
      await ctx.answerCallbackQuery({ text: clip(deps.core.explain(req.failure), ANSWER_MAX), show_alert: true });
      return;
    }
    const { kind, prompt, model, size, references } = req.value;
    const place = { chatId: message.chat.id, replyTo: message.message_id };
    if (data.action === 'reroll') {
      if (kind === 'edit' && references && references.length > 0) {
        await ctx.answerCallbackQuery({ text: 'Rerolling the edit…' });
        startEditAgain(deps, actor, place, { prompt, model, ...(size ? { size } : {}), references });
        return;
      }
      if (kind !== 'imagine') {
        const text = kind === 'edit' ? 'The images of this edit are no longer kept. Reply to the original photo with /edit instead.' : 'Reroll works on /imagine and /edit results.';
        await ctx.answerCallbackQuery({ text, show_alert: true });
        return;
      }
      await ctx.answerCallbackQuery({ text: 'Rerolling…' });
      startImagine(deps, actor, place, { ok: true, prompt, flags: { model, ...(size ? { size } : {}) } });
      return;
    }
    if (data.action === 'animate') {
      const ref = fileRefOf(message);
      if (!ref) {
        await ctx.answerCallbackQuery({ text: 'There is no image on this message to animate.', show_alert: true });
        return;
      }
      await ctx.answerCallbackQuery({ text: 'Animating…' });
      deps.tasks.run('animate', async () => {
        const got = await deps.files.download(ref);
        if (!got.ok) {
          await replyFailure(deps, place.chatId, place.replyTo, got.failure);
          return;
        }
        await startVideoJob(deps, actor, place, { prompt, flags: {}, image: got.value });
      });
      return;
    }
    await ctx.answerCallbackQuery({ text: 'This button no longer works.' });
  });
  return c;
}
