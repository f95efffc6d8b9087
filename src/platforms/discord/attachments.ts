import type { Attachment as DiscordAttachment } from 'discord.js';
import type { IncomingFile, Result } from '../../core/api/surface.js';
import { err, fail, ok } from '../../core/failures.js';
import { readCapped } from '../read-capped.js';

/** What the surface knows about a Discord attachment before downloading it. */
export interface RemoteFile {
  name: string;
  url: string;
  /** Size Discord declared, in bytes (exact on Discord). */
  size: number;
  contentType?: string | null;
}

/** Whole-download deadline of one attachment. */
const DOWNLOAD_TIMEOUT_MS = 15_000;

/**
 * Downloads one attachment at once (CDN links expire), reading at most `maxBytes`. A file whose declared or
 * streamed size passes that cap is `attachment_too_large` without reading the rest; HTTP 403/404/410 is
 * `attachment_download_failed` (expired), anything else on the wire `network`. The bytes are not checked here: the
 * core sniffs type, size and pixels before anything is reserved.
 */
export async function downloadAttachment(file: RemoteFile, maxBytes: number, timeoutMs = DOWNLOAD_TIMEOUT_MS): Promise<Result<Uint8Array>> {
  if (file.size > maxBytes) return err(fail('attachment_too_large', { maxBytes, gotBytes: file.size, name: file.name }));
  let res: Response;
  try {
    res = await fetch(file.url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    return err(fail('attachment_download_failed', { reason: 'network' }));
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => undefined);
    const expired = res.status === 403 || res.status === 404 || res.status === 410;
    return err(fail('attachment_download_failed', { reason: expired ? 'expired' : 'network' }));
  }
  let got: Uint8Array | number;
  try {
    got = await readCapped(res.body, maxBytes);
  } catch {
    return err(fail('attachment_download_failed', { reason: 'network' }));
  }
  return typeof got === 'number' ? err(fail('attachment_too_large', { maxBytes, gotBytes: got, name: file.name })) : ok(got);
}

/** A discord.js attachment as a {@link RemoteFile}. */
export function remoteFileOf(a: DiscordAttachment): RemoteFile {
  return { name: a.name, url: a.url, size: a.size, contentType: a.contentType };
}

/** A Discord attachment as the core's {@link IncomingFile}: declared size and type now, the download on `fetch`. */
export function incomingFileOf(file: RemoteFile): IncomingFile {
  return {
    name: file.name,
    declaredBytes: file.size,
    ...(file.contentType ? { declaredType: file.contentType } : {}),
    fetch: (maxBytes) => downloadAttachment(file, maxBytes),
  };
}

/** Whether a message attachment looks like an image ("Edit with AI" only offers those). */
export function looksLikeImage(file: RemoteFile): boolean {
  return (file.contentType ?? '').startsWith('image/') || /\.(png|jpe?g|webp|gif)$/i.test(file.name);
}
