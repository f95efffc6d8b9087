import type { ServerResponse } from 'node:http';

/** What a handler answers; the server writes it. `handled` means the handler already wrote the response. */
export type Reply =
  | { kind: 'json'; status: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'raw'; status: number; body: string | Buffer; contentType?: string; headers?: Record<string, string> }
  | { kind: 'handled' };

/** Thrown from deep inside a handler to answer early (validation failures, faults). */
export class ReplyError extends Error {
  constructor(readonly reply: Reply) {
    super(`simulator reply ${reply.kind === 'handled' ? '' : reply.status}`);
    this.name = 'ReplyError';
  }
}

/** A JSON reply. */
export function json(status: number, body: unknown, headers?: Record<string, string>): Reply {
  return headers ? { kind: 'json', status, body, headers } : { kind: 'json', status, body };
}

/** Writes a non-`handled` reply to `res` (no-op when the client is gone). */
export function writeReply(res: ServerResponse, reply: Reply): void {
  if (reply.kind === 'handled' || res.destroyed || res.headersSent) return;
  const body = reply.kind === 'json' ? Buffer.from(JSON.stringify(reply.body)) : Buffer.isBuffer(reply.body) ? reply.body : Buffer.from(reply.body);
  const type = reply.kind === 'json' ? 'application/json; charset=utf-8' : reply.contentType;
  const headers: Record<string, string | number> = { 'Content-Length': body.length, ...reply.headers };
  if (type) headers['Content-Type'] = type;
  res.writeHead(reply.status, headers);
  res.end(body);
}

/** Resolves after `ms` (unref'd so a pending delay never keeps the process alive). */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0) return resolve();
    setTimeout(resolve, ms).unref();
  });
}
