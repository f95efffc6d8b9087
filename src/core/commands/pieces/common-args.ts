import type { ModelKind } from '../../pricing.js';
import { ALL_VALUES, type ListedOption } from '../../models/model-options.js';
import { choiceOf, en } from '../words.js';
import type { ArgSpec, ArgValues } from '../types.js';

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
  return { name: 'view', kind: 'choice', get description() { return en(words); }, choices: [choiceOf('chart', 'choice-view-chart'), choiceOf('numbers', 'choice-view-numbers')] };
}

/**
 * A model option with a list of values (`--quality`, `--background`, `--format`, `--resolution`): the values any
 * model may offer as choices, narrowed per model where the surface can (Discord autocomplete); the core refuses a
 * value the chosen model does not offer, naming what it offers. Not sent when absent (the model's default).
 */
function listedOptionArg(option: ListedOption, words: string): ArgSpec {
  return {
    name: option, kind: 'choice', get description() { return en(words); }, flags: [option], modelOption: option, autocomplete: true,
    choices: ALL_VALUES[option].map((v) => ({ value: v, label: v })),
  };
}

/** `--quality low|medium|high|auto` (images; what the model offers). */
export const qualityArg: ArgSpec = listedOptionArg('quality', 'opt-quality');
/** `--background transparent|opaque|auto` (images). */
export const backgroundArg: ArgSpec = listedOptionArg('background', 'opt-background');
/** `--format png|jpeg|webp` (images: the file format made). */
export const formatArg: ArgSpec = listedOptionArg('format', 'opt-format');
/** `--resolution 480p|720p|1080p` (videos). */
export const resolutionArg: ArgSpec = listedOptionArg('resolution', 'opt-resolution');

/** `--audio on|off` (videos: `generate_audio`; absent: the model's default). */
export const audioArg: ArgSpec = {
  name: 'audio', kind: 'choice', get description() { return en('opt-audio'); }, flags: ['audio'], modelOption: 'audio', autocomplete: true,
  choices: [choiceOf('on', 'choice-on'), choiceOf('off', 'choice-off')],
};

/** `--negative TEXT` (videos: `negative_prompt`, what the video should not show; up to 500 characters). */
export const negativeArg: ArgSpec = { name: 'negative', kind: 'text', get description() { return en('opt-negative'); }, flags: ['negative'], max: 500, modelOption: 'negative' };

/** The image options given (`quality`, `background`, `format`), as the core's request fields. */
export function imageOptionValues(args: ArgValues): { quality?: string; background?: string; format?: string } {
  const out: { quality?: string; background?: string; format?: string } = {};
  for (const k of ['quality', 'background', 'format'] as const) {
    const v = args[k];
    if (typeof v === 'string') out[k] = v;
  }
  return out;
}

/** The video options given (`resolution`, `audio`, `negative`), as the core's request fields. */
export function videoOptionValues(args: ArgValues): { resolution?: string; audio?: boolean; negative?: string } {
  const out: { resolution?: string; audio?: boolean; negative?: string } = {};
  if (typeof args.resolution === 'string') out.resolution = args.resolution;
  if (args.audio === 'on' || args.audio === 'off') out.audio = args.audio === 'on';
  if (typeof args.negative === 'string' && args.negative.trim()) out.negative = args.negative.trim();
  return out;
}
