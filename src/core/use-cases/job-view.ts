import type { JobView } from '../api.js';
import type { JobRecord } from '../ports/job-store.js';
import { DEFAULT_LOCALE } from '../i18n/catalog.js';

const MIME_BY_EXT: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
};

/** The MIME type of a kept output, from its extension (`application/octet-stream` when unknown). */
export function mimeOf(filename: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase() ?? '';
  return MIME_BY_EXT[ext] ?? 'application/octet-stream';
}

/**
 * A job as surfaces see it ({@link JobView}); the one mapping from {@link JobRecord}, used by the use-cases and the
 * video poller. `userExternalId` is the requester's id on their surface, looked up by the caller (the delivery
 * address is opaque to the core). `outputs` (from the output store) are attached only when given and non-empty.
 */
export function toJobView(
  rec: JobRecord,
  userExternalId: string,
  outputs?: { path: string; filename: string; bytes: number }[],
): JobView {
  const v: JobView = {
    id: rec.id,
    kind: rec.kind,
    status: rec.status,
    model: rec.model,
    prompt: rec.prompt,
    progress: rec.progress,
    estimateMicros: rec.estimateMicros,
    chargedMicros: rec.chargedMicros,
    createdAt: rec.createdAt,
    finishedAt: rec.finishedAt,
    userExternalId,
    locale: rec.locale ?? DEFAULT_LOCALE,
  };
  if (rec.params.seconds !== undefined) v.seconds = rec.params.seconds;
  if (rec.params.size !== undefined) v.size = rec.params.size;
  if (rec.errorCode) v.errorCode = rec.errorCode;
  if (outputs && outputs.length > 0) v.outputs = outputs.map((o) => ({ ...o, mime: mimeOf(o.filename) }));
  return v;
}
