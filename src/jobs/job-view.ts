import type { JobView } from '../core/api.js';
import type { JobRecord } from '../core/ports/job-store.js';

/** Guesses a MIME type from a file name (the outputs the bot writes: mp4, png, jpeg, webp). */
export function mimeOf(filename: string): string {
  const ext = filename.toLowerCase().split('.').pop() ?? '';
  return ({ mp4: 'video/mp4', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' } as Record<string, string>)[ext] ?? 'application/octet-stream';
}

/**
 * A {@link JobRecord} as adapters see it ({@link JobView}). `outputs` (from `OutputStore.list`) is attached
 * only when given and non-empty; `userExternalId` comes from the job's delivery target ('' when it has none).
 */
export function toJobView(r: JobRecord, outputs?: { path: string; filename: string; bytes: number }[]): JobView {
  const v: JobView = {
    id: r.id,
    kind: r.kind,
    status: r.status,
    model: r.model,
    prompt: r.prompt,
    progress: r.progress,
    estimateMicros: r.estimateMicros,
    chargedMicros: r.chargedMicros,
    createdAt: r.createdAt,
    finishedAt: r.finishedAt,
    userExternalId: r.delivery?.userExternalId ?? '',
  };
  if (r.params.seconds !== undefined) v.seconds = r.params.seconds;
  if (r.params.size !== undefined) v.size = r.params.size;
  if (r.errorCode) v.errorCode = r.errorCode;
  if (outputs && outputs.length > 0) v.outputs = outputs.map((o) => ({ ...o, mime: mimeOf(o.filename) }));
  return v;
}
