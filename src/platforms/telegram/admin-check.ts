import { Api, GrammyError } from 'grammy';

/**
 * Asks Telegram whether `userId` is the creator or an administrator of `chatId`, now (never cached, so a demoted
 * admin loses access at once); any error counts as no. Owners are the dispatcher's business, not this check's.
 */
export async function isChatAdmin(api: Api, chatId: number, userId: number): Promise<boolean> {
  try {
    const m = await api.getChatMember(chatId, userId);
    return m.status === 'creator' || m.status === 'administrator';
  } catch {
    return false;
  }
}

/**
 * The same question over a Bot API client of its own (the web's re-check of a signed-in admin), telling "no" apart
 * from "could not ask": false when Telegram answers that the user is no admin or no member (a 400 about the user or
 * the chat), rejects on anything else (network, 5xx, 429), so the caller neither trusts nor remembers that answer.
 */
export function chatAdminLookup(token: string, apiRoot: string): (chatId: number, userId: number) => Promise<boolean> {
  const api = new Api(token, { apiRoot });
  return async (chatId, userId) => {
    try {
      const m = await api.getChatMember(chatId, userId);
      return m.status === 'creator' || m.status === 'administrator';
    } catch (e) {
      if (e instanceof GrammyError && (e.error_code === 400 || e.error_code === 403)) return false;
      throw e;
    }
  };
}
