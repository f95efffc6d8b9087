import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpMediaGateway } from '../../src/gateway/index.js';

interface Listener {
  base: string;
  port: number;
  hits: { url: string; headers: IncomingHttpHeaders }[];
  server: Server;
}

/** A plain HTTP listener recording requests; `handler` answers them. */
async function listener(host: string, handler: (path: string, res: ServerResponse) => void): Promise<Listener> {
  const hits: Listener['hits'] = [];
  const server = createServer((req, res) => {
    hits.push({ url: req.url ?? '', headers: req.headers });
    handler(req.url ?? '', res);
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  const port = (server.address() as AddressInfo).port;
  return { base: `http://${host.includes(':') ? `[${host}]` : host}:${port}`, port, hits, server };
}

const sink = () => new Writable({ write: (_c: Buffer, _e, cb) => cb() });
const servers: Server[] = [];
afterAll(() => servers.forEach((s) => s.close()));
async function serve(host: string, handler: (path: string, res: ServerResponse) => void): Promise<Listener> {
  const l = await listener(host, handler);
  servers.push(l.server);
  return l;
}

describe('SSRF: IPv4-mapped IPv6 and other spellings of this machine, for a gateway elsewhere', () => {
  // The gateway is on a public address; this machine's services must not be reachable through it.
  const publicGateway = () =>
    new HttpMediaGateway({ baseUrl: 'http://gateway.invalid', maxRetries: 0, retryBaseMs: 5, timeoutMs: 5000, resolveHost: async (h) => (h === 'gateway.invalid' ? ['93.184.216.34'] : []) });

  it('an image URL on [::ffff:7f00:1] (how URLs write ::ffff:127.0.0.1) is refused and never requested', async () => {
    const inside = await serve('::', (_p, res) => res.end('internal secret'));
    for (const host of ['[::ffff:7f00:1]', '[::ffff:127.0.0.1]', '2130706433', '0177.0.0.1', '0x7f.1', '127.1', '[::1]']) {
      await expect(publicGateway().fetchImage(`http://${host}:${inside.port}/meta`, 1024), host).rejects.toMatchObject({ code: 'unsafe_download_url' });
    }
    expect(inside.hits).toEqual([]);
  });

  it('a video task URL on [::ffff:7f00:1] is refused and never requested', async () => {
    const inside = await serve('::', (_p, res) => res.writeHead(200, { 'content-type': 'video/mp4' }).end('internal secret'));
    // /content fails (the gateway name does not resolve here: a network error), so the task URL would be the fallback.
    await expect(publicGateway().downloadVideo('sk-t', 'task_1', sink(), { fallbackUrl: `http://[::ffff:7f00:1]:${inside.port}/v.mp4` })).rejects.toMatchObject({
      code: 'unsafe_download_url',
    });
    expect(inside.hits).toEqual([]);
  });
});

describe('SSRF: every redirect hop of every download path passes the address policy', () => {
  const targets = ['http://169.254.169.254/latest/meta-data/', 'http://[::ffff:a9fe:a9fe]/latest/meta-data/', 'http://10.9.9.9/internal', 'http://[fd00::9]/x'];

  for (const target of targets) {
    it(`the video task URL redirecting to ${target} is refused before the hop is requested`, async () => {
      // The gateway (on loopback: its own class is allowed) has no /content route, and its task URL redirects.
      const gw = await serve('127.0.0.1', (path, res) => {
        if (path.endsWith('/content')) res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        else res.writeHead(302, { location: target }).end();
      });
      const g = new HttpMediaGateway({ baseUrl: gw.base, maxRetries: 0, retryBaseMs: 5, timeoutMs: 20_000 });
      const started = Date.now();
      await expect(g.downloadVideo('sk-t', 'task_1', sink(), { fallbackUrl: `${gw.base}/files/task_1.mp4` })).rejects.toMatchObject({ code: 'unsafe_download_url' });
      expect(Date.now() - started).toBeLessThan(3000); // refused at once: no connection to the hop was attempted
      expect(gw.hits.map((h) => h.url)).toEqual(['/v1/videos/task_1/content', '/files/task_1.mp4']);
    });

    it(`an image URL redirecting to ${target} is refused before the hop is requested`, async () => {
      const gw = await serve('127.0.0.1', (_p, res) => res.writeHead(307, { location: target }).end());
      const g = new HttpMediaGateway({ baseUrl: gw.base, maxRetries: 0, retryBaseMs: 5, timeoutMs: 20_000 });
      const started = Date.now();
      await expect(g.fetchImage(`${gw.base}/img.png`, 1024)).rejects.toMatchObject({ code: 'unsafe_download_url' });
      expect(Date.now() - started).toBeLessThan(3000);
    });
  }

  it('a redirect chain longer than 3 hops is not followed', async () => {
    const gw = await serve('127.0.0.1', (path, res) => res.writeHead(302, { location: `/hop${Number(path.replace(/\D/g, '') || 0) + 1}` }).end());
    const g = new HttpMediaGateway({ baseUrl: gw.base, maxRetries: 0, retryBaseMs: 5 });
    await expect(g.fetchImage(`${gw.base}/hop0`, 1024)).rejects.toMatchObject({ code: 'image_redirects' });
    expect(gw.hits).toHaveLength(4);
  });

  it('the credentials stay on the gateway origin when its task URL redirects to a CDN of its own class', async () => {
    const cdn = await serve('127.0.0.2', (_p, res) => res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': '5' }).end('hello'));
    const gw = await serve('127.0.0.1', (path, res) => {
      if (path.endsWith('/content')) res.writeHead(404).end('{"error":{"message":"not found"}}');
      else res.writeHead(302, { location: `${cdn.base}/v.mp4` }).end();
    });
    const g = new HttpMediaGateway({ baseUrl: gw.base, maxRetries: 0, retryBaseMs: 5 });
    expect((await g.downloadVideo('sk-secret-token-1234', 'task_1', sink(), { fallbackUrl: `${gw.base}/files/task_1.mp4` })).bytes).toBe(5);
    expect(gw.hits[1]!.headers.authorization).toBe('Bearer sk-secret-token-1234');
    expect(cdn.hits[0]!.headers.authorization).toBeUndefined();
  });
});

describe('SSRF: DNS rebinding — the connection goes to the address that was checked', () => {
  /** A resolver whose second answer for `name` differs from the first (a rebinding DNS server). */
  function rebinding(name: string, first: string, later: string) {
    const calls: string[] = [];
    const resolve = async (h: string) => {
      calls.push(h);
      if (h !== name) return [];
      return calls.filter((c) => c === name).length === 1 ? [first] : [later];
    };
    return { resolve, calls };
  }

  it('an image URL: resolved once, fetched from the checked address, Host kept as the name', async () => {
    const file = await serve('127.0.0.1', (_p, res) => res.writeHead(200, { 'content-type': 'image/png' }).end('pixels'));
    const dns = rebinding('media.rebind.test', '127.0.0.1', '169.254.169.254');
    // The gateway is this listener (loopback): a loopback image host is its own class, a link-local one is not.
    const g = new HttpMediaGateway({ baseUrl: file.base, maxRetries: 0, retryBaseMs: 5, timeoutMs: 5000, resolveHost: dns.resolve });
    const bytes = await g.fetchImage(`http://media.rebind.test:${file.port}/img.png`, 1024);
    expect(Buffer.from(bytes).toString()).toBe('pixels');
    expect(dns.calls.filter((c) => c === 'media.rebind.test')).toHaveLength(1);
    expect(file.hits.map((h) => [h.url, h.headers.host])).toEqual([['/img.png', `media.rebind.test:${file.port}`]]);
  });

  it('a video task URL: resolved once, fetched from the checked address', async () => {
    const file = await serve('127.0.0.1', (path, res) => {
      if (path.endsWith('/content')) res.writeHead(404).end('{"error":{"message":"not found"}}');
      else res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': '4' }).end('mp4!');
    });
    const dns = rebinding('cdn.rebind.test', '127.0.0.1', '10.0.0.1');
    const g = new HttpMediaGateway({ baseUrl: file.base, maxRetries: 0, retryBaseMs: 5, timeoutMs: 5000, resolveHost: dns.resolve });
    expect((await g.downloadVideo('sk-t', 'task_1', sink(), { fallbackUrl: `http://cdn.rebind.test:${file.port}/v.mp4` })).bytes).toBe(4);
    expect(dns.calls.filter((c) => c === 'cdn.rebind.test')).toHaveLength(1);
    expect(file.hits.at(-1)!.headers.host).toBe(`cdn.rebind.test:${file.port}`);
  });

  it('a host that does not resolve is a network failure, not a "private address"', async () => {
    const g = new HttpMediaGateway({ baseUrl: 'http://127.0.0.1:9', maxRetries: 0, retryBaseMs: 5, resolveHost: async () => [] });
    await expect(g.fetchImage('http://nowhere.invalid/img.png', 1024)).rejects.toMatchObject({ kind: 'network', code: 'unresolvable_host' });
  });
});
