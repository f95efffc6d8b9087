import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import type { Logger } from '../log.js';
import type { ReadinessRegistry } from './readiness.js';

/** Options of {@link startHealthServer}. */
export interface HealthServerOptions {
  /** TCP port; 0 = any free port (tests). */
  port: number;
  /** Bind address. Default 127.0.0.1. */
  host?: string;
  readiness: ReadinessRegistry;
  /** Served at `/metrics` in the Prometheus text format. */
  metrics: Registry;
  logger?: Logger;
}

/** A listening health server. */
export interface HealthServer {
  /** e.g. `http://127.0.0.1:9090`. */
  url: string;
  port: number;
  /** Stops listening and closes idle connections. Idempotent. */
  close(): Promise<void>;
}

/**
 * A small HTTP listener for orchestrators and monitoring:
 * - `GET /healthz` — liveness: 200 `ok` while the event loop answers (no dependency is checked);
 * - `GET /readyz` — readiness: 200 when every registered check passes, else 503; JSON body with the process's role
 *   and each check (a `worker` has no platform connection to check, a `gateway-bot` no poller);
 * - `GET /metrics` — Prometheus metrics.
 * Both health answers carry the role in an `x-mediabot-role` header.
 * Anything else is 404; methods other than GET/HEAD are 405.
 */
export async function startHealthServer(o: HealthServerOptions): Promise<HealthServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-mediabot-role': o.readiness.role });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (path === '/healthz') return send(200, 'text/plain; charset=utf-8', 'ok\n');
    if (path === '/readyz') {
      o.readiness.run().then(
        (r) => send(r.ok ? 200 : 503, 'application/json', `${JSON.stringify({ status: r.ok ? 'ready' : r.stopping ? 'stopping' : 'not ready', role: r.role, checks: r.checks })}\n`),
        (e: unknown) => send(500, 'application/json', `${JSON.stringify({ status: 'error', error: String(e) })}\n`),
      );
      return;
    }
    if (path === '/metrics') {
      o.metrics.metrics().then(
        (text) => send(200, o.metrics.contentType, text),
        (e: unknown) => {
          o.logger?.error({ err: e }, 'metrics collection failed');
          send(500, 'text/plain; charset=utf-8', 'metrics collection failed\n');
        },
      );
      return;
    }
    send(404, 'text/plain; charset=utf-8', 'not found\n');
  });
  server.keepAliveTimeout = 5_000;
  const host = o.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
