import { GrammyError, type Api } from 'grammy';
import type { Message } from 'grammy/types';
import type { IncomingFile, Result } from '../../core/api/surface.js';
import { fail } from '../../core/failures.js';
import { readCapped } from '../read-capped.js';

/** Telegram's public Bot API serves files up to 20 MB through `getFile`. */
export const PUBLIC_DOWNLOAD_LIMIT_BYTES = 20 * 1024 * 1024;

/** A file a message carries, before download. */
export interface FileRef {
  fileId: string;
  name: string;
  declaredType?: string;
  /** What Telegram said the size is, when it did. */
  size?: number;
}

/**
 * The file of a message: the largest size of a photo, or a document (any mime: the core sniffs the bytes and
 * refuses what is not an image). Undefined when the message carries neither.
 */
export function fileRefOf(msg: Message | undefined): FileRef | undefined {
  if (!msg) return undefined;
  if (msg.photo && msg.photo.length > 0) {
    const best = [...msg.photo].sort((a, b) => a.width * a.height - b.width * b.height || (a.file_size ?? 0) - (b.file_size ?? 0)).at(-1)!;
    const ref: FileRef = { fileId: best.file_id, name: `photo_${msg.message_id}.jpg`, declaredType: 'image/jpeg' };
    if (best.file_size !== undefined) ref.size = best.file_size;
    return ref;
  }
  if (msg.document) {
    const d = msg.document;
    const ref: FileRef = { fileId: d.file_id, name: d.file_name ?? `document_${msg.message_id}` };
    if (d.mime_type) ref.declaredType = d.mime_type;
    if (d.file_size !== undefined) ref.size = d.file_size;
    return ref;
  }
  return undefined;
}

/** Options of {@link FileFetcher}. */
export interface FileFetcherOptions {
  api: Api;
  /** Bot API root (`https://api.telegram.org` or a self-hosted server); files are at `<root>/file/bot<token>/<path>`. */
  apiRoot: string;
  token: string;
  /** Largest download the Bot API server serves; default 20 MB (the public Bot API's own limit). */
  maxBytes?: number;
  /** Deadline of one download; default 60 s. */
  timeoutMs?: number;
}

/**
 * Downloads message files through `getFile` with a byte cap. Failures are values the core renders:
 * `attachment_download_failed` (`too_big_for_platform` past the server's limit, `expired`, `network`) or
 * `attachment_too_large` past the caller's cap. The download URL contains the bot token, so it never appears in
 * errors or logs.
 */
export class FileFetcher {
  private readonly maxBytes: number;
  private readonly timeoutMs: number;

  constructor(private readonly opts: FileFetcherOptions) {
    this.maxBytes = opts.maxBytes ?? PUBLIC_DOWNLOAD_LIMIT_BYTES;
    this.timeoutMs = opts.timeoutMs ?? 60_000;
  }

  private tooBigForPlatform(limitBytes = this.maxBytes): Result<never> {
    return { ok: false, failure: fail('attachment_download_failed', { reason: 'too_big_for_platform', limitBytes }) };
  }

  /** The file as the core's {@link IncomingFile}: declared size and type now, bytes when the dispatcher asks. */
  incoming(ref: FileRef): IncomingFile {
    const file: { -readonly [K in keyof IncomingFile]: IncomingFile[K] } = { name: ref.name, fetch: (maxBytes) => this.fetch(ref, maxBytes) };
    if (ref.size !== undefined) file.declaredBytes = ref.size;
    if (ref.declaredType !== undefined) file.declaredType = ref.declaredType;
    return file;
  }

  /** Downloads one file, refusing more than `maxBytes` (and more than the server serves). */
  async fetch(ref: FileRef, maxBytes: number): Promise<Result<Uint8Array>> {
    const cap = Math.min(maxBytes, this.maxBytes);
    const over = (gotBytes: number): Result<never> =>
      cap < this.maxBytes
        ? { ok: false, failure: fail('attachment_too_large', { maxBytes: cap, gotBytes, name: ref.name }) }
        : this.tooBigForPlatform();
    const network = (note: string): Result<never> => ({ ok: false, failure: fail('attachment_download_failed', { reason: 'network' }, { log: { note } }) });
    if (ref.size !== undefined && ref.size > cap) return over(ref.size);
    let path: string | undefined;
    try {
      path = (await this.opts.api.getFile(ref.fileId)).file_path;
    } catch (err) {
      // Telegram's own refusal: its limit is the public 20 MB whatever cap this fetcher has.
      if (err instanceof GrammyError && /file is too big/i.test(err.description)) return this.tooBigForPlatform(Math.min(this.maxBytes, PUBLIC_DOWNLOAD_LIMIT_BYTES));
      if (err instanceof GrammyError && /wrong file_id|temporarily unavailable/i.test(err.description)) {
        return { ok: false, failure: fail('attachment_download_failed', { reason: 'expired' }) };
      }
      return network(`getFile failed: ${err instanceof GrammyError ? err.description : 'network'}`);
    }
    if (!path) return network('getFile returned no file_path');
    try {
      const got = await this.fetchCapped(`${this.opts.apiRoot}/file/bot${this.opts.token}/${path}`, cap);
      return typeof got === 'number' ? over(got) : { ok: true, value: got };
    } catch (err) {
      return network(`download failed: ${err instanceof Error ? err.name : 'error'}`);
    }
  }

  /** The bytes, or the size known when the cap was passed. */
  private async fetchCapped(url: string, cap: number): Promise<Uint8Array | number> {
    const res = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs) });
    if (res.status === 400) {
      await res.body?.cancel();
      return this.maxBytes + 1;
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      throw new Error(`file download answered ${res.status}`);
    }
    const declared = Number(res.headers.get('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > cap) {
      await res.body.cancel();
      return declared;
    }
    return readCapped(res.body, cap);
  }
}
