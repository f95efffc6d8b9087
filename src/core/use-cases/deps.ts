import type { CallDeadlines } from './gateway-call.js';
import type { Micros } from '../money.js';
import type { Logger, Secrets } from '../ports/logger.js';
import type { QueueBoard } from '../jobs/queue-board.js';
import type { FairUseGate } from '../fair-use/fair-use-gate.js';
import type { Catalog } from '../catalog/catalog.js';
import type { ConfiguredDefaults } from '../catalog/default-models.js';
import type { ChartRenderer } from '../ports/chart-renderer.js';
import type { Clock } from '../ports/clock.js';
import type { Coordination } from '../ports/coordination.js';
import type { JobStore } from '../ports/job-store.js';
import type { ModelSettingsPort } from '../ports/model-settings.js';
import type { OutputFiles } from '../ports/output-files.js';
import type { MediaGateway } from '../ports/media-gateway.js';
import type { CoreStore } from '../ports/store.js';
import type { JobLeasePort } from '../ports/job-leases.js';
import type { JobMoney } from '../money/job-money.js';
import type { WebAddress } from '../ports/web-address.js';

/** The settings the use-cases read (a subset of `Config`, flattened). */
export interface CoreSettings {
  /** `DEFAULT_*_MODEL` (undefined: the first priced model of that kind the token lists) and the default video length. */
  defaults: ConfiguredDefaults & { videoSeconds: number };
  /** First video poll delay after create. */
  pollIntervalMs: number;
  /** A video job older than this expires (its hold released). */
  deadlineMs: number;
  /** How long kept outputs stay retrievable with `/job`. */
  outputRetentionMs: number;
  /** `GALLERY_RETENTION_DAYS` in ms: how long the web gallery keeps a kept result's files. Default 0 (none beyond `outputRetentionMs`). */
  galleryRetentionMs?: number;
  /** Owner ids as in `OWNER_IDS` (`discord:123` or bare numbers); they get the admin wording of hints. */
  ownerIds: readonly string[];
  /** Largest image fetched from a `url` result. Default 32 MiB when absent. */
  maxImageFetchBytes?: number;
  /** Most images per request. Default 4 (the gateway's ceiling). */
  maxImagesPerRequest?: number;
  /** Output tokens assumed when holding money for `ask`. Default 1024 (also sent as `max_tokens`). */
  askMaxTokens?: number;
  /** `VIDEO_REMIX_MODELS`: the video models that offer Remix (see `remixCapable`). Default none. */
  remixModels?: readonly string[];
  /**
   * `OPERATOR_TOKEN_ACCESS`. Default 'open': every community may run jobs on the operator's token; 'approved': only a
   * community an owner approved (owners themselves and the console always may).
   */
  operatorTokenAccess?: 'open' | 'approved';
  /** `OPERATOR_DAILY_CAP` for the owners' notice (the ledger enforces it); absent = off. */
  operatorDailyCapMicros?: Micros;
  /** Deadlines of a job's gateway calls per kind and per model (`GATEWAY_DEADLINES`); absent: the client's own. */
  callDeadlines?: CallDeadlines;
}

/** Everything {@link BotCore} needs, passed explicitly by the composition root (`buildApp`). */
export interface CoreDeps {
  gateway: MediaGateway;
  /** The repositories, by port (any storage engine). */
  store: CoreStore;
  jobs: JobStore;
  /** Model lists, prices, kinds and the token index (see `core/catalog/`). */
  catalog: Catalog;
  modelSettings: ModelSettingsPort;
  fairUse: FairUseGate;
  /** The jobs this process is starting or running inline: what `/queue` lists and cancels. */
  queue: QueueBoard;
  outputs: OutputFiles;
  /** Draws `/usage` and `/balance` charts as PNG. */
  charts: ChartRenderer;
  clock: Clock;
  logger: Logger;
  /** Decrypted gateway tokens are registered here so logs scrub them. */
  secrets: Secrets;
  settings: CoreSettings;
  /**
   * State shared by the bot's processes (in memory for one process): admin notices waiting per community and the
   * once-per-period / once-per-interval low-balance claims (the fair-use gate has its own handle on it).
   */
  coordination: Coordination;
  /** Leases of the jobs this process works on (the same instance as the job runner's: one owner per process). */
  leases: JobLeasePort;
  /** Every money move of a job (built by `BotCore` over `store.budgets`). */
  money: JobMoney;
  /** The web surface's address for `/web` links. Absent: the web is off (`/web` says so). */
  web?: WebAddress;
}
