/** Image jobs (`/imagine`, `/edit`). */
import type { Result, TokenSource } from '../failures.js';
import type { Micros } from '../money.js';
import type { Actor, Attachment, DeliveryAddress, JobHooks } from './actor.js';

export interface ImagineRequest extends Actor {
  prompt: string;
  /** Default: the configured image model. */
  model?: string;
  /** `1:1`, `16:9`, `9:16`, `4:3`, `3:4`. Ignored when `size` is given. */
  aspect?: string;
  /** `WxH`. */
  size?: string;
  /** Images to make, default 1 (only sent when > 1). */
  count?: number;
  /** `quality`, `background`, `output_format` as asked; refused (free) when the model does not offer the value. */
  quality?: string;
  background?: string;
  format?: string;
  /**
   * Where the result goes if the surface cannot post it at once (from `SurfaceRequest.deliveryAddress('result')`).
   * With it the job ends `delivering` (the surface confirms with `recordDelivery` or hands over with `handOver`);
   * without it (operator CLI, direct calls) the job ends `succeeded` when the core returns.
   */
  delivery?: DeliveryAddress;
}

export interface EditRequest extends ImagineRequest {
  /** 1..N reference images (N from the model's limits, 3 for alpha-image-2). */
  images: Attachment[];
}

export interface ImageFile {
  filename: string;
  mime: string;
  bytes: Uint8Array;
  width: number;
  height: number;
}

/** A finished image job. The charge is already settled when this is returned. */
export interface ImageJobResult {
  jobId: string;
  model: string;
  size: string;
  /** The options sent that change the result (quality, background, format), for the caption. */
  options?: { quality?: string; background?: string; format?: string };
  images: ImageFile[];
  /** Images asked for (`count`); more than `images.length` when some were not made or failed their checks (not charged). */
  requested: number;
  /** The size an Upscale of its images asks for (the model's next larger size tier); absent: no Upscale offered. */
  upscaleSize?: string;
  costMicros: Micros;
  tokenSource: TokenSource;
  /** Remaining allowance after the charge (null when unlimited or on a personal token without cap). */
  remainingMicros: Micros | null;
}

/** Image jobs (`/imagine`, `/edit`). */
export interface ImagesApi {
  imagine(req: ImagineRequest, hooks?: JobHooks): Promise<Result<ImageJobResult>>;
  edit(req: EditRequest, hooks?: JobHooks): Promise<Result<ImageJobResult>>;
  /**
   * Most bytes one reference image may have for `model` (image) or as a video's start image; for early download caps.
   */
  referenceLimitBytes(kind: 'image' | 'video', model?: string): number;
}
