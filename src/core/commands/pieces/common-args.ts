import type { ModelKind } from '../../pricing.js';
import { en } from '../words.js';
import type { ArgSpec } from '../types.js';

/** Argument specs several commands share, so `--ar`, `--size` and `--model` mean the same everywhere. */

/** The prose of the message (required). */
export function promptArg(description: string): ArgSpec {
  return { name: 'prompt', kind: 'text', description, required: true, rest: true };
}

/** `--model ID` of one kind (autocompleted where the surface can). */
export function modelArg(kind: ModelKind): ArgSpec {
  return { name: 'model', kind: 'model', description: en('opt-model', { kind }), flags: ['model'], modelKind: kind, autocomplete: true };
}

/** `--ar W:H` / `--aspect W:H`; cannot be combined with `--size`. */
export const aspectArg: ArgSpec = { name: 'aspect', kind: 'aspect', description: en('opt-aspect'), flags: ['ar', 'aspect'], conflicts: ['size'] };

/** `--size WxH` or `auto`, for commands without `--ar` (edit). */
export const exactSizeArg: ArgSpec = { name: 'size', kind: 'size', description: en('opt-size'), flags: ['size'] };

/** `--size WxH` or `auto`; cannot be combined with `--ar`. */
export const sizeArg: ArgSpec = { ...exactSizeArg, conflicts: ['aspect'] };

/** A job id as shown to users (positional). */
export function jobArg(description: string): ArgSpec {
  return { name: 'job', kind: 'job', description, required: true };
}

/** A member (positional; Telegram fills it from the replied-to message). */
export function userArg(description: string, required = true): ArgSpec {
  return { name: 'user', kind: 'user', description, ...(required ? { required: true } : {}) };
}

/** `day`, `week`, `month` or `total` (positional, optional). */
export function periodArg(description: string): ArgSpec {
  return { name: 'period', kind: 'period', description };
}

/** US dollars as typed (positional, required). */
export function amountArg(description: string): ArgSpec {
  return { name: 'amount', kind: 'amount', description, required: true };
}

/** `chart` to answer with a picture, `numbers` (the default) for text only (positional, optional). */
export function viewArg(description: string): ArgSpec {
  return { name: 'view', kind: 'choice', description, choices: [{ value: 'chart', label: 'chart' }, { value: 'numbers', label: 'numbers' }] };
}
