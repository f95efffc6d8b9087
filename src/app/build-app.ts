import { DAY_MS } from '../core/jobs/gallery-retention.js';
import { KNOWN_SLOW_MODELS } from '../core/use-cases/gateway-call.js';
import { catalogue, installCatalogue, type Catalogue } from '../core/i18n/catalog.js';
import type { Config } from '../config.js';
import type { Delivery } from '../core/ports/delivery.js';
import { BotCore } from '../core/bot-core.js';
import { EchartsChartRenderer } from '../charts/echarts-renderer.js';
import type { ChartRenderer } from '../core/ports/chart-renderer.js';
import { Catalog } from '../core/catalog/catalog.js';
import { defaultModelWarnings } from '../core/catalog/default-models.js';
import { PriceBook } from '../core/catalog/price-book.js';
import { TokenIndex } from '../core/catalog/token-index.js';
import { MemoryCoordination } from '../core/coordination/memory-coordination.js';
import { QueueBoard } from '../core/jobs/queue-board.js';
import { FairUseGate } from '../core/fair-use/fair-use-gate.js';
import { ModelListCache } from '../core/models/model-list-cache.js';
import { parseUsd, type Micros } from '../core/money.js';
import { systemClock, type Clock } from '../core/ports/clock.js';
import type { Coordination } from '../core/ports/coordination.js';
import type { JobStore } from '../core/ports/job-store.js';
import type { MediaGateway } from '../core/ports/media-gateway.js';
import { documentedPriceTable, loadPriceTable, type PriceTable } from '../core/pricing.js';
import { reloadAdminSettings } from '../core/use-cases/prices.js';
import { HttpMediaGateway, type HttpMediaGatewayOptions } from '../gateway/index.js';
import type { DeliveryRouter } from '../jobs/delivery-router.js';
import { locateFfmpeg } from '../jobs/ffmpeg-locator.js';
import { OutputStore } from '../jobs/output-store.js';
import { JobLeases } from '../jobs/job-leases.js';
import { JobRunner, newLeaseOwner } from '../jobs/job-runner.js';
import { DailyReconcile } from '../core/reconcile/daily.js';
import { HttpGatewayLog } from '../gateway/token-log.js';
import type { Logger, SecretSet } from '../log.js';
import { coordinationCheck, databaseWritableCheck, gatewayReachableCheck, postgresReachableCheck, type ClosableCheck } from '../ops/checks.js';
import { MeteredGateway } from '../ops/metered-gateway.js';
import { meterJobStore } from '../ops/metered-jobs.js';
import { MeteredDeliveryRouter } from '../ops/metered-router.js';
import { silentMetrics, type BotMetrics } from '../ops/metrics.js';
import { ReadinessRegistry } from '../ops/readiness.js';
import { budgetDefaults, openStore, type OpenStoreOptions, type Store } from '../store/open-store.js';
import { describeStore } from '../store/store-url.js';
import { explainStoreStartError, StartupError } from '../startup-errors.js';
import { serveStore, type MeteredStore } from './store-services.js';

/** Options of {@link buildApp} beyond the config. */
export interface BuildAppOptions {
  logger: Logger;
  /**
   * The words of every reply (see `src/core/i18n/catalog.ts`), installed for the process before anything else is
   * built. Default: the one already installed, else `locales/` read now, so a missing or broken message file stops
   * the start rather than the first reply.
   */
  catalogue?: Catalogue;
  /** Shared with the logger: every token the app learns is registered here. */
  secrets: SecretSet;
  /** Default: the system clock. */
  clock?: Clock;
  /** Tests only: see `OpenStoreOptions.leaseClockOffsetMs` (a fake clock that also moves lease expiry). */
  leaseClockOffsetMs?: () => number;
  /** Deliveries known at build time; more can be added with `registerDelivery`. */
  deliveries?: Delivery[];
  /** Where kept outputs go. Default `config.outputDir`, else `./data/outputs`. */
  outputDir?: string;
  /** A ready gateway (tests, benchmarks); then `close()` does not close it. Default: an `HttpMediaGateway`. */
  gateway?: MediaGateway;
  /** Base URL of a simulator started by the caller, used when `config.gateway.baseUrl` is unset. */
  simulatorBaseUrl?: string;
  /** Extra `HttpMediaGateway` settings (e.g. fast retries in tests). */
  gatewayOptions?: Partial<HttpMediaGatewayOptions>;
  /** Replaces the operator's price table loaded from `PRICES_FILE` (tests, benchmarks). */
  priceTable?: PriceTable;
  /** Warm the catalogue (pricing and every known token's model list) before returning. Default true. */
  warmCatalog?: boolean;
  /** Start the job runner at once. Default true. */
  startPoller?: boolean;
  /**
   * ffmpeg for shrinking videos over an upload limit: path, null = never, undefined = `FFMPEG_PATH`, else a system
   * ffmpeg on PATH, else the one shipped by `@ffmpeg-installer/ffmpeg` (the choice is logged once).
   */
  ffmpegPath?: string | null;
  /** Poller tuning passed through (lease, batch, progress throttle). */
  pollerTuning?: { leaseMs?: number; batch?: number; progressEveryMs?: number; tickMs?: number; purgeEveryMs?: number; staleReservedMs?: number };
  /**
   * Count Prometheus metrics in a prom-client registry (`App.metrics.registry`). Default true; the composition root
   * turns it off when no health listener serves `/metrics` (then {@link silentMetrics}: prom-client is never loaded).
   */
  metrics?: boolean;
  /** Also collect Node process metrics (event-loop delay, heap, CPU) into the app's registry. Default false. */
  processMetrics?: boolean;
  /** Draws the `/usage` and `/balance` charts (tests). Default: an `EchartsChartRenderer` with `CHART_FONT_FILES`. */
  charts?: ChartRenderer;
  /**
   * A ready coordination (tests); then `close()` does not close it. Default: Redis when `config.redis` is set
   * (`REDIS_URL`), else in memory on the app's clock.
   */
  coordination?: Coordination;
}

/** Everything the composition root, the playground, adapters' tests and benchmarks need. */
export interface App {
  core: BotCore;
  /** The opened store with the services built over it (`AdminService`, the metered ledger). */
  store: MeteredStore<Store>;
  gateway: MediaGateway;
  /** The job runner (claims, waits on, fetches, delivers and sweeps jobs under leases). */
  runner: JobRunner;
  /** The daily reconciliation with the gateway's token log (started with the runner); undefined without `GATEWAY_BASE_URL`. */
  reconciler: DailyReconcile | undefined;
  jobs: JobStore;
  outputs: OutputStore;
  router: DeliveryRouter;
  /** The operator's price table (`PRICES_FILE`, or `opts.priceTable`). */
  priceTable: PriceTable;
  /** Model lists, prices and the token index; refreshed in the background until `close()`. */
  catalog: Catalog;
  /** Start-up warnings already logged (e.g. a `DEFAULT_*_MODEL` the gateway does not list). */
  startupWarnings: string[];
  /** The logger and secret set the app was built with (adapters log through them). */
  logger: Logger;
  secrets: SecretSet;
  clock: Clock;
  config: Config;
  /** Prometheus metrics of this app (gateway, jobs, deliveries, money, poller lag). */
  metrics: BotMetrics;
  /** Readiness checks (`database`, `gateway`, `redis` when shared; adapters add theirs), served at `/readyz`. */
  readiness: ReadinessRegistry;
  /** State shared by the bot's processes: Redis with `REDIS_URL`, else this process's memory. */
  coordination: Coordination;
  /** The fair-use gate of the core (per-user and per-scope limits, over {@link coordination}). */
  fairUse: FairUseGate;
  /** Plugs an adapter's delivery in after building (one per platform; a second replaces the first). */
  registerDelivery(d: Delivery): void;
  /** Tells the core where the web pages answer (for `/web` links) once they listen; `undefined` when they stop. */
  setWebUrl(url: string | undefined): void;
  /** Stops the runner, closes the gateway client (when built here) and the database. Idempotent. */
  close(): Promise<void>;
}

/** `DEFAULT_ALLOWANCE` as micros; 'none'/'unlimited' = no limit. */
function allowanceMicros(text: string): Micros | null {
  return /^(none|unlimited)$/i.test(text.trim()) ? null : parseUsd(text);
}

/**
 * Builds the app under the composition root (`compose` in `./compose.ts`, which adds the dispatcher and the
 * surfaces): opens the store (migrations applied), builds the gateway client, price table, model cache, fair-use
 * gate, output store, delivery router, job runner (with the leases it shares with the core) and the core, and starts the runner unless told not to. No import-time singletons: two apps in one process share nothing.
 * @throws ConfigError-like `Error` when no gateway URL is known; the store's errors (bad key, failed migration).
 */
export async function buildApp(config: Config, opts: BuildAppOptions): Promise<App> {
  installCatalogue(opts.catalogue ?? catalogue());
  const clock = opts.clock ?? systemClock;
  const { logger, secrets } = opts;
  secrets.add(config.gateway.token);
  const priceTable = opts.priceTable ?? loadPriceTable(config.pricesFile);
  const textPer1k = config.textPricePer1kTokens === undefined ? undefined : parseUsd(config.textPricePer1kTokens);
  const baseUrl = config.gateway.baseUrl ?? opts.simulatorBaseUrl;
  if (!opts.gateway && !baseUrl) throw new Error('buildApp: no gateway URL (set GATEWAY_BASE_URL or pass simulatorBaseUrl)');
  // The coordination first: the gateway client keeps its line of calls the gateway's concurrency gate turned away there.
  const ownCoordination = opts.coordination ? undefined : await openCoordination(config, clock, logger);
  const coordination = opts.coordination ?? ownCoordination!;
  const ownGateway = opts.gateway
    ? undefined
    : new HttpMediaGateway({
        baseUrl: baseUrl!,
        editImageField: config.gateway.editImageField,
        messagesAuth: config.gateway.messagesAuth,
        concurrency: config.gateway.concurrency,
        minTimeMs: config.gateway.minTimeMs,
        timeoutMs: config.gateway.timeoutMs,
        longestTimeoutMs: Math.max(
          config.gateway.timeoutMs,
          ...Object.values(config.gateway.deadlines.kinds),
          ...Object.values(config.gateway.deadlines.models),
          ...Object.values(KNOWN_SLOW_MODELS),
          ...Object.values(priceTable).map((p) => p.deadlineMs ?? 0),
        ),
        coordination,
        ...(config.redis ? { sharedLimits: { redisUrl: config.redis.url, prefix: config.redis.prefix } } : {}),
        logger: logger.child({ module: 'gateway' }),
        ...opts.gatewayOptions,
      });
  const metrics = opts.metrics === false ? silentMetrics() : (await import('../ops/prometheus-metrics.js')).createMetrics({ processMetrics: opts.processMetrics ?? false });
  const gateway: MediaGateway = new MeteredGateway(opts.gateway ?? ownGateway!, metrics);
  // The ffmpeg lookup (file checks, the packaged binary's module) runs while the store opens; its outcome is read below.
  const ffmpegLookup = opts.ffmpegPath === undefined ? locateFfmpeg({ configured: config.ffmpegPath }).then((found) => ({ found }), (error: unknown) => ({ error })) : undefined;
  const storeOptions: OpenStoreOptions = {
    path: config.databasePath,
    ...(config.encryptionKey ? { encryptionKey: config.encryptionKey } : {}),
    ...(config.gateway.token ? { operatorToken: config.gateway.token } : {}),
    onTokenOpened: (t) => secrets.add(t),
    defaultAllowanceMicros: allowanceMicros(config.defaultAllowance.amount),
    defaultPeriod: config.defaultAllowance.period,
    ...(config.personCap ? { personCap: { limitMicros: parseUsd(config.personCap.amount), period: config.personCap.period } } : {}),
    ...(config.operatorDailyCap !== null ? { operatorDailyCapMicros: parseUsd(config.operatorDailyCap) } : {}),
    clock,
    ...(opts.leaseClockOffsetMs ? { leaseClockOffsetMs: opts.leaseClockOffsetMs } : {}),
  };
  let opened: Store;
  try {
    opened = await openStore({ ...storeOptions, ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}) });
  } catch (e) {
    await ownGateway?.close();
    await ownCoordination?.close();
    throw explainStoreStartError(e, describeStore({ databaseUrl: config.databaseUrl, path: config.databasePath }));
  }
  const store = serveStore(opened, { defaults: budgetDefaults(storeOptions), clock, metrics });
  const jobs = meterJobStore(store.jobs, metrics, clock);
  const outputs = new OutputStore(opts.outputDir ?? config.outputDir ?? './data/outputs', clock);
  const router: DeliveryRouter = new MeteredDeliveryRouter(metrics);
  const readiness = new ReadinessRegistry({ role: config.role });
  const pgStore = store.engine === 'postgres' ? store : undefined;
  const dbCheck: ClosableCheck = pgStore ? { check: postgresReachableCheck(() => pgStore.ping()), close: () => undefined } : databaseWritableCheck(config.databasePath);
  readiness.register('database', dbCheck.check);
  if (baseUrl) readiness.register('gateway', gatewayReachableCheck(baseUrl, config.gateway.token));
  if (coordination.shared) readiness.register('redis', coordinationCheck(coordination));
  let ffmpegPath = opts.ffmpegPath;
  if (ffmpegLookup) {
    const lookup = await ffmpegLookup;
    if ('error' in lookup) {
      dbCheck.close();
      await ownGateway?.close();
      await ownCoordination?.close();
      await store.close();
      throw lookup.error;
    }
    const { found } = lookup;
    ffmpegPath = found?.path ?? null;
    if (found) logger.info({ ffmpeg: found.path, source: found.source }, 'ffmpeg found: videos over a chat\'s upload limit are re-encoded to fit');
    else if (config.ffmpegPath === undefined) logger.warn('no ffmpeg (none on PATH, and the @ffmpeg-installer/ffmpeg package has no build for this platform): videos over a chat\'s upload limit are kept for /job instead of being shrunk');
  }
  for (const d of opts.deliveries ?? []) router.register(d);
  const retentionMs = config.outputRetentionHours * 3_600_000;
  const galleryRetentionMs = config.gallery.retentionDays * DAY_MS;
  const runnerConfig = { intervalMs: config.poller.intervalMs, maxIntervalMs: config.poller.maxIntervalMs, deadlineMs: config.poller.deadlineMs, leaseMs: config.poller.leaseMs, retentionMs, galleryRetentionMs, galleryMaxBytes: config.gallery.maxBytes, staleReservedMs: config.gateway.timeoutMs + 120_000, ...opts.pollerTuning };
  // One lease owner per process: the command path and the runner renew through the same leases.
  const leases = new JobLeases(jobs, clock, newLeaseOwner(), runnerConfig.leaseMs ?? config.poller.leaseMs);
  const index = new TokenIndex();
  index.setOperator(config.gateway.token);
  const catalog = new Catalog({
    gateway,
    book: new PriceBook({ operator: priceTable, documented: documentedPriceTable(), markup: config.priceMarkup, ...(textPer1k !== undefined ? { textPer1kMicros: textPer1k } : {}) }),
    lists: new ModelListCache({ clock, ttlMs: config.modelsCacheTtlMs, logger }),
    index,
    clock,
    logger: logger.child({ module: 'catalog' }),
    listRefreshMs: Math.max(60_000, config.modelsCacheTtlMs),
    pricingRefreshMs: config.pricingRefreshMs,
    warmTimeoutMs: Math.min(15_000, config.gateway.timeoutMs),
  });
  const modelSettings = store.modelSettings;
  const fairUse = new FairUseGate({
    clock,
    coordination,
    maxPerUser: config.fairUse.maxJobsPerUser,
    maxPerScope: config.fairUse.maxJobsPerScope,
    cooldownMs: config.fairUse.userCooldownMs,
    onError: (e, what) => logger.warn({ err: e, what }, 'fair use: shared slots not updated (they expire by their TTL)'),
  });
  let webUrl: string | undefined;
  const coreDeps = {
    web: { url: () => webUrl },
    gateway,
    store,
    jobs,
    catalog,
    modelSettings,
    fairUse,
    queue: new QueueBoard(() => clock.now()),
    coordination,
    outputs,
    charts: opts.charts ?? new EchartsChartRenderer({ extraFontFiles: config.chartFontFiles }),
    clock,
    logger: logger.child({ module: 'core' }),
    secrets,
    leases,
    settings: {
      defaults: config.defaults,
      pollIntervalMs: config.poller.intervalMs,
      deadlineMs: config.poller.deadlineMs,
      outputRetentionMs: retentionMs,
      galleryRetentionMs,
      ownerIds: config.ownerIds,
      remixModels: config.remixModels,
      operatorTokenAccess: config.operatorTokenAccess,
      ...(storeOptions.operatorDailyCapMicros !== undefined ? { operatorDailyCapMicros: storeOptions.operatorDailyCapMicros } : {}),
      callDeadlines: config.gateway.deadlines,
    },
  };
  const core = new BotCore(coreDeps);
  const runner = new JobRunner({
    jobs,
    leases,
    gateway,
    budgets: store.budgets,
    tokens: store.tokens,
    users: store.directory,
    router,
    replies: core,
    outputs,
    refs: store.refs,
    clock,
    logger: logger.child({ module: 'runner' }),
    config: runnerConfig,
    ffmpegPath,
  });
  const startupWarnings = await prepareCatalog(catalog, coreDeps, config, store, logger, opts.warmCatalog !== false);
  catalog.start();
  // The daily reconciliation runs with the job runner (roles all and worker), one process at a time by leader lease.
  const reconciler = config.gateway.baseUrl
    ? new DailyReconcile({
        jobs: store.jobAdmin,
        tokens: store.tokens,
        log: new HttpGatewayLog(config.gateway.baseUrl),
        operatorToken: config.gateway.token,
        coordination,
        clock,
        logger: logger.child({ module: 'reconcile' }),
        owner: newLeaseOwner(),
        ownerIds: config.ownerIds,
        alertMicros: config.reconcileDriftAlertMicros,
      })
    : undefined;
  if (opts.startPoller !== false) {
    runner.start();
    reconciler?.start();
  }
  let closing: Promise<void> | undefined;
  return {
    core,
    store,
    gateway,
    runner,
    reconciler,
    jobs,
    outputs,
    router,
    priceTable,
    catalog,
    startupWarnings,
    logger,
    secrets,
    clock,
    config,
    metrics,
    readiness,
    coordination,
    fairUse,
    registerDelivery: (d) => router.register(d),
    setWebUrl: (url) => {
      webUrl = url;
    },
    close() {
      closing ??= (async () => {
        catalog.stop();
        core.close();
        fairUse.close();
        await runner.stop();
        await reconciler?.stop();
        dbCheck.close();
        await ownGateway?.close();
        await ownCoordination?.close();
        await store.close();
      })();
      return closing;
    },
  };
}

/**
 * The coordination the config asks for: Redis when `REDIS_URL` is set (connected and answering, else a
 * {@link StartupError} naming the host), otherwise this process's memory on `clock`.
 */
async function openCoordination(config: Config, clock: Clock, logger: Logger): Promise<Coordination> {
  if (!config.redis) return new MemoryCoordination({ now: () => clock.now() });
  const { RedisCoordination } = await import('../coordination/redis-coordination.js');
  try {
    const c = await RedisCoordination.open({ url: config.redis.url, prefix: config.redis.prefix, logger: logger.child({ module: 'redis' }) });
    logger.info({ prefix: config.redis.prefix }, 'shared limits and once-only work in Redis');
    return c;
  } catch (e) {
    throw new StartupError(`${e instanceof Error ? e.message : String(e)} (check REDIS_URL; unset it to run a single process without Redis).`, { cause: e });
  }
}

/**
 * Fills the token index with every stored token (opened one owner at a time through the vault), loads the admins'
 * model settings, warms the catalogue (published pricing and each token's model list, in parallel, each call
 * bounded) and checks the configured defaults against what the gateway lists. Returns the warnings it logged.
 * Nothing here stops start-up: an unreachable gateway only means lists load on first use.
 */
async function prepareCatalog(catalog: Catalog, deps: ConstructorParameters<typeof BotCore>[0], config: Config, store: MeteredStore<Store>, logger: Logger, warm: boolean): Promise<string[]> {
  const nobody = '\u0000none';
  for (const o of await store.linkedTokenOwners()) {
    try {
      const r = await store.tokens.resolveToken(o.kind === 'scope' ? o.ownerId : nobody, o.kind === 'personal' ? o.ownerId : nobody);
      if (r.source === 'none' || r.source === 'operator') continue;
      deps.secrets.add(r.token);
      if (o.kind === 'scope') catalog.index.setScope(o.ref, r.token);
      else catalog.index.setUser(o.ref, r.token);
    } catch (e) {
      logger.warn({ err: e, kind: o.kind }, 'a stored gateway token could not be opened; its model list loads on first use');
    }
  }
  await reloadAdminSettings(deps);
  if (!warm) return [];
  const started = Date.now();
  await catalog.warm();
  const warnings = defaultModelWarnings(config.defaults, catalog.cachedLists());
  for (const w of warnings) logger.warn({ warning: w }, w);
  logger.info({ tokens: catalog.index.tokens().length, pricing: catalog.pricing, publishedPrices: catalog.book.publishedCount, ms: Date.now() - started }, 'catalogue warmed');
  return warnings;
}
