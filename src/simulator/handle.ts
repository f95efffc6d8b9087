import { sentOptions } from './options.js';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyError, parseBody } from './body.js';
import { findModel, groupCanUse, type SimModelKind } from './catalog.js';
import { chatText, handleChat, handleMessages } from './chat.js';
import type { ParsedBody, ReqCtx, SimState } from './context.js';
import { handleControl } from './control.js';
import { apiError, badRequest, invalidToken, noChannel, noRoute, notImplemented, unknownModel, type ErrorCtx } from './errors.js';
import { billingRefusal, handlePricing, handleStatus, handleSubscription, handleTokenUsage, handleUsage } from './money-endpoints.js';
import { faultReply } from './faults.js';
import { billViolationFee, violationRefusal, VIOLATION_FEE_CODE } from './violation-fee.js';
import { editImages, handleEdit, handleGeneration } from './images.js';
import { handleModels } from './models.js';
import { tokenLogReply } from './token-log.js';
import { fieldText } from './multipart.js';
import { json, ReplyError, sleep, writeReply, type Reply } from './reply.js';
import { BODY_MODEL_ENDPOINTS, PUBLIC_ENDPOINTS, route, type Route } from './router.js';
import { extractToken } from './tokens.js';
import type { RecordedRequest, SimEndpoint } from './types.js';
import { handleFile, handleVideoContent } from './video-content.js';
import { handleLegacyPoll, handleVideoCreate, handleVideoPoll, handleVideoRemix, videoFields } from './videos.js';

let seq = 0;

/** A new-api-like request id: UTC timestamp to the millisecond plus 8 random hex digits and a counter. */
export function newRequestId(now = new Date()): string {
  const ts = now.toISOString().replace(/[-:TZ.]/g, '');
  seq = (seq + 1) % 1000;
  return `${ts}${randomBytes(4).toString('hex')}${String(seq).padStart(3, '0')}`;
}

/** The `?key=` of a request (older new-api builds read the token log's token there). */
function queryKey(url: string | undefined): string | undefined {
  const key = new URLSearchParams((url ?? '').split('?')[1] ?? '').get('key');
  return key !== null && key !== '' ? key : undefined;
}

/** `GET /api/log/token`: the token's charge and refund rows (tasks brought up to date first). */
function handleTokenLog(ctx: ReqCtx): Reply {
  ctx.state.tasks.settle();
  const r = tokenLogReply(ctx.state.tokens.log.rows(ctx.token), new URLSearchParams((ctx.req.url ?? '').split('?')[1] ?? ''));
  return json(r.status, r.body);
}

const KIND_OF: Partial<Record<SimEndpoint, SimModelKind>> = { image: 'image', edit: 'image', video_create: 'video', chat: 'text', messages: 'text' };

function bodyModel(body: ParsedBody): unknown {
  return body.parts ? fieldText(body.parts, 'model') : body.json?.model;
}

function promptOf(endpoint: SimEndpoint, body: ParsedBody): string | undefined {
  if (endpoint === 'chat' || endpoint === 'messages') return chatText(body.json);
  const p = body.parts ? fieldText(body.parts, 'prompt') : body.json?.prompt;
  return typeof p === 'string' ? p : undefined;
}

function fillRecord(record: RecordedRequest, endpoint: SimEndpoint, body: ParsedBody, model: unknown): void {
  if (typeof model === 'string') record.model = model;
  if (endpoint === 'edit' && body.parts) {
    const e = editImages(body.parts);
    record.imageParts = e.received;
    if (e.field) record.imageField = e.field;
  }
  if (endpoint === 'video_create') {
    const f = videoFields({ body });
    record.hasInputReference = f.inputRef;
    if (f.seconds !== undefined && f.seconds !== null) record.seconds = String(f.seconds);
  }
  if ((endpoint === 'chat' || endpoint === 'messages') && typeof body.json?.max_tokens === 'number') record.maxTokens = body.json.max_tokens;
  const size = body.parts ? fieldText(body.parts, 'size') : body.json?.size;
  if (typeof size === 'string') record.size = size;
  if (endpoint === 'image' || endpoint === 'edit' || endpoint === 'video_create') {
    const options = sentOptions(body.parts ? Object.fromEntries(body.parts.filter((p) => p.filename === undefined).map((p) => [p.name, fieldText(body.parts!, p.name)])) : (body.json ?? {}));
    if (Object.keys(options).length) record.options = options;
  }
  const n = body.parts ? fieldText(body.parts, 'n') : body.json?.n;
  if (n !== undefined && n !== null && (endpoint === 'image' || endpoint === 'edit')) record.n = Number(n);
}

async function dispatch(ctx: ReqCtx, r: Route): Promise<Reply> {
  switch (ctx.endpoint) {
    case 'models': return handleModels(ctx);
    case 'image': return handleGeneration(ctx);
    case 'edit': return handleEdit(ctx);
    case 'video_create': return handleVideoCreate(ctx, r.legacy === true);
    case 'video_poll': return r.legacy ? handleLegacyPoll(ctx) : handleVideoPoll(ctx);
    case 'video_content': return handleVideoContent(ctx);
    case 'video_remix': return handleVideoRemix(ctx);
    case 'chat': return handleChat(ctx);
    case 'messages': return handleMessages(ctx);
    case 'token_usage': return handleTokenUsage(ctx);
    case 'token_log': return handleTokenLog(ctx);
    case 'billing_subscription': return handleSubscription(ctx);
    case 'billing_usage': return handleUsage(ctx);
    case 'pricing': case 'status': case 'file': return noRoute(ctx.err, ctx.req.method ?? 'GET', ctx.record.path);
  }
}

const VIDEO_ENDPOINTS: ReadonlySet<SimEndpoint> = new Set(['video_create', 'video_poll', 'video_content', 'video_remix', 'file']);

/** Whether this flavor and video-route setting has the route at all (else: 404 "Invalid URL"). */
function routeExists(state: SimState, r: Route): boolean {
  if (VIDEO_ENDPOINTS.has(r.endpoint)) {
    if (state.videoRoutes === 'none') return false;
    if (state.videoRoutes === 'legacy') return r.legacy === true || r.endpoint === 'file';
    return r.endpoint !== 'file';
  }
  if (r.endpoint === 'pricing' || r.endpoint === 'token_usage' || r.endpoint === 'token_log') return state.flavor === 'new-api';
  if (r.endpoint === 'status' || r.endpoint === 'billing_subscription' || r.endpoint === 'billing_usage') return state.flavor !== 'seed';
  return true;
}

const BILLING: ReadonlySet<SimEndpoint> = new Set(['billing_subscription', 'billing_usage']);

/** Authenticates, parses, records, applies faults, checks the model, then runs the endpoint's handler. */
async function serve(state: SimState, req: IncomingMessage, res: ServerResponse, r: Route, record: RecordedRequest, err: ErrorCtx): Promise<Reply> {
  const token = extractToken(req.headers, r.endpoint === 'messages') ?? (r.endpoint === 'token_log' ? queryKey(req.url) : undefined);
  if (token !== undefined) record.token = token;
  const group = state.tokens.group(token);
  if (!group || token === undefined) {
    req.resume();
    return BILLING.has(r.endpoint) ? billingRefusal() : invalidToken(err);
  }
  if (r.endpoint === 'edit' && state.flavor === 'one-api') {
    req.resume();
    return notImplemented(err);
  }
  // new-api's concurrency gate runs before the relay reads the body; its lease lasts until the answer is written.
  const gated = state.gate.enter(token, r.endpoint, err);
  if ('refusal' in gated) {
    req.resume();
    return gated.refusal;
  }
  res.once('close', gated.release);
  let body: ParsedBody = {};
  if (req.method === 'POST') {
    try {
      body = await parseBody(req);
    } catch (e) {
      if (!(e instanceof BodyError)) throw e;
      if (e.status === 413) res.once('finish', () => req.socket.destroy());
      return apiError(err, e.status, { message: e.message, code: e.status === 413 ? 'request_too_large' : 'invalid_request', type: 'invalid_request_error' });
    }
  } else req.resume();
  const rawModel = BODY_MODEL_ENDPOINTS.has(r.endpoint) ? bodyModel(body) : r.param !== undefined ? state.tasks.get(r.param)?.model : undefined;
  fillRecord(record, r.endpoint, body, rawModel);
  const ctx: ReqCtx = { req, res, state, endpoint: r.endpoint, token, group, err, body, record };
  if (r.param !== undefined) ctx.param = r.param;
  const promptText = promptOf(r.endpoint, body);
  if (promptText !== undefined) ctx.promptText = promptText;

  const fault = state.faults.take(r.endpoint, token, typeof rawModel === 'string' ? rawModel : undefined, promptText);
  if (fault?.kind === 'reset') {
    req.socket.destroy();
    return { kind: 'handled' };
  }
  if (fault?.kind === 'slow') await sleep(fault.slowMs);
  else if (fault?.kind === 'violation_fee') {
    billViolationFee(state.fees, state.tokens, { token, model: typeof rawModel === 'string' ? rawModel : undefined, code: VIOLATION_FEE_CODE, requestId: err.requestId, feeMicros: state.violationFeeMicros });
    return violationRefusal(err);
  } else if (fault) {
    const immediate = faultReply(fault.kind, err, typeof rawModel === 'string' ? rawModel : undefined, group);
    if (immediate) return immediate;
    ctx.fault = fault.kind;
    if (fault.url !== undefined) ctx.faultUrl = fault.url;
    if (fault.billedSeconds !== undefined) ctx.faultBilledSeconds = fault.billedSeconds;
  }

  const kind = KIND_OF[r.endpoint];
  if (kind) {
    if (typeof rawModel !== 'string' || rawModel === '') return badRequest(err, 'invalid_request', 'model is required');
    const model = findModel(rawModel, state.catalogue);
    if (!model || model.kind !== kind) return unknownModel(err, rawModel, group);
    if (!groupCanUse(group, model) || !model.onSale) return noChannel(err, rawModel, group);
    ctx.model = model;
  }
  return dispatch(ctx, r);
}

/** The request listener of a simulator. Never throws; unexpected errors answer 500. */
export async function handleRequest(state: SimState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const requestId = newRequestId();
  res.setHeader('X-Oneapi-Request-Id', requestId);
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  const method = req.method ?? 'GET';
  try {
    if (path.startsWith('/__sim/')) return await handleControl(state, req, res, path);
    const r = route(method, path);
    const record: RecordedRequest = { method, path, endpoint: r?.endpoint ?? 'unknown', imageParts: 0, hasInputReference: false, at: Date.now() };
    state.log.push(record);
    const err: ErrorCtx = { flavor: state.flavor, requestId, native: r?.endpoint === 'messages' };
    let reply: Reply;
    if (!r || !routeExists(state, r)) {
      req.resume();
      reply = noRoute(err, method, path);
    } else if (PUBLIC_ENDPOINTS.has(r.endpoint)) {
      req.resume();
      reply = r.endpoint === 'pricing' ? handlePricing(state) : r.endpoint === 'status' ? handleStatus(state) : await handleFile(state, res, r.param ?? '');
    } else {
      try {
        reply = await serve(state, req, res, r, record, err);
      } catch (e) {
        if (!(e instanceof ReplyError)) throw e;
        reply = e.reply;
      }
    }
    writeReply(res, reply);
  } catch {
    writeReply(res, { kind: 'json', status: 500, body: { error: { message: 'internal simulator error', type: 'simulator_error', code: 'internal' } } });
  }
}
