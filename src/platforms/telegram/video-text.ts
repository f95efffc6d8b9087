import { DEFAULT_LOCALE, t } from '../../core/i18n/catalog.js';
import type { JobView } from '../../core/api/surface.js';
import { videoResultFields } from '../../core/commands/reply-kit.js';
import { describeJobState } from '../../core/messages/job-text.js';
import { CAPTION_MAX, clip } from './format.js';

/** Caption of a delivered video: model, length, size and the charge. */
export function videoCaption(job: JobView): string {
  return clip(videoResultFields(job).map((f) => f.value).join(' · '), CAPTION_MAX);
}

/** Progress line of a running video. */
export function progressText(job: JobView): string {
  const pct = Math.max(0, Math.min(100, Math.round(job.progress)));
  const bar = '▓'.repeat(Math.round(pct / 10)) + '░'.repeat(10 - Math.round(pct / 10));
  const l = job.locale ?? DEFAULT_LOCALE;
  return t(l, 'status-video', { job: job.id, model: job.model, state: describeJobState(l, job.state), bar: `${bar} ${pct}%` });
}
