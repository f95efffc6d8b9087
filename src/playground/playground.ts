import type { App } from '../app/build-app.js';
import { compose, type Composition, type SurfaceStarter } from '../app/compose.js';
import { ConfigError, type Config } from '../config.js';
import type { Actor } from '../core/api/surface.js';
import { parseUsd } from '../core/money.js';
import { createLogger, SecretSet } from '../log.js';
import { SIM_REMIX_MODELS, startSimulator, type SimulatorHandle } from '../simulator/index.js';
import { bannerText } from './banner.js';
import { ConsoleDelivery } from '../platforms/console/console-delivery.js';
import { consoleActor, consoleInstance, CONSOLE, type ConsoleAddress } from '../platforms/console/console-surface.js';
import { playgroundKey } from './playground-key.js';
import { ConsoleSession } from '../platforms/console/session.js';
import { playgroundSettings, type PlaygroundSettings } from './settings.js';
import { stopVideos } from './stop-videos.js';

/** Streams and environment of one playground run (the process's own in `main.ts`). */
export interface PlaygroundIo {
  env: NodeJS.ProcessEnv;
  output: NodeJS.WritableStream;
  /** Logs go here (stderr), so stdout carries only the conversation. */
  logOutput: NodeJS.WritableStream;
}

/** A started playground: the session to feed lines to, and how to stop everything. */
export interface RunningPlayground {
  session: ConsoleSession;
  app: App;
  actor: Actor;
  settings: PlaygroundSettings;
  sim: SimulatorHandle | undefined;
  print(line: string): void;
  /** Replaces where printed lines go (the interactive prompt redraws itself after each). */
  setSink(sink: (text: string) => void): void;
  /** The banner text, with the allowance the core reports now (printed by the caller once it knows the input mode). */
  banner(interactive: boolean): Promise<string>;
  /**
   * Stops the poller, says what becomes of the session's unfinished videos (with the built-in simulator they are
   * cancelled and their holds released: see {@link stopVideos}), closes the database and the simulator. Idempotent.
   */
  close(): Promise<void>;
}

/**
 * Builds everything the playground needs: the built-in simulator (unless GATEWAY_BASE_URL is set), a local key
 * (unless BOT_ENCRYPTION_KEY is set), the app and dispatcher through the composition root on the playground
 * database, the demo budget (first start only: later starts keep what `/budget` set), and the console surface.
 * @throws ConfigError when GATEWAY_BASE_URL is set without GATEWAY_TOKEN, or DEMO_BUDGET is not an amount.
 */
export async function startPlayground(config: Config, io: PlaygroundIo): Promise<RunningPlayground> {
  const embedded = config.gateway.baseUrl === undefined;
  if (!embedded && !config.gateway.token) throw new ConfigError('GATEWAY_TOKEN', 'set when GATEWAY_BASE_URL is set (the playground uses it as the operator token)');
  let demoMicros: number;
  try {
    demoMicros = parseUsd(config.demoBudget);
  } catch {
    throw new ConfigError('DEMO_BUDGET', 'an amount in USD such as 5 or 0.50');
  }
  const settings = playgroundSettings(io.env, config, embedded);
  const secrets = new SecretSet();
  let sink: (text: string) => void = (text) => void io.output.write(text);
  const print = (line: string) => sink(`${secrets.scrub(line)}\n`);
  let key = config.encryptionKey;
  if (!key) {
    const k = playgroundKey();
    key = k.key;
    if (k.created) print('No BOT_ENCRYPTION_KEY set: generated a local playground key in ./data/playground.key (mode 0600).');
  }
  const sim = embedded ? await startSimulator({ video: { queuedMs: settings.simVideoQueuedMs, runMs: settings.simVideoRunMs, progressSteps: 5 }, imageDelayMs: settings.simImageDelayMs }) : undefined;
  // The playground keeps to its own SQLite file even when DATABASE_URL names a bot's PostgreSQL database.
  const cfg: Config = {
    ...config,
    databasePath: settings.databasePath,
    databaseUrl: undefined,
    encryptionKey: key,
    poller: settings.poller,
    gateway: { ...config.gateway, token: sim ? sim.tokens.media : config.gateway.token },
    // The built-in simulator remixes its own video models; a real gateway's come from VIDEO_REMIX_MODELS.
    remixModels: sim && !config.remixModels.length ? [...SIM_REMIX_MODELS] : config.remixModels,
  };
  const logger = createLogger({ level: settings.logLevel, format: 'json', secrets, destination: io.logOutput });
  const actor = consoleActor();
  const address: ConsoleAddress = { surface: CONSOLE, instance: consoleInstance() };
  let session: ConsoleSession | undefined;
  let composed: Composition;
  try {
    composed = await compose(cfg, {
      logger,
      secrets,
      ...(sim ? { simulatorBaseUrl: sim.baseUrl } : {}),
      pollerTuning: { progressEveryMs: 1_000 },
      surfaces: [
        async ({ app, dispatcher, registerDelivery }) => {
          const scope = await app.store.directory.ensureScope({ platform: CONSOLE, externalId: actor.scope.externalId, title: actor.scope.title ?? 'Terminal playground' });
          if ((await app.store.admin.showDefault(scope.id)).source === 'operator') await app.store.admin.setDefault('playground', scope.id, demoMicros, 'day');
          const s = new ConsoleSession({ dispatcher, core: app.core, actor, address, outputDir: settings.outputDir, print });
          session = s;
          registerDelivery(
            new ConsoleDelivery(address.instance, settings.outputDir, print, {
              onFinished: (id) => s.finished(id),
              commands: dispatcher.commands,
            }),
          );
          return { name: CONSOLE, stop: async () => undefined };
        },
        ...(cfg.web.port !== undefined ? [await playgroundWeb(cfg, print)] : []),
      ],
    });
  } catch (e) {
    await sim?.close();
    throw e;
  }
  const { app } = composed;
  let closing: Promise<void> | undefined;
  return {
    session: session!,
    app,
    actor,
    settings,
    sim,
    print,
    setSink: (s) => {
      sink = s;
    },
    banner: async (interactive) =>
      bannerText({
        gateway: sim ? { kind: 'simulator', url: sim.baseUrl } : { kind: 'gateway', url: config.gateway.baseUrl ?? '' },
        balance: await app.core.balance(actor),
        you: { name: actor.user.displayName ?? actor.user.externalId, id: actor.user.externalId },
        outputDir: settings.outputDir,
        databasePath: settings.databasePath,
        interactive,
        ...(composed.surfaces.find((x) => x.name === 'web')?.url ? { webUrl: composed.surfaces.find((x) => x.name === 'web')?.url } : {}),
        ...(actor.locale ? { locale: actor.locale } : {}),
      }),
    close() {
      closing ??= (async () => {
        await app.runner.stop();
        await stopVideos(app, [...session!.pending], sim !== undefined, print, actor.locale).catch((e: unknown) => logger.error({ err: e }, 'stopping the running videos failed'));
        await composed.close();
        await sim?.close();
      })();
      return closing;
    },
  };
}

/**
 * The web pages for the playground: as the bots start them, except that a taken default port moves them to the next
 * free one (the banner prints where), and a `WEB_PORT` given and in use leaves the playground running without them
 * (one printed line) instead of stopping it.
 */
async function playgroundWeb(cfg: Config, print: (line: string) => void): Promise<SurfaceStarter> {
  const start = (await import('../web/starter.js')).webSurface(cfg, { nextFreePort: true });
  return async (ctx) =>
    start(ctx).catch((e: unknown) => {
      print(e instanceof Error ? e.message : String(e));
      return { name: 'web (off)', stop: async () => undefined };
    });
}
