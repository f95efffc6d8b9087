import type { JobMoney, JobState } from '../api/jobs.js';
import { t } from '../i18n/catalog.js';
import { formatPrice } from '../i18n/format.js';

/** A job's state in plain words in `locale` (`job-state`: "in progress", "failed"); never the raw status code. */
export function describeJobState(locale: string, state: JobState): string {
  return t(locale, 'job-state', { state });
}

/**
 * What happened to a job's money in `locale`, from its ledger outcome (`job-money`): "held $0.40", "charged $0.011",
 * "charged $0.40, result kept", "nothing charged" (released, or never held), "refunded $0.40". "held" only while a
 * hold is open.
 */
export function describeJobMoney(locale: string, m: JobMoney): string {
  return t(locale, 'job-money', { outcome: m.outcome, amount: m.outcome === 'none' ? 'none' : formatPrice(locale, m.micros) });
}
