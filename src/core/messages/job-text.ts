import type { JobMoney, JobState } from '../api.js';
import { formatUsd } from '../money.js';

const STATE_WORDS: Record<JobState, string> = {
  queued: 'waiting to start',
  working: 'in progress',
  delivering: 'being posted',
  done: 'done',
  failed: 'failed',
  timed_out: 'took too long',
  interrupted: 'stopped',
  not_delivered: 'made, not posted',
};

/** A job's state in plain words ("in progress", "failed"); never the raw status code. */
export function describeJobState(state: JobState): string {
  return STATE_WORDS[state];
}

/**
 * What happened to a job's money, in plain words from its ledger outcome: "held $0.40", "charged $0.40", "charged
 * $0.40, result kept", "nothing charged" (released, or never held), "refunded $0.40". "held" only while a hold is open.
 */
export function describeJobMoney(m: JobMoney): string {
  switch (m.outcome) {
    case 'held':
      return `held ${formatUsd(m.micros)}`;
    case 'charged':
      return `charged ${formatUsd(m.micros)}`;
    case 'charged_kept':
      return `charged ${formatUsd(m.micros)}, result kept`;
    case 'refunded':
      return `refunded ${formatUsd(m.micros)}`;
    case 'released':
    case 'none':
      return 'nothing charged';
  }
}
