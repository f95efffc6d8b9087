/**
 * The web pages as a surface the composition root starts like a chat platform (after the app and the dispatcher,
 * before the job runner). Loading this file loads no HTTP library: `./server.js` (Hono) is imported only when the
 * web starts, so a process with `WEB_PORT=0` never pays for it.
 */
import type { SurfaceStarter } from '../app/compose.js';
import type { Config } from '../config.js';
import { StartupError } from '../startup-errors.js';

/**
 * Starts the web on `config.web` (its port must be set), and tells the core its public address for `/web` links. A
 * port in use fails the start when `WEB_PORT` was given, and only warns (no web pages) when it is the default.
 */
export function webSurface(config: Config): SurfaceStarter {
  return async (ctx) => {
    const { port, host, publicUrl } = config.web;
    if (port === undefined) throw new Error('webSurface needs WEB_PORT');
    const { startWebServer } = await import('./server.js');
    const { ownerOpsOf } = await import('./owner-ops.js');
    const { signInOptions } = await import('./sign-in-setup.js');
    const logger = ctx.logger.child({ module: 'web' });
    const signIn = await signInOptions(config, publicUrl ?? `http://${host}:${port}`, (msg) => logger.warn(msg));
    const server = await startWebServer(
      { core: ctx.app.core, dispatcher: ctx.dispatcher, logger, secureCookie: publicUrl?.startsWith('https://') === true, ops: ownerOpsOf(ctx.app), signIn },
      { port, host },
    ).catch((e: unknown) => {
      const why = `WEB_PORT=${port} cannot be used on ${host}: ${(e as NodeJS.ErrnoException).code ?? String(e)} (choose another port, or WEB_PORT=0 to turn the web pages off).`;
      // The default port only warns: a bot must not fail to start over pages nobody asked for.
      if (!config.web.portSet) {
        logger.warn({ port, host }, `web pages not started: ${why}`);
        return undefined;
      }
      throw new StartupError(why, { cause: e });
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
