/**
 * The web pages as a surface the composition root starts like a chat platform (after the app and the dispatcher,
 * before the job runner). Loading this file loads no HTTP library: `./server.js` (Hono) is imported only when the
 * web starts, so a process with `WEB_PORT=0` never pays for it.
 */
import { createServer } from 'node:net';
import type { SurfaceStarter } from '../app/compose.js';
import type { Config } from '../config.js';
import { StartupError } from '../startup-errors.js';
import { configuredPlatforms } from '../platforms/registry.js';

/** How many ports after a taken default are tried (the playground) or probed for the suggestion (the bots). */
const NEARBY_PORTS = 20;

/** Choices of {@link webSurface}. */
export interface WebSurfaceOptions {
  /**
   * When the default port is in use (`WEB_PORT` unset, no `WEB_PUBLIC_URL`): listen on the next free port after it
   * instead of starting without pages. Default false (the bots: a stable address matters, so they warn instead); the
   * playground sets it (its banner prints the address it got).
   */
  readonly nextFreePort?: boolean;
}

/**
 * Starts the web on `config.web` (its port must be set), and tells the core its public address for `/web` links. A
 * port in use fails the start when `WEB_PORT` was given. On the default port it warns with what to set (a second bot
 * on one machine: a free `WEB_PORT`, or `WEB_PORT=0`) and starts without pages, or with `nextFreePort` takes the next
 * free port.
 */
export function webSurface(config: Config, opts: WebSurfaceOptions = {}): SurfaceStarter {
  return async (ctx) => {
    const { port, host, publicUrl } = config.web;
    if (port === undefined) throw new Error('webSurface needs WEB_PORT');
    const { startWebServer } = await import('./server.js');
    const { ownerOpsOf } = await import('./owner-ops.js');
    const { signInOptions } = await import('./sign-in-setup.js');
    const logger = ctx.logger.child({ module: 'web' });
    const signIn = await signInOptions(config, publicUrl ?? `http://${host}:${port}`, (msg) => logger.warn(msg));
    const { adminRecheck } = await import('./admin-recheck.js');
    const checks = new Map(configuredPlatforms(config).flatMap(({ module, settings }) => (module.adminCheck ? [[module.id, module.adminCheck(settings)] as const] : [])));
    const recheck = adminRecheck(checks, { onError: (e) => logger.warn({ err: e instanceof Error ? e.message : String(e) }, 'could not confirm a web admin with the platform: admin pages refused for now') });
    const deps = { core: ctx.app.core, dispatcher: ctx.dispatcher, logger, secureCookie: publicUrl?.startsWith('https://') === true, ops: ownerOpsOf(ctx.app), signIn, adminRecheck: recheck };
    const listen = (p: number) => startWebServer(deps, { port: p, host });
    const server = await listen(port).catch(async (e: unknown) => {
      const code = (e as NodeJS.ErrnoException).code ?? String(e);
      if (config.web.portSet) {
        throw new StartupError(`WEB_PORT=${port} cannot be used on ${host}: ${code} (choose another port, or WEB_PORT=0 to turn the web pages off).`, { cause: e });
      }
      // The default port never fails the start: a bot must not stop over pages nobody asked for.
      if (code === 'EADDRINUSE' && opts.nextFreePort && !publicUrl) {
        for (let p = port + 1; p <= Math.min(65535, port + NEARBY_PORTS); p++) {
          const s = await listen(p).catch(() => undefined);
          if (s) {
            logger.info({ port: p, host, taken: port }, `the default web port ${port} is in use: the web pages listen on ${p}`);
            return s;
          }
        }
      }
      const free = code === 'EADDRINUSE' ? await freePortAfter(port, host) : undefined;
      const what =
        code === 'EADDRINUSE'
          ? `port ${port} (the default WEB_PORT) is already in use on ${host}, probably by another bot on this machine. ` +
            `To give this bot its web pages, set WEB_PORT to a free port${free ? ` (${free} is free now)` : ''} ` +
            `and point WEB_PUBLIC_URL at it if members reach the pages through a proxy; to run it without pages and without this warning, set WEB_PORT=0.`
          : `port ${port} on ${host} cannot be used: ${code}. Set WEB_PORT to another port, or WEB_PORT=0 to turn the web pages off.`;
      logger.warn({ port, host, code, ...(free ? { freePort: free } : {}) }, `web pages not started: ${what}`);
      return undefined;
    });
    if (!server) return { name: 'web (off)', stop: () => Promise.resolve() };
    const url = publicUrl ?? server.url;
    ctx.app.setWebUrl(url);
    logger.info({ url }, 'web pages started');
    let stopped: Promise<void> | undefined;
    return {
      name: 'web',
      url,
      stop: () => {
        stopped ??= (async () => {
          ctx.app.setWebUrl(undefined);
          await server.close();
        })();
        return stopped;
      },
    };
  };
}

/** The first port after `port` that accepts a listener on `host` now (a hint: it may be taken by the time it is set). */
async function freePortAfter(port: number, host: string): Promise<number | undefined> {
  for (let p = port + 1; p <= Math.min(65535, port + NEARBY_PORTS); p++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(p, host, () => probe.close(() => resolve(true)));
    });
    if (free) return p;
  }
  return undefined;
}
