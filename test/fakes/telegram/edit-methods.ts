import type { InlineKeyboardMarkup, Message } from 'grammy/types';
import { optStr, reqInt } from './params.js';
import type { FakeState } from './state.js';
import { badRequest, type EditRecord, type SentMessage } from './types.js';
import { parseFormatted } from './entities.js';
import { checkParseMode, checkReplyMarkup } from './validate.js';

type Params = Record<string, unknown>;

const NOT_MODIFIED =
  'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message';

/**
 * `editMessageText` / `editMessageCaption` / `editMessageReplyMarkup`. As on Telegram: an edit that omits
 * `reply_markup` removes the inline keyboard, an identical edit fails with "message is not modified", a user's message
 * "can't be edited", and inline-message edits answer `true` (recorded only as calls).
 */
export function editMessage(s: FakeState, method: EditRecord['method'], p: Params): Message | true {
  if (p.inline_message_id !== undefined) return true;
  const chat = s.chat(p.chat_id);
  const id = reqInt(p, 'message_id');
  const rec = s.sentMessage(chat.id, id);
  if (!rec || rec.deleted) {
    if (s.message(chat.id, id) && !rec) badRequest("message can't be edited");
    badRequest('message to edit not found');
  }
  const markup = checkReplyMarkup(p.reply_markup);
  const edit: EditRecord = { method, at: Date.now() };
  if (markup) edit.replyMarkup = markup;
  if (method === 'editMessageText') {
    const raw = optStr(p, 'text') ?? '';
    checkParseMode(raw, optStr(p, 'parse_mode'));
    const text = parseFormatted(raw, optStr(p, 'parse_mode')).text;
    if (text.trim() === '') badRequest('message text is empty');
    if (text.length > 4096) badRequest('MESSAGE_TOO_LONG');
    if (rec.text === undefined) badRequest('there is no text in the message to edit');
    if (text === rec.text && sameMarkup(markup, rec.replyMarkup)) badRequest(NOT_MODIFIED);
    edit.text = text;
  } else if (method === 'editMessageCaption') {
    const raw = optStr(p, 'caption') ?? '';
    checkParseMode(raw, optStr(p, 'parse_mode'));
    const caption = parseFormatted(raw, optStr(p, 'parse_mode')).text;
    if (caption.length > 1024) badRequest('message caption is too long');
    if (rec.text !== undefined) badRequest('there is no caption in the message to edit');
    if (caption === (rec.caption ?? '') && sameMarkup(markup, rec.replyMarkup)) badRequest(NOT_MODIFIED);
    edit.caption = caption;
  } else if (sameMarkup(markup, rec.replyMarkup)) badRequest(NOT_MODIFIED);
  apply(rec, edit, markup);
  return rec.message;
}

function apply(rec: SentMessage, edit: EditRecord, markup: InlineKeyboardMarkup | undefined): void {
  rec.edits.push(edit);
  const msg = rec.message;
  if (edit.text !== undefined) rec.text = msg.text = edit.text;
  if (edit.caption !== undefined) rec.caption = msg.caption = edit.caption;
  if (markup) rec.replyMarkup = msg.reply_markup = markup;
  else {
    delete rec.replyMarkup;
    delete msg.reply_markup;
  }
  msg.edit_date = Math.floor(edit.at / 1000);
}

function sameMarkup(a: InlineKeyboardMarkup | undefined, b: InlineKeyboardMarkup | undefined): boolean {
  const norm = (m: InlineKeyboardMarkup | undefined) => (m && m.inline_keyboard.length > 0 ? JSON.stringify(m) : '');
  return norm(a) === norm(b);
}

/** `deleteMessage`: bot or user messages; a missing or already deleted one fails like Telegram. */
export function deleteMessage(s: FakeState, p: Params): true {
  const chat = s.chat(p.chat_id);
  const id = reqInt(p, 'message_id');
  const rec = s.sentMessage(chat.id, id);
  const known = s.message(chat.id, id);
  if (!known || rec?.deleted || s.deleted.some((d) => d.chatId === chat.id && d.messageId === id)) badRequest('message to delete not found');
  if (rec) rec.deleted = true;
  s.deleted.push({ chatId: chat.id, messageId: id, at: Date.now() });
  return true;
}
