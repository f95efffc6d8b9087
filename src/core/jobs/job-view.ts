import { optionsText } from '../models/model-options.js';
import type { JobMoney, JobState, JobStatus, JobView } from '../api/jobs.js';
import type { JobLedgerFacts } from '../budget/types.js';
import type { JobRecord } from '../ports/job-store.js';
import { DEFAULT_LOCALE } from '../i18n/catalog.js';
import { mimeOf } from './kept-files.js';

const STATE: Record<JobStatus, JobState> = {
  reserved: 'queued',
  submitted: 'queued',
  running: 'working',
  downloading: 'working',
  delivering: 'delivering',
  delivered: 'done',
  succeeded: 'done',
  failed: 'failed',
  refunded: 'failed',
  expired: 'timed_out',
  released: 'interrupted',
  undeliverable: 'not_delivered',
};

/** The plain {@link JobState} of a status. */
export function jobState(status: JobStatus): JobState {
  return STATE[status];
}

/**
 * The money outcome of a job from its ledger facts: an open hold wins (money still set aside); a charge fully given
 * back is `refunded`; a charge is `charged_kept` when the job ended `undeliverable` (its result kept for `/job`),
 * else `charged` (net of a partial refund); a freed hold is `released`; no facts is `none`.
 */
export function jobMoney(status: JobStatus, f: JobLedgerFacts | undefined): JobMoney {
  if (!f) return { outcome: 'none' };
  if (f.heldMicros > 0) return { outcome: 'held', micros: f.heldMicros };
  if (f.chargedMicros > 0 && f.refundedMicros >= f.chargedMicros) return { outcome: 'refunded', micros: f.refundedMicros };
  if (f.chargedMicros > 0) return { outcome: status === 'undeliverable' ? 'charged_kept' : 'charged', micros: f.chargedMicros - f.refundedMicros };
  if (f.releasedMicros > 0) return { outcome: 'released', micros: f.releasedMicros };
  return { outcome: 'none' };
}

/**
 * A job as surfaces see it ({@link JobView}); the one mapping from {@link JobRecord}, used by the use-cases and the
 * job runner. `userExternalId` is the requester's id on their surface, looked up by the caller (the delivery
 * address is opaque to the core). `money` is the job's ledger facts (`BudgetLedger.jobMoney`; undefined: it never held
 * money). `outputs` (from the output store) are attached only when given and non-empty.
 */
export function toJobView(
  rec: JobRecord,
  userExternalId: string,
  money: JobLedgerFacts | undefined,
  outputs?: { path: string; filename: string; bytes: number }[],
): JobView {
  const v: JobView = {
    id: rec.id,
    kind: rec.kind,
    status: rec.status,
    state: jobState(rec.status),
    money: jobMoney(rec.status, money),
    model: rec.model,
    prompt: rec.prompt,
    progress: rec.progress,
    estimateMicros: rec.estimateMicros,
    chargedMicros: rec.chargedMicros,
    createdAt: rec.createdAt,
    finishedAt: rec.finishedAt,
    userExternalId,
    locale: rec.locale ?? DEFAULT_LOCALE,
  };
  if (rec.params.seconds !== undefined) v.seconds = rec.params.seconds;
  if (rec.params.billedSeconds !== undefined) v.billedSeconds = rec.params.billedSeconds;
  if (rec.params.deliveredSeconds !== undefined) v.deliveredSeconds = rec.params.deliveredSeconds;
  if (rec.params.size !== undefined) v.size = rec.params.size;
  const options = optionsText(rec.params);
  if (options) v.options = options;
  if (rec.params.count !== undefined && rec.params.count > 1) v.count = rec.params.count;
  if (rec.params.upscaleSize !== undefined) v.upscaleSize = rec.params.upscaleSize;
  if (rec.params.upscaleModel !== undefined) v.upscaleModel = rec.params.upscaleModel;
  if (rec.errorCode) v.errorCode = rec.errorCode;
  if (outputs && outputs.length > 0) v.outputs = outputs.map((o) => ({ ...o, mime: mimeOf(o.filename) }));
  return v;
}
