import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpMediaGateway } from '../../src/gateway/index.js';
import { encodePng } from '../../src/simulator/png.js';
import { createTestStack, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, openHolds } from '../support/ledger.js';

/** A plain HTTP listener counting requests; `handler` answers them. */
async function listener(host: string, handler: (path: string, res: import('node:http').ServerResponse) => void): Promise<{ base: string; hits: string[]; server: Server }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req.url ?? '', res);
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  return { base: `http://${host}:${(server.address() as AddressInfo).port}`, hits, server };
}

describe('image URLs from the gateway: own origin or public addresses only', () => {
  let t: TestStack;
  beforeAll(async () => {
    t = await createTestStack({ env: { DEFAULT_ALLOWANCE: '5' } });
  });
  afterAll(() => t?.close());

  for (const url of ['http://169.254.169.254/latest/meta-data/iam/security-credentials/', 'http://10.20.30.40/result.png', 'http://[fe80::1]/x.png', 'http://0.0.0.0/x.png']) {
    it(`a result at ${url} is not fetched; the hold is released and the user told why`, async () => {
      t.sim.addFault({ kind: 'image_url', url, times: 1 });
      const billed = t.sim.spentMicros(t.sim.tokens.media);
      const started = Date.now();
      const r = await t.core.imagine({ ...t.actor(), prompt: 'a harbour at night' });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.failure.code).toBe('result_url_refused');
      expect(r.failure.money).toBe('released');
      expect(Date.now() - started).toBeLessThan(3000); // refused at once, no connection attempt timing out
      const words = t.core.explain(r.failure);
      expect(words).toMatch(/link to the image on a private or local network address, which I never fetch/);
      expect(words).toMatch(/Your hold was released: nothing was charged\./);
      expect(words).not.toMatch(/try again/i);
      expect(await openHolds(t.store)).toBe(0);
      // The user's ledger is untouched; the gateway did bill the image (what it billed is recorded as a gateway loss by the durable pipeline).
      expect(t.sim.spentMicros(t.sim.tokens.media) - billed).toBe(10_000);
      expect(t.logs()).toMatch(/gateway image URL points at a private or local address; not fetched/);
    });
  }

  it('a result on a host that does not resolve is not called a private address: the link cannot be reached; the hold is released', async () => {
    t.sim.addFault({ kind: 'image_url', url: 'http://results.nowhere.invalid/x.png', times: 1 });
    const r = await t.core.imagine({ ...t.actor(), prompt: 'a harbour at dawn' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.failure).toMatchObject({ code: 'result_url_refused', money: 'released', details: { reason: 'unreachable' } });
    const words = t.core.explain(r.failure);
    expect(words).toMatch(/a link to the image that this bot cannot reach \(its host name does not resolve\)/);
    expect(words).not.toMatch(/private|local network/);
    expect(words).toMatch(/Your hold was released: nothing was charged\./);
    expect(await openHolds(t.store)).toBe(0);
  });

  it('a result on the gateway own origin is fetched and charged as usual', async () => {
    const png = await encodePng(16, 16, { r: 9, g: 9, b: 9 });
    const same = await listener('127.0.0.1', (_p, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png));
    try {
      // The simulator lives on 127.0.0.1: a loopback image host is the gateway's own class, so it is allowed.
      t.sim.addFault({ kind: 'image_url', url: `${same.base}/img.png`, times: 1 });
      const before = await ledgerNetCharged(t.store);
      const r = await t.core.imagine({ ...t.actor(), prompt: 'a lighthouse' });
      expect(r.ok).toBe(true);
      expect(same.hits).toEqual(['/img.png']);
      expect((await ledgerNetCharged(t.store)) - before).toBe(10_000);
      expect(await openHolds(t.store)).toBe(0);
    } finally {
      same.server.close();
    }
  });
});

describe('HttpMediaGateway.fetchImage under the address policy', () => {
  const closers: (() => void)[] = [];
  afterAll(() => closers.forEach((c) => c()));
  // A gateway that resolves to a public address: loopback targets are then refused too.
  const publicGateway = () =>
    new HttpMediaGateway({ baseUrl: 'http://gateway.example', retryBaseMs: 5, maxRetries: 0, resolveHost: async (h) => (h === 'gateway.example' ? ['93.184.216.34'] : h === 'cdn.example' ? ['93.184.216.35'] : ['127.0.0.2']) });

  it('refuses 127.0.0.2 for a gateway elsewhere: no request is made', async () => {
    const target = await listener('127.0.0.2', (_p, res) => res.end('secret'));
    closers.push(() => target.server.close());
    await expect(publicGateway().fetchImage(`${target.base}/latest/meta-data`, 1024)).rejects.toMatchObject({ kind: 'bad_request', code: 'unsafe_download_url' });
    expect(target.hits).toEqual([]);
  });

  it('checks every redirect hop: an allowed host redirecting to a private address is refused before the second request', async () => {
    const inner = await listener('127.0.0.2', (_p, res) => res.end('metadata'));
    const hop = await listener('127.0.0.1', (_p, res) => res.writeHead(302, { location: `http://169.254.169.254/latest/meta-data` }).end());
    closers.push(() => inner.server.close(), () => hop.server.close());
    // The gateway is the loopback listener itself (own origin allowed), which redirects to the metadata service.
    const g = new HttpMediaGateway({ baseUrl: hop.base, retryBaseMs: 5, maxRetries: 0 });
    await expect(g.fetchImage(`${hop.base}/img.png`, 1024)).rejects.toMatchObject({ code: 'unsafe_download_url' });
    expect(hop.hits).toEqual(['/img.png']);
    // A same-class redirect is followed (the gateway is on loopback, so 127.0.0.2 is its own class).
    const ok = await listener('127.0.0.1', (_p, res) => res.writeHead(301, { location: `${inner.base}/file` }).end());
    closers.push(() => ok.server.close());
    const g2 = new HttpMediaGateway({ baseUrl: ok.base, retryBaseMs: 5, maxRetries: 0 });
    expect(Buffer.from(await g2.fetchImage(`${ok.base}/img.png`, 1024)).toString()).toBe('metadata');
    expect(inner.hits).toEqual(['/file']);
  });
});
