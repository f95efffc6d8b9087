import type { Config } from '../config.js';
import type { Delivery } from '../core/api.js';
import { CommandDispatcher } from '../core/commands/dispatch.js';
import type { Logger, SecretSet } from '../log.js';
import { buildApp, type App, type BuildAppOptions } from './build-app.js';

/** What a surface gets when it starts: the app's pieces it may use, and nothing global. */
export interface SurfaceContext {
  config: Config;
  app: App;
  dispatcher: CommandDispatcher;
  logger: Logger;
  secrets: SecretSet;
  /** Hands the surface's {@link Delivery} to the video poller (before the poller starts). */
  registerDelivery(d: Delivery): void;
}

/** A started surface. */
export interface StartedSurface {
  /** For logs: `discord`, `telegram (webhook)`, `console`… */
  readonly name: string;
  /** Stops receiving input and lets its work finish. Idempotent. */
  stop(): Promise<void>;
}

/** Starts one surface; called in order, after the app and the dispatcher exist and before the poller starts. */
export type SurfaceStarter = (ctx: SurfaceContext) => Promise<StartedSurface>;

/** The composed bot. */
export interface Composition {
  app: App;
  dispatcher: CommandDispatcher;
  surfaces: readonly StartedSurface[];
  /** Stops the surfaces (last started first), then the app (poller, gateway client, database). Idempotent. */
  close(): Promise<void>;
}

/** Options of {@link compose}: those of {@link buildApp}, plus the surfaces to start. */
export interface ComposeOptions extends Omit<BuildAppOptions, 'startPoller'> {
  /** Default none (the operator CLI). See {@link chatSurfaces} for Discord and Telegram. */
  surfaces?: readonly SurfaceStarter[];
  /** Start the video poller once every surface is up. Default true. */
  startPoller?: boolean;
}

/**
 * The one composition root: builds the app ({@link buildApp}: store, gateway, poller, core), the command dispatcher
 * over its core (owners from `OWNER_IDS`), then starts the given surfaces in order with explicit dependencies, and
 * only then the video poller (so every surface's delivery is registered before a job is worked). `main.ts`, the
 * playground and the operator CLI all come through here. A surface failing to start stops those already started and
 * the app, then rethrows.
 */
export async function compose(config: Config, opts: ComposeOptions): Promise<Composition> {
  const { surfaces: starters = [], startPoller = true, ...appOptions } = opts;
  const app = await buildApp(config, { ...appOptions, startPoller: false });
  const dispatcher = new CommandDispatcher({ core: app.core, ownerIds: config.ownerIds, logger: app.logger.child({ module: 'commands' }) });
  const started: StartedSurface[] = [];
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      for (const s of [...started].reverse()) await s.stop().catch((e: unknown) => app.logger.error({ err: e, surface: s.name }, 'stopping a surface failed'));
      await app.close();
    })();
    return closing;
  };
  const ctx: SurfaceContext = { config, app, dispatcher, logger: app.logger, secrets: app.secrets, registerDelivery: (d) => app.registerDelivery(d) };
  try {
    for (const start of starters) started.push(await start(ctx));
  } catch (e) {
    await close();
    throw e;
  }
  if (startPoller) app.poller.start();
  return { app, dispatcher, surfaces: started, close };
}

/**
 * The chat surfaces the config asks for: Discord when `DISCORD_TOKEN` is set, Telegram when `TELEGRAM_BOT_TOKEN` is.
 * Their libraries are imported only when used, so the playground and the CLI never load them.
 */
export function chatSurfaces(config: Config): SurfaceStarter[] {
  const starters: SurfaceStarter[] = [];
  if (config.discord) {
    starters.push(async ({ app, dispatcher, logger, secrets, registerDelivery }) => {
      const { startDiscord } = await import('../platforms/discord/discord-bot.js');
      const d = await startDiscord({ config, core: app.core, dispatcher, logger, secrets, registerDelivery });
      return { name: 'discord', stop: () => d.stop() };
    });
  }
  if (config.telegram) {
    const name = config.telegram.webhookUrl ? 'telegram (webhook)' : 'telegram (long polling)';
    starters.push(async ({ app, dispatcher, logger, secrets, registerDelivery }) => {
      const { startTelegram } = await import('../platforms/telegram/telegram-bot.js');
      const t = await startTelegram({ config, core: app.core, dispatcher, logger, secrets, registerDelivery });
      return { name, stop: () => t.stop() };
    });
  }
  return starters;
}
