import { constants } from 'node:fs';
import { access, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { StartupError } from '../startup-errors.js';

function why(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  return err?.code ? `${err.code}: ${err.message.replace(/^[A-Z]+: /, '').replace(/, \w+ '.*'$/, '')}` : String(e);
}

/**
 * Creates `dir` and its missing parents one level at a time. (Node's `mkdir(…, { recursive: true })` never returns
 * for some paths, e.g. under /proc, which made a bad `OUTPUT_DIR` hang the start; this fails instead.)
 */
async function makeDirs(dir: string): Promise<void> {
  const missing: string[] = [];
  let p = resolve(dir);
  for (;;) {
    try {
      const s = await stat(p);
      if (!s.isDirectory()) throw Object.assign(new Error(`${p} is not a directory`), { code: 'ENOTDIR' });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      missing.unshift(p);
      const parent = dirname(p);
      if (parent === p) break;
      p = parent;
    }
  }
  for (const m of missing) {
    try {
      await mkdir(m);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
}

/**
 * Makes sure `dir` exists (created if needed) and accepts new files, by writing and deleting a probe file (this
 * also catches read-only mounts, which a permission check misses for root).
 * @param variable the setting it came from, named in the error (e.g. `OUTPUT_DIR`).
 * @throws StartupError "OUTPUT_DIR=/proc/x cannot be used: cannot create /proc/x (ENOENT: …)".
 */
export async function ensureWritableDir(dir: string, variable: string): Promise<void> {
  try {
    await makeDirs(dir);
  } catch (e) {
    throw new StartupError(`${variable}=${dir} cannot be used: cannot create the directory ${resolve(dir)} (${why(e)}).`, { cause: e });
  }
  const probe = resolve(dir, `.write-test-${process.pid}`);
  try {
    await writeFile(probe, '');
    await rm(probe, { force: true });
  } catch (e) {
    throw new StartupError(`${variable}=${dir} cannot be used: cannot write in ${resolve(dir)} (${why(e)}).`, { cause: e });
  }
}

/**
 * Checks a SQLite database path before it is opened: its directory is created and writable, and an existing file
 * is a regular, writable file. ':memory:' passes.
 * @throws StartupError naming `DATABASE_PATH` and the path.
 */
export async function ensureDatabasePath(path: string, variable = 'DATABASE_PATH'): Promise<void> {
  if (path === ':memory:') return;
  await ensureWritableDir(dirname(path), `${variable} (its directory)`);
  let s;
  try {
    s = await stat(path);
  } catch {
    return; // created on open
  }
  if (!s.isFile()) throw new StartupError(`${variable}=${path} cannot be used: it is not a regular file.`);
  try {
    await access(path, constants.R_OK | constants.W_OK);
  } catch (e) {
    throw new StartupError(`${variable}=${path} cannot be used: the file is not writable (${why(e)}).`, { cause: e });
  }
}
