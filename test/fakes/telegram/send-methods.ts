import type { Message, MessageEntity } from 'grammy/types';
import type { FileKind, StoredFile } from './files.js';
import { optBool, optInt, optStr, reqInt } from './params.js';
import type { FakeState } from './state.js';
import { badRequest, type SentFile, type SentMessage, type UploadedPart } from './types.js';
import { parseFormatted } from './entities.js';
import { checkParseMode, checkReplyMarkup } from './validate.js';

type Params = Record<string, unknown>;

/**
 * `sendMessage`: parse_mode checked, then the text stored as Telegram does (markup parsed into entities); up to 4096
 * characters after parsing; inline keyboard validated, replies resolved.
 */
export function sendMessage(s: FakeState, p: Params): Message {
  const raw = optStr(p, 'text') ?? '';
  checkParseMode(raw, optStr(p, 'parse_mode'));
  const { text, entities } = parseFormatted(raw, optStr(p, 'parse_mode'));
  if (text.trim() === '') badRequest('message text is empty');
  if (text.length > 4096) badRequest('message is too long');
  return store(s, 'sendMessage', p, { text, ...(entities ? { entities } : {}) }, []).message;
}

/** `sendPhoto` / `sendVideo` / `sendDocument`: the file as an upload, a file_id, or a URL; caption up to 1024. */
export async function sendMedia(s: FakeState, method: string, p: Params, uploads: UploadedPart[]): Promise<Message> {
  const kind: FileKind = method === 'sendPhoto' ? 'photo' : method === 'sendVideo' ? 'video' : 'document';
  const caption = checkedCaption(p);
  const { sent, file } = await resolveFile(s, kind, kind, p[kind], uploads);
  return store(s, method, p, { ...caption, media: { kind, file } }, [sent]).message;
}

/** `sendMediaGroup`: 2–10 items, one message each sharing a `media_group_id`; returns them all. */
export async function sendMediaGroup(s: FakeState, p: Params, uploads: UploadedPart[]): Promise<Message[]> {
  const media = p.media;
  if (!Array.isArray(media)) badRequest('media is empty');
  if (media.length < 2) badRequest('too few media in the album');
  if (media.length > 10) badRequest('too many media in the album');
  const groupId = String(13_000_000_000_000_000n + BigInt(s.calls.length) * 7919n + BigInt(Date.now() % 100_000));
  const resolved: { type: FileKind; caption: Formatted; sent: SentFile; file: StoredFile }[] = [];
  for (const [i, item] of (media as Params[]).entries()) {
    const type = optStr(item, 'type');
    if (type !== 'photo' && type !== 'video' && type !== 'document') badRequest(`unsupported media type "${type ?? ''}" in the album`);
    const caption = checkedCaption(item);
    resolved.push({ type, caption, ...(await resolveFile(s, type, `media[${i}]`, item.media, uploads)) });
  }
  return resolved.map((r) => store(s, 'sendMediaGroup', p, { ...r.caption, media: { kind: r.type, file: r.file }, groupId }, [r.sent]).message);
}

/**
 * `editMessageMedia` of a photo message: the new photo (an upload through `attach://`, a file_id or a URL) and its
 * caption replace the old ones; a text message "can't be edited" this way.
 */
export async function editMessageMedia(s: FakeState, p: Params, uploads: UploadedPart[]): Promise<Message> {
  const chat = s.chat(p.chat_id);
  const rec = s.sentMessage(chat.id, reqInt(p, 'message_id'));
  if (!rec || rec.deleted) badRequest('message to edit not found');
  const item = (typeof p.media === 'string' ? JSON.parse(p.media) : p.media) as Params | undefined;
  const type = item ? optStr(item, 'type') : undefined;
  if (type !== 'photo') badRequest('unsupported media type in editMessageMedia');
  if (rec.files.length === 0) badRequest('there is no media in the message to edit');
  const caption = checkedCaption(item!);
  const { sent, file } = await resolveFile(s, 'photo', 'media', item!.media, uploads);
  rec.files = [sent];
  rec.edits.push({ method: 'editMessageMedia', ...(caption.caption !== undefined ? { caption: caption.caption } : {}), file: sent, at: Date.now() });
  if (caption.caption !== undefined) rec.caption = rec.message.caption = caption.caption;
  rec.message.photo = s.files.photoSizes(file);
  rec.message.edit_date = Math.floor(Date.now() / 1000);
  return rec.message;
}

/** A caption as stored: markup parsed into entities. */
type Formatted = { caption?: string; captionEntities?: MessageEntity[] };

/** The caption of a media message: parse_mode checked, up to 1024 characters after parsing. */
function checkedCaption(p: Params): Formatted {
  const raw = optStr(p, 'caption');
  if (raw === undefined) return {};
  checkParseMode(raw, optStr(p, 'parse_mode'));
  const { text, entities } = parseFormatted(raw, optStr(p, 'parse_mode'));
  if (text.length > 1024) badRequest('message caption is too long');
  return { caption: text, ...(entities ? { captionEntities: entities } : {}) };
}

async function resolveFile(s: FakeState, kind: FileKind, field: string, ref: unknown, uploads: UploadedPart[]): Promise<{ sent: SentFile; file: StoredFile }> {
  const direct = uploads.find((u) => u.name === field);
  const attach = typeof ref === 'string' && ref.startsWith('attach://') ? uploads.find((u) => u.name === ref.slice(9)) : undefined;
  const part = attach ?? direct;
  if (part) {
    if (part.bytes.length === 0) badRequest('file must be non-empty');
    if (kind === 'photo' && part.bytes.length > s.limits.photo) badRequest('PHOTO_INVALID_DIMENSIONS');
    const mimeType = part.contentType !== 'application/octet-stream' ? part.contentType : mimeFromName(part.fileName, kind);
    const file = s.files.add(part.bytes, { kind, fileName: part.fileName, mimeType });
    return { file, sent: { field, source: 'upload', fileId: file.fileId, bytes: part.bytes, fileName: part.fileName, contentType: mimeType } };
  }
  if (typeof ref !== 'string' || ref === '' || ref.startsWith('attach://')) badRequest('wrong file identifier/HTTP URL specified');
  if (/^https?:\/\//i.test(ref)) {
    const bytes = await fetchLoopback(ref);
    const fileName = new URL(ref).pathname.split('/').pop() || undefined;
    const file = s.files.add(bytes, { kind, fileName, mimeType: mimeFromName(fileName, kind) });
    return { file, sent: { field, source: 'url', fileId: file.fileId, bytes, url: ref } };
  }
  const file = s.files.get(ref) ?? badRequest('wrong file identifier/HTTP URL specified');
  return { file, sent: { field, source: 'file_id', fileId: file.fileId, bytes: file.bytes } };
}

/** Only loopback URLs are fetched (tests never reach the internet); others fail like an unreachable URL. */
async function fetchLoopback(url: string): Promise<Buffer> {
  const host = new URL(url).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '[::1]') badRequest('failed to get HTTP URL content');
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) badRequest('failed to get HTTP URL content');
    return Buffer.from(await res.arrayBuffer());
  } catch (err) {
    if (err instanceof Error && err.message.startsWith('Bad Request')) throw err;
    return badRequest('failed to get HTTP URL content');
  }
}

function mimeFromName(name: string | undefined, kind: FileKind): string {
  const ext = name ? /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() : undefined;
  const known: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif', mp4: 'video/mp4', pdf: 'application/pdf', txt: 'text/plain' };
  return (ext && known[ext]) ?? (kind === 'photo' ? 'image/jpeg' : kind === 'video' ? 'video/mp4' : 'application/octet-stream');
}

interface Content {
  text?: string;
  entities?: MessageEntity[];
  caption?: string | undefined;
  captionEntities?: MessageEntity[];
  media?: { kind: FileKind; file: StoredFile };
  groupId?: string;
}

function store(s: FakeState, method: string, p: Params, content: Content, files: SentFile[]): SentMessage {
  const chat = s.chat(p.chat_id);
  const replyMarkup = checkReplyMarkup(p.reply_markup);
  const replyTo = replyTarget(s, chat.id, p);
  const message = {
    message_id: s.nextMessageId(chat.id),
    from: { id: s.me.id, is_bot: true, first_name: s.me.first_name, username: s.me.username },
    chat,
    date: Math.floor(Date.now() / 1000),
  } as Message;
  if (content.text !== undefined) message.text = content.text;
  if (content.entities) message.entities = content.entities;
  if (content.caption !== undefined) message.caption = content.caption;
  if (content.captionEntities) message.caption_entities = content.captionEntities;
  if (content.groupId !== undefined) message.media_group_id = content.groupId;
  if (replyMarkup) message.reply_markup = replyMarkup;
  if (replyTo) message.reply_to_message = { ...replyTo, reply_to_message: undefined } as Message['reply_to_message'];
  const m = content.media;
  if (m?.kind === 'photo') message.photo = s.files.photoSizes(m.file);
  else if (m?.kind === 'video') message.video = { file_id: m.file.fileId, file_unique_id: m.file.fileUniqueId, width: m.file.width ?? 1280, height: m.file.height ?? 720, duration: 5, mime_type: m.file.mimeType ?? 'video/mp4', file_size: m.file.bytes.length, ...(m.file.fileName ? { file_name: m.file.fileName } : {}) };
  else if (m?.kind === 'document') message.document = { file_id: m.file.fileId, file_unique_id: m.file.fileUniqueId, file_name: m.file.fileName ?? 'file', mime_type: m.file.mimeType ?? 'application/octet-stream', file_size: m.file.bytes.length };
  const original = { ...(content.text !== undefined ? { text: content.text } : {}), ...(content.caption !== undefined ? { caption: content.caption } : {}) };
  const record: SentMessage = { method, chatId: chat.id, messageId: message.message_id, files, edits: [], deleted: false, original, message };
  if (content.text !== undefined) record.text = content.text;
  if (content.caption !== undefined) record.caption = content.caption;
  const parseMode = optStr(p, 'parse_mode');
  if (parseMode) record.parseMode = parseMode;
  if (replyMarkup) record.replyMarkup = replyMarkup;
  if (replyTo) record.replyToMessageId = replyTo.message_id;
  if (content.groupId) record.mediaGroupId = content.groupId;
  s.addSent(record);
  return record;
}

function replyTarget(s: FakeState, chatId: number, p: Params): Message | undefined {
  const rp = p.reply_parameters as Params | undefined;
  const id = rp ? reqInt(rp, 'message_id') : optInt(p, 'reply_to_message_id');
  if (id === undefined) return undefined;
  const inChat = rp?.chat_id !== undefined ? s.chat(rp.chat_id).id : chatId;
  const target = s.message(inChat, id);
  const allowMissing = (rp && optBool(rp, 'allow_sending_without_reply')) ?? optBool(p, 'allow_sending_without_reply');
  if (!target && !allowMissing) badRequest('message to be replied not found');
  return target;
}

