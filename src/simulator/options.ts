/**
 * The request options each simulated model takes (image `quality`/`background`/`output_format`; video `resolution`,
 * `generate_audio`, `negative_prompt`, Kling's last frame `image_tail`), checked as the providers behind new-api do:
 * a field the model does not take, or a value it does not offer, is a 400 `invalid_value` naming the field and what
 * the model supports. Nothing is billed for a refused request. The fields sent are echoed into the request log.
 */
import type { SimModel } from './catalog.js';
import { badRequest, type ErrorCtx } from './errors.js';
import { sniffImage } from './png.js';
import { ReplyError } from './reply.js';

/** What one simulated model takes; absent fields are not taken. */
export interface SimOptions {
  quality?: readonly string[];
  background?: readonly string[];
  outputFormat?: readonly string[];
  resolution?: readonly string[];
  generateAudio?: boolean;
  negativePrompt?: boolean;
  imageTail?: boolean;
}

/** The option fields of a request body, as the log shows them (`image_tail` as its sniffed type). */
export const OPTION_FIELDS = ['quality', 'background', 'output_format', 'resolution', 'generate_audio', 'negative_prompt', 'image_tail'] as const;

/** The option fields present in `fields` (JSON values or multipart text), as strings for the request log. */
export function sentOptions(fields: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of OPTION_FIELDS) {
    const v = fields[k];
    if (v === undefined || v === null) continue;
    if (k === 'image_tail') out[k] = typeof v === 'string' ? (/^data:([^;,]+)/.exec(v)?.[1] ?? 'url') : typeof v;
    else out[k] = typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : typeof v;
  }
  return out;
}

function refuse(err: ErrorCtx, message: string): never {
  throw new ReplyError(badRequest(err, 'invalid_value', message));
}

function oneOf(err: ErrorCtx, model: SimModel, field: string, v: unknown, allowed: readonly string[] | undefined): void {
  if (v === undefined || v === null) return;
  if (!allowed) refuse(err, `Unknown parameter for model ${model.id}: '${field}'`);
  if (typeof v !== 'string' || !allowed.includes(v)) {
    refuse(err, `Invalid value for '${field}': '${String(v)}'. Supported values for model ${model.id} are: ${allowed.map((a) => `'${a}'`).join(', ')}`);
  }
}

/** Checks an image request's option fields against `model` (throws a 400 reply). */
export function checkImageOptions(err: ErrorCtx, model: SimModel, fields: Readonly<Record<string, unknown>>): void {
  const o = model.options ?? {};
  oneOf(err, model, 'quality', fields.quality, o.quality);
  oneOf(err, model, 'background', fields.background, o.background);
  oneOf(err, model, 'output_format', fields.output_format, o.outputFormat);
  if (fields.background === 'transparent' && fields.output_format === 'jpeg') refuse(err, "A transparent background needs output_format 'png' or 'webp'");
}

/** Checks a video create's option fields against `model` (throws a 400 reply). `multipart`: values are text. */
export function checkVideoOptions(err: ErrorCtx, model: SimModel, fields: Readonly<Record<string, unknown>>, multipart: boolean): void {
  const o = model.options ?? {};
  oneOf(err, model, 'resolution', fields.resolution, o.resolution);
  const audio = fields.generate_audio;
  if (audio !== undefined && audio !== null) {
    if (!o.generateAudio) refuse(err, `Unknown parameter for model ${model.id}: 'generate_audio'`);
    const ok = multipart ? audio === 'true' || audio === 'false' : typeof audio === 'boolean';
    if (!ok) refuse(err, `Invalid value for 'generate_audio': expected a boolean`);
  }
  const negative = fields.negative_prompt;
  if (negative !== undefined && negative !== null) {
    if (!o.negativePrompt) refuse(err, `Unknown parameter for model ${model.id}: 'negative_prompt'`);
    if (typeof negative !== 'string' || negative.length > 2500) refuse(err, `Invalid value for 'negative_prompt': expected text of at most 2500 characters`);
  }
  const tail = fields.image_tail;
  if (tail !== undefined && tail !== null) {
    if (!o.imageTail) refuse(err, `Unknown parameter for model ${model.id}: 'image_tail'`);
    const m = typeof tail === 'string' ? /^data:[^;,]+;base64,(.+)$/.exec(tail) : null;
    if (!m?.[1] || !sniffImage(Buffer.from(m[1], 'base64'))) refuse(err, `Invalid value for 'image_tail': expected a PNG, JPEG or WEBP image as a data URL`);
  }
}

/** gpt-image-2's options (OpenAI's image API). */
export const GPT_IMAGE_OPTIONS: SimOptions = { quality: ['low', 'medium', 'high', 'auto'], background: ['transparent', 'opaque', 'auto'], outputFormat: ['png', 'jpeg', 'webp'] };
/** Veo 3.1's options. */
export const VEO_OPTIONS: SimOptions = { resolution: ['720p', '1080p'], generateAudio: true, negativePrompt: true };
/** Kling's options (a last frame, a negative prompt). */
export const KLING_OPTIONS: SimOptions = { imageTail: true, negativePrompt: true };
/** Seedance's options. */
export const SEEDANCE_OPTIONS: SimOptions = { resolution: ['480p', '720p', '1080p'] };
/** Seedream's options. */
export const SEEDREAM_OPTIONS: SimOptions = { outputFormat: ['png', 'jpeg'] };
