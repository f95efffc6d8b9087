import { Api, GrammyError } from 'grammy';

/**
 * Asks Telegram whether `userId` is the creator or an administrator of `chatId`, now (never cached), telling "no"
 * apart from "could not ask": false when Telegram answers that the user is no admin or no member (a 400 or 403 about
 * the user or the chat), rejects on anything else (network, 5xx, 429). Owners are the dispatcher's business.
 */
export async function chatAdminStatus(api: Api, chatId: number, userId: number): Promise<boolean> {
  try {
    const m = await api.getChatMember(chatId, userId);
    return m.status === 'creator' || m.status === 'administrator';
  } catch (e) {
    if (e instanceof GrammyError && (e.error_code === 400 || e.error_code === 403)) return false;
    throw e;
  }
}

/** {@link chatAdminStatus} for a command: any error counts as no, so a demoted admin never gets through a failure. */
export function isChatAdmin(api: Api, chatId: number, userId: number): Promise<boolean> {
  return chatAdminStatus(api, chatId, userId).catch(() => false);
}

/** {@link chatAdminStatus} over a Bot API client of its own (the web's re-check of a signed-in admin). */
export function chatAdminLookup(token: string, apiRoot: string): (chatId: number, userId: number) => Promise<boolean> {
  const api = new Api(token, { apiRoot });
  return (chatId, userId) => chatAdminStatus(api, chatId, userId);
}
