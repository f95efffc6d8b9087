import { Composer, type Context } from 'grammy';
import { actorOf } from '../actor.js';
import type { TelegramDeps } from '../deps.js';
import { askText } from '../render.js';
import { sendReply } from '../reply.js';
import { keepChatAction } from '../util/chat-action.js';
import { promptOrExplain } from './generate.js';

/** `/ask <prompt> [--model id]`: the text model's answer as a reply, with model, tokens and cost. */
export function askFeature(deps: TelegramDeps): Composer<Context> {
  const c = new Composer<Context>();
  c.command('ask', async (ctx) => {
    const actor = actorOf(ctx);
    if (!actor || !ctx.chat) return;
    const place = { chatId: ctx.chat.id, replyTo: ctx.msg.message_id };
    const parsed = await promptOrExplain(deps, place, ctx.match);
    if (!parsed) return;
    deps.tasks.run('ask', async () => {
      const typing = keepChatAction(() => deps.api.sendChatAction(place.chatId, 'typing'), { intervalMs: deps.chatActionIntervalMs });
      try {
        const res = await deps.core.ask({ ...actor, prompt: parsed.prompt, ...(parsed.flags.model ? { model: parsed.flags.model } : {}) });
        await sendReply(deps.api, place.chatId, place.replyTo, res.ok ? askText(res.value) : deps.core.explain(res.failure));
      } finally {
        typing.stop();
      }
    });
  });
  return c;
}
