import type { JobView } from '../api.js';
import type { JobRecord } from '../ports/job-store.js';

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
 * A job as adapters see it. `userExternalId` comes from the job's delivery target when there is one, else from
 * the caller (who looked the user up). `outputs` are listed only while retained.
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
    userExternalId: rec.delivery?.userExternalId ?? userExternalId,
  };
  if (rec.params.seconds !== undefined) v.seconds = rec.params.seconds;
  if (rec.params.size !== undefined) v.size = rec.params.size;
  if (rec.errorCode) v.errorCode = rec.errorCode;
  if (outputs && outputs.length > 0) v.outputs = outputs.map((o) => ({ ...o, mime: mimeOf(o.filename) }));
  return v;
}
