/**
 * One call gives a whole bot stack for integration and e2e tests:
 *
 * ```ts
 * const t = await createTestStack();            // simulator + temp SQLite + app (poller every 50 ms)
 * const r = await t.core.imagine({ ...t.actor(), prompt: 'a cat' });
 * expect(t.sim.spentMicros(t.sim.tokens.media)).toBe(10_000);
 * await t.close();                               // stops everything, deletes the temp dir
 * ```
 *
 * - The simulator listens on 127.0.0.1 (port 0); its media token is the operator token unless `operatorToken` says otherwise.
 * - The database is a fresh file under a temp dir (or, with `engine` PostgreSQL, a fresh database of its own),
 *   migrated for real; the encryption key is {@link TEST_ENCRYPTION_KEY}.
 * - Logs are JSON lines captured in memory (`logs()`), level debug, scrubbed like production logs.
 * - The gateway client retries fast (base 10 ms) so fault tests stay quick.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { buildApp, type App, type BuildAppOptions } from '../../src/app/build-app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Actor } from '../../src/core/api/actor.js';
import type { Delivery } from '../../src/core/ports/delivery.js';
import { ManualClock, type Clock } from '../../src/core/ports/clock.js';
import type { PriceTable } from '../../src/core/pricing.js';
import { createLogger, SecretSet, type Logger } from '../../src/log.js';
import { SIM_REMIX_MODELS, startSimulator, type SimulatorHandle, type SimulatorOptions } from '../../src/simulator/index.js';
import type { BotCore } from '../../src/core/bot-core.js';
import type { MeteredStore } from '../../src/app/store-services.js';
import type { Store } from '../../src/store/open-store.js';
import type { StoreLocation, TestEngine } from './engines.js';

/** A fixed 32-byte key (base64) used by every test stack. */
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 9).toString('base64');

/** Options of {@link createTestStack}; all optional. */
export interface TestStackOptions {
  /** Simulator settings (flavor, video timeline, delays…). Default: new-api flavor, video queued 100 ms, run 400 ms. */
  sim?: SimulatorOptions;
  /**
   * Operator token: default the simulator's media token; `null` = none (then users must link one); a function picks
   * one of the simulator's tokens (e.g. `(sim) => sim.tokens.invalid`).
   */
  operatorToken?: string | null | ((sim: SimulatorHandle) => string | null);
  /** Environment variables as `loadConfig` reads them (e.g. `{ DEFAULT_ALLOWANCE: '0.05' }`), applied over the test defaults. */
  env?: Record<string, string>;
  /** Last-word edits of the config object (after env parsing). */
  config?: (c: Config) => void;
  priceTable?: PriceTable;
  deliveries?: Delivery[];
  /** A `ManualClock` also moves the database's clock in lease statements as it is advanced (leases expire with it). */
  clock?: Clock;
  /** Video poll interval in ms. Default 50. */
  pollIntervalMs?: number;
  /** Start the poller. Default true. */
  startPoller?: boolean;
  /** Extra buildApp options (gateway options are merged over the fast-retry defaults). */
  app?: Partial<BuildAppOptions>;
  /** The storage engine (see test/support/engines.ts). Default: a SQLite file in the temp dir. */
  engine?: TestEngine;
}

/** A running stack. */
export interface TestStack {
  sim: SimulatorHandle;
  app: App;
  core: BotCore;
  store: MeteredStore<Store>;
  config: Config;
  /** The captured logger (same as `app.logger`) and the secret set shared with it. */
  logger: Logger;
  secrets: SecretSet;
  /** Every log line so far (newline-separated JSON). */
  logs(): string;
  dbPath: string;
  /** The temp dir holding the database and kept outputs. */
  dir: string;
  /** An actor in a group/guild scope; defaults: platform console, scope `s1`, user `u1`. */
  actor(o?: { platform?: string; scope?: string; user?: string; username?: string; kind?: Actor['scope']['kind'] }): Actor;
  /** Stops the poller, gateway client, database and simulator, then deletes the temp dir. Idempotent. */
  close(): Promise<void>;
}

/** Starts a simulator, a migrated temp database and the app (see the module description). */
export async function createTestStack(opts: TestStackOptions = {}): Promise<TestStack> {
  const sim = await startSimulator({ video: { queuedMs: 100, runMs: 400, progressSteps: 4 }, ...opts.sim });
  const dir = mkdtempSync(join(tmpdir(), 'bot-stack-'));
  const dbPath = join(dir, 'bot.sqlite');
  const pgLocation: StoreLocation | undefined = opts.engine?.name === 'postgres' ? await opts.engine.fresh() : undefined;
  const dropDatabase = async () => {
    if (pgLocation) await opts.engine?.drop(pgLocation);
  };
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer | string, _enc, cb) {
      lines.push(chunk.toString());
      cb();
    },
  });
  const secrets = new SecretSet();
  const logger = createLogger({ level: 'debug', format: 'json', secrets, destination: sink });
  const operator = opts.operatorToken === undefined ? sim.tokens.media : typeof opts.operatorToken === 'function' ? opts.operatorToken(sim) : opts.operatorToken;
  const env: Record<string, string> = {
    GATEWAY_BASE_URL: sim.baseUrl,
    DATABASE_PATH: dbPath,
    ...(pgLocation?.engine === 'postgres' ? { DATABASE_URL: pgLocation.url } : {}),
    BOT_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    GATEWAY_TIMEOUT_MS: '5000',
    DEFAULT_ALLOWANCE: '1',
    DEFAULT_PERIOD: 'day',
    // The suites predate OPERATOR_DAILY_CAP (default $5 a day); the tests of the cap set it themselves.
    OPERATOR_DAILY_CAP: 'off',
    MAX_JOBS_PER_USER: '4',
    LOG_LEVEL: 'debug',
    // The simulator remixes its neutral video models; a test of a gateway without remix sets this to ''.
    VIDEO_REMIX_MODELS: SIM_REMIX_MODELS.join(','),
    ...(operator ? { GATEWAY_TOKEN: operator } : {}),
    ...opts.env,
  };
  const config = loadConfig(env);
  const interval = opts.pollIntervalMs ?? 50;
  config.poller = { ...config.poller, intervalMs: interval, maxIntervalMs: Math.max(interval, Math.min(config.poller.maxIntervalMs, 200)) };
  opts.config?.(config);
  let app: App;
  try {
    app = await buildApp(config, {
      logger,
      secrets,
      outputDir: join(dir, 'outputs'),
      ffmpegPath: null,
      pollerTuning: { progressEveryMs: 0, tickMs: Math.min(interval, 50) },
      ...opts.app,
      gatewayOptions: { maxRetries: 2, retryBaseMs: 10, ...opts.app?.gatewayOptions },
      ...(opts.clock ? { clock: opts.clock } : {}),
      ...(opts.clock instanceof ManualClock ? { leaseClockOffsetMs: manualOffset(opts.clock) } : {}),
      ...(opts.deliveries ? { deliveries: opts.deliveries } : {}),
      ...(opts.priceTable ? { priceTable: opts.priceTable } : {}),
      ...(opts.startPoller === false ? { startPoller: false } : {}),
    });
  } catch (e) {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
    await dropDatabase();
    throw e;
  }
  let closed: Promise<void> | undefined;
  return {
    sim,
    app,
    core: app.core,
    store: app.store,
    config,
    logger,
    secrets,
    dbPath,
    dir,
    logs: () => lines.join(''),
    actor: (o = {}) => {
      const platform = o.platform ?? 'console';
      return {
        scope: { platform, externalId: o.scope ?? 's1', kind: o.kind ?? 'group', title: 'Test scope' },
        user: { platform, externalId: o.user ?? 'u1', displayName: `User ${o.user ?? 'u1'}`, ...(o.username ? { username: o.username } : {}) },
      };
    },
    close() {
      closed ??= (async () => {
        await app.close();
        await sim.close();
        rmSync(dir, { recursive: true, force: true });
        await dropDatabase();
      })();
      return closed;
    },
  };
}

/** How far `clock` moved since now: added to the database's clock in lease statements. */
function manualOffset(clock: ManualClock): () => number {
  const start = clock.now();
  return () => clock.now() - start;
}
