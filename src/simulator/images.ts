import { checkImageOptions } from './options.js';
import { MAX_EDIT_IMAGE_BYTES, type SimModel } from './catalog.js';
import { exprChargeMicros } from './expr-billing.js';
import type { ReqCtx } from './context.js';
import { badRequest, quotaExceeded, type ErrorCtx } from './errors.js';
import { fieldText, type FormPart } from './multipart.js';
import { colourFor, pngSize, sniffImage } from './png.js';
import { json, ReplyError, sleep, type Reply } from './reply.js';
import { streamImages, streamRequest } from './image-stream.js';

const DEFAULT_SIDE = 1024;

/** Parses `WxH` within the model's tier; 'auto' or absent means 1024×1024. Throws a 400 `invalid_size`. */
export function parseImageSize(err: ErrorCtx, size: unknown, model: SimModel): { width: number; height: number } | undefined {
  if (size === undefined || size === null || size === '' || size === 'auto') return undefined;
  const m = typeof size === 'string' ? /^(\d{1,6})x(\d{1,6})$/.exec(size.trim()) : null;
  if (!m) throw new ReplyError(badRequest(err, 'invalid_size', `Invalid size '${String(size)}': expected <width>x<height> in pixels`));
  const width = Number(m[1]);
  const height = Number(m[2]);
  const max = model.maxSide ?? DEFAULT_SIDE;
  if (width <= 0 || height <= 0) throw new ReplyError(badRequest(err, 'invalid_size', `Invalid size '${size}': sides must be positive`));
  if (width > max || height > max) throw new ReplyError(badRequest(err, 'invalid_size', `Invalid size '${size}' for model ${model.id}: each side must be at most ${max} pixels`));
  return { width, height };
}

function parseCount(err: ErrorCtx, n: unknown): number {
  if (n === undefined || n === null) return 1;
  const v = typeof n === 'string' ? Number(n) : n;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 4) throw new ReplyError(badRequest(err, 'invalid_value', `Invalid n '${String(n)}': expected an integer from 1 to 4`));
  return v;
}

function requirePrompt(err: ErrorCtx, prompt: unknown): string {
  if (typeof prompt !== 'string' || prompt.trim() === '') throw new ReplyError(badRequest(err, 'invalid_prompt', 'prompt is required and must be a non-empty string'));
  return prompt;
}

async function produce(ctx: ReqCtx, model: SimModel, prompt: string, width: number, height: number, n: number, body: Record<string, unknown>): Promise<Reply> {
  const price = exprChargeMicros(ctx.err, model, { kind: 'image', body, n }) ?? model.priceMicros * n;
  const partials = streamRequest(ctx, body, n);
  if (!ctx.state.tokens.canAfford(ctx.token, price)) return quotaExceeded(ctx.err);
  if (partials !== undefined) {
    const final = await ctx.state.pngs.get(width, height, colourFor(prompt));
    const textTokens = Math.max(1, Math.ceil(prompt.length / 4));
    const imageTokens = Math.ceil((width * height) / 1024);
    return streamImages(ctx, {
      partials,
      delayMs: ctx.state.settings.imageDelayMs,
      // Rougher pictures first: a small image of another colour per step.
      partial: (i) => ctx.state.pngs.get(Math.max(16, width >> (partials - i + 1)), Math.max(16, height >> (partials - i + 1)), colourFor(`${prompt}~${i}`)),
      final,
      usage: { total_tokens: textTokens + imageTokens, input_tokens: textTokens, output_tokens: imageTokens },
      charge: () => ctx.state.tokens.charge(ctx.token, price),
    });
  }
  await sleep(ctx.state.settings.imageDelayMs);
  const data: { b64_json: string }[] = [];
  for (let i = 0; i < n; i++) {
    const png = await ctx.state.pngs.get(width, height, colourFor(i === 0 ? prompt : `${prompt}#${i}`));
    data.push({ b64_json: png.toString('base64') });
  }
  if (ctx.res.destroyed) return { kind: 'handled' }; // client gone: no image delivered, nothing charged
  if (!ctx.state.tokens.charge(ctx.token, price, { model: model.id, content: ctx.endpoint === 'edit' ? 'image edit' : 'image', requestId: ctx.err.requestId, other: { image_count: n } })) return quotaExceeded(ctx.err);
  // The `image_url` fault: billed as usual, but each result is a link (possibly somewhere no client should go).
  const results: ({ b64_json: string } | { url: string })[] = ctx.fault === 'image_url' ? data.map(() => ({ url: ctx.faultUrl ?? 'http://169.254.169.254/latest/meta-data/' })) : data;
  const textTokens = Math.max(1, Math.ceil(prompt.length / 4));
  const imageTokens = Math.ceil((width * height) / 1024);
  return json(200, {
    created: Math.floor(Date.now() / 1000),
    data: results,
    usage: { total_tokens: textTokens + imageTokens * n, input_tokens: textTokens, output_tokens: imageTokens * n, input_tokens_details: { text_tokens: textTokens, image_tokens: 0 } },
  });
}

/** `POST /v1/images/generations` (JSON: model, prompt, size?, n?). Charges per image, at success only. */
export async function handleGeneration(ctx: ReqCtx): Promise<Reply> {
  const body = ctx.body.json ?? {};
  const model = ctx.model!;
  const prompt = requirePrompt(ctx.err, body.prompt);
  const size = parseImageSize(ctx.err, body.size, model) ?? { width: DEFAULT_SIDE, height: DEFAULT_SIDE };
  const n = parseCount(ctx.err, body.n);
  checkImageOptions(ctx.err, model, body);
  return produce(ctx, model, prompt, size.width, size.height, n, body);
}

/** The image parts of an edit: repeated `image`, or `image[]`; when both appear only `image` is used (as new-api). */
export function editImages(parts: FormPart[]): { used: FormPart[]; field?: 'image' | 'image[]' | 'mixed'; received: number } {
  const plain = parts.filter((p) => p.name === 'image');
  const bracket = parts.filter((p) => p.name === 'image[]');
  const received = plain.length + bracket.length;
  if (plain.length && bracket.length) return { used: plain, field: 'mixed', received };
  if (plain.length) return { used: plain, field: 'image', received };
  if (bracket.length) return { used: bracket, field: 'image[]', received };
  return { used: [], received };
}

function fitTier(width: number, height: number, max: number): { width: number; height: number } {
  const scale = Math.min(1, max / width, max / height);
  return { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)) };
}

/**
 * `POST /v1/images/edits` (multipart). Checks, in order: count (at least the model's minimum, at most its
 * maximum), each part ≤ 8 MiB, each part a PNG/JPEG/WEBP by magic bytes. Output size: `size`, else the first
 * PNG's size (scaled into the tier), else 1024×1024.
 */
export async function handleEdit(ctx: ReqCtx): Promise<Reply> {
  const parts = ctx.body.parts ?? [];
  const model = ctx.model!;
  const { used } = editImages(parts);
  const min = model.minEditImages ?? 1;
  const max = model.maxEditImages ?? 3;
  if (used.length === 0) return badRequest(ctx.err, 'image_required', 'At least one image part is required');
  if (used.length > max || used.length < min) {
    const want = min === max ? `exactly ${max}` : `at most ${max}`;
    return badRequest(ctx.err, 'too_many_images', `Model ${model.id} takes ${want} image(s); got ${used.length}`);
  }
  for (const [i, p] of used.entries()) {
    if (p.data.length > MAX_EDIT_IMAGE_BYTES) return badRequest(ctx.err, 'image_too_large', `Image ${i + 1} is ${p.data.length} bytes; the limit is ${MAX_EDIT_IMAGE_BYTES} bytes (8 MB)`);
    if (!sniffImage(p.data)) return badRequest(ctx.err, 'invalid_image_file', `Image ${i + 1} is not a PNG, JPEG or WEBP file`);
  }
  const prompt = requirePrompt(ctx.err, fieldText(parts, 'prompt'));
  const first = pngSize(used[0]!.data);
  const size = parseImageSize(ctx.err, fieldText(parts, 'size'), model) ??
    (first && first.width > 0 && first.height > 0 ? fitTier(first.width, first.height, model.maxSide ?? DEFAULT_SIDE) : { width: DEFAULT_SIDE, height: DEFAULT_SIDE });
  const n = parseCount(ctx.err, fieldText(parts, 'n'));
  const fields = Object.fromEntries(parts.filter((p) => p.filename === undefined).map((p) => [p.name, fieldText(parts, p.name)]));
  checkImageOptions(ctx.err, model, fields);
  return produce(ctx, model, prompt, size.width, size.height, n, fields);
}
