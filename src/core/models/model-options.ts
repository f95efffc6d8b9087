import type { ModelPrice } from '../pricing.js';

/**
 * The request options a model takes beyond prompt, size and length, and how the bot knows them. A model offers an
 * option when any of these says so (their union):
 * 1. a small built-in table of the provider ids deployments list in late 2026 ({@link BUILT_IN_OPTIONS});
 * 2. the gateway's price expression: a `param("quality") == "high"` names a quality, `u("resolution") == "1080p"`
 *    a resolution, `generate_audio` the audio switch (a price that depends on an option proves the model takes it);
 * 3. the operator's `PRICES_FILE` entry (`options`), which also serves any id the table does not know.
 * Trade-off: a model none of them describes offers nothing, so an option it would take is refused until the
 * operator lists it; refusing costs nothing, while sending an option a model does not take fails at the gateway.
 */
export interface ModelOptions {
  /** Images: `quality` values (`low`, `medium`, `high`, `auto`…). */
  quality?: readonly string[];
  /** Images: `background` values (`transparent`, `opaque`, `auto`). */
  background?: readonly string[];
  /** Images: `output_format` values (`png`, `jpeg`, `webp`). */
  format?: readonly string[];
  /** Videos: `resolution` values (`480p`, `720p`, `1080p`). */
  resolution?: readonly string[];
  /** Videos: takes `generate_audio`. */
  audio?: boolean;
  /** Videos: takes a last frame (`image_tail`, Kling's). */
  endImage?: boolean;
  /** Videos: takes `negative_prompt`. */
  negative?: boolean;
}

/** The option names, as the `--flags` spell them. */
export type ModelOptionName = keyof ModelOptions;

/** Options whose value is one of a list (the others are switches or free text). */
export const LISTED_OPTIONS = ['quality', 'background', 'format', 'resolution'] as const;
export type ListedOption = (typeof LISTED_OPTIONS)[number];

/** Every value each listed option can take on some model (what surfaces offer before a model is chosen). */
export const ALL_VALUES: Readonly<Record<ListedOption, readonly string[]>> = {
  quality: ['low', 'medium', 'high', 'auto'],
  background: ['transparent', 'opaque', 'auto'],
  format: ['png', 'jpeg', 'webp'],
  resolution: ['480p', '720p', '1080p'],
};

const GPT_IMAGE: ModelOptions = { quality: ['low', 'medium', 'high', 'auto'], background: ['transparent', 'opaque', 'auto'], format: ['png', 'jpeg', 'webp'] };

/**
 * What known provider ids take (matched on the id without a `vendor/` prefix, case-insensitive), from their public
 * API references as of late 2026: OpenAI `gpt-image-*`; ByteDance Seedream (`output_format`) and Seedance
 * (`resolution`); Google Veo 3.x (`resolution`, `generate_audio`, `negative_prompt`); Kling (`negative_prompt`,
 * `image_tail`); MiniMax Hailuo (`resolution`).
 */
export const BUILT_IN_OPTIONS: readonly { match: RegExp; options: ModelOptions }[] = [
  { match: /^gpt-image-/, options: GPT_IMAGE },
  { match: /^seedream-/, options: { format: ['png', 'jpeg'] } },
  { match: /^veo-3/, options: { resolution: ['720p', '1080p'], audio: true, negative: true } },
  { match: /^kling-/, options: { endImage: true, negative: true } },
  { match: /^seedance-/, options: { resolution: ['480p', '720p', '1080p'] } },
  { match: /^(minimax-)?hailuo-/, options: { resolution: ['768p', '1080p'] } },
];

function literals(source: string, re: RegExp): string[] {
  return [...new Set([...source.matchAll(re)].map((m) => m[1]!))];
}

/** The options a model's price expression proves it takes (see {@link ModelOptions}). */
export function optionsFromExpression(source: string): ModelOptions {
  const out: ModelOptions = {};
  const quality = literals(source, /param\(\s*["']quality["']\s*\)\s*[!=]=\s*["']([^"']+)["']/g);
  if (quality.length) out.quality = quality;
  const resolution = literals(source, /(?:u|param)\(\s*["']resolution["']\s*\)\s*[!=]=\s*["']([^"']+)["']/g);
  if (resolution.length) out.resolution = resolution;
  if (/param\(\s*["']generate_audio["']\s*\)/.test(source)) out.audio = true;
  if (/param\(\s*["']background["']\s*\)/.test(source)) out.background = ALL_VALUES.background;
  if (/param\(\s*["']output_format["']\s*\)/.test(source)) out.format = ALL_VALUES.format;
  return out;
}

function union(a: readonly string[] | undefined, b: readonly string[] | undefined): readonly string[] | undefined {
  if (!a) return b;
  if (!b) return a;
  return [...new Set([...a, ...b])];
}

/** Merges option descriptions: lists are united, switches are on when either says so. */
export function mergeOptions(...all: (ModelOptions | undefined)[]): ModelOptions {
  const out: ModelOptions = {};
  for (const o of all) {
    if (!o) continue;
    for (const k of LISTED_OPTIONS) {
      const v = union(out[k], o[k]);
      if (v) out[k] = v;
    }
    if (o.audio) out.audio = true;
    if (o.endImage) out.endImage = true;
    if (o.negative) out.negative = true;
  }
  return out;
}

/** The options `model` (priced `price`, when known) takes: built-in table ∪ price expression ∪ price file. */
export function modelOptions(model: string, price?: Pick<ModelPrice, 'expression' | 'options'>): ModelOptions {
  const bare = (model.split('/').pop() ?? model).toLowerCase();
  const known = BUILT_IN_OPTIONS.filter((b) => b.match.test(bare)).map((b) => b.options);
  return mergeOptions(...known, price?.expression ? optionsFromExpression(price.expression.expr.source) : undefined, price?.options);
}

/** The options a member asked for (absent: not asked; the bot then sends nothing and the gateway's default applies). */
export interface RequestedOptions {
  quality?: string;
  background?: string;
  format?: string;
  resolution?: string;
  audio?: boolean;
  endImage?: boolean;
  negative?: string;
}

/** Why an asked option cannot be sent: the option, the value asked, and what the model offers for it (empty: nothing). */
export interface OptionRefusal {
  option: ModelOptionName;
  value: string;
  offered: readonly string[];
}

/**
 * The first asked option `offered` does not include, or null when all can be sent. A listed option's value is
 * compared exactly (values are lower-case words); a switch or text option is refused when the model does not take it.
 */
export function refuseOption(asked: RequestedOptions, offered: ModelOptions): OptionRefusal | null {
  for (const k of LISTED_OPTIONS) {
    const v = asked[k];
    if (v === undefined) continue;
    const list = offered[k] ?? [];
    if (!list.includes(v)) return { option: k, value: v, offered: list };
  }
  if (asked.audio !== undefined && !offered.audio) return { option: 'audio', value: asked.audio ? 'on' : 'off', offered: [] };
  if (asked.endImage && !offered.endImage) return { option: 'endImage', value: '', offered: [] };
  if (asked.negative !== undefined && !offered.negative) return { option: 'negative', value: '', offered: [] };
  return null;
}

/** The options a model offers as `--flag values` words for help and refusals: `--quality low|high`, `--audio on|off`. */
export function describeOptions(o: ModelOptions): string[] {
  const out: string[] = [];
  for (const k of LISTED_OPTIONS) if (o[k]?.length) out.push(`--${k} ${o[k]!.join('|')}`);
  if (o.audio) out.push('--audio on|off');
  if (o.endImage) out.push('--end-image');
  if (o.negative) out.push('--negative');
  return out;
}

/**
 * The options a job was sent with that change its result, as flags (`--quality high · --resolution 1080p · --audio
 * on`), for captions; empty when none was sent (the model's defaults).
 */
export function optionsText(o: { quality?: string; background?: string; format?: string; resolution?: string; audio?: boolean }): string {
  const parts: string[] = [];
  for (const k of LISTED_OPTIONS) if (o[k]) parts.push(`--${k} ${o[k]}`);
  if (o.audio !== undefined) parts.push(`--audio ${o.audio ? 'on' : 'off'}`);
  return parts.join(' · ');
}
