import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { parseBody, readBody } from './body.js';
import { CANONICAL, METHODS } from './methods.js';
import { normalizeParams, optInt } from './params.js';
import type { FakeState } from './state.js';
import { apiError, ApiFault, type ApiCall, type MethodOutcome, type UploadedPart } from './types.js';

/** Hooks the HTTP layer calls so the test-facing object can observe traffic. */
export interface ServerHooks {
  onCall(call: ApiCall): void;
}

/** Starts the HTTP server on 127.0.0.1 with an ephemeral port. */
export async function listen(state: FakeState, token: string, hooks: ServerHooks, keepAliveTimeoutMs = 1000): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    route(state, token, hooks, req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, apiError(500, `Internal Server Error: ${err instanceof Error ? err.message : String(err)}`));
    });
  });
  server.keepAliveTimeout = keepAliveTimeoutMs;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const addr = server.address();
  if (addr === null || typeof addr === 'string') throw new Error('fake Telegram server has no port');
  return { server, port: addr.port };
}

async function route(state: FakeState, token: string, hooks: ServerHooks, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const path = decodeURIComponent(url.pathname);
  const file = /^\/file\/bot([^/]+)\/(.+)$/.exec(path);
  if (file) return download(state, token, file[1] ?? '', file[2] ?? '', res);
  const api = /^\/bot([^/]+)\/([A-Za-z]+)\/?$/.exec(path);
  if (!api) {
    req.resume();
    return send(res, apiError(404, 'Not Found'));
  }
  if (api[1] !== token) {
    req.resume();
    return send(res, apiError(401, 'Unauthorized'));
  }
  const lower = (api[2] ?? '').toLowerCase();
  const method = CANONICAL.get(lower) ?? api[2] ?? '';
  const body = await readBody(req, state.limits.upload);
  if (body.tooLarge) return finish(hooks, res, method, {}, [], apiError(413, 'Request Entity Too Large'));
  let params: Record<string, unknown> = {};
  let uploads: UploadedPart[] = [];
  let outcome: MethodOutcome;
  try {
    const parsed = parseBody(req.headers['content-type'], body.bytes, url.searchParams);
    uploads = parsed.uploads;
    params = normalizeParams(parsed.fields);
    outcome = await dispatch(state, lower, params, uploads, res);
  } catch (err) {
    if (!(err instanceof ApiFault)) throw err;
    outcome = err.outcome;
  }
  finish(hooks, res, method, params, uploads, outcome);
}

async function dispatch(state: FakeState, lower: string, params: Record<string, unknown>, uploads: UploadedPart[], res: ServerResponse): Promise<MethodOutcome> {
  const retryAfter = state.takeRateLimit(lower);
  if (retryAfter !== undefined) return apiError(429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter });
  const armed = state.takeError(lower);
  if (armed) return apiError(armed.code, armed.description);
  if (lower === 'getupdates') return getUpdates(state, params, res);
  const handler = METHODS.get(lower);
  if (!handler) return apiError(404, 'Not Found: method not found');
  return { ok: true, result: await handler(state, params, uploads) };
}

function getUpdates(state: FakeState, p: Record<string, unknown>, res: ServerResponse): Promise<MethodOutcome> {
  if (state.webhook) return Promise.resolve(apiError(409, "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first"));
  const allowed = Array.isArray(p.allowed_updates) ? (p.allowed_updates as string[]) : undefined;
  const poll: { offset?: number; limit?: number; timeoutSec?: number; allowed?: string[] } = {};
  const offset = optInt(p, 'offset');
  const limit = optInt(p, 'limit');
  const timeoutSec = optInt(p, 'timeout');
  if (offset !== undefined) poll.offset = offset;
  if (limit !== undefined) poll.limit = limit;
  if (timeoutSec !== undefined) poll.timeoutSec = timeoutSec;
  if (allowed !== undefined) poll.allowed = allowed;
  return state.updates.poll(poll, (cancel) => {
    res.on('close', () => {
      if (!res.writableFinished) cancel();
    });
  });
}

function finish(hooks: ServerHooks, res: ServerResponse, method: string, params: Record<string, unknown>, uploads: UploadedPart[], outcome: MethodOutcome): void {
  const call: ApiCall = { method, params, uploads, ok: outcome.ok, at: Date.now() };
  if (outcome.ok) call.result = outcome.result;
  else {
    call.errorCode = outcome.body.error_code;
    call.description = outcome.body.description;
  }
  send(res, outcome);
  hooks.onCall(call);
}

function send(res: ServerResponse, outcome: MethodOutcome): void {
  if (res.writableEnded || res.destroyed) return;
  const status = outcome.ok ? 200 : outcome.status;
  const body = JSON.stringify(outcome.ok ? { ok: true, result: outcome.result } : outcome.body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function download(state: FakeState, token: string, tokenInPath: string, filePath: string, res: ServerResponse): void {
  const file = tokenInPath === token ? state.files.byFilePath(filePath) : undefined;
  if (!file) return send(res, apiError(404, 'Not Found'));
  if (file.bytes.length > state.limits.download) return send(res, apiError(400, 'Bad Request: file is too big'));
  res.writeHead(200, { 'content-type': file.mimeType ?? 'application/octet-stream', 'content-length': file.bytes.length });
  res.end(file.bytes);
}
