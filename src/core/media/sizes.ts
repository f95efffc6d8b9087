import { fail, failWith, ok, type Result } from '../failures.js';

/** Aspect ratios offered to users, in the order they are listed. */
export const IMAGE_ASPECTS = ['1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3', '21:9'] as const;
export type ImageAspect = (typeof IMAGE_ASPECTS)[number];

/** Aspect ratios for videos. */
export const VIDEO_ASPECTS = ['16:9', '9:16', '1:1', '4:3', '3:4'] as const;
export type VideoAspect = (typeof VIDEO_ASPECTS)[number];

/** Smallest side accepted for an explicit `WxH`. */
export const MIN_SIDE = 64;

type Table = Record<ImageAspect, [number, number]>;

/** 1K tier (longest side up to 1536): sides are multiples of 16 (most of 64). */
const TIER_1K: Table = {
  '1:1': [1024, 1024],
  '16:9': [1344, 768],
  '9:16': [768, 1344],
  '4:3': [1152, 864],
  '3:4': [864, 1152],
  '3:2': [1248, 832],
  '2:3': [832, 1248],
  '21:9': [1536, 640],
};
/** 2K tier (used when maxSide ≥ 2048, then fitted to maxSide). */
const TIER_2K: Table = {
  '1:1': [2048, 2048],
  '16:9': [2560, 1440],
  '9:16': [1440, 2560],
  '4:3': [2304, 1728],
  '3:4': [1728, 2304],
  '3:2': [2496, 1664],
  '2:3': [1664, 2496],
  '21:9': [3024, 1296],
};
/** 4K tier (used when maxSide ≥ 3840). */
const TIER_4K: Table = {
  '1:1': [4096, 4096],
  '16:9': [3840, 2160],
  '9:16': [2160, 3840],
  '4:3': [3840, 2880],
  '3:4': [2880, 3840],
  '3:2': [3840, 2560],
  '2:3': [2560, 3840],
  '21:9': [3840, 1648],
};

const VIDEO: Record<VideoAspect, string> = { '16:9': '1280x720', '9:16': '720x1280', '1:1': '720x720', '4:3': '960x720', '3:4': '720x960' };

const ALIASES: Record<string, string> = { square: '1:1', landscape: '16:9', wide: '16:9', portrait: '9:16', tall: '9:16' };

/** "16:9", "16/9", "16x9", "landscape" → "16:9"; anything else unchanged (trimmed, lower-case). */
export function normalizeAspect(given: string): string {
  const t = given.trim().toLowerCase();
  if (ALIASES[t]) return ALIASES[t];
  const m = /^(\d{1,3})\s*[:/x]\s*(\d{1,3})$/.exec(t);
  return m ? `${Number(m[1])}:${Number(m[2])}` : t;
}

function fit([w, h]: [number, number], maxSide: number): string {
  const long = Math.max(w, h);
  if (long <= maxSide) return `${w}x${h}`;
  const k = maxSide / long;
  const down16 = (v: number) => Math.max(MIN_SIDE, Math.floor((v * k) / 16) * 16);
  return `${w >= h ? maxSide : down16(w)}x${h >= w ? maxSide : down16(h)}`;
}

/**
 * The pixel size for an aspect ratio on a model whose longest side is `maxSide`: the 1K table below 2048, the
 * 2K table from 2048, the 4K table from 3840, each fitted down to `maxSide` (e.g. 1536: 16:9 → 1344x768;
 * 2048: 16:9 → 2048x1152; 4096: 16:9 → 3840x2160). Undefined for an unknown aspect.
 */
export function sizeForAspect(aspect: string, maxSide: number): string | undefined {
  const a = normalizeAspect(aspect) as ImageAspect;
  const table = maxSide >= 3840 ? TIER_4K : maxSide >= 2048 ? TIER_2K : TIER_1K;
  const wh = table[a];
  return wh ? fit(wh, maxSide) : undefined;
}

/**
 * Resolves the size to send. An explicit `size` (`WxH`, also `W×H`/`W*H`) wins and is accepted when both sides are
 * whole numbers from 64 to `maxSide` (no multiple-of-8 rule: the gateway decides finer constraints); otherwise
 * `bad_size`. Else `aspect` maps through {@link sizeForAspect} (unknown → `bad_aspect` listing the choices).
 * Neither → the 1:1 size of the tier.
 */
export function resolveSize(req: { aspect?: string; size?: string; maxSide: number }): Result<string> {
  const { maxSide } = req;
  if (req.size !== undefined && req.size.trim() !== '') {
    const given = req.size.trim();
    const m = /^(\d{1,6})\s*[x×*]\s*(\d{1,6})$/i.exec(given);
    const w = Number(m?.[1]);
    const h = Number(m?.[2]);
    if (!m || w < MIN_SIDE || h < MIN_SIDE || w > maxSide || h > maxSide) {
      return failWith('bad_size', { given, maxSide });
    }
    return ok(`${w}x${h}`);
  }
  const aspect = req.aspect?.trim() ? req.aspect : '1:1';
  const size = sizeForAspect(aspect, maxSide);
  if (!size) return { ok: false, failure: fail('bad_aspect', { given: aspect.trim(), allowed: [...IMAGE_ASPECTS] }) };
  return ok(size);
}

/** The video size for an aspect (16:9 → 1280x720, 9:16 → 720x1280, 1:1 → 720x720); default 16:9. */
export function videoSize(aspect?: string): Result<string> {
  const a = normalizeAspect(aspect?.trim() ? aspect : '16:9') as VideoAspect;
  const size = VIDEO[a];
  return size ? ok(size) : failWith('bad_aspect', { given: (aspect ?? '').trim(), allowed: [...VIDEO_ASPECTS] });
}

/** Longest sides of the size tiers (1K, 2K, 4K), the steps an upscale climbs. */
const TIER_LONG_SIDES = [1536, 2048, 3840] as const;

/** An upscale must grow the longest side by at least this much to be worth a paid job. */
const MIN_UPSCALE = 1.25;

/**
 * The size an upscale of a `size` (`WxH`) image asks for on a model whose longest side is `maxSide`: the same aspect,
 * its longest side raised to the next tier's (1K → 2K → 4K; see {@link sizeForAspect}) fitted to `maxSide`, sides
 * multiples of 16. Undefined when that is not at least 1.25 times larger (the model has no larger size: no Upscale
 * is offered) or `size` is not `WxH`. E.g. 1024x1024 on a 1536 model → 1536x1536; 1344x768 on a 4096 model → 2048x1168.
 */
export function upscaleSize(size: string, maxSide: number): string | undefined {
  const m = /^(\d{1,6})x(\d{1,6})$/.exec(size);
  if (!m) return undefined;
  const w = Number(m[1]);
  const h = Number(m[2]);
  const long = Math.max(w, h);
  const next = TIER_LONG_SIDES.find((t) => t >= long * MIN_UPSCALE) ?? maxSide;
  const target = Math.min(next, maxSide);
  if (target < long * MIN_UPSCALE) return undefined;
  const k = target / long;
  const side = (v: number) => (v === long ? target : Math.max(MIN_SIDE, Math.floor((v * k) / 16) * 16));
  return `${side(w)}x${side(h)}`;
}
