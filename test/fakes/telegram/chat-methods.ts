import type { BotCommand, ChatMember } from 'grammy/types';
import { optBool, optStr, reqInt } from './params.js';
import type { FakeState } from './state.js';
import { badRequest } from './types.js';

type Params = Record<string, unknown>;

const ACTIONS = new Set([
  'typing', 'upload_photo', 'record_video', 'upload_video', 'record_voice', 'upload_voice', 'upload_document', 'choose_sticker', 'find_location', 'record_video_note', 'upload_video_note',
]);

/** `sendChatAction`: a known action in a known chat. */
export function sendChatAction(s: FakeState, p: Params): true {
  const chat = s.chat(p.chat_id);
  const action = optStr(p, 'action') ?? '';
  if (!ACTIONS.has(action)) badRequest('wrong parameter action in request');
  s.chatActions.push({ chatId: chat.id, action, at: Date.now() });
  return true;
}

/** `answerCallbackQuery`: unknown or already answered ids fail with Telegram's "query is too old" text. */
export function answerCallbackQuery(s: FakeState, p: Params): true {
  const id = optStr(p, 'callback_query_id') ?? '';
  const q = s.callbackQueries.get(id);
  if (!q || q.answered) badRequest('query is too old and response timeout expired or query ID is invalid');
  q.answered = true;
  const text = optStr(p, 'text');
  const showAlert = optBool(p, 'show_alert');
  const url = optStr(p, 'url');
  s.callbackAnswers.push({ callbackQueryId: id, at: Date.now(), ...(text !== undefined ? { text } : {}), ...(showAlert !== undefined ? { showAlert } : {}), ...(url !== undefined ? { url } : {}) });
  return true;
}

/** `getChatMember`: status from the table tests set with `setChatMember`; default `member` (the bot: `administrator` in groups). */
export function getChatMember(s: FakeState, p: Params): ChatMember {
  const chat = s.chat(p.chat_id);
  const userId = reqInt(p, 'user_id');
  const user = userId === s.me.id ? { id: s.me.id, is_bot: true, first_name: s.me.first_name, username: s.me.username } : s.users.get(userId);
  if (!user) badRequest('user not found');
  const fallback = userId === s.me.id && chat.type !== 'private' ? 'administrator' : 'member';
  const status = s.members.get(`${chat.id}:${userId}`) ?? fallback;
  switch (status) {
    case 'creator':
      return { status, user, is_anonymous: false };
    case 'administrator':
      return {
        status, user, can_be_edited: false, is_anonymous: false, can_manage_chat: true, can_delete_messages: true, can_manage_video_chats: true,
        can_restrict_members: true, can_promote_members: false, can_change_info: true, can_invite_users: true, can_post_stories: false,
        can_edit_stories: false, can_delete_stories: false,
      } as ChatMember;
    case 'restricted':
      return { status, user, is_member: true, until_date: 0 } as ChatMember;
    case 'kicked':
      return { status, user, until_date: 0 };
    default:
      return { status, user };
  }
}

/** `getChat`: a ChatFullInfo-shaped object for a known chat. */
export function getChat(s: FakeState, p: Params): Record<string, unknown> {
  const chat = s.chat(p.chat_id);
  return { ...chat, accent_color_id: 0, max_reaction_count: 11, accepted_gift_types: { unlimited_gifts: false, limited_gifts: false, unique_gifts: false, premium_subscription: false } };
}

/** `getFile`: path for download; over the download limit fails with "file is too big" like the real API. */
export function getFile(s: FakeState, p: Params): Record<string, unknown> {
  const id = optStr(p, 'file_id') ?? '';
  const file = s.files.get(id) ?? badRequest('wrong file_id or the file is temporarily unavailable');
  if (file.bytes.length > s.limits.download) badRequest('file is too big');
  return { file_id: file.fileId, file_unique_id: file.fileUniqueId, file_size: file.bytes.length, file_path: file.filePath };
}

function commandsKey(p: Params): string {
  return JSON.stringify([p.scope ?? { type: 'default' }, optStr(p, 'language_code') ?? '']);
}

/** `setMyCommands`: 1–100 commands, names 1–32 of `[a-z0-9_]`, descriptions 1–256 characters. */
export function setMyCommands(s: FakeState, p: Params): true {
  const list = p.commands;
  if (!Array.isArray(list) || list.length > 100) badRequest('commands must be an array of at most 100 BotCommand');
  for (const c of list as BotCommand[]) {
    if (typeof c?.command !== 'string' || !/^[a-z0-9_]{1,32}$/.test(c.command)) badRequest('BOT_COMMAND_INVALID');
    if (typeof c.description !== 'string' || c.description.length < 1 || c.description.length > 256) badRequest('BOT_COMMAND_DESCRIPTION_INVALID');
  }
  s.commands.set(commandsKey(p), (list as BotCommand[]).map((c) => ({ command: c.command, description: c.description })));
  return true;
}

/** `getMyCommands` for a scope and language (default scope when omitted). */
export function getMyCommands(s: FakeState, p: Params): BotCommand[] {
  return s.commands.get(commandsKey(p)) ?? [];
}

/** `deleteMyCommands` for a scope and language. */
export function deleteMyCommands(s: FakeState, p: Params): true {
  s.commands.delete(commandsKey(p));
  return true;
}

/**
 * `setWebhook`: remembers the URL, secret and `allowed_updates` (which also become the queue's filter, as on Telegram);
 * the fake's webhook pusher then POSTs pending updates there, and long polling answers 409.
 */
export function setWebhook(s: FakeState, p: Params): true {
  const url = optStr(p, 'url') ?? '';
  if (url === '') return deleteWebhook(s, p);
  if (!/^https?:\/\//.test(url)) badRequest('bad webhook: An HTTPS URL must be provided for webhook');
  if (optBool(p, 'drop_pending_updates')) s.updates.dropAll();
  const secret = optStr(p, 'secret_token');
  if (secret !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(secret)) badRequest('secret token contains unallowed characters');
  const allowed = Array.isArray(p.allowed_updates) ? (p.allowed_updates as string[]) : undefined;
  s.webhook = { url, ...(secret ? { secretToken: secret } : {}), ...(allowed ? { allowedUpdates: allowed } : {}) };
  s.updates.setAllowed(allowed);
  return true;
}

/** `deleteWebhook`, optionally dropping pending updates. */
export function deleteWebhook(s: FakeState, p: Params): true {
  if (optBool(p, 'drop_pending_updates')) s.updates.dropAll();
  s.webhook = undefined;
  return true;
}

/** `getWebhookInfo`: empty url when polling. */
export function getWebhookInfo(s: FakeState): Record<string, unknown> {
  return {
    url: s.webhook?.url ?? '',
    has_custom_certificate: false,
    pending_update_count: s.updates.size,
    ...(s.webhook?.allowedUpdates ? { allowed_updates: s.webhook.allowedUpdates } : {}),
  };
}
