import { GrammyError, InlineKeyboard, InputFile } from 'grammy';
import type { Message } from 'grammy/types';
import type { Reply, ReplyAction, ReplyFile } from '../../core/api/surface.js';
import { DEFAULT_LOCALE, t } from '../../core/i18n/catalog.js';
import { formatBytes } from '../../core/i18n/format.js';
import type { TelegramDeps } from './deps.js';
import { isAlbum, postAlbum } from './album.js';
import { htmlChunks, htmlClipped } from './format.js';
import { replyParams } from './send.js';
import type { Place } from './status-message.js';
import { TELEGRAM_SURFACE } from './surface.js';

/** Buttons per keyboard row. */
const ROW = 3;
/** Numbered buttons (V1…V4) per keyboard row. */
const NUMBERED_ROW = 4;

/**
 * The inline keyboard of a reply's actions (undefined when it has none): 3 buttons a row, numbered actions (V1…Vn,
 * U1…Un: an `index` argument) on rows of their own, up to 4 a row.
 */
export function keyboardOf(deps: { readonly actions: Pick<TelegramDeps['actions'], 'dataFor'> }, actions: readonly ReplyAction[] | undefined): InlineKeyboard | undefined {
  if (!actions || actions.length === 0) return undefined;
  const kb = new InlineKeyboard();
  let inRow = 0;
  let prev: ReplyAction | undefined;
  for (const a of actions) {
    const numbered = a.args.index !== undefined;
    const full = inRow >= (numbered ? NUMBERED_ROW : ROW);
    const other = prev !== undefined && prev.command !== a.command && (numbered || prev.args.index !== undefined);
    if (inRow > 0 && (full || other)) {
      kb.row();
      inRow = 0;
    }
    kb.text(a.label, deps.actions.dataFor(a));
    inRow += 1;
    prev = a;
  }
  return kb;
}

/**
 * Posts a neutral {@link Reply} in `place` and returns the posted message ids. Text is HTML (escaped; the title
 * bold), split into messages of at most 4096 characters. Several images within the photo limit go as one album with
 * the text and buttons in the message after it ({@link postAlbum}). Otherwise files: images as photos up to the photo limit (a photo
 * Telegram refuses with a 400, e.g. an extreme aspect ratio, goes as a document; with `fullQuality` the original
 * also follows as a document), videos with `sendVideo`, other files as documents; a file over the upload limit is
 * named instead of sent. When it fits, the text is the first file's caption (1024 characters); the action buttons go
 * on the first file, else on the last text message. `visibility: 'private'` is posted in the same chat: Telegram has
 * no ephemeral messages and the bot may not write to a member first.
 */
export async function postReply(deps: Pick<TelegramDeps, 'api' | 'settings' | 'actions'>, place: Place, reply: Reply): Promise<number[]> {
  const { api, settings } = deps;
  const files = reply.files ?? [];
  const fitting = files.filter((f) => f.size <= settings.uploadLimitBytes);
  const tooBig = files.filter((f) => f.size > settings.uploadLimitBytes);
  const shown: Reply = tooBig.length === 0 ? reply : { ...reply, blocks: [...reply.blocks, ...tooBig.map((f) => tooBigLine(f, reply.jobId, reply.locale ?? DEFAULT_LOCALE))] };
  const keyboard = keyboardOf(deps, reply.actions);
  const base = replyParams(place.replyTo);
  // With `fullQuality` each photo is followed by its original as a document: no album then.
  if (!settings.fullQuality && isAlbum(fitting, settings.photoLimitBytes)) {
    const album = await postAlbum(api, place.chatId, fitting, shown, keyboard, base);
    if (album) return album;
  }
  const ids: number[] = [];

  const caption = fitting.length > 0 ? htmlClipped(shown) : undefined;
  if (!caption || caption.clipped) {
    const chunks = htmlChunks(shown);
    for (const [i, html] of chunks.entries()) {
      const last = i === chunks.length - 1 && fitting.length === 0;
      const msg = await api.sendMessage(place.chatId, html, { parse_mode: 'HTML', ...base, ...(last && keyboard ? { reply_markup: keyboard } : {}) });
      ids.push(msg.message_id);
    }
  }
  for (const [i, f] of fitting.entries()) {
    const first = i === 0;
    const extra = {
      ...base,
      ...(first && caption && !caption.clipped && caption.html ? { caption: caption.html, parse_mode: 'HTML' as const } : {}),
      ...(first && keyboard ? { reply_markup: keyboard } : {}),
    };
    ids.push(...(await postFile(deps, place.chatId, f, extra, base)));
  }
  return ids;
}

type FileExtra = NonNullable<Parameters<TelegramDeps['api']['sendDocument']>[2]>;

async function postFile(deps: Pick<TelegramDeps, 'api' | 'settings'>, chatId: number, f: ReplyFile, extra: FileExtra, base: FileExtra): Promise<number[]> {
  const { api, settings } = deps;
  const input = () => (f.bytes ? new InputFile(f.bytes, f.name) : new InputFile(f.path ?? '', f.name));
  if (f.kind === 'video') return [(await api.sendVideo(chatId, input(), { ...extra, supports_streaming: true })).message_id];
  if (f.kind !== 'image') return [(await api.sendDocument(chatId, input(), extra)).message_id];
  let msg: Message | undefined;
  if (f.size <= settings.photoLimitBytes) {
    try {
      msg = await api.sendPhoto(chatId, input(), extra);
    } catch (err) {
      // Telegram refuses some valid images as photos (extreme aspect ratios, 400; over its photo size, 413): send them
      // as documents instead.
      if (!(err instanceof GrammyError) || (err.error_code !== 400 && err.error_code !== 413)) throw err;
    }
  }
  msg ??= await api.sendDocument(chatId, input(), extra);
  const ids = [msg.message_id];
  if (settings.fullQuality && msg.photo) ids.push((await api.sendDocument(chatId, input(), base)).message_id);
  return ids;
}

function tooBigLine(f: ReplyFile, jobId: string | undefined, locale: string): string {
  return t(locale, 'surface-file-too-large', { name: f.name, size: formatBytes(locale, f.size), job: jobId ? `${TELEGRAM_SURFACE.commandHint('job')} ${jobId}` : 'none' });
}
