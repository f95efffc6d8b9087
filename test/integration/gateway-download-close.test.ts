import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpMediaGateway } from '../../src/gateway/index.js';

/**
 * A gateway that closes the connection after each response (nginx with keep-alive off) while the bot's sink is
 * slower than the network: undici 7 crashed the process here (nodejs/undici#5360); downloads use Node's client.
 */
const SIZE = 6 * 1024 * 1024;
const body = Buffer.alloc(SIZE, 7);
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/v1/videos/task_1/content') {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(SIZE), connection: 'close' });
      res.end(body);
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json', connection: 'close' }).end('{"error":{"message":"not found"}}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
});

describe('video download when the gateway closes the connection', () => {
  it('streams every byte into a slow sink without crashing', async () => {
    const gw = new HttpMediaGateway({ baseUrl: base, retryBaseMs: 5 });
    const hash = createHash('sha256');
    let received = 0;
    const slow = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _enc, cb) {
        hash.update(chunk);
        received += chunk.length;
        setTimeout(cb, 2);
      },
    });
    const r = await gw.downloadVideo('sk-test-token-123456', 'task_1', slow);
    await gw.close();
    expect(r.bytes).toBe(SIZE);
    expect(received).toBe(SIZE);
    expect(hash.digest('hex')).toBe(createHash('sha256').update(body).digest('hex'));
  });
});
