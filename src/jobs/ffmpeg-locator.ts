import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { findOnPath } from './fit-video.js';

/** Where the ffmpeg used to shrink videos came from. */
export type FfmpegSource = 'FFMPEG_PATH' | 'system' | 'bundled';

/** A usable ffmpeg executable. */
export interface FfmpegLocation {
  path: string;
  source: FfmpegSource;
}

/** Inputs of {@link locateFfmpeg}; every one has a default suited to production. */
export interface LocateFfmpegOptions {
  /** `FFMPEG_PATH`: a path (must be executable), 'none' (never re-encode) or undefined (search). */
  configured?: string | undefined;
  /** The search path. Default `process.env.PATH`. */
  pathEnv?: string | undefined;
  /** Path of the packaged binary, or null. Default: `@ffmpeg-installer/ffmpeg`'s, when installed for this platform. */
  bundled?: () => Promise<string | null>;
}

/** The `FFMPEG_PATH` given is not an executable file. */
export class FfmpegPathError extends Error {
  constructor(readonly path: string) {
    super(`Configuration error: FFMPEG_PATH must be an executable ffmpeg (cannot execute ${path}), or "none".`);
    this.name = 'ConfigError';
  }
}

async function executable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The binary shipped by the `@ffmpeg-installer/ffmpeg` package (a static build per platform, installed from the
 * npm registry as an optional dependency), or null when the package or its platform build is missing.
 */
export async function bundledFfmpeg(): Promise<string | null> {
  try {
    const mod = (await import('@ffmpeg-installer/ffmpeg')) as { default?: { path?: string }; path?: string };
    const path = mod.default?.path ?? mod.path;
    return path && (await executable(path)) ? path : null;
  } catch {
    return null; // the package throws a string on an unsupported platform or when the binary is missing
  }
}

/**
 * Finds ffmpeg: `FFMPEG_PATH` when set ('none' → null), else a system ffmpeg on PATH (preferred: distributions
 * keep it patched), else the packaged one. Null when there is none; callers then keep too-large videos for `/job`.
 * @throws FfmpegPathError when `FFMPEG_PATH` names something that cannot be executed.
 */
export async function locateFfmpeg(o: LocateFfmpegOptions = {}): Promise<FfmpegLocation | null> {
  const configured = o.configured?.trim();
  if (configured && /^none$/i.test(configured)) return null;
  if (configured) {
    if (!(await executable(configured))) throw new FfmpegPathError(configured);
    return { path: configured, source: 'FFMPEG_PATH' };
  }
  const system = await findOnPath('ffmpeg', 'pathEnv' in o ? o.pathEnv : process.env.PATH);
  if (system) return { path: system, source: 'system' };
  const bundled = await (o.bundled ?? bundledFfmpeg)();
  return bundled ? { path: bundled, source: 'bundled' } : null;
}
