import { GrammyError, type Api } from 'grammy';
import type { Message } from 'grammy/types';
import type { Failure } from '../../core/failures.js';
import type { TelegramDeps } from './deps.js';
import { clip } from './render.js';

/** Extra options of a reply (a subset of sendMessage's). */
export type ReplyExtra = NonNullable<Parameters<Api['sendMessage']>[2]>;

/**
 * Sends `text` in `chatId` as a reply to `replyTo` when given; if that message is gone the text is still sent
 * (`allow_sending_without_reply`). Text is cut to Telegram's 4096 characters.
 */
export function sendReply(api: Api, chatId: number, replyTo: number | undefined, text: string, extra: ReplyExtra = {}): Promise<Message.TextMessage> {
  const opts: ReplyExtra = { ...extra };
  if (replyTo !== undefined) opts.reply_parameters = { message_id: replyTo, allow_sending_without_reply: true };
  return api.sendMessage(chatId, clip(text), opts);
}

/** Replies with the core's words for a failure. */
export function replyFailure(deps: TelegramDeps, chatId: number, replyTo: number | undefined, failure: Failure): Promise<Message.TextMessage> {
  return sendReply(deps.api, chatId, replyTo, deps.core.explain(failure));
}

/** True for Telegram's "message is not modified" answer (an edit to identical content), which is harmless. */
export function isNotModified(err: unknown): boolean {
  return err instanceof GrammyError && /message is not modified/i.test(err.description);
}

/** Runs a best-effort call (deleting a status message, a cosmetic edit): errors are logged at debug and dropped. */
export async function bestEffort(deps: Pick<TelegramDeps, 'logger'>, what: string, fn: () => Promise<unknown>): Promise<void> {
  try {
    await fn();
  } catch (err) {
    if (!isNotModified(err)) deps.logger.debug({ what, err: err instanceof GrammyError ? err.description : String(err) }, 'telegram best-effort call failed');
  }
}

/** The chat type the throttle needs, from a chat id (negative ids are groups and channels). */
export function chatTypeOf(chatId: number): 'private' | 'group' {
  return chatId > 0 ? 'private' : 'group';
}
