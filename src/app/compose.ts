import type { Config } from '../config.js';
import type { Delivery } from '../core/ports/delivery.js';
import { CommandDispatcher } from '../core/commands/dispatch.js';
import type { Logger, SecretSet } from '../log.js';
import type { HealthServer } from '../ops/health-server.js';
import { buildApp, type App, type BuildAppOptions } from './build-app.js';
import { platformCheck, type PlatformState } from '../ops/checks.js';
import { configuredPlatforms } from '../platforms/registry.js';
import { redisHostOf } from '../coordination/redis-host.js';
import { joinProcesses, type Presence } from './process-presence.js';
import { StartupError } from '../startup-errors.js';

/** What a surface gets when it starts: the app's pieces it may use, and nothing global. */
export interface SurfaceContext {
  config: Config;
  app: App;
  dispatcher: CommandDispatcher;
  logger: Logger;
  secrets: SecretSet;
  /** Hands the surface's {@link Delivery} to the job runner (before the poller starts). */
  registerDelivery(d: Delivery): void;
}

/** A started surface. */
export interface StartedSurface {
  /** For logs: `discord`, `telegram (webhook)`, `console`… */
  readonly name: string;
  /** Where a listening surface (the web pages) answers, for logs and the playground's banner. */
  readonly url?: string;
  /** Stops receiving input and lets its work finish. Idempotent. */
  stop(): Promise<void>;
  /**
   * First step of a graceful stop ({@link Composition.shutdown}): stop taking new commands at once, without waiting;
   * commands already running go on. Absent: the surface's `stop()` is what ends its intake.
   */
  stopIntake?(): void;
  /**
   * When a graceful stop calls `stop()`: `'with-poller'` while the job runner winds down (a surface whose stop ends
   * its intake and waits for its commands, and whose delivery keeps working afterwards), or `'after-poller'`
   * (default: the poller may still deliver through it until it has stopped or handed its work back).
   */
  stopPhase?: 'with-poller' | 'after-poller';
  /** A chat platform's live connection, read by its readiness check (named after the platform). */
  connection?: ConnectionTracker;
}

/** A platform's live connection state, for the readiness check. */
export interface ConnectionTracker {
  state(): PlatformState;
  /** Why it is not connected, when known (an error code or the API's description). */
  reason(): string | undefined;
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
export interface ComposeOptions extends Omit<BuildAppOptions, 'startPoller' | 'metrics'> {
  /** Default none (the operator CLI). See {@link chatSurfaces} for the configured chat platforms. */
  surfaces?: readonly SurfaceStarter[];
  /** Start the job runner once every surface is up. Default: true, except for `ROLE=gateway-bot`. */
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
 * asked, then starts the given surfaces in order with explicit dependencies, and only then the job runner (so every
 * surface's delivery is registered before a job is worked). `main.ts`, the playground and the operator CLI all come
 * through here. A surface failing to start stops those already started and the app, then rethrows.
 */
export async function compose(config: Config, opts: ComposeOptions): Promise<Composition> {
  const { surfaces: starters = [], startPoller = config.role !== 'gateway-bot', health: healthAddress, presence: presenceAs, ...appOptions } = opts;
  await Promise.all(starters.map((s) => s.preflight?.()));
  // Metrics are counted only when a health listener serves them at /metrics.
  const app = await buildApp(config, { ...appOptions, metrics: healthAddress !== undefined, startPoller: false });
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
    if (healthAddress && app.metrics.registry) {
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
 * The chat surfaces the config asks for: each platform of the registry (`src/platforms/registry.ts`) whose settings
 * are present, in registry order; for `ROLE=worker`, their deliveries only (`PlatformModule.deliveryOnly`).
 * Their libraries are imported only when used, so the playground and the CLI never load them. Each one brings a
 * preflight (the token is accepted, the host answers) and bounds its start by `STARTUP_TIMEOUT_MS`, failing with a
 * {@link StartupError} sentence naming the host and the cause. A chat surface has a readiness check named after its
 * platform: "connecting" until it is up, then its live {@link StartedSurface.connection}.
 */
export function chatSurfaces(config: Config): SurfaceStarter[] {
  return configuredPlatforms(config).flatMap(({ module, settings }) => {
    if (config.role === 'worker') return module.deliveryOnly ? [module.deliveryOnly(config, settings)] : [];
    const start = module.surface?.(config, settings);
    if (!start) return [];
    const withReadiness: SurfaceStarter = async (ctx) => {
      ctx.app.readiness.register(module.id, async () => ({ ok: false, detail: 'connecting' }));
      const started = await start(ctx);
      const { connection } = started;
      if (connection) ctx.app.readiness.register(module.id, platformCheck(connection.state, connection.reason));
      return started;
    };
    if (start.preflight) withReadiness.preflight = start.preflight;
    return [withReadiness];
  });
}
