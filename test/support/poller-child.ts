/**
 * The video poller wired to real pieces (a SQLite file or a PostgreSQL database, HttpMediaGateway, OutputStore, a recording Delivery),
 * used two ways:
 * - imported by the poller/restart tests (`buildRig`, `startVideoJob`, `ledgerSpent`);
 * - run as a child process (`node --import tsx test/support/poller-child.ts`, see `spawnPoller`) configured by environment:
 *   DB_PATH (or DATABASE_URL for PostgreSQL), OUTPUTS_DIR, GATEWAY_URL, GATEWAY_TOKEN, DELIVERY_LOG, and optionally
 *   INTERVAL_MS, LEASE_MS, DELIVERY_DELAY_MS. It prints `ready <owner>` once polling and stops on SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pino from 'pino';
import type { DeliveryAddress } from '../../src/core/api/actor.js';
import type { JobView } from '../../src/core/api/jobs.js';
import type { Reply } from '../../src/core/commands/types.js';
import type { Failure } from '../../src/core/failures.js';
import { DeliveryError, type Delivery } from '../../src/core/ports/delivery.js';
import { newJobId } from '../../src/core/ids.js';
import { systemClock } from '../../src/core/ports/clock.js';
import type { TokenSource } from '../../src/core/failures.js';
import { HttpMediaGateway } from '../../src/gateway/index.js';
import { DeliveryRouter } from '../../src/jobs/delivery-router.js';
import { OutputStore } from '../../src/jobs/output-store.js';
import { JobRunner, type JobRunnerConfig } from '../../src/jobs/job-runner.js';
import type { ServedStore } from '../../src/app/store-services.js';
import type { Store } from '../../src/store/open-store.js';
import { openServedStore } from '../fixtures/store/temp-store.js';
import type { KyselyJobStore } from '../../src/store/kysely/job-store.js';

/** One call the poller made on the Delivery port. */
export type DeliveryEvent =
  | { type: 'progress'; jobId: string; progress: number }
  | { type: 'video'; jobId: string; bytes: number; path: string }
  | { type: 'failure'; jobId: string; code: Failure['code']; money: Failure['money']; failure: Failure };

/**
 * A Delivery that records every call (in memory and, when `logFile` is set, as lines `video <jobId> <bytes>` /
 * `failure <jobId> <code>` appended to that file, so a parent process can count deliveries across restarts).
 * `failNext` makes the next video posts throw the given errors, in order.
 */
export class RecordingDelivery implements Delivery {
  readonly surface = 'console';
  readonly events: DeliveryEvent[] = [];
  readonly failNext: DeliveryError[] = [];
  constructor(
    private readonly limitBytes: number,
    private readonly logFile?: string,
    private readonly delayMs = 0,
  ) {}

  async progress(_t: DeliveryAddress, job: JobView): Promise<void> {
    this.events.push({ type: 'progress', jobId: job.id, progress: job.progress });
  }

  async post(_t: DeliveryAddress, reply: Reply): Promise<{ messageIds: string[] }> {
    const jobId = reply.jobId ?? '';
    if (reply.tone === 'error') {
      const failure = reply.failure!;
      this.events.push({ type: 'failure', jobId, code: failure.code, money: failure.money, failure });
      if (this.logFile) appendFileSync(this.logFile, `failure ${jobId} ${failure.code}\n`);
      return { messageIds: [] };
    }
    const video = reply.files?.find((f) => f.kind === 'video');
    if (!video) {
      if (this.logFile) appendFileSync(this.logFile, `result ${jobId} ${reply.files?.length ?? 0} ${process.pid}\n`);
      return { messageIds: [`msg-${jobId}`] };
    }
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    const e = this.failNext.shift();
    if (e) throw e;
    this.events.push({ type: 'video', jobId, bytes: video.size, path: video.path ?? '' });
    if (this.logFile) appendFileSync(this.logFile, `video ${jobId} ${video.size} ${process.pid}\n`);
    return { messageIds: [`msg-${jobId}`] };
  }

  uploadLimitBytes(): number {
    return this.limitBytes;
  }

  of(jobId: string): DeliveryEvent[] {
    return this.events.filter((e) => e.jobId === jobId);
  }
}

export interface RigOptions {
  dbPath: string;
  /** A PostgreSQL URL: the store is there instead of `dbPath`. */
  databaseUrl?: string;
  outputsDir: string;
  gatewayUrl: string;
  /** The operator token (the simulator's `media` token in tests). */
  operatorToken: string;
  deliveryLog?: string;
  deliveryDelayMs?: number;
  uploadLimitBytes?: number;
  poller?: Partial<JobRunnerConfig>;
  ffmpegPath?: string | null;
  gatewayTimeoutMs?: number;
  gatewayRetries?: number;
}

export interface Rig {
  store: ServedStore<Store>;
  jobs: KyselyJobStore;
  gateway: HttpMediaGateway;
  outputs: OutputStore;
  delivery: RecordingDelivery;
  poller: JobRunner;
  scopeId: string;
  userId: string;
  close(): Promise<void>;
}

/** The core's words for late posts without a core: a failure notice is its code (tests read the failure itself). */
export const PLAIN_WORDS = { explain: (f: Failure): string => f.code, remixOffered: (): boolean => false };

/** Opens the store (migrating), and builds gateway, outputs, delivery and poller (not started). */
export async function buildRig(o: RigOptions): Promise<Rig> {
  const clock = systemClock;
  const store = await openServedStore({ path: o.dbPath, ...(o.databaseUrl ? { databaseUrl: o.databaseUrl } : {}), operatorToken: o.operatorToken, encryptionKey: Buffer.alloc(32, 7), defaultAllowanceMicros: null, defaultPeriod: 'day', clock });
  const logger = pino({ level: process.env.POLLER_LOG_LEVEL ?? 'silent' });
  const gateway = new HttpMediaGateway({ baseUrl: o.gatewayUrl, timeoutMs: o.gatewayTimeoutMs ?? 5_000, maxRetries: o.gatewayRetries ?? 1, retryBaseMs: 10 });
  const outputs = new OutputStore(o.outputsDir, clock);
  const delivery = new RecordingDelivery(o.uploadLimitBytes ?? 50 * 1024 * 1024, o.deliveryLog, o.deliveryDelayMs);
  const router = new DeliveryRouter();
  router.register(delivery);
  const jobs = store.jobs;
  const config: JobRunnerConfig = { intervalMs: 30, maxIntervalMs: 120, deadlineMs: 60_000, leaseMs: 2_000, progressEveryMs: 0, retentionMs: 60_000, tickMs: 20, ...o.poller };
  const poller = new JobRunner({ jobs, gateway, budgets: store.budgets, tokens: store.tokens, users: store.directory, router, replies: PLAIN_WORDS, outputs, clock, logger, config, ffmpegPath: o.ffmpegPath === undefined ? null : o.ffmpegPath });
  const scope = await store.directory.ensureScope({ platform: 'console', externalId: 'console' });
  const user = await store.directory.ensureUser({ platform: 'console', externalId: 'tester' });
  return {
    store, jobs, gateway, outputs, delivery, poller, scopeId: scope.id, userId: user.id,
    async close() {
      await poller.stop();
      await gateway.close();
      await store.close();
    },
  };
}

/**
 * Creates a video job the way `startVideo` does: job row `reserved` → hold → gateway task → `submitted` with the
 * task id (due at once). Returns the job id. Prices come from the simulator's catalog (gamma-video-1: $0.05/s).
 */
export async function startVideoJob(rig: Rig, o: { prompt: string; seconds?: number; model?: string; tokenSource?: TokenSource; token: string; unitMicros?: number }): Promise<string> {
  const seconds = o.seconds ?? 4;
  const estimate = (o.unitMicros ?? 50_000) * seconds;
  const tokenSource = o.tokenSource ?? 'operator';
  const id = newJobId();
  await rig.jobs.create({
    id, kind: 'video', status: 'reserved', scopeId: rig.scopeId, userId: rig.userId, model: o.model ?? 'gamma-video-1', prompt: o.prompt,
    params: { seconds }, tokenSource, tokenId: null, estimateMicros: estimate,
    delivery: { surface: 'console', chatId: 'console', userExternalId: 'tester' },
  });
  const hold = await rig.store.budgets.reserve({ scopeId: rig.scopeId, userId: rig.userId, amountMicros: estimate, jobId: id, tokenSource });
  if (!hold.ok) throw new Error(`reserve refused: ${hold.reason}`);
  const task = await rig.gateway.createVideo(o.token, { model: o.model ?? 'gamma-video-1', prompt: o.prompt, seconds });
  const ok = await rig.jobs.transition(id, ['reserved'], 'submitted', { holdId: hold.holdId, remoteTaskId: task.id, nextPollAt: Date.now() });
  if (!ok) throw new Error('job vanished');
  return id;
}

/** Charges minus refunds in the bot's ledger (what the bot believes the gateway billed). */
export async function ledgerSpent(store: Store): Promise<number> {
  const rows = await store.db.selectFrom('ledger_entries').select(['kind', 'amount_micros']).where('kind', 'in', ['charge', 'refund']).execute();
  return rows.reduce((s, r) => s + (r.kind === 'charge' ? r.amount_micros : -r.amount_micros), 0);
}

/** Count of holds still open. */
export async function openHolds(store: Store): Promise<number> {
  const r = await store.db.selectFrom('holds').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'open').executeTakeFirstOrThrow();
  return Number(r.n);
}

/** A poller child process started by {@link spawnPoller}. */
export interface PollerProcess {
  child: ChildProcess;
  /** Resolves with the child's lease owner id once it polls. */
  ready: Promise<string>;
  /** Resolves when the child has exited. */
  exited: Promise<number | null>;
}

/** Starts `node --import tsx test/support/poller-child.ts` with `env` added to this process's environment. */
export function spawnPoller(env: Record<string, string>): PollerProcess {
  const script = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /ready (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    void exited.then((code) => reject(new Error(`poller child exited (${code}) before it was ready: ${err.slice(-2000)}`)));
  });
  ready.catch(() => undefined);
  return { child, ready, exited };
}

/** Re-export for tests that script delivery failures. */
export { DeliveryError };

async function main(): Promise<void> {
  const env = (k: string): string => {
    const v = process.env[k];
    if (!v) throw new Error(`${k} is required`);
    return v;
  };
  const rig = await buildRig({
    dbPath: process.env.DATABASE_URL ? '' : env('DB_PATH'),
    ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
    outputsDir: env('OUTPUTS_DIR'),
    gatewayUrl: env('GATEWAY_URL'),
    operatorToken: env('GATEWAY_TOKEN'),
    deliveryLog: env('DELIVERY_LOG'),
    deliveryDelayMs: Number(process.env.DELIVERY_DELAY_MS ?? 0),
    poller: { intervalMs: Number(process.env.INTERVAL_MS ?? 30), leaseMs: Number(process.env.LEASE_MS ?? 1_000) },
  });
  rig.poller.start();
  process.stdout.write(`ready ${rig.poller.owner}\n`);
  process.on('SIGTERM', () => {
    void rig.close().then(() => process.exit(0));
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
    process.exit(1);
  });
}
