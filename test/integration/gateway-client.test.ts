import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isGatewayFailure } from '../../src/core/ports/media-gateway.js';
import { HttpMediaGateway, type HttpMediaGatewayOptions } from '../../src/gateway/index.js';

const TOKEN = 'sk-integration-SECRET-0123456789abcdef';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}
type Handler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

/** A loopback server recording every request; `handler` answers them. */
class RecordingServer {
  readonly seen: Seen[] = [];
  handler: Handler = (_q, res) => res.writeHead(500).end();
  private server!: Server;
  baseUrl = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        this.seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        this.handler(req, res, body);
      });
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  reset(handler: Handler): void {
    this.seen.length = 0;
    this.handler = handler;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/** Counts multipart parts named `name` that carry a filename and a content type. */
function fileParts(body: Buffer, name: string): number {
  const text = body.toString('latin1');
  const esc = name.replace(/[[\]]/g, '\\$&');
  const re = new RegExp(`Content-Disposition: form-data; name="${esc}"; filename="[^"]+"\\r\\nContent-Type: image/png`, 'gi');
  return text.match(re)?.length ?? 0;
}

function field(body: Buffer, name: string): string | undefined {
  const m = new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)\\r\\n`).exec(body.toString('latin1'));
  return m?.[1];
}

const png = (n: number) => ({ data: new Uint8Array([0x89, 0x50, 0x4e, 0x47, n]), filename: `ref${n}.png`, contentType: 'image/png' });
const IMG_OK = { created: 1, data: [{ b64_json: 'QUJD' }] };

const srv = new RecordingServer();
const other = new RecordingServer();
const gateways: HttpMediaGateway[] = [];
let dir = '';

function gw(opts: Partial<HttpMediaGatewayOptions> = {}): HttpMediaGateway {
  const g = new HttpMediaGateway({ baseUrl: srv.baseUrl, retryBaseMs: 5, timeoutMs: 10_000, ...opts });
  gateways.push(g);
  return g;
}

async function failure(p: Promise<unknown>): Promise<Error & { kind: string; status?: number; code?: string }> {
  try {
    await p;
  } catch (e) {
    if (!isGatewayFailure(e)) throw e;
    return e;
  }
  throw new Error('expected a gateway failure');
}

beforeAll(async () => {
  await srv.start();
  await other.start();
  dir = mkdtempSync(join(tmpdir(), 'gw-test-'));
});
afterEach(async () => {
  await Promise.all(gateways.splice(0).map((g) => g.close()));
});
afterAll(async () => {
  await srv.stop();
  await other.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('HttpMediaGateway against a loopback server', () => {
  it('lists models with a bearer token', async () => {
    srv.reset((_q, res) => json(res, 200, { object: 'list', data: [{ id: 'alpha-image-2', owned_by: 'x' }] }));
    expect(await gw().listModels(TOKEN)).toEqual([{ id: 'alpha-image-2', ownedBy: 'x' }]);
    expect(srv.seen[0]).toMatchObject({ method: 'GET', url: '/v1/models' });
    expect(srv.seen[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('generates an image with a JSON body and keeps the request id', async () => {
    srv.reset((_q, res) => json(res, 200, IMG_OK, { 'x-oneapi-request-id': 'rid-1' }));
    const out = await gw().generateImage(TOKEN, { model: 'alpha-image-2', prompt: 'a cat', size: '1024x1024' });
    expect(out).toEqual({ images: [{ b64: 'QUJD' }], requestId: 'rid-1' });
    expect(JSON.parse(srv.seen[0]!.body.toString())).toEqual({ model: 'alpha-image-2', prompt: 'a cat', size: '1024x1024' });
    expect(srv.seen[0]!.headers['content-type']).toBe('application/json');
  });

  it('a 2xx without image data is malformed', async () => {
    srv.reset((_q, res) => json(res, 200, { data: [] }));
    expect((await failure(gw().generateImage(TOKEN, { model: 'm', prompt: 'p' }))).kind).toBe('malformed');
  });

  it('sends 1 and 3 repeated image parts, and image[] when configured (never both)', async () => {
    srv.reset((_q, res) => json(res, 200, IMG_OK));
    await gw().editImage(TOKEN, { model: 'alpha-image-2', prompt: 'p', size: '1024x1024', images: [png(1)] });
    await gw().editImage(TOKEN, { model: 'alpha-image-2', prompt: 'p', images: [png(1), png(2), png(3)] });
    await gw({ editImageField: 'image[]' }).editImage(TOKEN, { model: 'alpha-image-2', prompt: 'p', images: [png(1), png(2), png(3)] });
    const [one, three, brackets] = srv.seen;
    expect(one!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(fileParts(one!.body, 'image')).toBe(1);
    expect(field(one!.body, 'size')).toBe('1024x1024');
    expect(field(one!.body, 'model')).toBe('alpha-image-2');
    expect(fileParts(three!.body, 'image')).toBe(3);
    expect(fileParts(three!.body, 'image[]')).toBe(0);
    expect(fileParts(brackets!.body, 'image[]')).toBe(3);
    expect(fileParts(brackets!.body, 'image')).toBe(0);
    expect(three!.body.includes(Buffer.from([0x89, 0x50, 0x4e, 0x47, 3]))).toBe(true);
  });

  it('creates a video with seconds as a JSON string', async () => {
    srv.reset((_q, res) => json(res, 200, { id: 'task_1', task_id: 'task_1', object: 'video', status: 'queued', progress: 0 }));
    const task = await gw().createVideo(TOKEN, { model: 'v', prompt: 'p', seconds: 8, size: '1280x720' });
    expect(task).toEqual({ id: 'task_1', status: 'queued', progress: 0 });
    expect(JSON.parse(srv.seen[0]!.body.toString())).toEqual({ model: 'v', prompt: 'p', seconds: '8', size: '1280x720' });
  });

  it('creates an image-to-video task as multipart with input_reference', async () => {
    srv.reset((_q, res) => json(res, 200, { task_id: 'task_2', status: 'unknown' }));
    const task = await gw().createVideo(TOKEN, { model: 'v', prompt: 'p', seconds: 5, inputReference: png(7) });
    expect(task).toEqual({ id: 'task_2', status: 'queued', progress: 0 });
    const body = srv.seen[0]!.body;
    expect(srv.seen[0]!.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(field(body, 'seconds')).toBe('5');
    expect(fileParts(body, 'input_reference')).toBe(1);
  });

  it('retries 429 twice then succeeds (3 requests)', async () => {
    let n = 0;
    srv.reset((_q, res) => (++n <= 2 ? res.writeHead(429).end() : json(res, 200, IMG_OK)));
    await gw().generateImage(TOKEN, { model: 'm', prompt: 'p' });
    expect(srv.seen).toHaveLength(3);
  });

  it('never retries a routing 503', async () => {
    srv.reset((_q, res) => json(res, 503, { error: { message: 'No available channel for model m under group g (distributor) (request id: r1)', type: 'new_api_error', code: 'model_not_found' } }));
    const err = await failure(gw().generateImage(TOKEN, { model: 'm', prompt: 'p' }));
    expect(err).toMatchObject({ kind: 'no_channel', status: 503, requestId: 'r1' });
    expect(srv.seen).toHaveLength(1);
  });

  it('retries a plain 503 on a GET', async () => {
    let n = 0;
    srv.reset((_q, res) => (++n === 1 ? json(res, 503, { error: { message: 'busy' } }) : json(res, 200, [{ id: 'a' }])));
    expect(await gw().listModels(TOKEN)).toEqual([{ id: 'a' }]);
    expect(srv.seen).toHaveLength(2);
  });

  it('does not retry a video create on 500, but does on 429', async () => {
    srv.reset((_q, res) => json(res, 500, { error: { message: 'x', code: 'do_request_failed' } }));
    expect((await failure(gw().createVideo(TOKEN, { model: 'v', prompt: 'p', seconds: 4 }))).kind).toBe('upstream');
    expect(srv.seen).toHaveLength(1);
    let n = 0;
    srv.reset((_q, res) => (++n === 1 ? json(res, 429, { error: { message: 'slow down' } }) : json(res, 200, { id: 'task_3', status: 'queued' })));
    expect((await gw().createVideo(TOKEN, { model: 'v', prompt: 'p', seconds: 4 })).id).toBe('task_3');
    expect(srv.seen).toHaveLength(2);
  });

  it('does not retry a video create after a connection reset', async () => {
    srv.reset((q) => q.socket.destroy());
    expect((await failure(gw().createVideo(TOKEN, { model: 'v', prompt: 'p', seconds: 4 }))).kind).toBe('network');
    expect(srv.seen).toHaveLength(1);
  });

  it('honours Retry-After', async () => {
    let n = 0;
    srv.reset((_q, res) => (++n === 1 ? res.writeHead(429, { 'retry-after': '1' }).end() : json(res, 200, [{ id: 'a' }])));
    const t0 = Date.now();
    await gw().listModels(TOKEN);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1000);
    expect(srv.seen).toHaveLength(2);
  });

  it('gives up early when Retry-After exceeds the deadline', async () => {
    srv.reset((_q, res) => res.writeHead(429, { 'retry-after': '60' }).end());
    const t0 = Date.now();
    const err = await failure(gw({ timeoutMs: 2000 }).listModels(TOKEN));
    // A bare 429 is the concurrency gate's kind of answer (nothing processed): waited out, but not past the deadline.
    expect(err).toMatchObject({ kind: 'concurrency', retryAfterMs: 60_000 });
    expect(Date.now() - t0).toBeLessThan(1000);
  });

  it('turns the overall deadline into a timeout', async () => {
    srv.reset(() => undefined);
    const t0 = Date.now();
    const err = await failure(gw({ timeoutMs: 300 }).listModels(TOKEN));
    expect(err.kind).toBe('timeout');
    expect(Date.now() - t0).toBeLessThan(3000);
  });

  it('a caller abort is a timeout with code aborted', async () => {
    srv.reset(() => undefined);
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 50);
    expect(await failure(gw().listModels(TOKEN, { signal: ac.signal }))).toMatchObject({ kind: 'timeout', code: 'aborted' });
  });

  it('maps a connection reset to network after retrying', async () => {
    srv.reset((q) => q.socket.destroy());
    const err = await failure(gw({ maxRetries: 1 }).listModels(TOKEN));
    expect(err.kind).toBe('network');
    expect(srv.seen).toHaveLength(2);
  });

  it('maps a refused connection to network ECONNREFUSED', async () => {
    const g = new HttpMediaGateway({ baseUrl: 'http://127.0.0.1:1', maxRetries: 0 });
    gateways.push(g);
    expect(await failure(g.listModels(TOKEN))).toMatchObject({ kind: 'network', code: 'ECONNREFUSED' });
  });

  it('polls a task and falls back to the legacy path on a bare 404', async () => {
    srv.reset((q, res) => {
      if (q.url === '/v1/videos/task_9') res.writeHead(404).end('404 page not found');
      else json(res, 200, { code: 'success', message: '', data: { task_id: 'task_9', status: 'IN_PROGRESS', progress: '40%' } });
    });
    expect(await gw().getVideo(TOKEN, 'task_9')).toEqual({ id: 'task_9', status: 'running', progress: 40 });
    expect(srv.seen.map((s) => s.url)).toEqual(['/v1/videos/task_9', '/v1/video/generations/task_9']);
  });

  it('a poll answered "Invalid URL" on both routes is not_supported (keep polling), never task_not_found', async () => {
    srv.reset((q, res) => json(res, 404, { error: { message: `Invalid URL (GET ${q.url}) (request id: r9)`, type: 'invalid_request_error' } }));
    expect((await failure(gw().getVideo(TOKEN, 'task_7'))).kind).toBe('not_supported');
    expect(srv.seen.map((s) => s.url)).toEqual(['/v1/videos/task_7', '/v1/video/generations/task_7']);
  });

  it('billing pages answering HTTP 200 with an error body are errors (auth for a bad token)', async () => {
    srv.reset((q, res) => {
      if (q.url === '/api/usage/token/' || q.url === '/api/status') json(res, 404, { error: { message: `Invalid URL (GET ${q.url})` } });
      else json(res, 200, { error: { message: 'invalid token', type: 'upstream_error' } });
    });
    const e = await failure(gw().getBalance(TOKEN));
    expect(e).toMatchObject({ kind: 'auth', status: 200, code: 'billing_error' });
    expect(srv.seen.map((s) => s.url)).toContain('/v1/dashboard/billing/subscription');
  });

  it('a poll 404 with a JSON error is final (no legacy try)', async () => {
    srv.reset((_q, res) => json(res, 404, { error: { message: 'Video not found', type: 'invalid_request_error' } }));
    expect((await failure(gw().getVideo(TOKEN, 'nope'))).kind).toBe('task_not_found');
    expect(srv.seen).toHaveLength(1);
  });

  it('streams a 20 MB download to a file', async () => {
    const data = randomBytes(20 * 1024 * 1024);
    srv.reset((_q, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(data.length) });
      let off = 0;
      const pump = () => {
        while (off < data.length) {
          const chunk = data.subarray(off, off + 256 * 1024);
          off += chunk.length;
          if (!res.write(chunk)) return res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    const dest = join(dir, 'big.mp4');
    const out = await gw().downloadVideo(TOKEN, 'task_1', dest);
    expect(out).toEqual({ bytes: data.length, contentType: 'video/mp4' });
    expect(srv.seen[0]!.url).toBe('/v1/videos/task_1/content');
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    expect(sha(readFileSync(dest))).toBe(sha(data));
    expect(existsSync(`${dest}.part`)).toBe(false);
  });

  it('a truncated download is malformed and leaves no file', async () => {
    srv.reset((_q, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': '1000000' });
      res.write(Buffer.alloc(500_000), () => res.destroy());
    });
    const dest = join(dir, 'short.mp4');
    const err = await failure(gw().downloadVideo(TOKEN, 'task_1', dest));
    expect(err).toMatchObject({ kind: 'malformed', code: 'truncated' });
    expect(existsSync(dest)).toBe(false);
    expect(existsSync(`${dest}.part`)).toBe(false);
  });

  it('refuses a download past maxBytes, even without Content-Length', async () => {
    srv.reset((_q, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4' });
      res.end(Buffer.alloc(300_000));
    });
    const dest = join(dir, 'large.mp4');
    expect(await failure(gw().downloadVideo(TOKEN, 't', dest, { maxBytes: 100_000 }))).toMatchObject({ kind: 'bad_request', code: 'too_large' });
    expect(existsSync(dest)).toBe(false);
    expect(existsSync(`${dest}.part`)).toBe(false);
  });

  it('falls back to the task URL (without credentials on a foreign origin) when /content 404s', async () => {
    srv.reset((_q, res) => json(res, 404, { error: { message: 'not ready' } }));
    other.reset((_q, res) => res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': '5' }).end('hello'));
    const chunks: Buffer[] = [];
    const sink = new Writable({ write: (c: Buffer, _e, cb) => (chunks.push(c), cb()) });
    const out = await gw().downloadVideo(TOKEN, 'task_1', sink, { fallbackUrl: `${other.baseUrl}/files/v.mp4?sig=1` });
    expect(out.bytes).toBe(5);
    expect(Buffer.concat(chunks).toString()).toBe('hello');
    expect(srv.seen).toHaveLength(1);
    expect(other.seen[0]!.url).toBe('/files/v.mp4?sig=1');
    expect(other.seen[0]!.headers.authorization).toBeUndefined();
  });

  it('without a fallback, a 404 on /content is not_ready', async () => {
    srv.reset((_q, res) => json(res, 404, { error: { message: 'Video is not ready yet' } }));
    expect((await failure(gw().downloadVideo(TOKEN, 't', join(dir, 'x.mp4')))).kind).toBe('not_ready');
  });

  it('fetches an image URL without Authorization and caps its size', async () => {
    other.reset((_q, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(1000, 7)));
    const bytes = await gw().fetchImage(`${other.baseUrl}/img.png`, 5000);
    expect(bytes.length).toBe(1000);
    expect(other.seen[0]!.headers.authorization).toBeUndefined();
    expect(await failure(gw().fetchImage(`${other.baseUrl}/img.png`, 500))).toMatchObject({ kind: 'bad_request', code: 'too_large' });
  });

  it('chat reads text and usage', async () => {
    srv.reset((_q, res) => json(res, 200, { choices: [{ message: { content: 'hello' } }], usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 } }));
    expect(await gw().chat(TOKEN, { model: 'm', messages: [{ role: 'user', content: 'hi' }] })).toEqual({ text: 'hello', usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 }, usageReported: true });
    expect(srv.seen[0]!.url).toBe('/v1/chat/completions');
  });

  it('messages uses x-api-key and anthropic-version in x-api-key mode', async () => {
    srv.reset((_q, res) => json(res, 200, { content: [{ type: 'text', text: 'yo' }], usage: { input_tokens: 2, output_tokens: 1 } }));
    const out = await gw({ messagesAuth: 'x-api-key' }).messages(TOKEN, { model: 'm', messages: [{ role: 'system', content: 's' }, { role: 'user', content: 'hi' }] });
    expect(out).toEqual({ text: 'yo', usage: { promptTokens: 2, completionTokens: 1, totalTokens: 3 }, usageReported: true });
    const seen = srv.seen[0]!;
    expect(seen.url).toBe('/v1/messages');
    expect(seen.headers['x-api-key']).toBe(TOKEN);
    expect(seen.headers['anthropic-version']).toBe('2023-06-01');
    expect(seen.headers.authorization).toBeUndefined();
    expect(JSON.parse(seen.body.toString())).toEqual({ model: 'm', max_tokens: 1024, system: 's', messages: [{ role: 'user', content: 'hi' }] });
    await gw().messages(TOKEN, { model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    expect(srv.seen[1]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(srv.seen[1]!.headers['x-api-key']).toBeUndefined();
  });

  it('limits concurrency per token', async () => {
    let active = 0;
    let peak = 0;
    srv.reset((_q, res) => {
      active++;
      peak = Math.max(peak, active);
      setTimeout(() => {
        active--;
        json(res, 200, [{ id: 'a' }]);
      }, 30);
    });
    const g = gw({ concurrency: 2 });
    await Promise.all(Array.from({ length: 6 }, () => g.listModels(TOKEN)));
    expect(peak).toBe(2);
  });

  it('never logs or throws the token (raw pino at trace, no scrubbing)', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (c: Buffer, _e, cb) => (lines.push(c.toString()), cb()) });
    const logger = pino({ level: 'trace' }, sink);
    const g = gw({ logger });
    srv.reset((_q, res) => json(res, 200, IMG_OK, { 'x-oneapi-request-id': 'rid-42' }));
    await g.generateImage(TOKEN, { model: 'm', prompt: 'p' });
    srv.reset((_q, res) => json(res, 401, { error: { message: `Invalid token ${TOKEN} (request id: rid-43)`, type: 'new_api_error', code: '' } }));
    const err = await failure(g.listModels(TOKEN));
    expect(err).toMatchObject({ kind: 'auth', status: 401, requestId: 'rid-43' });
    const all = lines.join('');
    expect(all).toContain('"path":"/v1/images/generations"');
    expect(all).toContain('"requestId":"rid-42"');
    expect(all).toContain('"status":401');
    expect(all).not.toContain(TOKEN);
    expect(all).not.toContain('SECRET');
    expect(err.message).not.toContain(TOKEN);
    expect(JSON.stringify(err)).not.toContain(TOKEN);
    expect(String(err.stack)).not.toContain(TOKEN);
  });
});
