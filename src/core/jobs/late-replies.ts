import type { JobView } from '../api/jobs.js';
import { deliveredResultFields, finishedJobActions, videoResultFields } from '../commands/reply-kit.js';
import type { Reply, ReplyFile } from '../commands/types.js';
import type { Failure } from '../failures.js';
import { DEFAULT_LOCALE, t } from '../i18n/catalog.js';
import type { Micros } from '../money.js';

/**
 * The replies the job runner posts late, in the job's own locale, shaped like a command's own reply so a late post
 * looks like the live one: a finished video, a kept image or answer its command could not post, and a failure notice.
 * A surface renders them through its `Delivery.post` exactly as it renders a command's reply, within its own limits.
 */

/** A kept file of a job, as the runner lists it. */
export interface KeptFile {
  path: string;
  filename: string;
  mime: string;
  bytes: number;
}

/** A kept result: its files (none for an answer), an answer's text, and what the requester has left where known. */
export interface KeptResult {
  files: KeptFile[];
  /** The answer of an ask job. */
  text?: string;
  /**
   * What the requester has left after the charge, as the command's own reply shows it: null for no limit (or a
   * personal token), undefined when not known (the charge not settled yet, or an answer, whose reply shows none).
   */
  remainingMicros?: Micros | null;
}

/**
 * A kept image, edit or answer its command could not post: an image as its command's reply (title, prompt, the
 * files, `deliveredResultFields`), an answer as its text (or "(empty answer)") with the same fields; the follow-ups of
 * the finished job ({@link finishedJobActions}, Remix where `remix`).
 */
export function keptResultReply(job: JobView, kept: KeptResult, remix = false): Reply {
  const l = job.locale ?? DEFAULT_LOCALE;
  const answer = kept.text !== undefined;
  const files: ReplyFile[] = kept.files.map((f) => ({ name: f.filename, mime: f.mime, kind: 'image', path: f.path, size: f.bytes }));
  return {
    visibility: 'public',
    tone: 'result',
    ...(answer ? {} : { title: t(l, 'result-image-title') }),
    blocks: [
      answer ? kept.text || t(l, 'result-empty-answer') : job.prompt,
      ...(!answer && job.count !== undefined && files.length < job.count ? [t(l, 'result-images-partial', { made: files.length, requested: job.count })] : []),
    ],
    fields: deliveredResultFields(job, kept.remainingMicros),
    ...(files.length ? { files } : {}),
    actions: finishedJobActions({ ...job, images: files.length }, remix),
    jobId: job.id,
    jobKind: job.kind,
    locale: l,
  };
}

/**
 * A finished video: its title, the prompt, the facts of the delivered file (`videoResultFields`), the mp4 and the
 * follow-ups of a finished video (Reroll, and Remix where `remix`).
 */
export function videoReply(job: JobView, file: { path: string; bytes: number; mime: string }, remix = false, lastFrame = false): Reply {
  const l = job.locale ?? DEFAULT_LOCALE;
  return {
    visibility: 'public',
    tone: 'result',
    title: t(l, 'title-video-ready'),
    blocks: [job.prompt],
    fields: videoResultFields(job),
    files: [{ name: `video-${job.id}.mp4`, mime: file.mime, kind: 'video', path: file.path, size: file.bytes }],
    actions: finishedJobActions(job, remix, lastFrame),
    jobId: job.id,
    jobKind: job.kind,
    locale: l,
  };
}

/**
 * A job ended without a result it could post: `text` is the failure explained for the job's surface and locale (the
 * core's `explain`, with the reference), `failure` the failure itself.
 */
export function failureNotice(job: Pick<JobView, 'id' | 'kind' | 'locale'>, failure: Failure, text: string): Reply {
  return { visibility: 'public', tone: 'error', blocks: [text], failure, jobId: job.id, jobKind: job.kind, locale: job.locale ?? DEFAULT_LOCALE };
}
