import { randomBytes } from 'node:crypto';
import { imageSize } from 'image-size';
import type { PhotoSize } from 'grammy/types';

/** What kind of Telegram file a stored file is; decides its id prefix and `file_path` folder. */
export type FileKind = 'photo' | 'document' | 'video';

/** A file held by the fake (uploaded by the bot or added by a test). */
export interface StoredFile {
  fileId: string;
  fileUniqueId: string;
  filePath: string;
  kind: FileKind;
  bytes: Buffer;
  fileName?: string;
  mimeType?: string;
  width?: number;
  height?: number;
}

/** Returned by `addFile`: the ids a test puts into updates. */
export interface AddedFile {
  file_id: string;
  file_unique_id: string;
  file_size: number;
  file_path: string;
  /** For photos: a realistic sizes array (thumbnail first, full size last). */
  photo?: PhotoSize[];
}

const PREFIX: Record<FileKind, string> = { photo: 'AgACAgIAAxkBAAI', document: 'BQACAgIAAxkBAAI', video: 'BAACAgIAAxkBAAI' };
const FOLDER: Record<FileKind, string> = { photo: 'photos', document: 'documents', video: 'videos' };

/** In-memory file store with Telegram-looking file ids and paths. */
export class FileStore {
  private readonly byId = new Map<string, StoredFile>();
  private readonly byPath = new Map<string, StoredFile>();
  private seq = 0;

  /** Stores bytes; photo dimensions are read from the image when possible (else 1280×1280). */
  add(bytes: Buffer, opts: { kind?: FileKind; fileName?: string; mimeType?: string } = {}): StoredFile {
    const kind = opts.kind ?? 'document';
    this.seq += 1;
    const ext = extension(opts.fileName, opts.mimeType, kind);
    const file: StoredFile = {
      fileId: PREFIX[kind] + randomBytes(48).toString('base64url'),
      fileUniqueId: 'AQAD' + randomBytes(9).toString('base64url'),
      filePath: `${FOLDER[kind]}/file_${this.seq}.${ext}`,
      kind,
      bytes,
    };
    if (opts.fileName !== undefined) file.fileName = opts.fileName;
    if (opts.mimeType !== undefined) file.mimeType = opts.mimeType;
    if (kind === 'photo' || kind === 'video') Object.assign(file, dimensions(bytes));
    this.byId.set(file.fileId, file);
    this.byPath.set(file.filePath, file);
    return file;
  }

  get(fileId: string): StoredFile | undefined {
    return this.byId.get(fileId);
  }

  byFilePath(path: string): StoredFile | undefined {
    return this.byPath.get(path);
  }

  /** A photo's sizes array as Telegram sends it: a 90px thumbnail entry first, the full size last. */
  photoSizes(file: StoredFile): PhotoSize[] {
    const w = file.width ?? 1280;
    const h = file.height ?? 1280;
    const scale = 90 / Math.max(w, h, 1);
    const thumb = this.add(file.bytes, { kind: 'photo', mimeType: file.mimeType ?? 'image/jpeg' });
    return [
      { file_id: thumb.fileId, file_unique_id: thumb.fileUniqueId, width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)), file_size: Math.min(file.bytes.length, 2048) },
      { file_id: file.fileId, file_unique_id: file.fileUniqueId, width: w, height: h, file_size: file.bytes.length },
    ];
  }
}

function dimensions(bytes: Buffer): { width: number; height: number } {
  try {
    const d = imageSize(bytes);
    if (d.width && d.height) return { width: d.width, height: d.height };
  } catch {
    // not an image this library reads: fall back to a plausible size
  }
  return { width: 1280, height: 1280 };
}

function extension(fileName: string | undefined, mime: string | undefined, kind: FileKind): string {
  const fromName = fileName && /\.([A-Za-z0-9]{1,8})$/.exec(fileName)?.[1];
  if (fromName) return fromName.toLowerCase();
  if (mime === 'image/png') return 'png';
  if (mime === 'image/webp') return 'webp';
  if (mime === 'video/mp4' || kind === 'video') return 'mp4';
  return kind === 'photo' ? 'jpg' : 'dat';
}
