import { GrammyError, InputFile, type Api, type InlineKeyboard } from 'grammy';
import type { InputMediaPhoto } from 'grammy/types';
import type { Reply, ReplyFile } from '../../core/api/surface.js';
import { htmlChunks } from './format.js';
import type { SendExtra } from './send.js';

/** Most items Telegram takes in one album. */
const ALBUM_MAX = 10;

/** Whether `files` go as one album: 2 to 10 images, each within the photo limit. */
export function isAlbum(files: readonly ReplyFile[], photoLimitBytes: number): boolean {
  return files.length >= 2 && files.length <= ALBUM_MAX && files.every((f) => f.kind === 'image' && f.size <= photoLimitBytes && (f.bytes || f.path));
}

/**
 * Posts several images as one album (`sendMediaGroup`), then the reply's text (title, prompt, fields) with its buttons
 * as the message after it: an album cannot carry a keyboard, and its caption would sit under one photo only. Returns
 * the ids of the album's messages and of the text message(s). Returns undefined, having sent nothing, when Telegram
 * refuses the album with a 400 (a photo it will not take, e.g. an extreme aspect ratio): the caller then posts the
 * files one by one, as documents where needed.
 */
export async function postAlbum(api: Api, chatId: number, files: readonly ReplyFile[], shown: Reply, keyboard: InlineKeyboard | undefined, base: Pick<SendExtra, 'reply_parameters'>): Promise<number[] | undefined> {
  const media: InputMediaPhoto[] = files.map((f) => ({ type: 'photo', media: new InputFile(f.bytes ?? f.path ?? '', f.name) }));
  let album: { message_id: number }[];
  try {
    album = await api.sendMediaGroup(chatId, media, base);
  } catch (err) {
    if (err instanceof GrammyError && err.error_code === 400 && err.parameters.migrate_to_chat_id === undefined) return undefined;
    throw err;
  }
  const ids = album.map((m) => m.message_id);
  const chunks = htmlChunks(shown);
  for (const [i, html] of chunks.entries()) {
    const last = i === chunks.length - 1;
    const msg = await api.sendMessage(chatId, html, { parse_mode: 'HTML', ...(last && keyboard ? { reply_markup: keyboard } : {}) });
    ids.push(msg.message_id);
  }
  return ids;
}
