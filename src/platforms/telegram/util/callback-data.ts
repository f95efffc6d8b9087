/** Actions an inline button under a result can ask for. */
export type CallbackAction = 'reroll' | 'animate' | 'edit' | 'refresh' | 'upscale';

/** What a button carries: an action on one job. */
export interface CallbackPayload {
  action: CallbackAction;
  jobId: string;
}

const CODES: Record<CallbackAction, string> = { reroll: 'r', animate: 'a', edit: 'e', refresh: 'f', upscale: 'u' };
const ACTIONS = new Map<string, CallbackAction>(Object.entries(CODES).map(([action, code]) => [code, action as CallbackAction]));
const JOB_ID = /^[A-Za-z0-9_-]{1,62}$/;

/** Telegram's limit on `callback_data`, in UTF-8 bytes. */
export const CALLBACK_DATA_MAX_BYTES = 64;

/**
 * Encodes `{action, jobId}` as `<code>:<jobId>` (e.g. `r:j_7fk2m9`), well within 64 bytes.
 * Throws RangeError for a job id that is not 1–62 characters of `[A-Za-z0-9_-]` (a programming error, not user input).
 */
export function encodeCallbackData(payload: CallbackPayload): string {
  if (!JOB_ID.test(payload.jobId)) throw new RangeError('job id unfit for callback_data: 1-62 characters of A-Z a-z 0-9 _ -');
  const code = CODES[payload.action];
  if (code === undefined) throw new RangeError(`unknown callback action ${String(payload.action)}`);
  return `${code}:${payload.jobId}`;
}

/** Decodes data made by {@link encodeCallbackData}; anything else (old formats, other bots' buttons) gives undefined. */
export function decodeCallbackData(data: string | undefined): CallbackPayload | undefined {
  if (data === undefined || Buffer.byteLength(data, 'utf8') > CALLBACK_DATA_MAX_BYTES) return undefined;
  const m = /^([a-z]):(.+)$/.exec(data);
  if (!m) return undefined;
  const action = ACTIONS.get(m[1] ?? '');
  const jobId = m[2] ?? '';
  if (!action || !JOB_ID.test(jobId)) return undefined;
  return { action, jobId };
}
