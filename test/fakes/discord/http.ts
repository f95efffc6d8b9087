import type { IncomingMessage, ServerResponse } from 'node:http';
import type { UploadedFile } from './types.js';

/** A parsed request body: JSON (or multipart `payload_json`) plus file parts. */
export interface ParsedBody {
  json: unknown;
  files: UploadedFile[];
  raw: Buffer;
}

/** A route's answer. `body` undefined means an empty body (204 style). */
export interface RouteResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Reads the whole request body. */
export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Parses JSON or real multipart/form-data (through the WHATWG `Response.formData()` parser): file parts become
 * {@link UploadedFile}s (bytes, filename, content type), `payload_json` becomes the JSON body.
 */
export async function parseBody(req: IncomingMessage, raw: Buffer): Promise<ParsedBody> {
  const type = req.headers['content-type'] ?? '';
  if (raw.length === 0) return { json: undefined, files: [], raw };
  if (type.startsWith('multipart/form-data')) {
    const form = await new Response(raw, { headers: { 'content-type': type } }).formData();
    const files: UploadedFile[] = [];
    let json: unknown;
    const fields: Record<string, string> = {};
    for (const [field, value] of form.entries()) {
      if (typeof value === 'string') {
        if (field === 'payload_json') json = JSON.parse(value) as unknown;
        else fields[field] = value;
      } else {
        files.push({
          field,
          filename: value.name,
          contentType: value.type || 'application/octet-stream',
          bytes: Buffer.from(await value.arrayBuffer()),
        });
      }
    }
    return { json: json ?? fields, files, raw };
  }
  if (type.includes('json')) return { json: JSON.parse(raw.toString('utf8')) as unknown, files: [], raw };
  return { json: undefined, files: [], raw };
}

/** Writes a {@link RouteResult}: JSON bodies serialized, Buffers sent raw, undefined as an empty body. */
export function send(res: ServerResponse, result: RouteResult): void {
  const headers: Record<string, string> = { ...(result.headers ?? {}) };
  if (result.body === undefined) {
    res.writeHead(result.status, headers);
    res.end();
    return;
  }
  if (Buffer.isBuffer(result.body)) {
    res.writeHead(result.status, { 'content-length': String(result.body.length), ...headers });
    res.end(result.body);
    return;
  }
  const text = JSON.stringify(result.body);
  res.writeHead(result.status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers });
  res.end(text);
}

/** Discord's error body shape. */
export function apiError(status: number, code: number, message: string): RouteResult {
  return { status, body: { message, code } };
}

/** The generic 404 Discord gives for routes it does not know. */
export const notFound = (): RouteResult => apiError(404, 0, '404: Not Found');
