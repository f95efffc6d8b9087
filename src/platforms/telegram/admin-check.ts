import { Api } from 'grammy';

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

/** {@link isChatAdmin} over a Bot API client of its own (the web's re-check of a signed-in admin). */
export function chatAdminLookup(token: string, apiRoot: string): (chatId: number, userId: number) => Promise<boolean> {
  const api = new Api(token, { apiRoot });
  return (chatId, userId) => isChatAdmin(api, chatId, userId);
}
