import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DownloadResult } from '../core/ports/media-gateway.js';
import { GatewayError, headerValue } from './errors.js';
import type { GatewayResponse } from './transport.js';

/** The error for a body larger than the caller allows. */
export function tooLarge(maxBytes: number): GatewayError {
  return new GatewayError({ kind: 'bad_request', code: 'too_large', message: `the file is larger than ${maxBytes} bytes` });
}

/** Counts bytes and fails with `too_large` as soon as the count passes `maxBytes`. */
class ByteCounter extends Transform {
  bytes = 0;
  constructor(private readonly maxBytes: number | undefined) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.maxBytes !== undefined && this.bytes > this.maxBytes) cb(tooLarge(this.maxBytes));
    else cb(null, chunk);
  }
}

function contentLength(res: GatewayResponse): number | undefined {
  const v = headerValue(res.headers, 'content-length');
  return v !== undefined && /^\d+$/.test(v.trim()) ? Number(v) : undefined;
}

/**
 * Streams a 2xx response body to `destination` with `stream/promises.pipeline`, never buffering it whole.
 * A path is written to `<path>.part` and renamed on success; the partial file is removed on any failure.
 * A writable stream is ended on success and destroyed on failure (pipeline semantics).
 * Throws `bad_request`/`too_large` past `maxBytes` (checked against Content-Length first, then while streaming)
 * and `malformed` ("truncated") when fewer bytes arrive than Content-Length promised.
 * Other stream failures are rethrown as-is for the caller to classify.
 */
export async function streamBody(res: GatewayResponse, destination: string | NodeJS.WritableStream, maxBytes?: number): Promise<DownloadResult> {
  const expected = contentLength(res);
  if (maxBytes !== undefined && expected !== undefined && expected > maxBytes) {
    res.body.destroy();
    throw tooLarge(maxBytes);
  }
  const counter = new ByteCounter(maxBytes);
  const partPath = typeof destination === 'string' ? `${destination}.part` : undefined;
  const file = partPath ? createWriteStream(partPath) : undefined;
  try {
    const sink = file ?? (destination as NodeJS.WritableStream);
    try {
      await pipeline(res.body, counter, sink);
    } catch (e) {
      if (e instanceof GatewayError) throw e;
      if (expected !== undefined && counter.bytes < expected) throw truncated(counter.bytes, expected);
      throw e;
    }
    if (expected !== undefined && counter.bytes !== expected) throw truncated(counter.bytes, expected);
    if (partPath && typeof destination === 'string') await rename(partPath, destination);
  } catch (e) {
    if (file && partPath) {
      // A failed pipeline destroys the file stream without waiting for it: its open may still be queued, and a file
      // opened after the removal would outlive it (a `.part` left in the job's folder).
      if (!file.closed) await new Promise<void>((done) => file.once('close', () => done()));
      await rm(partPath, { force: true }).catch(() => undefined);
    }
    throw e;
  }
  const contentType = headerValue(res.headers, 'content-type');
  return contentType ? { bytes: counter.bytes, contentType } : { bytes: counter.bytes };
}

function truncated(got: number, expected: number): GatewayError {
  return new GatewayError({ kind: 'malformed', code: 'truncated', message: `download truncated: ${got} of ${expected} bytes` });
}

/** Reads a small body (an image) into memory, failing with `too_large` past `maxBytes`. */
export async function readBytes(res: GatewayResponse, maxBytes: number): Promise<Uint8Array> {
  const expected = contentLength(res);
  if (expected !== undefined && expected > maxBytes) {
    res.body.destroy();
    throw tooLarge(maxBytes);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw tooLarge(maxBytes);
    chunks.push(chunk);
  }
  if (expected !== undefined && size < expected) throw truncated(size, expected);
  return new Uint8Array(Buffer.concat(chunks));
}
