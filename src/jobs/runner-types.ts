import type { BudgetLedger } from '../core/ports/budget-ledger.js';
import type { CoreApi } from '../core/api/core-api.js';
import type { Clock } from '../core/ports/clock.js';
import type { JobLeasePort } from '../core/ports/job-leases.js';
import type { Directory } from '../core/ports/directory.js';
import type { FailureRefs } from '../core/ports/failure-refs.js';
import type { JobStore } from '../core/ports/job-store.js';
import type { MediaGateway } from '../core/ports/media-gateway.js';
import type { TokenVault } from '../core/ports/token-vault.js';
import type { Logger } from '../log.js';
import type { DeliveryRouter } from './delivery-router.js';
import type { OutputStore } from './output-store.js';

/** Timing and limits of the {@link JobRunner}. */
export interface JobRunnerConfig {
  /** First poll interval of a job (ms); grows ×1.5 per poll up to `maxIntervalMs`. */
  intervalMs: number;
  maxIntervalMs: number;
  /** A task not finished this long after its job was created (when the job has no `deadlineAt`) expires. */
  deadlineMs: number;
  /** Lease length; renewed every third of it while a job is worked on. Default 60 000. */
  leaseMs?: number;
  /** Jobs claimed per tick. Default 20. */
  batch?: number;
  /** At most one progress update per job this often (and only when progress changed). Default 10 000. */
  progressEveryMs?: number;
  /** How long an undeliverable result stays retrievable with `/job <id>`. */
  retentionMs: number;
  /** `GALLERY_RETENTION_DAYS` in ms: how long the web gallery keeps a result's files. Default 0 (only `retentionMs`). */
  galleryRetentionMs?: number;
  /** `GALLERY_MAX_MB` in bytes: over it, the purge removes the oldest gallery files first. Default: no cap. */
  galleryMaxBytes?: number;
  /** Pause between ticks when no more jobs are due. Default min(intervalMs, 1000). */
  tickMs?: number;
  /** Largest video downloaded. Default 2 GiB. */
  maxDownloadBytes?: number;
  /** Failed download or upload attempts of one job before it is marked undeliverable. Default 8. */
  maxAttempts?: number;
  /**
   * How often expired retained outputs are purged. Default 60 000. Stale `reserved` jobs are swept every
   * min(this, `leaseMs` / 3), so a dead process's command jobs are ended within about a lease and a third.
   */
  purgeEveryMs?: number;
  /**
   * A job still `reserved` this long after creation was left by a dead process: its hold is released.
   * Must exceed the gateway client's overall deadline. Default 600 000.
   */
  staleReservedMs?: number;
  /** How long a failure reference shown to a user stays readable (`/job <ref>`, `admin ref`). Default 30 days. */
  refRetentionMs?: number;
}

/** What the {@link JobRunner} needs; all of it is built by the composition root. */
export interface JobRunnerDeps {
  jobs: JobStore;
  gateway: MediaGateway;
  /**
   * The store's budget service (`store.budgets`): every money move goes through a `JobMoney` over it; read directly
   * are only what is left (shown under a kept result posted late) and a job's money outcome for the views deliveries get.
   */
  budgets: Pick<BudgetLedger, 'reserve' | 'settle' | 'release' | 'refund' | 'openHoldsOfJob' | 'recordGatewayLoss' | 'balance' | 'jobMoney'>;
  /** The process's leases, shared with the command path (one owner id). Default: the runner's own. */
  leases?: JobLeasePort;
  /** The store's token vault (`store.tokens`), to find a job's token again. */
  tokens: TokenVault;
  /** The store's directory (`store.directory`): the requester's id on their surface, for the job views deliveries get. */
  users: Pick<Directory, 'getUser'>;
  router: DeliveryRouter;
  /**
   * The core's words for late posts: `explain` (a failure notice, its reference stored) and `remixOffered` (Remix under
   * a delivered video). The composition root passes the core.
   */
  replies: Pick<CoreApi, 'explain' | 'remixOffered'>;
  outputs: OutputStore;
  /** The store's failure references (`store.refs`), deleted by the purge past `refRetentionMs`; absent: kept. */
  refs?: Pick<FailureRefs, 'purge'>;
  clock: Clock;
  logger: Logger;
  config: JobRunnerConfig;
  /** ffmpeg to shrink videos over the upload limit: a path, null to never re-encode, undefined to look on PATH. */
  ffmpegPath?: string | null;
}

/** The config with every default applied. */
export type ResolvedRunnerConfig = Required<JobRunnerConfig>;

/** Applies the documented defaults. */
export function resolveRunnerConfig(c: JobRunnerConfig): ResolvedRunnerConfig {
  return {
    leaseMs: 60_000,
    batch: 20,
    progressEveryMs: 10_000,
    tickMs: Math.min(c.intervalMs, 1000),
    maxDownloadBytes: 2 * 1024 ** 3,
    maxAttempts: 8,
    purgeEveryMs: 60_000,
    staleReservedMs: 600_000,
    refRetentionMs: 30 * 86_400_000,
    galleryRetentionMs: 0,
    galleryMaxBytes: Number.POSITIVE_INFINITY,
    ...stripUndefined(c),
  };
}

function stripUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
