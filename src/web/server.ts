/**
 * Starts the web pages on `host:port` with `@hono/node-server` (loaded only when the web is on) and returns the
 * listener with its address. `port` 0 takes any free port (tests).
 */
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createWebApp, type WebAppDeps } from './app.js';

/** A running web listener. */
export interface WebServer {
  /** `http://host:port` it listens on. */
  readonly url: string;
  close(): Promise<void>;
}

/** Listens with the web app; rejects with the listener's error (EADDRINUSE…). */
export function startWebServer(deps: WebAppDeps, at: { port: number; host: string }): Promise<WebServer> {
  const app = createWebApp(deps);
  return new Promise((resolve, reject) => {
    let server: ServerType | undefined;
    const onError = (e: unknown) => reject(e);
    server = serve({ fetch: app.fetch, port: at.port, hostname: at.host }, (info: AddressInfo) => {
      server?.off('error', onError);
      const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      resolve({
        url: `http://${host}:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            const s = server as ServerType & { closeAllConnections?: () => void };
            s.close(() => done());
            s.closeAllConnections?.();
          }),
      });
    });
    server.on('error', onError);
  });
}
