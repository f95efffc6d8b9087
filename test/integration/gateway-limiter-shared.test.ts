/**
 * The per-token gateway limit across processes: three gateway clients (three limiters, each with its own Redis
 * connection, as three processes would have) share GATEWAY_CONCURRENCY through Bottleneck's Redis clustering, against
 * a real HTTP server on 127.0.0.1 that counts the requests in flight per token. Without the shared limit the same
 * load passes the limit three times over (the control).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpMediaGateway } from '../../src/gateway/http-media-gateway.js';
import { dropPrefix, redisForTests, TEST_REDIS_URL, uniquePrefix } from '../support/redis.js';

const redisUp = await redisForTests('shared gateway limiter');

/** A gateway stand-in: `GET /v1/models` answers after `delayMs`, counting concurrent requests per bearer token. */
class CountingServer {
  private readonly active = new Map<string, number>();
  readonly peak = new Map<string, number>();
  total = 0;
  server: Server;
  url = '';

  constructor(private readonly delayMs: number) {
    this.server = createServer((req, res) => {
      const token = String(req.headers.authorization ?? '');
      this.total++;
      const now = (this.active.get(token) ?? 0) + 1;
      this.active.set(token, now);
      this.peak.set(token, Math.max(this.peak.get(token) ?? 0, now));
      setTimeout(() => {
        this.active.set(token, (this.active.get(token) ?? 1) - 1);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data: [{ id: 'm1', object: 'model' }] }));
      }, this.delayMs);
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }
}

describe.skipIf(!redisUp)('gateway limit per token across processes (Bottleneck clustering over Redis)', () => {
  let counting: CountingServer;
  const prefix = uniquePrefix('limiter');
  const clients: HttpMediaGateway[] = [];

  beforeAll(async () => {
    counting = new CountingServer(40);
    await counting.listen();
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await counting?.close();
    await dropPrefix(prefix);
  });

  const gateways = (shared: boolean, concurrency: number) =>
    Array.from({ length: 3 }, () => {
      const g = new HttpMediaGateway({
        baseUrl: counting.url,
        concurrency,
        timeoutMs: 20_000,
        maxRetries: 0,
        ...(shared ? { sharedLimits: { redisUrl: TEST_REDIS_URL, prefix } } : {}),
      });
      clients.push(g);
      return g;
    });

  it('3 clients, concurrency 2 per token: the server never sees more than 2 requests of one token at once', async () => {
    const [a, b, c] = gateways(true, 2);
    const tokens = ['sk-shared-token-one-1234', 'sk-shared-token-two-5678'];
    const calls = Array.from({ length: 36 }, (_, i) => [a, b, c][i % 3]!.listModels(tokens[i % 2]!));
    const results = await Promise.all(calls);
    expect(results.every((r) => r.length === 1)).toBe(true);
    for (const t of tokens) expect(counting.peak.get(`Bearer ${t}`)).toBe(2);
    expect(counting.total).toBe(36);
  }, 30_000);

  it('control: per-process limits (no Redis) let 3 clients reach 3 × 2 in flight for one token', async () => {
    const [a, b, c] = gateways(false, 2);
    const token = 'sk-local-token-9999-abcd';
    await Promise.all(Array.from({ length: 18 }, (_, i) => [a, b, c][i % 3]!.listModels(token)));
    expect(counting.peak.get(`Bearer ${token}`)).toBe(6);
  });
});
