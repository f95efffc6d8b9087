/** The gateway client: the undici implementation of the `MediaGateway` port and its pure helpers. */
export { HttpMediaGateway, type HttpMediaGatewayOptions } from './http-media-gateway.js';
export { GatewayError, classifyGatewayError, scrubSecrets, parseRetryAfter, type ClassifyContext, type HeaderBag } from './errors.js';
export {
  normalizeVideoTask, normalizeStatusWord, normalizeProgress, extractTaskId, extractVideoUrl,
  parseModelList, parseImages, parseChatCompletion, parseMessagesResponse, type NormalizedTask,
} from './normalize.js';
export { isRetryable, backoffDelay, type RetryPolicy } from './retry.js';
export { fallbackAllowed } from './download.js';
export type { EditImageField } from './multipart.js';
