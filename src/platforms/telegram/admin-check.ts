import type { Context } from 'grammy';
import type { TelegramDeps } from './deps.js';

/**
 * Whether the sender of `ctx` may run admin commands here: an `OWNER_IDS` entry (`telegram:<id>` or a bare id) always;
 * in groups, the chat's creator or an administrator as `getChatMember` reports it now (never cached, so a demoted
 * admin loses access at once), or an anonymous admin posting as the group itself. In private chats only owners.
 */
export async function isAdmin(deps: Pick<TelegramDeps, 'ownerIds' | 'api'>, ctx: Context): Promise<boolean> {
  const chat = ctx.chat;
  const from = ctx.from;
  if (!chat || !from) return false;
  if (isOwner(deps.ownerIds, from.id)) return true;
  if (chat.type === 'private' || chat.type === 'channel') return false;
  if (ctx.msg?.sender_chat?.id === chat.id) return true;
  return isChatAdmin(deps, chat.id, from.id);
}

/** True when `userId` is one of the configured owners. */
export function isOwner(ownerIds: readonly string[], userId: number): boolean {
  return ownerIds.includes(`telegram:${userId}`) || ownerIds.includes(String(userId));
}

/** Asks Telegram whether `userId` is the creator or an administrator of `chatId`; any error counts as no. */
export async function isChatAdmin(deps: Pick<TelegramDeps, 'api'>, chatId: number, userId: number): Promise<boolean> {
  try {
    const m = await deps.api.getChatMember(chatId, userId);
    return m.status === 'creator' || m.status === 'administrator';
  } catch {
    return false;
  }
}
