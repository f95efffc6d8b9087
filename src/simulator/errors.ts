import { json, type Reply } from './reply.js';
import type { SimFlavor } from './types.js';

/** What an error reply needs to know about its request. */
export interface ErrorCtx {
  flavor: SimFlavor;
  requestId: string;
  /** True on `/v1/messages` (the seed answers there in the native `{type:'error'}` shape). */
  native: boolean;
}

/** A flavor-neutral description of an error. */
export interface ErrorSpec {
  message: string;
  code: string;
  /** OpenAI-style `type`; default `invalid_request_error` (seed) / `new_api_error` (new-api). */
  type?: string;
  /** Type used in the seed's native `/v1/messages` shape; default `invalid_request_error`. */
  nativeType?: string;
}

/**
 * The error body in the request's dialect. new-api: `{error:{message:"… (request id: X)", type, code}}`;
 * seed: `{error:{message, type, code}}`, or `{type:'error', error:{type, message}}` on `/v1/messages`.
 */
export function apiError(ctx: ErrorCtx, status: number, spec: ErrorSpec): Reply {
  if (ctx.flavor !== 'seed') {
    const type = spec.type ?? (ctx.flavor === 'one-api' ? 'one_api_error' : 'new_api_error');
    return json(status, { error: { message: `${spec.message} (request id: ${ctx.requestId})`, type, code: spec.code } });
  }
  if (ctx.native) return json(status, { type: 'error', error: { type: spec.nativeType ?? 'invalid_request_error', message: spec.message } });
  return json(status, { error: { message: spec.message, type: spec.type ?? 'invalid_request_error', code: spec.code } });
}

/** 401 for a missing, unknown or refused token. */
export function invalidToken(ctx: ErrorCtx): Reply {
  if (ctx.flavor !== 'seed') return apiError(ctx, 401, { message: 'Invalid token', code: '' });
  if (ctx.native) return json(401, { type: 'error', error: { type: 'authentication_error', message: 'Invalid token' } });
  return json(401, { error: { message: 'Invalid token', type: 'authentication_error' } });
}

/** Unknown model (or a model not served on this endpoint): seed 404, new-api routing 503. */
export function unknownModel(ctx: ErrorCtx, model: string, group: string): Reply {
  if (ctx.flavor !== 'seed') return noChannel(ctx, model, group);
  const message = `The model '${model}' does not exist`;
  return apiError(ctx, 404, { message, code: 'model_not_found', nativeType: 'not_found_error' });
}

/** The token's group has no route to this (existing) model: 503 "no available channel" in both flavors. */
export function noChannel(ctx: ErrorCtx, model: string, group: string): Reply {
  if (ctx.flavor !== 'seed') {
    return apiError(ctx, 503, { message: `No available channel for model ${model} under group ${group} (distributor)`, code: 'model_not_found' });
  }
  return apiError(ctx, 503, { message: `no available channel for model ${model} under group ${group}`, code: 'no_available_channel', nativeType: 'api_error' });
}

/** 403 quota exhausted. */
export function quotaExceeded(ctx: ErrorCtx): Reply {
  return apiError(ctx, 403, { message: 'user quota is not enough', code: 'insufficient_user_quota', nativeType: 'permission_error' });
}

/** 400 about the request's fields. */
export function badRequest(ctx: ErrorCtx, code: string, message: string): Reply {
  return apiError(ctx, 400, { message, code, type: 'invalid_request_error' });
}

/** 400 content-policy refusal (new-api: moderation_blocked; seed: content_policy_violation). */
export function contentPolicy(ctx: ErrorCtx): Reply {
  if (ctx.flavor === 'new-api') {
    return apiError(ctx, 400, { message: 'Your request was rejected by the safety system', code: 'moderation_blocked', type: 'image_generation_user_error' });
  }
  return apiError(ctx, 400, { message: 'Your request was rejected as a result of our safety system', code: 'content_policy_violation' });
}

/** The `{code, message, data:null}` envelope used for unknown video tasks (both flavors). */
export function taskNotExist(): Reply {
  return json(400, { code: 'task_not_exist', message: 'task_not_exist', data: null });
}

/** new-api / one-api's answer for a route they do not have (404, "Invalid URL (METHOD /path)"). */
export function noRoute(ctx: ErrorCtx, method: string, path: string): Reply {
  return apiError(ctx, 404, { message: `Invalid URL (${method} ${path})`, code: '', type: 'invalid_request_error', nativeType: 'not_found_error' });
}

/** one-api's 501 for endpoints it routes but does not implement (`POST /v1/images/edits`). */
export function notImplemented(ctx: ErrorCtx): Reply {
  return apiError(ctx, 501, { message: 'API not implemented', code: 'api_not_implemented', type: 'one_api_error' });
}
