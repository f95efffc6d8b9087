import { ConfigError, type Config } from '../config.js';

/** Playground-only knobs, read from the environment (documented in `.env.example` by the lead). */
export interface PlaygroundSettings {
  /** `OUTPUT_DIR`, default `./output`: where results are written. */
  outputDir: string;
  /** `DATABASE_PATH` when set explicitly, else `./data/playground.sqlite` (kept apart from the bot's database). */
  databasePath: string;
  /** `SIM_VIDEO_QUEUED_MS` (default 300) and `SIM_VIDEO_RUN_MS` (default 3000): the built-in simulator's video timeline. */
  simVideoQueuedMs: number;
  simVideoRunMs: number;
  /** `SIM_IMAGE_DELAY_MS`, default 0: extra delay of every simulated image. */
  simImageDelayMs: number;
  /** `PLAYGROUND_WAIT_MS`, default 120000: how long the playground waits for running videos at the end of its input. */
  waitMs: number;
  /** Poller timing: the configured one, or 500 ms → 2 s with the built-in simulator when POLL_* are not set. */
  poller: Config['poller'];
  /** `LOG_LEVEL` when set, else `error` (the playground's own output is the interface; failures are already printed). */
  logLevel: Config['log']['level'];
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const v = env[name]?.trim();
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > max) throw new ConfigError(name, `a whole number from 0 to ${max}`);
  return n;
}

/**
 * Derives the playground settings from the environment and the validated config.
 * @throws ConfigError naming the variable for a malformed knob.
 */
export function playgroundSettings(env: NodeJS.ProcessEnv, config: Config, embeddedSimulator: boolean): PlaygroundSettings {
  const explicitPoll = Boolean(env.POLL_INTERVAL_MS?.trim() || env.POLL_MAX_INTERVAL_MS?.trim());
  return {
    outputDir: env.OUTPUT_DIR?.trim() || './output',
    databasePath: env.DATABASE_PATH?.trim() ? config.databasePath : './data/playground.sqlite',
    simVideoQueuedMs: int(env, 'SIM_VIDEO_QUEUED_MS', 300, 600_000),
    simVideoRunMs: int(env, 'SIM_VIDEO_RUN_MS', 3_000, 3_600_000),
    simImageDelayMs: int(env, 'SIM_IMAGE_DELAY_MS', 0, 600_000),
    waitMs: int(env, 'PLAYGROUND_WAIT_MS', 120_000, 86_400_000),
    poller: embeddedSimulator && !explicitPoll ? { ...config.poller, intervalMs: 500, maxIntervalMs: 2_000 } : config.poller,
    logLevel: env.LOG_LEVEL?.trim() ? config.log.level : 'error',
  };
}
