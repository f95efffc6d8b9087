import type { Logger, SecretSet } from '../../log.js';
import type { FairUseGate } from '../fair-use/fair-use-gate.js';
import type { ModelListCache } from '../models/model-list-cache.js';
import type { Clock } from '../ports/clock.js';
import type { JobStore } from '../ports/job-store.js';
import type { MediaGateway } from '../ports/media-gateway.js';
import type { CoreStore } from '../ports/store.js';
import type { PriceTable } from '../pricing.js';

/**
 * Where finished files are kept for `/job` re-posts. Structurally the `OutputStore` of `src/jobs/output-store.ts`;
 * declared here so the core depends on a shape, not on the jobs module.
 */
export interface OutputFiles {
  save(jobId: string, filename: string, bytes: Uint8Array): Promise<{ path: string; bytes: number }>;
  list(jobId: string): Promise<{ path: string; filename: string; bytes: number }[]>;
}

/** The settings the use-cases read (a subset of `Config`, flattened). */
export interface CoreSettings {
  defaults: { imageModel: string; videoModel: string; textModel: string; videoSeconds: number };
  /** First video poll delay after create. */
  pollIntervalMs: number;
  /** A video job older than this expires (its hold released). */
  deadlineMs: number;
  /** How long kept outputs stay retrievable with `/job`. */
  outputRetentionMs: number;
  /** Owner ids as in `OWNER_IDS` (`discord:123` or bare numbers); they get the admin wording of hints. */
  ownerIds: readonly string[];
  /** Largest image fetched from a `url` result. Default 32 MiB when absent. */
  maxImageFetchBytes?: number;
  /** Most images per request. Default 4 (the gateway's ceiling). */
  maxImagesPerRequest?: number;
  /** Output tokens assumed when holding money for `ask`. Default 1024 (also sent as `max_tokens`). */
  askMaxTokens?: number;
}

/** Everything {@link BotCore} needs, passed explicitly by the composition root (`buildApp`). */
export interface CoreDeps {
  gateway: MediaGateway;
  /** The repositories, by port (any storage engine). */
  store: CoreStore;
  jobs: JobStore;
  prices: PriceTable;
  modelCache: ModelListCache;
  fairUse: FairUseGate;
  outputs: OutputFiles;
  clock: Clock;
  logger: Logger;
  /** Decrypted gateway tokens are registered here so logs scrub them. */
  secrets: SecretSet;
  settings: CoreSettings;
  /** Actor → hash of the token it last used (for synchronous `cachedModels`); owned by `BotCore`. */
  tokenKeys: Map<string, string>;
}
