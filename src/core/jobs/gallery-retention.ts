/**
 * The web gallery's own retention of result files, beside the chat's (`OUTPUT_RETENTION_HOURS`, what `/job` may
 * re-send, recorded as `outputExpiresAt`): a job whose result was kept gets `galleryExpiresAt` =
 * `GALLERY_RETENTION_DAYS` later and `galleryBytes` (its result files' size, for the `GALLERY_MAX_MB` cap). The files
 * stay on disk while either retention keeps them; each sweep removes only what no retention keeps any more
 * (`src/jobs/gallery-sweep.ts`). Written once here for the command path (`engine.ts`), the runner's resume of a kept
 * image (`sweep-step.ts`) and a posted video (`deliver-video-step.ts`).
 */
import type { JobPatch } from '../ports/job-store.js';
import { isGalleryMedia } from './kept-files.js';

/** One day in ms (`GALLERY_RETENTION_DAYS` × this is the gallery's retention). */
export const DAY_MS = 86_400_000;

/**
 * The gallery fields of a job whose result `files` were just kept at `now`, for `retentionMs` (none when it is 0 or
 * absent, or no result media is among `files`).
 */
export function galleryPatch(retentionMs: number | undefined, now: number, files: readonly { filename: string; bytes: number }[]): Pick<JobPatch, 'galleryExpiresAt' | 'galleryBytes'> {
  if (!retentionMs || retentionMs <= 0) return {};
  const media = files.filter((f) => isGalleryMedia(f.filename));
  if (media.length === 0) return {};
  return { galleryExpiresAt: now + retentionMs, galleryBytes: media.reduce((n, f) => n + f.bytes, 0) };
}
