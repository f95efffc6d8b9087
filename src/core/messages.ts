import type { Micros } from './money.js';
import { formatUsd } from './money.js';
import { formatDuration } from './messages/time.js';

/**
 * User-facing words of the core. Failure texts live in `messages/failure-text.ts`, time and size phrases in
 * `messages/time.js`, balance texts in `messages/balance-text.ts`; this module re-exports them and adds the
 * estimate text.
 */
export { describeFailure, describeFailureRef, type CommandHint } from './messages/failure-text.js';
export { describeBalance, type AllowanceView, type BalanceFacts } from './messages/balance-text.js';
export { describeJobMoney, describeJobState } from './messages/job-text.js';
export { formatBytes, formatDateTime, formatDuration, formatIn, formatResetTime, isValidTimeZone } from './messages/time.js';

/** What a job is estimated to cost before it starts. */
export interface JobEstimate {
  kind: 'image' | 'edit' | 'video' | 'text';
  model: string;
  costMicros: Micros;
  /** Images to make, or seconds of video. */
  count?: number;
  seconds?: number;
  size?: string;
  /** What is left after this job's hold, when limited. */
  remainingAfterMicros?: Micros | null;
  /** Typical wait for videos, in ms. */
  typicalWaitMs?: number;
}

/**
 * One line announcing a job and its hold, e.g. "Making 1 image with alpha-image-2 (1024x1024). Up to $0.01 is
 * held and charged only for what is delivered; $0.49 left after this."
 */
export function describeJobEstimate(e: JobEstimate): string {
  const what =
    e.kind === 'video'
      ? e.seconds ? `Making a video of ${e.seconds} s` : 'Making a video'
      : e.kind === 'text'
        ? 'Asking'
        : `${e.kind === 'edit' ? 'Editing' : 'Making'} ${e.count ?? 1} image${(e.count ?? 1) === 1 ? '' : 's'}`;
  const size = e.size ? ` (${e.size})` : '';
  const left = e.remainingAfterMicros !== undefined && e.remainingAfterMicros !== null ? `; ${formatUsd(Math.max(0, e.remainingAfterMicros))} left after this` : '';
  const wait = e.typicalWaitMs ? ` It usually takes about ${formatDuration(e.typicalWaitMs)}.` : '';
  return `${what} with ${e.model}${size}. Up to ${formatUsd(e.costMicros)} is held and charged only for what is delivered${left}.${wait}`;
}
