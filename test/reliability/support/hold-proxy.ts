/**
 * A forwarding HTTP proxy on 127.0.0.1 (port 0) that can freeze one exchange at a chosen point, so a test can kill
 * a bot process at a precise stage: before the upstream sees a request (`request`), after the upstream answered but
 * before the client gets the answer (`response`), or after the first `afterBytes` bytes of a streamed body (`body`).
 * A frozen exchange stays open (the client keeps waiting) until the proxy closes. Everything else passes through,
 * including long polls. Each hold fires once; `hit` resolves with what was seen.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** Where an exchange is frozen. */
export type HoldAt = 'request' | 'response' | 'body';

/** What a hold saw when it fired. */
export interface HoldHit {
  method: string;
  path: string;
  /** For `response`: the upstream's status and full body (e.g. a created task id). */
  status?: number;
  body?: Buffer;
}

/** A pending hold; `hit` resolves when it fired. */
export interface Hold {
  hit: Promise<HoldHit>;
  /** True once it fired. */
  fired(): boolean;
}

interface Rule {
  match: (method: string, path: string) => boolean;
  at: HoldAt;
  afterBytes: number;
  /** For `response`: freeze only an answer whose body passes; others are forwarded and the hold stays armed. */
  when?: (body: Buffer) => boolean;
  resolve: (h: HoldHit) => void;
  done: boolean;
}

/** A running proxy. */
export interface HoldProxy {
  /** e.g. http://127.0.0.1:PORT (no trailing slash). */
  url: string;
  /** Arms a one-shot hold for the first exchange matching `match`. */
  hold(match: (method: string, path: string) => boolean, at: HoldAt, opts?: { afterBytes?: number; when?: (body: Buffer) => boolean }): Hold;
  /** Drops armed holds that never fired (a stage ended some other way). */
  disarm(): void;
  /** Destroys frozen exchanges and open sockets, then closes. Idempotent. */
  close(): Promise<void>;
}

/**
 * Response headers without the hop-by-hop ones: the upstream leg uses `Connection: close`, the client leg keeps
 * its own keep-alive (forwarding `Connection: close` would make this proxy close every client connection).
 */
function endToEnd(h: IncomingHttpHeaders): IncomingHttpHeaders {
  const out = { ...h };
  for (const k of ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']) delete out[k];
  return out;
}

/** Starts a proxy forwarding every request to `upstream` (an `http://127.0.0.1:PORT` origin). */
export async function startHoldProxy(upstream: string): Promise<HoldProxy> {
  const target = new URL(upstream);
  let rules: Rule[] = [];
  const sockets = new Set<Socket>();
  const take = (method: string, path: string): Rule | undefined => {
    const r = rules.find((x) => !x.done && x.match(method, path));
    if (r) r.done = true;
    return r;
  };

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const rule = take(method, path.split('?')[0] ?? '/');
    if (rule?.at === 'request') {
      rule.resolve({ method, path });
      return; // never forwarded, never answered
    }
    const up = httpRequest(
      { host: target.hostname, port: target.port, method, path, headers: { ...req.headers, host: target.host, connection: 'close' } },
      (upRes) => {
        if (rule?.at === 'response') {
          const chunks: Buffer[] = [];
          upRes.on('data', (c: Buffer) => chunks.push(c));
          upRes.on('end', () => {
            const body = Buffer.concat(chunks);
            if (!rule.when || rule.when(body)) return rule.resolve({ method, path, status: upRes.statusCode ?? 0, body }); // the client never gets it
            rule.done = false;
            res.writeHead(upRes.statusCode ?? 502, endToEnd(upRes.headers));
            res.end(body);
          });
          return;
        }
        res.writeHead(upRes.statusCode ?? 502, endToEnd(upRes.headers));
        if (rule?.at !== 'body') {
          upRes.pipe(res);
          return;
        }
        let sent = 0;
        upRes.on('data', (c: Buffer) => {
          if (rule.done && sent >= rule.afterBytes) return;
          const room = rule.afterBytes - sent;
          const part = c.length > room ? c.subarray(0, room) : c;
          res.write(part);
          sent += part.length;
          if (sent >= rule.afterBytes) {
            upRes.pause();
            rule.resolve({ method, path, status: upRes.statusCode ?? 0 });
          }
        });
        upRes.on('end', () => res.end());
      },
    );
    up.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    res.on('close', () => up.destroy());
    req.pipe(up);
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    hold(match, at, opts = {}) {
      let resolve!: (h: HoldHit) => void;
      const hit = new Promise<HoldHit>((r) => (resolve = r));
      const rule: Rule = { match, at, afterBytes: opts.afterBytes ?? 0, resolve, done: false, ...(opts.when ? { when: opts.when } : {}) };
      rules.push(rule);
      let fired = false;
      void hit.then(() => (fired = true));
      return { hit, fired: () => fired };
    },
    disarm() {
      rules = rules.filter((r) => r.done);
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      });
      return closing;
    },
  };
}
