import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyError, readBody } from './body.js';
import type { SimState } from './context.js';
import { parseFaultRule } from './faults.js';
import { json, writeReply } from './reply.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The control endpoints (no auth, loopback peers only): `POST /__sim/faults` (a SimFaultRule as JSON),
 * `DELETE /__sim/faults`, `GET /__sim/state` (flavor, balances per token, request counts, task count, faults).
 */
export async function handleControl(state: SimState, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) return writeReply(res, json(403, { error: 'control endpoints are loopback only' }));
  const method = req.method ?? 'GET';
  if (path === '/__sim/faults' && method === 'POST') {
    let body: unknown;
    try {
      body = JSON.parse((await readBody(req, 64 * 1024)).toString('utf8'));
    } catch (e) {
      return writeReply(res, json(e instanceof BodyError ? e.status : 400, { error: 'body must be a JSON fault rule' }));
    }
    const rule = parseFaultRule(body);
    if (typeof rule === 'string') return writeReply(res, json(400, { error: rule }));
    state.faults.add(rule);
    return writeReply(res, json(201, { ok: true, faults: state.faults.list() }));
  }
  if (path === '/__sim/faults' && method === 'DELETE') {
    state.faults.clear();
    return writeReply(res, json(200, { ok: true }));
  }
  if (path === '/__sim/state' && method === 'GET') {
    state.tasks.settle();
    return writeReply(res, json(200, { flavor: state.flavor, balances: state.tokens.snapshot(), counts: state.log.counts(), tasks: state.tasks.size, faults: state.faults.list() }));
  }
  req.resume();
  return writeReply(res, json(404, { error: `no control route ${method} ${path}` }));
}
