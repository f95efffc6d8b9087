import type { Config } from '../config.js';
import type { Delivery } from '../core/api.js';
import { CommandDispatcher } from '../core/commands/dispatch.js';
import type { Logger, SecretSet } from '../log.js';
import type { HealthServer } from '../ops/health-server.js';
import { buildApp, type App, type BuildAppOptions } from './build-app.js';
import { platformCheck } from '../ops/checks.js';
import { trackDiscord, trackTelegram } from '../ops/platform-connections.js';
import type { ShardPlan } from '../platforms/discord/shards.js';
import { deliverySurfaces } from './delivery-surfaces.js';
import { fetchGatewayBot, identifyWaitMs, resolveShardPlan } from './discord-shards.js';
import { redisHostOf } from '../coordination/redis-host.js';
import { joinProcesses, type Presence } from './process-presence.js';
import { explainDiscordStartError, explainTelegramStartError, hostOf, StartupError, withStartupTimeout } from './startup-errors.js';

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
  /**
   * First step of a graceful stop ({@link Composition.shutdown}): stop taking new commands at once, without waiting;
   * commands already running go on. Absent: the surface's `stop()` is what ends its intake.
   */
  stopIntake?(): void;
  /**
   * When a graceful stop calls `stop()`: `'with-poller'` while the video poller winds down (a surface whose stop ends
   * its intake and waits for its commands, and whose delivery keeps working afterwards), or `'after-poller'`
   * (default: the poller may still deliver through it until it has stopped or handed its work back).
   */
  stopPhase?: 'with-poller' | 'after-poller';
}

/**
 * Starts one surface; called in order, after the app and the dispatcher exist and before the poller starts. An
 * optional `preflight` (e.g. "is the bot token accepted?") runs before the app is built, so a platform that cannot
 * work fails the start at once, before the database is opened and the catalogue warmed.
 */
export type SurfaceStarter = ((ctx: SurfaceContext) => Promise<StartedSurface>) & { preflight?: () => Promise<void> };

/** The composed bot. */
export interface Composition {
  app: App;
  dispatcher: CommandDispatcher;
  surfaces: readonly StartedSurface[];
  /** The `/healthz` `/readyz` `/metrics` listener, when {@link ComposeOptions.health} asked for one. */
  health: HealthServer | undefined;
  /** Stops the surfaces (last started first), then the app (poller, gateway client, database). Idempotent. */
  close(): Promise<void>;
  /**
   * Graceful stop (SIGTERM) within `graceMs`: readiness reports "stopping", every surface stops taking commands,
   * surfaces of the `'with-poller'` phase stop while the poller finishes its tick (work still running after
   * `graceMs` is aborted and its video leases handed back for the next process), then the other surfaces, the app
   * and the health listener. Shares its promise with {@link close} (whichever is called first wins).
   */
  shutdown(graceMs: number): Promise<void>;
}

/** Options of {@link compose}: those of {@link buildApp}, plus the surfaces to start. */
export interface ComposeOptions extends Omit<BuildAppOptions, 'startPoller'> {
  /** Default none (the operator CLI). See {@link chatSurfaces} for Discord and Telegram. */
  surfaces?: readonly SurfaceStarter[];
  /** Start the video poller once every surface is up. Default: true, except for `ROLE=gateway-bot`. */
  startPoller?: boolean;
  /** Serve `/healthz`, `/readyz` and `/metrics` on this address (started before the surfaces). Default: no listener. */
  health?: { port: number; host: string };
  /**
   * Register as a bot process with this role in the database's heartbeat registry, and refuse to start beside another
   * live one that does not share the same Redis ({@link joinProcesses}). Default: not registered (the playground, the
   * operator CLI, tests).
   */
  presence?: { role: string };
}

/** Resolves when `p` settles or after `ms`, whichever comes first; true when `p` settled. */
async function within(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const done = await Promise.race([p.then(() => true, () => true), new Promise<false>((r) => (timer = setTimeout(() => r(false), Math.max(0, ms))))]);
  clearTimeout(timer);
  return done;
}

/**
 * The one composition root: runs the surfaces' preflights, builds the app ({@link buildApp}: store, gateway, poller,
 * core, metrics, readiness), the command dispatcher over its core (owners from `OWNER_IDS`), the health listener when
 * asked, then starts the given surfaces in order with explicit dependencies, and only then the video poller (so every
 * surface's delivery is registered before a job is worked). `main.ts`, the playground and the operator CLI all come
 * through here. A surface failing to start stops those already started and the app, then rethrows.
 */
export async function compose(config: Config, opts: ComposeOptions): Promise<Composition> {
  const { surfaces: starters = [], startPoller = config.role !== 'gateway-bot', health: healthAddress, presence: presenceAs, ...appOptions } = opts;
  await Promise.all(starters.map((s) => s.preflight?.()));
  const app = await buildApp(config, { ...appOptions, startPoller: false });
  const { logger } = app;
  let presence: Presence | undefined;
  if (presenceAs) {
    const coordination = config.redis ? `redis ${redisHostOf(config.redis.url)} ${config.redis.prefix}` : 'memory';
    presence = await joinProcesses({ registry: app.store.processes, role: presenceAs.role, coordination, logger }).catch(async (e: unknown) => {
      await app.close();
      throw e;
    });
  }
  const dispatcher = new CommandDispatcher({ core: app.core, ownerIds: config.ownerIds, logger: logger.child({ module: 'commands' }) });
  const started: StartedSurface[] = [];
  let health: HealthServer | undefined;
  let closing: Promise<void> | undefined;
  const stopOne = (s: StartedSurface) => s.stop().catch((e: unknown) => logger.error({ err: e, surface: s.name }, 'stopping a surface failed'));
  const close = () => {
    closing ??= (async () => {
      for (const s of [...started].reverse()) await stopOne(s);
      await presence?.leave();
      await app.close();
      await health?.close();
    })();
    return closing;
  };
  const shutdown = (graceMs: number) => {
    closing ??= (async () => {
      const t0 = Date.now();
      const left = () => graceMs - (Date.now() - t0);
      app.readiness.markStopping();
      for (const s of started) s.stopIntake?.();
      const early = started.filter((s) => s.stopPhase === 'with-poller');
      const [surfacesDone, pollerDone] = await Promise.all([within(Promise.all(early.map(stopOne)), graceMs), within(app.runner.stop(graceMs), graceMs + 2_000)]);
      if (!surfacesDone) logger.warn({ graceMs }, 'shutdown: chat commands still running after SHUTDOWN_GRACE_MS; their holds are released by the next process');
      if (!pollerDone) logger.warn('shutdown: the video poller did not stop in time');
      for (const s of started.filter((x) => x.stopPhase !== 'with-poller').reverse()) {
        if (!(await within(stopOne(s), Math.max(1_000, left())))) logger.warn({ surface: s.name }, 'shutdown: surface did not stop in time');
      }
      await presence?.leave();
      await app.close();
      await health?.close();
    })();
    return closing;
  };
  const ctx: SurfaceContext = { config, app, dispatcher, logger, secrets: app.secrets, registerDelivery: (d) => app.registerDelivery(d) };
  try {
    if (healthAddress) {
      const { startHealthServer } = await import('../ops/health-server.js');
      health = await startHealthServer({ port: healthAddress.port, host: healthAddress.host, readiness: app.readiness, metrics: app.metrics.registry, logger }).catch((e: unknown) => {
        throw new StartupError(`HEALTH_PORT=${healthAddress.port} cannot be used on ${healthAddress.host}: ${(e as NodeJS.ErrnoException).code ?? String(e)}.`, { cause: e });
      });
      logger.info({ url: health.url, endpoints: ['/healthz', '/readyz', '/metrics'] }, 'health listener started');
    }
    for (const start of starters) started.push(await start(ctx));
  } catch (e) {
    await close();
    throw e;
  }
  if (startPoller) app.runner.start();
  return {
    app,
    dispatcher,
    surfaces: started,
    health,
    close,
    shutdown,
  };
}

/**
 * The chat surfaces the config asks for: Discord when `DISCORD_TOKEN` is set, Telegram when `TELEGRAM_BOT_TOKEN` is
 * (for `ROLE=worker`, their deliveries only: {@link deliverySurfaces}).
 * Their libraries are imported only when used, so the playground and the CLI never load them. Each one registers a
 * preflight (Telegram `getMe`; Discord `GET /users/@me`, then `GET /gateway/bot` for the recommended shard count and
 * the identify concurrency, which resolve the {@link ShardPlan}) and a readiness check (`discord`, `telegram`:
 * "connecting" until it is up, then its live connection), bounds its start by `STARTUP_TIMEOUT_MS` (for Discord, plus
 * the waits discord.js keeps between identifies of its shards), and fails with a {@link StartupError} sentence naming
 * the host and the cause.
 */
export function chatSurfaces(config: Config): SurfaceStarter[] {
  if (config.role === 'worker') return deliverySurfaces(config);
  const starters: SurfaceStarter[] = [];
  const dc = config.discord;
  if (dc) {
    let sharding: Promise<{ plan: ShardPlan; startMs: number }> | undefined;
    // The shards to run and how long their start may take: STARTUP_TIMEOUT_MS plus the waits between identifies.
    const shards = () =>
      (sharding ??= fetchGatewayBot(dc.token, dc.apiBase, config.startupTimeoutMs).then((info) => {
        const plan = resolveShardPlan(dc.shards, info.shards);
        return { plan, startMs: config.startupTimeoutMs + identifyWaitMs(plan.ids, info.maxConcurrency) };
      }));
    const startDiscordSurface: SurfaceStarter = async ({ app, dispatcher, logger, secrets, registerDelivery }) => {
      app.readiness.register('discord', async () => ({ ok: false, detail: 'connecting' }));
      const { plan, startMs } = await shards();
      const { startDiscord } = await import('../platforms/discord/discord-bot.js');
      const host = hostOf(dc.apiBase ?? 'https://discord.com/api');
      const d = await withStartupTimeout(startDiscord({ config, shards: plan, core: app.core, dispatcher, logger, secrets, registerDelivery }), startMs, 'Discord', `${host} (or its gateway)`).catch(
        (e: unknown) => {
          throw explainDiscordStartError(e, dc.apiBase);
        },
      );
      const tracker = trackDiscord(d.client);
      app.readiness.register('discord', platformCheck(tracker.state, tracker.reason));
      return {
        name: 'discord',
        stop: () => d.stop(),
        // The client stays logged in (the poller may still deliver through its REST client); interactions are ignored.
        stopIntake: () => void d.client.removeAllListeners('interactionCreate'),
        stopPhase: 'after-poller',
      };
    };
    startDiscordSurface.preflight = async () => {
      const { discordPreflight } = await import('./discord-preflight.js');
      await discordPreflight(dc.token, dc.apiBase, config.startupTimeoutMs);
      await shards();
    };
    starters.push(startDiscordSurface);
  }
  const tg = config.telegram;
  if (tg) {
    const name = tg.webhookUrl ? 'telegram (webhook)' : 'telegram (long polling)';
    const startTelegramSurface: SurfaceStarter = async ({ app, dispatcher, logger, secrets, registerDelivery }) => {
      app.readiness.register('telegram', async () => ({ ok: false, detail: 'connecting' }));
      const { startTelegram } = await import('../platforms/telegram/telegram-bot.js');
      const t = await withStartupTimeout(startTelegram({ config, core: app.core, dispatcher, logger, secrets, registerDelivery, coordination: app.coordination }), config.startupTimeoutMs, 'Telegram', hostOf(tg.apiRoot)).catch(
        (e: unknown) => {
          throw explainTelegramStartError(e, tg.apiRoot, tg.webhookUrl ? tg.webhookPort : undefined);
        },
      );
      let receiving = true;
      const tracker = trackTelegram(t.bot.api, { webhook: Boolean(tg.webhookUrl), listening: () => receiving });
      app.readiness.register('telegram', platformCheck(tracker.state, tracker.reason));
      return {
        name,
        // Stops receiving updates and waits for the commands in progress; the Bot API client keeps delivering.
        stop: () => {
          receiving = false;
          return t.stop();
        },
        stopPhase: 'with-poller',
      };
    };
    startTelegramSurface.preflight = async () => {
      const { telegramPreflight } = await import('./telegram-preflight.js');
      await telegramPreflight(tg.token, tg.apiRoot, config.startupTimeoutMs);
    };
    starters.push(startTelegramSurface);
  }
  return starters;
}
