/**
 * What the web's Telegram Login Widget needs from Telegram (loaded by the web's starter only when
 * `WEB_TELEGRAM_LOGIN=1`): the bot's @username (one `getMe`) and the chat's own admin check for a group
 * (`getChatMember`: creator or administrator, as the adapter asks it).
 */
import { Api } from 'grammy';
import { chatAdminStatus } from './admin-check.js';

/** Asks Telegram for the bot's username; throws when Telegram refuses or cannot be reached. */
export async function telegramWebLogin(token: string, apiRoot: string): Promise<{ botUsername: string; isAdmin(chatId: string, userId: string): Promise<boolean> }> {
  const api = new Api(token, { apiRoot });
  const me = await api.getMe();
  return {
    botUsername: me.username,
    isAdmin: (chatId, userId) => chatAdminStatus(api, Number(chatId), Number(userId)),
  };
}
