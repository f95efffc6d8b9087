import type { IncomingMessage } from 'node:http';
import type { ParsedBody } from './context.js';
import { boundaryOf, parseMultipart } from './multipart.js';

/** Largest request body accepted: 64 MiB. */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** Why a body could not be read. */
export class BodyError extends Error {
  constructor(readonly status: 400 | 413, message: string) {
    super(message);
    this.name = 'BodyError';
  }
}

/** Reads the whole body, refusing (413) past `cap` bytes without buffering the rest. */
export function readBody(req: IncomingMessage, cap = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > cap) return Promise.reject(new BodyError(413, `request body larger than ${cap} bytes`));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let n = 0;
    const onData = (c: Buffer): void => {
      n += c.length;
      if (n > cap) {
        req.off('data', onData);
        req.pause();
        reject(new BodyError(413, `request body larger than ${cap} bytes`));
        return;
      }
      chunks.push(c);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks, n)));
    req.once('error', reject);
  });
}

/** Parses JSON (must be an object) or multipart/form-data; an empty body is `{}`. */
export async function parseBody(req: IncomingMessage): Promise<ParsedBody> {
  const raw = await readBody(req);
  const boundary = boundaryOf(req.headers['content-type']);
  if (boundary) {
    try {
      return { parts: parseMultipart(raw, boundary) };
    } catch (e) {
      throw new BodyError(400, `malformed multipart body: ${(e as Error).message}`);
    }
  }
  if (raw.length === 0) return { json: {} };
  let v: unknown;
  try {
    v = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new BodyError(400, 'request body is not valid JSON');
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new BodyError(400, 'request body must be a JSON object');
  return { json: v as Record<string, unknown> };
}
