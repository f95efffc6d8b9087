/**
 * `npm start`: validates the configuration, then composes (`src/app/compose.ts`, the one composition root) either the
 * configured chat platforms (those of `src/platforms/registry.ts` whose settings are present, with the job runner)
 * or, with no platform configured, the terminal playground (`src/playground/`) — never in the container image
 * (`MEDIABOT_CONTAINER=1`): there it exits naming what is missing.
 * A configuration problem prints one line on stderr and exits 1; nothing else is started.
 */
// First: holds V8's young generation small while the modules below and the start-up load (see startup-heap.ts).
import { releaseYoungGeneration } from './app/startup-heap.js';
import { ConfigError, loadConfig, loadDotEnv, type Config } from './config.js';
import { createLogger, SecretSet, type Logger } from './log.js';
import type { SimulatorHandle } from './simulator/index.js';
import { parseEncryptionKey } from './store/crypto.js';
import { ensureDatabasePath, ensureWritableDir } from './app/startup-paths.js';
import { containerNeedsPlatform, inContainer } from './startup-errors.js';
import { describeStore } from './store/store-url.js';
import { configuredPlatforms, PLATFORMS } from './platforms/registry.js';

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

/** The password in `REDIS_URL`, if any (kept out of logs). */
function redisPassword(config: Config): string | undefined {
  try {
    return config.redis ? decodeURIComponent(new URL(config.redis.url).password) || undefined : undefined;
  } catch {
    return undefined;
  }
}

/** The secrets of `config` to keep out of logs and error lines: every configured platform's, the gateway token, Redis's password. */
function configSecrets(config: Config): SecretSet {
  const secrets = new SecretSet();
  for (const { module, settings } of configuredPlatforms(config)) for (const s of module.secrets(settings)) secrets.add(s);
  secrets.add(config.gateway.token);
  secrets.add(redisPassword(config));
  return secrets;
}

/** Runs the configured chat platforms with the poller (what `ROLE` asks for) until a signal arrives. */
async function runBots(config: Config): Promise<void> {
  if (!config.encryptionKey) throw new ConfigError('BOT_ENCRYPTION_KEY', 'set when a platform token is set (run `npm run keygen` and put the key in .env)');
  parseEncryptionKey(config.encryptionKey);
  if (!config.gateway.baseUrl && !config.useSimulator) {
    throw new ConfigError('GATEWAY_BASE_URL', 'set when a platform token is set (the URL of your media gateway); to try the bot on the built-in simulator instead (fake media, no real charges) set USE_SIMULATOR=1');
  }
  const outputDir = config.outputDir ?? './data/outputs';
  if (!config.databaseUrl) await ensureDatabasePath(config.databasePath);
  await ensureWritableDir(outputDir, config.outputDir ? 'OUTPUT_DIR' : 'OUTPUT_DIR (default ./data/outputs)');
  const secrets = configSecrets(config);
  const logger: Logger = createLogger({ level: config.log.level, format: config.log.format, secrets });
  const { compose, chatSurfaces } = await import('./app/compose.js');
  let sim: SimulatorHandle | undefined;
  let cfg = config;
  if (!config.gateway.baseUrl) {
    const { startSimulator, SIM_REMIX_MODELS } = await import('./simulator/index.js');
    sim = await startSimulator();
    cfg = { ...config, gateway: { ...config.gateway, token: config.gateway.token ?? sim.tokens.media }, remixModels: config.remixModels.length ? config.remixModels : [...SIM_REMIX_MODELS] };
    logger.warn({ simulator: sim.baseUrl }, 'USE_SIMULATOR=1 and GATEWAY_BASE_URL is not set: using the built-in gateway simulator (fake media, no real charges)');
  }
  const graceMs = cfg.shutdownGraceMs;
  const composing = compose(cfg, {
    logger,
    secrets,
    outputDir,
    surfaces: [...chatSurfaces(cfg), ...(cfg.web.port !== undefined && cfg.role !== 'worker' ? [(await import('./web/starter.js')).webSurface(cfg)] : [])],
    presence: { role: cfg.role },
    processMetrics: cfg.health.port !== undefined,
    ...(cfg.health.port !== undefined ? { health: { port: cfg.health.port, host: cfg.health.host } } : {}),
    ...(sim ? { simulatorBaseUrl: sim.baseUrl } : {}),
  });
  // A signal during start-up waits for the start to finish (or fail), then stops gracefully; the backstop bounds it.
  onSignals(
    async () => {
      const started = Date.now();
      const running = await composing.catch(() => undefined);
      await running?.shutdown(graceMs);
      await sim?.close();
      logger.info({ ms: Date.now() - started }, 'mediabot stopped');
    },
    (m) => logger.info(m),
    graceMs + 10_000,
  );
  const running = await composing.catch(async (e: unknown) => {
    await sim?.close();
    throw e;
  });
  logger.info(
    {
      role: cfg.role,
      platforms: running.surfaces.filter((s) => !s.name.startsWith('web')).map((s) => s.name),
      gateway: sim ? 'built-in simulator' : new URL(cfg.gateway.baseUrl ?? '').origin,
      operatorToken: cfg.gateway.token ? 'set' : 'none (communities link their own)',
      // Who may spend it: printed at every start so an operator sees the limits a leaked invite link meets.
      operatorDailyCap: cfg.operatorDailyCap === null ? 'off (no daily cap on GATEWAY_TOKEN)' : `$${cfg.operatorDailyCap} per UTC day across every community (OPERATOR_DAILY_CAP)`,
      operatorTokenAccess: cfg.operatorTokenAccess === 'approved' ? 'approved communities only (OPERATOR_TOKEN_ACCESS)' : 'open to every community (OPERATOR_TOKEN_ACCESS)',
      database: describeStore({ databaseUrl: cfg.databaseUrl, path: cfg.databasePath }),
      outputs: outputDir,
      activeVideoJobs: await running.app.jobs.countActive(),
      shutdownGraceMs: graceMs,
      ...(running.health ? { health: running.health.url } : {}),
      ...(running.surfaces.find((s) => s.name === 'web')?.url ? { web: running.surfaces.find((s) => s.name === 'web')?.url } : {}),
    },
    'mediabot started',
  );
  releaseYoungGeneration();
}

/** Runs the terminal playground on stdin/stdout and exits when it is done. */
async function runConsole(config: Config): Promise<void> {
  // The playground's own defaults (see playground/settings.ts): checked here so a bad path fails at once.
  await ensureWritableDir(config.outputDir ?? './output', config.outputDir ? 'OUTPUT_DIR' : 'OUTPUT_DIR (default ./output)');
  await ensureDatabasePath(process.env.DATABASE_PATH?.trim() ? config.databasePath : './data/playground.sqlite');
  const { startPlayground } = await import('./playground/playground.js');
  const { runInteractive, runPiped } = await import('./playground/input-loop.js');
  const pg = await startPlayground(config, { env: process.env, output: process.stdout, logOutput: process.stderr });
  releaseYoungGeneration();
  let stopped = false;
  const interactive = process.stdin.isTTY === true;
  onSignals(
    async () => {
      stopped = true;
      await pg.close();
    },
    (m) => pg.print(m),
  );
  pg.print(await pg.banner(interactive));
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
    if (configuredPlatforms(config).length > 0) await runBots(config);
    else if (inContainer()) throw containerNeedsPlatform(PLATFORMS.flatMap((m) => (m.config.enabledBy ? [m.config.enabledBy] : [])), config);
    else await runConsole(config);
  } catch (e) {
    fatal(e, configSecrets(config));
  }
}

void main();
