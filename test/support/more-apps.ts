/**
 * More bot processes for a test stack: another app (its own core, poller, coordination and gateway client) on the
 * same database, simulator and outputs folder, as a second process on one machine would be.
 */
import { join } from 'node:path';
import { buildApp, type App } from '../../src/app/build-app.js';
import { loadConfig } from '../../src/config.js';
import { TEST_ENCRYPTION_KEY, type TestStack } from './harness.js';

/** Builds another app over `stack`'s database and simulator with `env` (e.g. the same REDIS_URL/REDIS_PREFIX). */
export function appOnSameDatabase(stack: TestStack, env: Record<string, string>): Promise<App> {
  const config = loadConfig({
    GATEWAY_BASE_URL: stack.sim.baseUrl,
    GATEWAY_TOKEN: stack.sim.tokens.media,
    DATABASE_PATH: stack.dbPath,
    BOT_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    GATEWAY_TIMEOUT_MS: '5000',
    DEFAULT_ALLOWANCE: '1',
    // The suites predate OPERATOR_DAILY_CAP (default $5 a day); the tests of the cap set it themselves.
    OPERATOR_DAILY_CAP: 'off',
    LOG_LEVEL: 'silent',
    ...env,
  });
  return buildApp(config, { logger: stack.logger, secrets: stack.secrets, outputDir: join(stack.dir, 'outputs'), ffmpegPath: null, startPoller: false });
}
