import { GrammyError, type Api } from 'grammy';
import type { Message } from 'grammy/types';
import type { Logger } from '../../log.js';

/** Extra options of a text message (a subset of sendMessage's). */
export type SendExtra = NonNullable<Parameters<Api['sendMessage']>[2]>;

/** `reply_parameters` for `replyTo`, still sending when that message is gone; empty when there is none. */
export function replyParams(replyTo: number | undefined): Pick<SendExtra, 'reply_parameters'> {
  return replyTo === undefined ? {} : { reply_parameters: { message_id: replyTo, allow_sending_without_reply: true } };
}

/**
 * Sends plain `text` (no parse mode) in `chatId`, as a reply to `replyTo` when given. The caller keeps it within
 * 4096 characters (status lines and flow prompts are short; replies go through `renderReply`).
 */
export function sendPlain(api: Api, chatId: number, replyTo: number | undefined, text: string, extra: SendExtra = {}): Promise<Message.TextMessage> {
  return api.sendMessage(chatId, text, { ...extra, ...replyParams(replyTo) });
}

/** True for Telegram's "message is not modified" answer (an edit to identical content), which is harmless. */
export function isNotModified(err: unknown): boolean {
  return err instanceof GrammyError && /message is not modified/i.test(err.description);
}

/** Runs a best-effort call (deleting a status message, a cosmetic edit): errors are logged at debug and dropped. */
export async function bestEffort(logger: Logger, what: string, fn: () => Promise<unknown>): Promise<void> {
  try {
    await fn();
  } catch (err) {
    if (!isNotModified(err)) logger.debug({ what, err: err instanceof GrammyError ? err.description : String(err) }, 'telegram best-effort call failed');
  }
}

/** The chat type the throttle needs, from a chat id (negative ids are groups and channels). */
export function chatTypeOf(chatId: number): 'private' | 'group' {
  return chatId > 0 ? 'private' : 'group';
}
