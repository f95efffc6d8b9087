import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, rm, stat } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

/** The first executable named `name` on `PATH`, or null. */
export async function findOnPath(name: string, pathEnv: string | undefined = process.env.PATH): Promise<string | null> {
  for (const dir of (pathEnv ?? '').split(delimiter)) {
    if (!dir) continue;
    const p = join(dir, name);
    try {
      await access(p, constants.X_OK);
      return p;
    } catch {
      // not here
    }
  }
  return null;
}

/** Options of {@link fitVideo}. */
export interface FitOptions {
  ffmpegPath: string;
  input: string;
  output: string;
  limitBytes: number;
  /** Duration used to compute the bitrate (the requested seconds; a longer guess only lowers quality). */
  seconds: number;
  signal?: AbortSignal;
  /** Longest an encode may take; default 10 minutes. */
  timeoutMs?: number;
}

const AUDIO_BPS = 64_000;
const MIN_VIDEO_BPS = 50_000;

/**
 * Re-encodes `input` (H.264 + AAC, faststart) to fit `limitBytes`: the bitrate is computed from the duration with
 * 10 % headroom for the container, and `-fs` stops writing at the limit as a safety net. Returns the new size,
 * or null when ffmpeg failed or the result still does not fit (the output is then deleted).
 * Trade-off: one pass at a fixed bitrate is fast but may cost quality a two-pass encode would keep.
 */
export async function fitVideo(o: FitOptions): Promise<{ bytes: number } | null> {
  const totalBps = Math.floor((o.limitBytes * 8 * 0.9) / Math.max(1, o.seconds));
  const videoBps = Math.max(MIN_VIDEO_BPS, totalBps - AUDIO_BPS);
  const args = [
    '-nostdin', '-y', '-loglevel', 'error', '-i', o.input,
    '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', String(videoBps), '-maxrate', String(videoBps), '-bufsize', String(videoBps * 2),
    '-c:a', 'aac', '-b:a', String(AUDIO_BPS), '-movflags', '+faststart', '-fs', String(o.limitBytes), o.output,
  ];
  const ok = await runTool(o.ffmpegPath, args, o.timeoutMs ?? 600_000, o.signal);
  const size = ok ? await stat(o.output).then((s) => s.size).catch(() => -1) : -1;
  if (size > 0 && size <= o.limitBytes) return { bytes: size };
  await rm(o.output, { force: true });
  return null;
}

/** Runs `cmd` with `args` (no shell, no output read), killed after `timeoutMs`: true when it exited 0. */
export function runTool(cmd: string, args: string[], timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'ignore', ...(signal ? { signal } : {}) });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    timer.unref();
    child.on('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
  });
}
