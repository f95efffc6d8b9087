import type { CompiledExpr } from './ast.js';
import { quoteExpr, type PriceContext, type Quote, type QuoteInput } from './quote.js';

/** What a job is sent with, as the price sees it. Absent options are not sent. */
export interface JobPriceOptions {
  kind: 'image' | 'video' | 'text';
  /** Videos: length asked for (sent as a string; the gateway bills 4 s when it is missing). */
  seconds?: number;
  /** `WxH`. */
  size?: string;
  /** Videos: a resolution label (`720p`); default derived from `size`. */
  resolution?: string;
  /** Images: `quality` (`low`/`medium`/`high`/`auto`). */
  quality?: string;
  /** Images: `background` (`transparent`/`opaque`/`auto`). */
  background?: string;
  /** Images: `output_format` (`png`/`jpeg`/`webp`). */
  format?: string;
  /** Images per request (`n`); default 1. */
  n?: number;
  /** Videos: `generate_audio`. */
  audio?: boolean;
  /** Text: prompt tokens (an estimate before the call, the gateway's count after). */
  promptTokens?: number;
  /** Text: the completion ceiling sent as `max_tokens`. */
  maxTokens?: number;
  /** Text, after the call: the completion tokens the gateway reported (the quote is then exact). */
  completionTokens?: number;
  /** The moment priced (epoch ms); absent: time-of-day rules are taken at their most expensive. */
  now?: number;
}

/** Seconds the gateway bills a video task that did not say (new-api's default). */
export const DEFAULT_TASK_SECONDS = 4;

/** The JSON body fields the bot sends for these options (what `param()` reads). */
export function requestBody(o: JobPriceOptions): Record<string, unknown> {
  const b: Record<string, unknown> = {};
  if (o.size !== undefined) b.size = o.size;
  if (o.kind === 'image') {
    if (o.n !== undefined && o.n > 1) b.n = o.n;
    if (o.quality !== undefined) b.quality = o.quality;
    if (o.background !== undefined) b.background = o.background;
    if (o.format !== undefined) b.output_format = o.format;
  } else if (o.kind === 'video') {
    if (o.seconds !== undefined) b.seconds = String(o.seconds);
    if (o.resolution !== undefined) b.resolution = o.resolution;
    if (o.audio !== undefined) b.generate_audio = o.audio;
  } else if (o.maxTokens !== undefined) b.max_tokens = o.maxTokens;
  return b;
}

/**
 * The usage facts a video task declares from its request body, the way the gateway's task plugins do: `seconds`
 * (number; {@link DEFAULT_TASK_SECONDS} when absent or not a number), `size`, and `resolution` (the body's, else the
 * short side of `size` + "p": `1280x720` → `720p`). Other facts (`mode`, `units`, `tokens`) are unknown before
 * the task runs.
 */
export function taskFacts(body: Readonly<Record<string, unknown>>): Record<string, number | string> {
  const f: Record<string, number | string> = {};
  const s = Number(body.seconds);
  f.seconds = typeof body.seconds === 'string' || typeof body.seconds === 'number' ? (Number.isFinite(s) && s > 0 ? s : DEFAULT_TASK_SECONDS) : DEFAULT_TASK_SECONDS;
  if (typeof body.size === 'string') f.size = body.size;
  const m = typeof body.size === 'string' ? /^(\d+)x(\d+)$/.exec(body.size) : null;
  if (typeof body.resolution === 'string') f.resolution = body.resolution;
  else if (m) f.resolution = `${Math.min(Number(m[1]), Number(m[2]))}p`;
  return f;
}

/** The quote input of a job from its options. */
export function jobQuoteInput(o: JobPriceOptions): QuoteInput {
  const body = requestBody(o);
  const input: QuoteInput = { body, imageCount: o.kind === 'image' ? (o.n ?? 1) : 1 };
  if (o.kind === 'video') input.usage = taskFacts(body);
  if (o.kind === 'text' && o.promptTokens !== undefined) {
    input.tokens = {
      prompt: o.completionTokens !== undefined ? o.promptTokens : { max: o.promptTokens },
      completion: o.completionTokens ?? { max: o.maxTokens ?? 0 },
    };
  }
  if (o.now !== undefined) input.now = o.now;
  return input;
}

/**
 * The price of a job sent with `o`: exact when every input is known, else the most the expression can reach
 * (`exact: false`), or a refusal. A video model's expression is a task expression (USD).
 */
export function quoteJob(expr: CompiledExpr, o: JobPriceOptions, ctx: PriceContext): Quote {
  return quoteExpr(expr, jobQuoteInput(o), ctx, expr.usesUsage || o.kind === 'video');
}

/** One row of a model's price list: the options it holds for, its matched tier, the price of one unit (image, second, 1K tokens). */
export interface PriceVariant {
  quality?: string;
  resolution?: string;
  audio?: boolean;
  /** The tier the row matched (names the "anything else" row: `quality`/`resolution` absent). */
  tier: string | null;
  micros: number;
  exact: boolean;
}

/**
 * The listing form for `/models` and `/prices`: an image model's price per image with no `quality` sent and for
 * each `quality` the expression names; a video model's price per second (quoted for `seconds` s and divided,
 * rounded up) for each resolution it names and for any other, × audio off/on when it reads `generate_audio`; a text
 * model's price of 1,000 prompt tokens with up to 1,000 completion tokens. Variants it cannot price are left out.
 * @param seconds video length the per-second rows are quoted for; default 8.
 */
export function priceVariants(expr: CompiledExpr, kind: JobPriceOptions['kind'], ctx: PriceContext, seconds = 8): PriceVariant[] {
  const lits = (re: RegExp): string[] => [...new Set([...expr.source.matchAll(re)].map((m) => m[1]!))];
  const out: PriceVariant[] = [];
  const push = (o: JobPriceOptions, v: Pick<PriceVariant, 'quality' | 'resolution' | 'audio'>, per: number): void => {
    const q = quoteJob(expr, o, ctx);
    if (q.ok) out.push({ ...v, tier: q.tier, micros: Math.ceil(q.micros / per), exact: q.exact });
  };
  if (kind === 'image') {
    push({ kind }, {}, 1);
    for (const quality of lits(/param\(\s*["']quality["']\s*\)\s*[!=]=\s*["']([^"']+)["']/g)) push({ kind, quality }, { quality }, 1);
  } else if (kind === 'video') {
    const named = lits(/(?:u|param)\(\s*["']resolution["']\s*\)\s*[!=]=\s*["']([^"']+)["']/g);
    const audios: (boolean | undefined)[] = /generate_audio/.test(expr.source) ? [false, true] : [undefined];
    // '' stands for "any resolution the expression does not name" (it matches no literal).
    for (const resolution of [...named, '']) {
      for (const audio of audios) {
        const v = { ...(resolution ? { resolution } : {}), ...(audio !== undefined ? { audio } : {}) };
        push({ kind, seconds, resolution, ...(audio !== undefined ? { audio } : {}) }, v, seconds);
      }
    }
  } else push({ kind, promptTokens: 1000, maxTokens: 1000 }, {}, 1);
  return out;
}
