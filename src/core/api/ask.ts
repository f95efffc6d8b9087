/** Text answers (`/ask`). */
import type { Result } from '../failures.js';
import type { Micros } from '../money.js';
import type { Actor, DeliveryAddress, JobHooks } from './actor.js';
import type { ImagineRequest } from './images.js';

export interface AskRequest extends Actor {
  prompt: string;
  model?: string;
  /** As {@link ImagineRequest.delivery}. */
  delivery?: DeliveryAddress;
}

export interface AskResult {
  jobId: string;
  model: string;
  text: string;
  costMicros: Micros;
  totalTokens: number;
  /**
   * True when the gateway's answer carried no usage: `totalTokens` and the cost are the bot's own count (bytes of the
   * prompt and the answer, see `tokenBound`), and the reply says it is an estimate.
   */
  usageEstimated?: boolean;
}

/** Text answers (`/ask`). */
export interface AskApi {
  ask(req: AskRequest, hooks?: JobHooks): Promise<Result<AskResult>>;
}
