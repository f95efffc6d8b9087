import { userInfo } from 'node:os';
import { buildApp, type App } from '../../app/build-app.js';
import { ConfigError, type Config } from '../../config.js';
import type { Actor } from '../../core/api.js';
import { parseUsd } from '../../core/money.js';
import { createLogger, SecretSet } from '../../log.js';
import { startSimulator, type SimulatorHandle } from '../../simulator/index.js';
import { bannerText } from './banner.js';
import { ConsoleDelivery } from './console-delivery.js';
import { playgroundKey } from './playground-key.js';
import { ConsoleSession } from './session.js';
import { playgroundSettings, type PlaygroundSettings } from './settings.js';

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
  /** The banner text (printed by the caller once it knows the input mode). */
  banner(interactive: boolean): string;
  /** Stops the poller, closes the database and the simulator. Idempotent. */
  close(): Promise<void>;
}

/** The console scope and its one user; the user is the admin of this scope. */
export function consoleActor(): Actor {
  let name = 'you';
  try {
    name = userInfo().username || name;
  } catch {
    // no passwd entry (some containers): keep the neutral name
  }
  return { scope: { platform: 'console', externalId: 'local', kind: 'console', title: 'Terminal playground' }, user: { platform: 'console', externalId: 'local', displayName: name } };
}

/**
 * Builds everything the playground needs: the built-in simulator (unless GATEWAY_BASE_URL is set), a local key
 * (unless BOT_ENCRYPTION_KEY is set), the app on the playground database, the demo budget (first start only) and
 * the console delivery.
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
  const cfg: Config = { ...config, databasePath: settings.databasePath, encryptionKey: key, poller: settings.poller, gateway: { ...config.gateway, token: sim ? sim.tokens.media : config.gateway.token } };
  const logger = createLogger({ level: settings.logLevel, format: 'json', secrets, destination: io.logOutput });
  let app: App;
  try {
    app = await buildApp(cfg, { logger, secrets, ...(sim ? { simulatorBaseUrl: sim.baseUrl } : {}), pollerTuning: { progressEveryMs: 1_000 } });
  } catch (e) {
    await sim?.close();
    throw e;
  }
  const actor = consoleActor();
  const scope = await app.store.directory.ensureScope({ platform: 'console', externalId: 'local', title: 'Terminal playground' });
  if ((await app.store.admin.showDefault(scope.id)).source === 'operator') await app.store.admin.setDefault('playground', scope.id, demoMicros, 'day');
  const session = new ConsoleSession(app.core, actor, settings.outputDir, print);
  app.registerDelivery(new ConsoleDelivery(settings.outputDir, print, (f) => app.core.explain(f), { onFinished: (id) => session.finished(id) }));
  let closing: Promise<void> | undefined;
  return {
    session,
    app,
    actor,
    settings,
    sim,
    print,
    setSink: (s) => {
      sink = s;
    },
    banner: (interactive) =>
      bannerText({
        gateway: sim ? { kind: 'simulator', url: sim.baseUrl } : { kind: 'gateway', url: config.gateway.baseUrl ?? '' },
        demoBudget: config.demoBudget,
        outputDir: settings.outputDir,
        databasePath: settings.databasePath,
        interactive,
      }),
    close() {
      closing ??= (async () => {
        await app.close();
        await sim?.close();
      })();
      return closing;
    },
  };
}
