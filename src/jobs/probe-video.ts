import { open } from 'node:fs/promises';
import type { Movie } from 'mp4box';

/** What the delivered file itself says: its length and picture size. */
export interface VideoFacts {
  durationSeconds: number;
  width: number;
  height: number;
}

/** A `moov` larger than this is not read (a real one is kilobytes to a few megabytes). */
const MAX_MOOV_BYTES = 64 * 1024 * 1024;
/** Top-level boxes walked at most (a real mp4 has a handful). */
const MAX_BOXES = 1_000;

/**
 * mp4box, loaded on the first probe (~2 MiB resident and 20–90 ms of loading that a bot which never delivers a video
 * should not pay at start-up), with its console logging turned down to errors.
 */
let mp4box: Promise<typeof import('mp4box')> | undefined;
function loadMp4box(): Promise<typeof import('mp4box')> {
  return (mp4box ??= import('mp4box').then((m) => {
    m.Log.setLogLevel(m.Log.error);
    return m;
  }));
}

/**
 * Reads the length and size of the mp4 at `path` from the file itself, or undefined when they cannot be trusted:
 * a top-level box runs past the end of the file (truncated), there is no `moov`, no video track, or the numbers are
 * not positive. Only the box headers and the `ftyp` and `moov` boxes are read (never the media data), so a 2 GiB file
 * costs a few reads. Never throws: a probe never stops a delivery.
 */
export async function probeVideo(path: string): Promise<VideoFacts | undefined> {
  try {
    const boxes = await movieBoxes(path);
    return boxes ? factsOf(await loadMp4box(), boxes) : undefined;
  } catch {
    return undefined;
  }
}

/** The `ftyp` (when present) and `moov` boxes, concatenated; undefined when the file's box structure is broken. */
async function movieBoxes(path: string): Promise<Buffer | undefined> {
  const fh = await open(path, 'r');
  try {
    const size = (await fh.stat()).size;
    const kept: Buffer[] = [];
    let moov = false;
    let pos = 0;
    for (let n = 0; pos < size; n++) {
      if (n >= MAX_BOXES || size - pos < 8) return undefined;
      const head = Buffer.alloc(16);
      await fh.read(head, 0, Math.min(16, size - pos), pos);
      const type = head.toString('latin1', 4, 8);
      const small = head.readUInt32BE(0);
      const boxSize = small === 1 ? Number(head.readBigUInt64BE(8)) : small === 0 ? size - pos : small;
      if (boxSize < 8 || pos + boxSize > size) return undefined;
      if (type === 'ftyp' || type === 'moov') {
        if (boxSize > MAX_MOOV_BYTES) return undefined;
        const body = Buffer.alloc(boxSize);
        await fh.read(body, 0, boxSize, pos);
        kept.push(body);
        if (type === 'moov') moov = true;
      }
      pos += boxSize;
    }
    return moov ? Buffer.concat(kept) : undefined;
  } finally {
    await fh.close();
  }
}

/** The movie's duration and first video track's size, through mp4box. */
function factsOf({ createFile, MP4BoxBuffer }: typeof import('mp4box'), bytes: Buffer): VideoFacts | undefined {
  const file = createFile();
  let movie: Movie | undefined;
  file.onReady = (m) => {
    movie = m;
  };
  const ab = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(ab, 0));
  file.flush();
  const track = movie?.videoTracks[0];
  if (!movie || !track || !(movie.timescale > 0)) return undefined;
  const durationSeconds = movie.duration / movie.timescale;
  const width = track.video?.width ?? track.track_width;
  const height = track.video?.height ?? track.track_height;
  if (!(durationSeconds > 0) || !(width > 0) || !(height > 0)) return undefined;
  return { durationSeconds, width: Math.round(width), height: Math.round(height) };
}
