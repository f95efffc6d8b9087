/** Video jobs (`/video`, `/animate`, `/remix`): started here, delivered later by the job runner. */
import type { Result } from '../failures.js';
import type { Micros } from '../money.js';
import type { Actor, Attachment, DeliveryAddress, JobHooks } from './actor.js';

export interface VideoRequest extends Actor {
  prompt: string;
  model?: string;
  /** 4..15, default configured. */
  seconds?: number;
  aspect?: string;
  size?: string;
  /** Makes it image-to-video. */
  image?: Attachment;
  /** `resolution` (`720p`), `generate_audio`, `negative_prompt` as asked; refused (free) when the model does not offer them. */
  resolution?: string;
  audio?: boolean;
  negative?: string;
  /**
   * The last frame (Kling's `image_tail`; needs `image`, the first frame): Discord's second attachment, on Telegram the
   * photo attached to a reply to the first one. Refused (free) when the model does not take one.
   */
  endImage?: Attachment;
  /** From `SurfaceRequest.deliveryAddress()`. */
  delivery: DeliveryAddress;
}

/** A video job accepted: the hold is placed and the gateway task created; the poller does the rest. */
export interface VideoStarted {
  jobId: string;
  model: string;
  seconds: number;
  size: string;
  /** The options sent that change the result (resolution, audio), for the reply. */
  options?: { resolution?: string; audio?: boolean };
  estimateMicros: Micros;
  /** The likely wait, from the model's recent delivered jobs (cold start: 30 s + 4 s per second of video). */
  etaSeconds: number;
  remainingMicros: Micros | null;
}

/** A remix of an earlier video job (new-api `POST /v1/videos/{id}/remix`), priced and held like a new video. */
export interface RemixRequest extends Actor {
  /** The earlier, delivered video job of this community. */
  jobId: string;
  prompt: string;
  /** Default: the earlier job's length. */
  seconds?: number;
  delivery: DeliveryAddress;
}

/** Video jobs (`/video`, `/animate`, `/remix`): started here, delivered later by the job runner. */
export interface VideoApi {
  startVideo(req: VideoRequest, hooks?: JobHooks): Promise<Result<VideoStarted>>;
  /** Starts a remix of an earlier video job; returns like `startVideo` (the poller delivers). */
  startRemix(req: RemixRequest, hooks?: JobHooks): Promise<Result<VideoStarted>>;
  /**
   * Whether a Remix is worth offering for a video made with `model` (absent: for any model): the model offers it
   * (`VIDEO_REMIX_MODELS`, default none: remix was Sora's), the gateway client has a remix call, and the gateway has
   * not answered that it has no remix route (remembered for the life of the process once a remix came back
   * `not_offered`).
   */
  remixOffered(model?: string): boolean;
}
