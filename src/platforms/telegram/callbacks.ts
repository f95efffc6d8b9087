import { t } from '../../core/i18n/catalog.js';
import { negotiateLocale } from '../../core/i18n/negotiate.js';
import { Composer, type Context } from 'grammy';
import type { Message } from 'grammy/types';
import type { ReplyAction } from '../../core/api/surface.js';
import { actorOf } from './actor.js';
import type { TelegramDeps } from './deps.js';
import { clip, escapeHtml, plainText } from './format.js';
import { newRequest, showReply } from './run-command.js';
import { replyParams } from './send.js';

/** Telegram's limit on a callback answer's text. */
const ANSWER_MAX = 200;

/** Options of {@link buttonHandler}. */
export interface ButtonOptions {
  /**
   * How long a press waits for a quick answer before it is acknowledged with "<label>…": a failure within this time
   * (the job is gone, not yours, …) shows as an alert instead of a chat message. Default 1500 ms.
   */
  quickAnswerMs?: number;
}

/**
 * Buttons under results. A press runs the button's action (a command and its job id) as a new invocation by the
 * person who pressed it (they pay, their role counts); state comes from the core by job id, so buttons keep
 * working after a restart. The reply goes under the message the button is on. An action with `input` (Edit) first
 * asks the presser for the text with a force-reply prompt; their reply runs it.
 */
export function buttonHandler(deps: TelegramDeps, opts: ButtonOptions = {}): Composer<Context> {
  const quickMs = opts.quickAnswerMs ?? 1500;
  const c = new Composer<Context>();
  c.on('callback_query:data', async (ctx) => {
    const action = await deps.actions.resolve(ctx.callbackQuery.data);
    const actor = actorOf(ctx);
    const raw = ctx.callbackQuery.message;
    const message = raw && raw.date !== 0 ? (raw as Message) : undefined;
    if (!action || !actor || !message) {
      await ctx.answerCallbackQuery({ text: t(negotiateLocale(ctx.from?.language_code), 'button-expired') });
      return;
    }
    if (action.input) {
      await ctx.answerCallbackQuery();
      await askForInput(deps, message, ctx.callbackQuery.from, { ...action, input: action.input });
      return;
    }
    const from = ctx.callbackQuery.from;
    const request = newRequest(deps, { actor, place: { chatId: message.chat.id, replyTo: message.message_id }, adminOf: { chatId: message.chat.id, chatType: message.chat.type, userId: from.id } }, action.command);
    const args = { ...action.args };
    const label = buttonLabel(message, ctx.callbackQuery.data) ?? action.label;
    deps.tasks.run(`button ${action.command}`, async () => {
      const running = deps.dispatcher.run({ command: action.command, ...(action.subcommand ? { subcommand: action.subcommand } : {}), args, request });
      const quick = await Promise.race([running, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), quickMs).unref())]);
      if (quick?.tone === 'error' && !request.status.shown) {
        await ctx.answerCallbackQuery({ text: clip(plainText(quick), ANSWER_MAX), show_alert: true });
        return;
      }
      await ctx.answerCallbackQuery({ text: `${label}…` }).catch(() => undefined);
      await showReply(deps, request, quick ?? (await running));
    });
  });
  return c;
}

/** The text of the pressed button, read from the message's keyboard. */
function buttonLabel(message: Message, data: string): string | undefined {
  for (const row of message.reply_markup?.inline_keyboard ?? []) for (const b of row) if ('callback_data' in b && b.callback_data === data) return b.text;
  return undefined;
}

/** Asks the presser for an action's input with a force-reply prompt (selective: only they get the reply field). */
async function askForInput(deps: TelegramDeps, message: Message, from: { id: number; first_name: string }, action: ReplyAction & { input: NonNullable<ReplyAction['input']> }): Promise<void> {
  const mention = `<a href="tg://user?id=${from.id}">${escapeHtml(from.first_name)}</a>`;
  const prompt = await deps.api.sendMessage(message.chat.id, `${mention}, ${escapeHtml(action.input.label)} Reply to this message (or send /cancel).`, {
    parse_mode: 'HTML',
    ...replyParams(message.message_id),
    reply_markup: { force_reply: true, selective: true, input_field_placeholder: clip(action.input.label, 64) },
  });
  await deps.inputs.expect(message.chat.id, prompt.message_id, from.id, action);
}
