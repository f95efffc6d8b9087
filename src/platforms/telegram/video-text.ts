import { DEFAULT_LOCALE, t } from '../../core/i18n/catalog.js';
import type { JobView } from '../../core/api/jobs.js';
import type { ReplyField } from '../../core/commands/types.js';
import { describeJobState } from '../../core/messages.js';
import { CAPTION_MAX, clip } from './format.js';

/** Caption of a delivered video: its facts' values (model, length, size and the charge). */
export function videoCaption(fields: readonly ReplyField[]): string {
  return clip(fields.map((f) => f.value).join(' · '), CAPTION_MAX);
}

/** Progress line of a running video. */
export function progressText(job: JobView): string {
  const pct = Math.max(0, Math.min(100, Math.round(job.progress)));
  const bar = '▓'.repeat(Math.round(pct / 10)) + '░'.repeat(10 - Math.round(pct / 10));
  const l = job.locale ?? DEFAULT_LOCALE;
  return t(l, 'status-video', { job: job.id, model: job.model, state: describeJobState(l, job.state), bar: `${bar} ${pct}%` });
}
