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
}

/** Text answers (`/ask`). */
export interface AskApi {
  ask(req: AskRequest, hooks?: JobHooks): Promise<Result<AskResult>>;
}
