import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { mkdir, readdir, rm, rmdir, stat, writeFile, rename } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { Clock } from '../core/ports/clock.js';

/** One stored output file. */
export interface StoredOutput {
  path: string;
  filename: string;
  bytes: number;
}

/**
 * Files up to this size are written synchronously: a 5 KiB PNG costs ~0.1 ms on the event loop that way (page-cache
 * writes, no fsync) against ~2.5 ms of three thread-pool round trips (mkdir, write, rename) on a loaded machine.
 * Larger files (a real gateway's megabyte images, videos) keep the asynchronous path, so one write never holds the
 * loop for long: 256 KiB is ~0.1–0.3 ms of copying.
 */
export const SYNC_WRITE_MAX_BYTES = 256 * 1024;

/**
 * Result files of jobs on the local disk, under `<rootDir>/<jobId>/<filename>`. Job ids and filenames are
 * sanitized (letters, digits, `.`, `_`, `-`; no leading dot; at most 100 characters), so no name can leave
 * `rootDir`. Writes go to a `.part` file renamed into place, so a crash never leaves a half file under the
 * final name. Retention (how long files stay) is decided by the caller (the poller's purge), not here.
 */
export class OutputStore {
  private readonly root: string;

  /** `clock` stamps nothing on disk today; it is kept so retention rules can be added without changing callers. */
  constructor(
    rootDir: string,
    readonly clock: Clock,
  ) {
    this.root = resolve(rootDir);
  }

  /** The directory of one job (not created). */
  dirOf(jobId: string): string {
    const d = join(this.root, safeName(jobId, 'job'));
    if (!d.startsWith(this.root + sep)) throw new Error('output dir escapes the root');
    return d;
  }

  /**
   * Writes `bytes` as `<jobId>/<filename>` atomically (replacing a previous file of that name). Up to
   * {@link SYNC_WRITE_MAX_BYTES} the folder, the `.part` and the rename are done synchronously (same steps, same
   * atomicity); larger files asynchronously.
   */
  async save(jobId: string, filename: string, bytes: Uint8Array): Promise<{ path: string; bytes: number }> {
    if (bytes.byteLength <= SYNC_WRITE_MAX_BYTES) {
      mkdirSync(this.dirOf(jobId), { recursive: true });
      const path = this.pathOf(jobId, filename);
      const part = `${path}.part`;
      writeFileSync(part, bytes);
      renameSync(part, path);
      return { path, bytes: bytes.byteLength };
    }
    const path = await this.tempPath(jobId, filename);
    const part = `${path}.part`;
    await writeFile(part, bytes);
    await rename(part, path);
    return { path, bytes: bytes.byteLength };
  }

  /** The path `<jobId>/<filename>` has; nothing is created (see {@link tempPath} to write there). */
  pathOf(jobId: string, filename: string): string {
    return join(this.dirOf(jobId), safeName(filename, 'file'));
  }

  /**
   * The path `<jobId>/<filename>` will have, with its directory created; nothing is written. A writer that then
   * fails before leaving a file calls {@link removeIfEmpty}, so no empty job folder stays behind.
   */
  async tempPath(jobId: string, filename: string): Promise<string> {
    await mkdir(this.dirOf(jobId), { recursive: true });
    return this.pathOf(jobId, filename);
  }

  /** The job's finished files (`.part` leftovers excluded), by name; empty when there are none. */
  async list(jobId: string): Promise<StoredOutput[]> {
    const dir = this.dirOf(jobId);
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw e;
    }
    const out: StoredOutput[] = [];
    for (const filename of names.sort()) {
      if (filename.endsWith('.part')) continue;
      const path = join(dir, filename);
      const s = await stat(path).catch(() => undefined);
      if (s?.isFile()) out.push({ path, filename, bytes: s.size });
    }
    return out;
  }

  /** Deletes the job's folder when it holds nothing (a file, even a `.part`, keeps it); no error when it is absent. */
  async removeIfEmpty(jobId: string): Promise<void> {
    try {
      await rmdir(this.dirOf(jobId));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTEMPTY' && code !== 'EEXIST') throw e;
    }
  }

  /** Deletes every file of the job (no error when there are none). */
  async remove(jobId: string): Promise<void> {
    await rm(this.dirOf(jobId), { recursive: true, force: true });
  }
}

/** A file-system-safe name: unsafe characters become `_`, leading dots are dropped, at most 100 characters. */
export function safeName(name: string, fallback: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '').slice(0, 100);
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? fallback : cleaned;
}

/** Size of a file, or null when it does not exist. */
export async function fileSize(path: string): Promise<number | null> {
  try {
    return (await stat(path)).size;
  } catch {
    return null;
  }
}
