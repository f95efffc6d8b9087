import { apiError, type ErrorCtx } from './errors.js';
import type { Reply } from './reply.js';
import type { TokenBook } from './tokens.js';

/** One violation fee the simulator billed: what new-api writes to the token's log as "Violation fee charged". */
export interface SimFeeRecord {
  token: string;
  model: string | undefined;
  /** The `violation_fee.*` code of the refusal. */
  code: string;
  /** What was taken from the token (0 when its balance could not cover it). */
  micros: number;
  /** The request id of the refused request. */
  requestId: string;
  /** Epoch ms. */
  at: number;
}

/** The code the simulator's `violation_fee` fault answers with (Grok's marker, as new-api names it). */
export const VIOLATION_FEE_CODE = 'violation_fee.grok.csam';

/**
 * Bills a violation fee as new-api does after a refusal carrying a `violation_fee.*` code (`service/violation_fee.go`):
 * the fee is taken from the token (not stated in the error body) and kept in `fees`, the record a token log reads
 * (`content: "Violation fee charged"`, `other.violation_fee_code`, `fee_quota`). A token that cannot cover it is
 * not charged (its record says 0).
 */
export function billViolationFee(fees: SimFeeRecord[], tokens: TokenBook, f: Omit<SimFeeRecord, 'micros' | 'at'> & { feeMicros: number }): SimFeeRecord {
  const micros = f.feeMicros > 0 && tokens.charge(f.token, f.feeMicros) ? f.feeMicros : 0;
  const record: SimFeeRecord = { token: f.token, model: f.model, code: f.code, micros, requestId: f.requestId, at: Date.now() };
  fees.push(record);
  if (fees.length > 10_000) fees.splice(0, fees.length - 10_000);
  return record;
}

/** The refusal itself: the upstream's HTTP status (400) and message, `violation_fee.*` in both `type` and `code`. */
export function violationRefusal(err: ErrorCtx, code: string = VIOLATION_FEE_CODE): Reply {
  return apiError({ ...err, flavor: 'new-api' }, 400, { message: 'Failed check: SAFETY_CHECK_TYPE_CSAM', code, type: code });
}
