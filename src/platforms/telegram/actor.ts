import type { Context } from 'grammy';
import type { Chat, Message, User } from 'grammy/types';
import type { Actor, ChannelRef, ScopeRef, UserRef } from '../../core/api/surface.js';

/**
 * Turns a Telegram chat and user into the core's {@link Actor}, with the user's app language (`language_code`,
 * e.g. `es`, when Telegram sends it). The scope is the chat id: a private chat is the user's
 * own scope (`kind: 'private'`), groups, supergroups and channels are communities (`kind: 'group'`).
 */
export function actorFrom(chat: Chat, from: User, msg?: Message): Actor {
  const channel = chat.type === 'private' ? undefined : channelOf(chat, msg);
  return { scope: scopeOf(chat), user: userOf(from), ...(channel ? { channel } : {}), ...(from.language_code ? { locale: from.language_code } : {}) };
}

/**
 * The channel of a group message for channel rules: a forum topic by its thread id (named by the topic's name when
 * the message carries its creation, as messages inside a topic do), else `main` (the whole chat of a group without
 * topics, the General topic of a forum).
 */
export function channelOf(chat: Chat, msg: Message | undefined): ChannelRef {
  if (msg?.is_topic_message && msg.message_thread_id !== undefined) {
    const name = msg.reply_to_message?.forum_topic_created?.name;
    return { id: String(msg.message_thread_id), ...(name ? { label: name } : {}) };
  }
  const forum = 'is_forum' in chat && chat.is_forum === true;
  const title = 'title' in chat ? chat.title : undefined;
  return { id: 'main', ...(forum ? { label: 'General' } : title ? { label: title } : {}) };
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

/**
 * True when `msg` was posted by an anonymous admin of its group: Telegram sends those as the group itself
 * (`sender_chat` = the chat, `from` = @GroupAnonymousBot). Only admins can post so, so they count as admins.
 */
export function isAnonymousAdmin(msg: Pick<Message, 'chat' | 'sender_chat'> | undefined): boolean {
  return msg !== undefined && msg.chat.type !== 'private' && msg.sender_chat?.id === msg.chat.id;
}

/**
 * The actor of a message: its sender, or for an anonymous admin the group itself as the user (id = the chat id, so
 * their jobs and allowance are the group's own). Undefined for bots, channel posts and service updates.
 */
export function actorOfMessage(msg: Message | undefined): Actor | undefined {
  if (!msg) return undefined;
  if (isAnonymousAdmin(msg)) {
    const title = 'title' in msg.chat ? msg.chat.title : undefined;
    return { scope: scopeOf(msg.chat), user: { platform: 'telegram', externalId: String(msg.chat.id), displayName: title ? `${title} (anonymous admin)` : 'anonymous admin' }, channel: channelOf(msg.chat, msg) };
  }
  if (!msg.from || msg.from.is_bot) return undefined;
  return actorFrom(msg.chat, msg.from, msg);
}

/** The actor of an update (messages and button presses), or undefined when it has no chat or human sender. */
export function actorOf(ctx: Context): Actor | undefined {
  if (ctx.msg && !ctx.callbackQuery) return actorOfMessage(ctx.msg);
  const chat = ctx.chat;
  const from = ctx.from;
  if (!chat || !from || from.is_bot) return undefined;
  const m = ctx.callbackQuery?.message;
  // A button's message carries the topic it sits in (an inaccessible one has date 0 and no topic).
  return actorFrom(chat, from, m && m.date !== 0 ? (m as Message) : undefined);
}
