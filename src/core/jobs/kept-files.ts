/**
 * How a job's kept files are named under its output folder, written once for the command path, the job runner and
 * `/job`: results are `<jobId>-<n>.<ext>` (images), `video.mp4` (a video; `video-fit.mp4` once shrunk to a chat's upload
 * limit) or `answer.txt` (an answer's text); an edit's reference images are `ref-<n>.<ext>`, a delivered video's last
 * frame `last-frame.png`. The names never clash.
 */

/** An answer's kept text. */
export const ANSWER_FILE = 'answer.txt';
/** A video as downloaded from the gateway. */
export const VIDEO_FILE = 'video.mp4';
/** A video re-encoded to fit a chat's upload limit. */
export const VIDEO_FIT_FILE = 'video-fit.mp4';
/**
 * The last frame of a delivered video (PNG), kept for "Animate with last frame" for the retention time after the
 * video itself was posted and deleted. Not a result: `/job` does not post it.
 */
export const LAST_FRAME_FILE = 'last-frame.png';

/**
 * A delivered video kept for the web gallery only (`GALLERY_RETENTION_DAYS`): the posted file renamed, so the chat's
 * `/job` (which never re-sends a delivered video) cannot mistake it for an undelivered one.
 */
export const GALLERY_VIDEO_FILE = 'gallery-video.mp4';

/** True for a file only the gallery keeps ({@link GALLERY_VIDEO_FILE}). */
export function isGalleryOnlyFile(filename: string): boolean {
  return filename === GALLERY_VIDEO_FILE;
}

/** True for a video's kept last frame ({@link LAST_FRAME_FILE}). */
export function isLastFrameFile(filename: string): boolean {
  return filename === LAST_FRAME_FILE;
}

const EXT: Record<string, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', gif: 'gif' };

const MIME_BY_EXT: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
};

/** The `n`-th (from 1) result image of a job, of sniffed image type `type` (`png`, `jpeg`…; unknown: png). */
export function resultImageFile(jobId: string, n: number, type: string): string {
  return `${jobId}-${n}.${EXT[type] ?? 'png'}`;
}

/** The `n`-th (from 1) kept reference image of an edit, of sniffed image type `type`. */
export function referenceFile(n: number, type: string): string {
  return `ref-${n}.${EXT[type] ?? 'png'}`;
}

/** True for a kept reference image (`ref-<n>.<ext>`). */
export function isReferenceFile(filename: string): boolean {
  return /^ref-\d+\./.test(filename);
}

/** True for a kept result file other than an answer's text: an image or a video. */
export function isResultMedia(filename: string): boolean {
  return !isReferenceFile(filename) && filename !== ANSWER_FILE && !isLastFrameFile(filename) && !isGalleryOnlyFile(filename);
}

/** True for a file the web gallery shows: a result image or video, the gallery's own copy of a posted video included. */
export function isGalleryMedia(filename: string): boolean {
  return isResultMedia(filename) || isGalleryOnlyFile(filename);
}

/** The MIME type of a kept output, from its extension (`application/octet-stream` when unknown). */
export function mimeOf(filename: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase() ?? '';
  return MIME_BY_EXT[ext] ?? 'application/octet-stream';
}
