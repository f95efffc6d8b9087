import type { IncomingMessage } from 'node:http';
import type { UploadedPart } from './types.js';

/** A parsed Bot API request body: plain fields (strings or JSON values) and uploaded file parts. */
export interface ParsedBody {
  fields: Record<string, unknown>;
  uploads: UploadedPart[];
}

/** Result of reading a body: the bytes, or `tooLarge` once more than `limit` bytes arrived (the rest is drained). */
export type ReadBody = { tooLarge: false; bytes: Buffer } | { tooLarge: true };

/** Reads the whole request body, keeping at most `limit` bytes in memory. */
export function readBody(req: IncomingMessage, limit: number): Promise<ReadBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        over = true;
        chunks.length = 0;
      } else if (!over) chunks.push(chunk);
    });
    req.on('end', () => resolve(over ? { tooLarge: true } : { tooLarge: false, bytes: Buffer.concat(chunks) }));
    req.on('error', reject);
  });
}

/** Parses a JSON, urlencoded or multipart/form-data body (grammY's unquoted `filename=` form included). */
export function parseBody(contentType: string | undefined, bytes: Buffer, query: URLSearchParams): ParsedBody {
  const fields: Record<string, unknown> = Object.fromEntries(query.entries());
  const uploads: UploadedPart[] = [];
  const ct = (contentType ?? '').toLowerCase();
  if (bytes.length === 0) return { fields, uploads };
  if (ct.startsWith('application/json')) {
    const json: unknown = JSON.parse(bytes.toString('utf8'));
    if (json && typeof json === 'object' && !Array.isArray(json)) Object.assign(fields, json);
  } else if (ct.startsWith('application/x-www-form-urlencoded')) {
    for (const [k, v] of new URLSearchParams(bytes.toString('utf8'))) fields[k] = v;
  } else if (ct.startsWith('multipart/form-data')) {
    const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
    const boundary = m?.[1] ?? m?.[2];
    if (!boundary) throw new Error('multipart body without boundary');
    for (const part of splitMultipart(bytes, boundary)) {
      if (part.fileName !== undefined) {
        uploads.push({ name: part.name, fileName: part.fileName, contentType: part.contentType ?? 'application/octet-stream', bytes: part.body });
      } else fields[part.name] = part.body.toString('utf8');
    }
  }
  return { fields, uploads };
}

interface RawPart {
  name: string;
  fileName?: string;
  contentType?: string;
  body: Buffer;
}

function splitMultipart(body: Buffer, boundary: string): RawPart[] {
  const data = Buffer.concat([Buffer.from('\r\n'), body]);
  const delim = Buffer.from(`\r\n--${boundary}`);
  const parts: RawPart[] = [];
  let pos = data.indexOf(delim);
  while (pos !== -1) {
    let start = pos + delim.length;
    if (data.subarray(start, start + 2).toString() === '--') break;
    const eol = data.indexOf('\r\n', start);
    if (eol === -1) break;
    start = eol + 2;
    const next = data.indexOf(delim, start);
    if (next === -1) break;
    const raw = data.subarray(start, next);
    const sep = raw.indexOf('\r\n\r\n');
    if (sep !== -1) parts.push(toPart(raw.subarray(0, sep).toString('utf8'), raw.subarray(sep + 4)));
    pos = next;
  }
  return parts;
}

function toPart(head: string, body: Buffer): RawPart {
  let name = '';
  let fileName: string | undefined;
  let contentType: string | undefined;
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon === -1) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'content-type') contentType = value;
    if (key !== 'content-disposition') continue;
    name = param(value, 'name') ?? '';
    fileName = param(value, 'filename');
  }
  const part: RawPart = { name, body };
  if (fileName !== undefined) part.fileName = fileName;
  if (contentType !== undefined) part.contentType = contentType;
  return part;
}

/** Reads `key="quoted"` or `key=unquoted` (an unquoted filename runs to the end of the line, as grammY writes it). */
function param(header: string, key: string): string | undefined {
  const re = new RegExp(`(?:^|;)\\s*${key}=("((?:[^"\\\\]|\\\\.)*)"|([^;]*))`, 'i');
  const m = re.exec(header);
  if (!m) return undefined;
  if (m[2] !== undefined) return m[2].replace(/\\(.)/g, '$1');
  if (key === 'filename') return header.slice(header.search(/filename=/i) + 'filename='.length).trim();
  return (m[3] ?? '').trim();
}
