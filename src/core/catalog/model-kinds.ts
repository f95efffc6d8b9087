import type { ModelKind } from '../pricing.js';

/**
 * What a model makes, from what the gateway says about it (new-api `supported_endpoint_types`):
 * `openai-video` → video; `image-generation` → image; `openai`, `openai-response`, `anthropic`, `gemini` → text.
 * Undefined when the gateway says nothing usable (no types, or only `embeddings` / `jina-rerank`).
 */
export function kindFromEndpointTypes(types: readonly string[] | undefined): ModelKind | undefined {
  if (!types?.length) return undefined;
  const t = types.map((x) => x.toLowerCase());
  if (t.some((x) => x.includes('video'))) return 'video';
  if (t.some((x) => x.includes('image'))) return 'image';
  if (t.some((x) => ['openai', 'openai-response', 'anthropic', 'gemini'].includes(x))) return 'text';
  return undefined;
}

const UPSCALE_ID = /upscal|esrgan|(^|[-_/])sr[-_]?\d?x([-_]|$)/;

/**
 * An upscale model: an image model (priced per image) whose id names it an upscaler — `upscale`/`upscaler`,
 * `esrgan`, or `sr-4x`-like (documented in docs/gateway.md). The bot sends it one image on the edit endpoint with the
 * prompt of the job and the size to reach; it is never picked as a default image model. A U button uses it when the
 * image's own model has no larger size.
 */
export function isUpscaleModel(id: string): boolean {
  return UPSCALE_ID.test(id.toLowerCase());
}

const VIDEO_ID = /video|sora|veo|kling|hailuo|seedance|vidu|pika|runway|luma|(^|[-_/])wan[-_.\d]|[ti]2v/;
const IMAGE_ID = /image|dall-?e|flux|sdxl|stable-diffusion|midjourney|(^|[-_/])mj[-_]|ideogram|imagen|recraft|seedream|kontext|sketch|paint|(^|[-_/])edit/;

/**
 * The last-resort guess from the id alone, lower-cased (documented in the README):
 * video when it names a video family (`video`, `sora`, `veo`, `kling`, `hailuo`, `seedance`, `vidu`, `pika`,
 * `runway`, `luma`, `wan-…`, `t2v`/`i2v`); else image when it names an image family (`image`, `dall-e`, `flux`,
 * `sdxl`, `stable-diffusion`, `midjourney`/`mj-`, `ideogram`, `imagen`, `recraft`, `seedream`, `kontext`, `sketch`,
 * `paint`, `edit`) or an upscaler ({@link isUpscaleModel}); else text. Checked in that order, so `gpt-image-2` is an image and `veo-3.1` a video.
 */
export function guessKindFromId(id: string): ModelKind {
  const s = id.toLowerCase();
  if (VIDEO_ID.test(s)) return 'video';
  if (IMAGE_ID.test(s) || isUpscaleModel(s)) return 'image';
  return 'text';
}
