import type { Attachment } from '../../core/api.js';
import { err, fail, ok, type Result } from '../../core/failures.js';

/** What the adapter knows about a Discord attachment before downloading it. */
export interface RemoteFile {
  name: string;
  url: string;
  /** Size Discord reported, in bytes. */
  size: number;
  contentType?: string | null;
}

/** Download limits. */
export interface DownloadLimits {
  /** The largest reference image the target model accepts; a bigger declared size is refused unread. */
  maxBytes: number;
  /**
   * Extra bytes tolerated past `maxBytes` before the download is cut. Default 0: Discord declares exact sizes, so
   * the refusal already names the real size; a margin only helps when declared sizes are unreliable.
   */
  marginBytes?: number;
  /** Whole-download deadline. Default 15 s. */
  timeoutMs?: number;
}

/** Picks the download limits for a job's reference images. */
export type DownloadLimitsFor = (kind: 'image' | 'video', model?: string) => DownloadLimits;

/**
 * Downloads one attachment at once (CDN links expire), reading at most `maxBytes + margin` bytes.
 * A file whose declared or streamed size passes that cap is `attachment_too_large` without reading the rest;
 * HTTP 403/404/410 is `attachment_download_failed` (expired), anything else on the wire `network`.
 * The bytes are not checked here: the core sniffs type, size and pixels before anything is reserved.
 */
export async function downloadAttachment(file: RemoteFile, limits: DownloadLimits): Promise<Result<Attachment>> {
  const cap = limits.maxBytes + (limits.marginBytes ?? 0);
  if (file.size > cap) return err(fail('attachment_too_large', { maxBytes: limits.maxBytes, gotBytes: file.size, name: file.name }));
  let res: Response;
  try {
    res = await fetch(file.url, { signal: AbortSignal.timeout(limits.timeoutMs ?? 15_000) });
  } catch {
    return err(fail('attachment_download_failed', { reason: 'network' }));
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => undefined);
    const expired = res.status === 403 || res.status === 404 || res.status === 410;
    return err(fail('attachment_download_failed', { reason: expired ? 'expired' : 'network' }));
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = res.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > cap) {
        await reader.cancel().catch(() => undefined);
        return err(fail('attachment_too_large', { maxBytes: limits.maxBytes, gotBytes: total, name: file.name }));
      }
      chunks.push(value);
    }
  } catch {
    return err(fail('attachment_download_failed', { reason: 'network' }));
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return ok({ name: file.name, bytes, ...(file.contentType ? { declaredType: file.contentType } : {}) });
}

/** Downloads several files in order; the first failure wins (nothing is sent anywhere before all succeed). */
export async function downloadAll(files: readonly RemoteFile[], limits: DownloadLimits): Promise<Result<Attachment[]>> {
  const results = await Promise.all(files.map((f) => downloadAttachment(f, limits)));
  const out: Attachment[] = [];
  for (const r of results) {
    if (!r.ok) return r;
    out.push(r.value);
  }
  return ok(out);
}
