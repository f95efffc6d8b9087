import type { Context } from 'grammy';
import type { Chat, User } from 'grammy/types';
import type { Actor, ScopeRef, UserRef } from '../../core/api.js';

/**
 * Turns a Telegram chat and user into the core's {@link Actor}. The scope is the chat id: a private chat is the user's
 * own scope (`kind: 'private'`), groups, supergroups and channels are communities (`kind: 'group'`).
 */
export function actorFrom(chat: Chat, from: User): Actor {
  return { scope: scopeOf(chat), user: userOf(from) };
}

/** The {@link ScopeRef} of a chat; the title is kept for groups (private chats have none). */
export function scopeOf(chat: Chat): ScopeRef {
  const scope: ScopeRef = { platform: 'telegram', externalId: String(chat.id), kind: chat.type === 'private' ? 'private' : 'group' };
  if ('title' in chat && chat.title) scope.title = chat.title;
  return scope;
}

/** The {@link UserRef} of a Telegram user (display name = first + last name; username without the @). */
export function userOf(from: User): UserRef {
  const user: UserRef = { platform: 'telegram', externalId: String(from.id), displayName: [from.first_name, from.last_name].filter(Boolean).join(' ') };
  if (from.username) user.username = from.username;
  return user;
}

/** The actor of an update, or undefined when it has no chat or sender (channel posts, service updates). */
export function actorOf(ctx: Context): Actor | undefined {
  const chat = ctx.chat;
  const from = ctx.from;
  if (!chat || !from || from.is_bot) return undefined;
  return actorFrom(chat, from);
}
