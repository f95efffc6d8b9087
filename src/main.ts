/**
 * `npm start`: the composition root. Validates the configuration, then either runs the configured chat platforms
 * (Discord and/or Telegram, with the video poller) or, with no platform token, the terminal playground.
 * A configuration problem prints one line on stderr and exits 1; nothing else is started.
 */
import type { App } from './app/build-app.js';
import { ConfigError, loadConfig, loadDotEnv, type Config } from './config.js';
import { createLogger, SecretSet, type Logger } from './log.js';
import type { SimulatorHandle } from './simulator/index.js';
import { parseEncryptionKey } from './store/crypto.js';
import { explainDiscordStartError, explainTelegramStartError, hostOf, StartupError, withStartupTimeout } from './app/startup-errors.js';
import { ensureDatabasePath, ensureWritableDir } from './app/startup-paths.js';
import type { HealthServer } from './ops/health-server.js';

// Heavy modules (discord.js, grammY, the app) are imported only on the path that uses them, so a configuration
// error answers at once and the playground never loads the chat libraries.

/** Errors whose message is written for the operator: printed as one line, no stack. */
const KNOWN_ERRORS = new Set(['ConfigError', 'EncryptionKeyError', 'PriceFileError', 'MigrationError', 'TokenDecryptError', 'StartupError']);

function fatal(e: unknown, secrets?: SecretSet): never {
  const known = e instanceof Error && KNOWN_ERRORS.has(e.name);
  const text = e instanceof Error ? e.message : String(e);
  const line = known ? text : `Start-up failed: ${text}`;
  process.stderr.write(`${(secrets ? secrets.scrub(line) : line).split('\n')[0]}\n`);
  process.exit(1);
}

/**
 * Calls `stop` on the first SIGINT/SIGTERM and exits with its result (0 when it resolved); a second signal forces
 * exit 130. With `backstopMs`, a stop that has not finished by then exits 1 (something hung past the grace time).
 */
function onSignals(stop: () => Promise<void>, log: (m: string) => void, backstopMs?: number): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) {
      log(`${signal} again: forcing exit`);
      process.exit(130);
    }
    stopping = true;
    log(`${signal}: stopping (send it again to force)`);
    if (backstopMs !== undefined) {
      setTimeout(() => {
        log(`stop did not finish within ${backstopMs} ms: exiting`);
        process.exit(1);
      }, backstopMs).unref();
    }
    stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

/** Resolves when `p` settles or after `ms`, whichever comes first; true when `p` settled. */
async function within(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const done = await Promise.race([p.then(() => true, () => true), new Promise<false>((r) => (timer = setTimeout(() => r(false), Math.max(0, ms))))]);
  clearTimeout(timer);
  return done;
}

/** Runs Discord and/or Telegram with the poller until a signal arrives. */
async function runBots(config: Config): Promise<void> {
  if (!config.encryptionKey) throw new ConfigError('BOT_ENCRYPTION_KEY', 'set when a platform token is set (run `npm run keygen` and put the key in .env)');
  parseEncryptionKey(config.encryptionKey);
  if (!config.gateway.baseUrl && !config.useSimulator) {
    throw new ConfigError('GATEWAY_BASE_URL', 'set when a platform token is set (the URL of your media gateway); to try the bot on the built-in simulator instead (fake media, no real charges) set USE_SIMULATOR=1');
  }
  const outputDir = config.outputDir ?? './data/outputs';
  await ensureDatabasePath(config.databasePath);
  await ensureWritableDir(outputDir, config.outputDir ? 'OUTPUT_DIR' : 'OUTPUT_DIR (default ./data/outputs)');
  const secrets = new SecretSet();
  secrets.add(config.discord?.token);
  secrets.add(config.telegram?.token);
  secrets.add(config.gateway.token);
  const logger: Logger = createLogger({ level: config.log.level, format: config.log.format, secrets });
  const { buildApp } = await import('./app/build-app.js');
  let sim: SimulatorHandle | undefined;
  let cfg = config;
  if (!config.gateway.baseUrl) {
    const { startSimulator } = await import('./simulator/index.js');
    sim = await startSimulator();
    cfg = { ...config, gateway: { ...config.gateway, token: config.gateway.token ?? sim.tokens.media } };
    logger.warn({ simulator: sim.baseUrl }, 'USE_SIMULATOR=1 and GATEWAY_BASE_URL is not set: using the built-in gateway simulator (fake media, no real charges)');
  }
  const app: App = await buildApp(cfg, { logger, secrets, outputDir, startPoller: false, processMetrics: cfg.health.port !== undefined, ...(sim ? { simulatorBaseUrl: sim.baseUrl } : {}) });
  let health: HealthServer | undefined;
  const graceMs = cfg.shutdownGraceMs;
  /** Stops taking commands (each adapter's intake). */
  const intakeStops: (() => void)[] = [];
  /** Stops each adapter (after the poller handed its work back). */
  const stops: { name: string; stop: () => Promise<void>; beforePoller: boolean }[] = [];
  let stopping: Promise<void> | undefined;
  const stopAll = () =>
    (stopping ??= (async () => {
      const started = Date.now();
      const left = () => graceMs - (Date.now() - started);
      app.readiness.markStopping();
      for (const s of intakeStops) s();
      const early = stops.filter((s) => s.beforePoller);
      const [adapters, poller] = await Promise.all([
        within(Promise.all(early.map((s) => s.stop().catch((e: unknown) => logger.error({ err: e, platform: s.name }, 'stop failed')))), graceMs),
        within(app.poller.stop(graceMs), graceMs + 2_000),
      ]);
      if (!adapters) logger.warn({ graceMs }, 'shutdown: chat commands still running after SHUTDOWN_GRACE_MS; their holds are released by the next process');
      if (!poller) logger.warn('shutdown: the video poller did not stop in time');
      for (const s of stops.filter((x) => !x.beforePoller)) {
        if (!(await within(s.stop().catch((e: unknown) => logger.error({ err: e, platform: s.name }, 'stop failed')), Math.max(1_000, left())))) logger.warn({ platform: s.name }, 'shutdown: adapter did not stop in time');
      }
      await app.close();
      await sim?.close();
      await health?.close();
      logger.info({ ms: Date.now() - started }, 'mediabot stopped');
    })());
  onSignals(stopAll, (m) => logger.info(m), graceMs + 10_000);
  try {
    if (cfg.health.port !== undefined) {
      const { startHealthServer } = await import('./ops/health-server.js');
      health = await startHealthServer({ port: cfg.health.port, host: cfg.health.host, readiness: app.readiness, metrics: app.metrics.registry, logger }).catch((e: unknown) => {
        throw new StartupError(`HEALTH_PORT=${cfg.health.port} cannot be used on ${cfg.health.host}: ${(e as NodeJS.ErrnoException).code ?? String(e)}.`, { cause: e });
      });
      logger.info({ url: health.url, endpoints: ['/healthz', '/readyz', '/metrics'] }, 'health listener started');
    }
    const { platformCheck } = await import('./ops/checks.js');
    if (cfg.discord) {
      const dc = cfg.discord;
      app.readiness.register('discord', async () => ({ ok: false, detail: 'connecting' }));
      const { startDiscord } = await import('./platforms/discord/discord-bot.js');
      const host = hostOf(dc.apiBase ?? 'https://discord.com/api');
      const d = await withStartupTimeout(startDiscord({ config: cfg, core: app.core, logger, secrets, registerDelivery: (x) => app.registerDelivery(x) }), cfg.startupTimeoutMs, 'Discord', `${host} (or its gateway)`).catch(
        (e: unknown) => {
          throw explainDiscordStartError(e, dc.apiBase);
        },
      );
      const { trackDiscord } = await import('./ops/platform-connections.js');
      const tracker = trackDiscord(d.client);
      app.readiness.register('discord', platformCheck(tracker.state, tracker.reason));
      intakeStops.push(() => void d.client.removeAllListeners('interactionCreate'));
      stops.push({ name: 'discord', stop: () => d.stop(), beforePoller: false });
    }
    if (cfg.telegram) {
      const tg = cfg.telegram;
      app.readiness.register('telegram', async () => ({ ok: false, detail: 'connecting' }));
      const { telegramPreflight } = await import('./app/telegram-preflight.js');
      await telegramPreflight(tg.token, tg.apiRoot, cfg.startupTimeoutMs);
      const { startTelegram } = await import('./platforms/telegram/telegram-bot.js');
      const t = await withStartupTimeout(startTelegram({ config: cfg, core: app.core, logger, secrets, registerDelivery: (x) => app.registerDelivery(x) }), cfg.startupTimeoutMs, 'Telegram', hostOf(tg.apiRoot)).catch(
        (e: unknown) => {
          throw explainTelegramStartError(e, tg.apiRoot, tg.webhookUrl ? tg.webhookPort : undefined);
        },
      );
      const { trackTelegram } = await import('./ops/platform-connections.js');
      let receiving = true;
      const tracker = trackTelegram(t.bot.api, { webhook: Boolean(tg.webhookUrl), listening: () => receiving });
      app.readiness.register('telegram', platformCheck(tracker.state, tracker.reason));
      stops.push({
        name: 'telegram',
        stop: () => {
          receiving = false;
          return t.stop();
        },
        beforePoller: true,
      });
    }
  } catch (e) {
    await within(stopAll(), graceMs + 2_000);
    throw e;
  }
  app.poller.start();
  logger.info(
    {
      platforms: [cfg.discord && 'discord', cfg.telegram && (cfg.telegram.webhookUrl ? 'telegram (webhook)' : 'telegram (long polling)')].filter(Boolean),
      gateway: sim ? 'built-in simulator' : new URL(cfg.gateway.baseUrl ?? '').origin,
      operatorToken: cfg.gateway.token ? 'set' : 'none (communities link their own)',
      database: cfg.databasePath,
      outputs: outputDir,
      activeVideoJobs: await app.jobs.countActive(),
      shutdownGraceMs: graceMs,
      ...(health ? { health: health.url } : {}),
    },
    'mediabot started',
  );
}

/** Runs the terminal playground on stdin/stdout and exits when it is done. */
async function runConsole(config: Config): Promise<void> {
  // The playground's own defaults (see platforms/console/settings.ts): checked here so a bad path fails at once.
  await ensureWritableDir(config.outputDir ?? './output', config.outputDir ? 'OUTPUT_DIR' : 'OUTPUT_DIR (default ./output)');
  await ensureDatabasePath(process.env.DATABASE_PATH?.trim() ? config.databasePath : './data/playground.sqlite');
  const { startPlayground } = await import('./platforms/console/playground.js');
  const { runInteractive, runPiped } = await import('./platforms/console/input-loop.js');
  const pg = await startPlayground(config, { env: process.env, output: process.stdout, logOutput: process.stderr });
  let stopped = false;
  const interactive = process.stdin.isTTY === true;
  onSignals(
    async () => {
      stopped = true;
      await pg.close();
    },
    (m) => pg.print(m),
  );
  pg.print(pg.banner(interactive));
  const code = interactive ? await runInteractive(pg, process.stdin, process.stdout) : await runPiped(pg, process.stdin, () => stopped);
  await pg.close();
  process.exit(code);
}

async function main(): Promise<void> {
  let config: Config;
  try {
    loadDotEnv();
    config = loadConfig();
  } catch (e) {
    fatal(e);
  }
  try {
    if (config.discord || config.telegram) await runBots(config);
    else await runConsole(config);
  } catch (e) {
    const secrets = new SecretSet();
    secrets.add(config.discord?.token);
    secrets.add(config.telegram?.token);
    secrets.add(config.gateway.token);
    fatal(e, secrets);
  }
}

void main();
