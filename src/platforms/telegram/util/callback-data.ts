/**
 * Compact `callback_data` for buttons under results: `<code>:<jobId>` (e.g. `r:j_7fk2m9`), or `<code><k>:<jobId>` for
 * image k (1–9) of the job (`v3:j_7fk2m9`, the V3 button), well within Telegram's 64 bytes, and stable across restarts
 * since it names the command, the job and the image only. The codes are kept from the adapter's first release, so
 * buttons already posted keep working.
 */

/** Commands a button can run with one job id, and their one-letter codes (never `x`: the action table's prefix). */
export const CALLBACK_COMMANDS = { reroll: 'r', animate: 'a', edit: 'e', job: 'f', upscale: 'u', remix: 'm', vary: 'v' } as const;

/** A command that has a callback code. */
export type CallbackCommand = keyof typeof CALLBACK_COMMANDS;

/** What a button carries: the command to run and the job it runs on. */
export interface CallbackPayload {
  command: CallbackCommand;
  jobId: string;
  /** Which image of the job (1–9), for the numbered V/U buttons; absent: the job as a whole. */
  index?: number;
}

const BY_CODE = new Map<string, CallbackCommand>(Object.entries(CALLBACK_COMMANDS).map(([command, code]) => [code, command as CallbackCommand]));
const JOB_ID = /^[A-Za-z0-9_-]{1,62}$/;

/** Telegram's limit on `callback_data`, in UTF-8 bytes. */
export const CALLBACK_DATA_MAX_BYTES = 64;

/** True when `command` has a code (the rest go through the in-memory action table). */
export function isCallbackCommand(command: string): command is CallbackCommand {
  return Object.hasOwn(CALLBACK_COMMANDS, command);
}

/** True when `jobId` fits a callback (1–62 characters of `[A-Za-z0-9_-]`; 61 with an image index). */
export function fitsCallback(jobId: string, withIndex = false): boolean {
  return JOB_ID.test(jobId) && (!withIndex || jobId.length <= 61);
}

/**
 * Encodes `{command, jobId}` as `<code>:<jobId>`. Throws RangeError for a job id that is not 1–62 characters of
 * `[A-Za-z0-9_-]` or an unknown command (programming errors, not user input: check with {@link fitsCallback}).
 */
export function encodeCallbackData(payload: CallbackPayload): string {
  if (!JOB_ID.test(payload.jobId)) throw new RangeError('job id unfit for callback_data: 1-62 characters of A-Z a-z 0-9 _ -');
  const code = isCallbackCommand(payload.command) ? CALLBACK_COMMANDS[payload.command] : undefined;
  if (code === undefined) throw new RangeError(`no callback code for command ${String(payload.command)}`);
  if (payload.index !== undefined && !fitsIndex(payload.index)) throw new RangeError('image index unfit for callback_data: 1-9');
  const data = `${code}${payload.index ?? ''}:${payload.jobId}`;
  if (Buffer.byteLength(data, 'utf8') > CALLBACK_DATA_MAX_BYTES) throw new RangeError('callback_data over 64 bytes: a job id of at most 61 characters with an image index');
  return data;
}

/** Decodes data made by {@link encodeCallbackData}; anything else (other formats, other bots' buttons) gives undefined. */
export function decodeCallbackData(data: string | undefined): CallbackPayload | undefined {
  if (data === undefined || Buffer.byteLength(data, 'utf8') > CALLBACK_DATA_MAX_BYTES) return undefined;
  const m = /^([a-z])([1-9])?:(.+)$/.exec(data);
  if (!m) return undefined;
  const command = BY_CODE.get(m[1] ?? '');
  const jobId = m[3] ?? '';
  if (!command || !JOB_ID.test(jobId)) return undefined;
  return m[2] ? { command, jobId, index: Number(m[2]) } : { command, jobId };
}

/** True when `index` fits a compact callback (a whole number from 1 to 9). */
export function fitsIndex(index: number): boolean {
  return Number.isInteger(index) && index >= 1 && index <= 9;
}

/** A settings button's data: `s:<key>=<value>` (`s:aspect=16:9`), stable across restarts like the job buttons. */
const SETTING = /^s:([a-z_]{1,20})=([A-Za-z0-9_.:-]{1,40})$/;

/** The compact data of a `/settings <key> <value>` button, or undefined when it does not fit the compact form. */
export function encodeSettingData(key: string, value: string): string | undefined {
  const data = `s:${key}=${value}`;
  return SETTING.test(data) && Buffer.byteLength(data, 'utf8') <= CALLBACK_DATA_MAX_BYTES ? data : undefined;
}

/** Decodes {@link encodeSettingData}; anything else gives undefined. */
export function decodeSettingData(data: string): { key: string; value: string } | undefined {
  const m = SETTING.exec(data);
  return m ? { key: m[1] ?? '', value: m[2] ?? '' } : undefined;
}
