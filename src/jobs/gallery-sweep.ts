import { rm } from 'node:fs/promises';
import type { JobRecord, JobStore } from '../core/ports/job-store.js';
import { isGalleryMedia, isGalleryOnlyFile } from '../core/jobs/kept-files.js';
import type { Logger } from '../log.js';
import type { OutputStore } from './output-store.js';

/**
 * The purge's part for the web gallery (see `src/core/jobs/gallery-retention.ts`). Files stay while the chat's
 * retention (`outputExpiresAt`, what `/job` may re-send) or the gallery's (`galleryExpiresAt`) keeps them:
 * - {@link purgeChatExpired}: a job whose chat retention ended while the gallery still keeps it loses only what the
 *   chat alone used (an edit's reference images, a video's last frame) and its `outputPath`; `outputExpiresAt` stays
 *   in the past, so `/job` no longer offers the files;
 * - {@link purgeGallery}: at the gallery's expiry, and over the disk cap (oldest first), the gallery's files go, unless
 *   the chat still keeps them (then only the gallery's own claim and copy go). The job row stays: the gallery shows
 *   it as a card whose files are no longer kept.
 */
export interface GallerySweepDeps {
  jobs: Pick<JobStore, 'update' | 'expiredGallery' | 'galleryBytes' | 'oldestGallery'>;
  outputs: Pick<OutputStore, 'list' | 'remove'>;
  logger: Pick<Logger, 'warn'>;
}

const chatKeeps = (j: JobRecord, now: number) => j.outputExpiresAt !== null && j.outputExpiresAt > now;
const galleryKeeps = (j: JobRecord, now: number) => (j.galleryExpiresAt ?? 0) > now;

/** A job whose chat retention expired: removes its files, or only the chat's extras while the gallery keeps it. */
export async function purgeChatExpired(d: GallerySweepDeps, j: JobRecord, now: number): Promise<void> {
  if (!galleryKeeps(j, now)) {
    await d.outputs.remove(j.id);
    await d.jobs.update(j.id, [j.status], { outputPath: null, outputExpiresAt: null });
    return;
  }
  for (const f of await d.outputs.list(j.id)) if (!isGalleryMedia(f.filename)) await rm(f.path, { force: true });
  await d.jobs.update(j.id, [j.status], { outputPath: null });
}

/** Ends the gallery's keeping of `j`: its files go unless the chat still keeps them (then only the gallery's own copy). */
async function dropFromGallery(d: GallerySweepDeps, j: JobRecord, now: number): Promise<void> {
  if (chatKeeps(j, now)) {
    for (const f of await d.outputs.list(j.id)) if (isGalleryOnlyFile(f.filename)) await rm(f.path, { force: true });
    await d.jobs.update(j.id, [j.status], { galleryExpiresAt: null, galleryBytes: null });
    return;
  }
  await d.outputs.remove(j.id);
  await d.jobs.update(j.id, [j.status], { galleryExpiresAt: null, galleryBytes: null, outputPath: null });
}

/**
 * Removes gallery files past their expiry (up to `batch` a call), then, while the gallery keeps more than `maxBytes`,
 * the oldest. Returns how many jobs lost their gallery files.
 */
export async function purgeGallery(d: GallerySweepDeps, now: number, maxBytes: number, batch = 100): Promise<number> {
  let dropped = 0;
  for (const j of await d.jobs.expiredGallery(now, batch)) {
    await dropFromGallery(d, j, now);
    dropped += 1;
  }
  if (!Number.isFinite(maxBytes)) return dropped;
  let total = await d.jobs.galleryBytes();
  while (total > maxBytes) {
    const oldest = await d.jobs.oldestGallery(batch);
    if (oldest.length === 0) break;
    for (const j of oldest) {
      if (total <= maxBytes) break;
      await dropFromGallery(d, j, now);
      total -= j.galleryBytes ?? 0;
      dropped += 1;
    }
  }
  if (dropped > 0 && total > maxBytes) d.logger.warn({ total, maxBytes }, 'gallery: still over its disk cap');
  return dropped;
}
