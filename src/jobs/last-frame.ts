import { rm, stat } from 'node:fs/promises';
import { runTool } from './fit-video.js';

/** Longest a frame extraction may take (a seek to the end and one decode). */
const FRAME_TIMEOUT_MS = 60_000;

/**
 * Writes the last frame of the video at `input` as a PNG at `output` with ffmpeg: it seeks to a second before the end
 * and keeps overwriting one image with each decoded frame, so the file left is the final frame; a video shorter than
 * that second is decoded from its start. Returns whether a non-empty image was written (a failed attempt leaves
 * nothing). Trade-off: decoding up to a second of video costs a fraction of a second; an exact seek to the last
 * keyframe would be faster but may miss frames after it.
 */
export async function extractLastFrame(ffmpegPath: string, input: string, output: string, signal?: AbortSignal): Promise<boolean> {
  const tail = ['-update', '1', '-an', '-f', 'image2', '-c:v', 'png', output];
  for (const seek of [['-sseof', '-1'], []]) {
    const ok = await runTool(ffmpegPath, ['-nostdin', '-y', '-loglevel', 'error', ...seek, '-i', input, ...tail], FRAME_TIMEOUT_MS, signal);
    const size = ok ? await stat(output).then((s) => s.size, () => 0) : 0;
    if (size > 0) return true;
  }
  await rm(output, { force: true });
  return false;
}
