import type { ModelKind } from '../../pricing.js';
import { en } from '../words.js';
import type { ArgSpec } from '../types.js';

/** Argument specs several commands share, so `--ar`, `--size` and `--model` mean the same everywhere. */

/** The prose of the message (required); `words` is the message id of its description. */
export function promptArg(words: string): ArgSpec {
  return { name: 'prompt', kind: 'text', get description() { return en(words); }, required: true, rest: true };
}

/** `--model ID` of one kind (autocompleted where the surface can). */
export function modelArg(kind: ModelKind): ArgSpec {
  return { name: 'model', kind: 'model', get description() { return en('opt-model', { kind }); }, flags: ['model'], modelKind: kind, autocomplete: true };
}

/** `--ar W:H` / `--aspect W:H`; cannot be combined with `--size`. */
export const aspectArg: ArgSpec = { name: 'aspect', kind: 'aspect', get description() { return en('opt-aspect'); }, flags: ['ar', 'aspect'], conflicts: ['size'] };

/** `--size WxH` or `auto` (`conflicts`: the flags it cannot be combined with). */
function sizeSpec(conflicts?: readonly string[]): ArgSpec {
  return { name: 'size', kind: 'size', get description() { return en('opt-size'); }, flags: ['size'], ...(conflicts ? { conflicts } : {}) };
}

/** `--size WxH` or `auto`, for commands without `--ar` (edit). */
export const exactSizeArg: ArgSpec = sizeSpec();

/** `--size WxH` or `auto`; cannot be combined with `--ar`. */
export const sizeArg: ArgSpec = sizeSpec(['aspect']);

/** A job id as shown to users (positional). */
export function jobArg(words: string): ArgSpec {
  return { name: 'job', kind: 'job', get description() { return en(words); }, required: true };
}

/** A member (positional; Telegram fills it from the replied-to message). */
export function userArg(words: string, required = true): ArgSpec {
  return { name: 'user', kind: 'user', get description() { return en(words); }, ...(required ? { required: true } : {}) };
}

/** `day`, `week`, `month` or `total` (positional, optional). */
export function periodArg(words: string): ArgSpec {
  return { name: 'period', kind: 'period', get description() { return en(words); } };
}

/** US dollars as typed (positional, required). */
export function amountArg(words: string): ArgSpec {
  return { name: 'amount', kind: 'amount', get description() { return en(words); }, required: true };
}

/** `chart` to answer with a picture, `numbers` (the default) for text only (positional, optional). */
export function viewArg(words: string): ArgSpec {
  return { name: 'view', kind: 'choice', get description() { return en(words); }, choices: [{ value: 'chart', label: 'chart' }, { value: 'numbers', label: 'numbers' }] };
}
