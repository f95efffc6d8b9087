import { createHash } from 'node:crypto';
import type { Logger } from '../ports/logger.js';
import type { Clock } from '../ports/clock.js';
import type { GatewayModel } from '../ports/media-gateway.js';

/** Options of {@link ModelListCache}. */
export interface ModelListCacheOptions {
  clock: Clock;
  /** How long a list is fresh. Default 5 min. */
  ttlMs?: number;
  /** After a failed refresh served stale data, wait this long before trying again. Default 30 s. */
  errorRetryMs?: number;
  /** Tokens remembered (least recently used dropped first). Default 500. */
  maxEntries?: number;
  /** Told when a refresh fails and stale data is served. */
  logger?: Pick<Logger, 'warn'>;
}

interface Entry {
  models: GatewayModel[];
  /** The list counts as fresh until this moment. */
  freshUntil: number;
}

/** A load that failed with no list to fall back on, answered again without asking until `until`. */
interface Failed {
  error: unknown;
  until: number;
}

/** The cache key for a token: a SHA-256 prefix, so the token itself is never held as a key or logged. */
export function modelCacheKey(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 32);
}

/**
 * `GET /v1/models` per token (the list is scoped to the token's group), cached so autocomplete can answer at once.
 * - fresh for `ttlMs` (default 5 min); then the next `get` reloads;
 * - single-flight: concurrent `get`s for one key share one load;
 * - stale-while-error: when a reload fails and an older list exists, that list is served (logged), and the next
 *   attempt waits `errorRetryMs`; with no older list the error propagates, and `get` answers the same error without
 *   asking again for `errorRetryMs` (a gateway whose `/v1/models` fails is asked once per period, not per command);
 *   `refresh` (the background reload) always asks;
 * - bounded: at most `maxEntries` keys (LRU), so memory stays flat whatever the number of tokens.
 * Keys are hashes ({@link modelCacheKey}), never tokens.
 */
export class ModelListCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<GatewayModel[]>>();
  private readonly failed = new Map<string, Failed>();
  private readonly ttlMs: number;
  private readonly errorRetryMs: number;
  private readonly maxEntries: number;

  constructor(private readonly opts: ModelListCacheOptions) {
    this.ttlMs = opts.ttlMs ?? 5 * 60_000;
    this.errorRetryMs = opts.errorRetryMs ?? 30_000;
    this.maxEntries = Math.max(1, opts.maxEntries ?? 500);
  }

  /** The list for `tokenKey`, loading it with `loader` when missing or expired. */
  get(tokenKey: string, loader: () => Promise<GatewayModel[]>): Promise<GatewayModel[]> {
    const entry = this.entries.get(tokenKey);
    if (entry && this.opts.clock.now() < entry.freshUntil) {
      this.touch(tokenKey, entry);
      return Promise.resolve(entry.models);
    }
    const failed = this.failed.get(tokenKey);
    if (!entry && failed && this.opts.clock.now() < failed.until) return Promise.reject(failed.error);
    const running = this.inflight.get(tokenKey);
    if (running) return running;
    const load = this.load(tokenKey, loader).finally(() => this.inflight.delete(tokenKey));
    this.inflight.set(tokenKey, load);
    return load;
  }

  /**
   * Reloads `tokenKey` now, fresh or not (background refresh): the old list stays served until the new one arrives,
   * and a failure keeps it (stale-while-error). Shares a load already running.
   */
  refresh(tokenKey: string, loader: () => Promise<GatewayModel[]>): Promise<GatewayModel[]> {
    const running = this.inflight.get(tokenKey);
    if (running) return running;
    const load = this.load(tokenKey, loader).finally(() => this.inflight.delete(tokenKey));
    this.inflight.set(tokenKey, load);
    return load;
  }

  /** The cached list, fresh or stale, without loading (for autocomplete, which must answer within 3 s). */
  peek(tokenKey: string): GatewayModel[] | undefined {
    return this.entries.get(tokenKey)?.models;
  }

  /** Forgets one key (e.g. after the token was replaced or the gateway said the model list changed). */
  invalidate(tokenKey: string): void {
    this.entries.delete(tokenKey);
    this.failed.delete(tokenKey);
  }

  /** Number of keys held. */
  get size(): number {
    return this.entries.size;
  }

  private async load(tokenKey: string, loader: () => Promise<GatewayModel[]>): Promise<GatewayModel[]> {
    try {
      const models = await loader();
      this.failed.delete(tokenKey);
      this.set(tokenKey, { models, freshUntil: this.opts.clock.now() + this.ttlMs });
      return models;
    } catch (e) {
      const stale = this.entries.get(tokenKey);
      if (!stale) {
        this.failed.delete(tokenKey);
        this.failed.set(tokenKey, { error: e, until: this.opts.clock.now() + this.errorRetryMs });
        while (this.failed.size > this.maxEntries) {
          const oldest = this.failed.keys().next().value;
          if (oldest === undefined) break;
          this.failed.delete(oldest);
        }
        throw e;
      }
      this.opts.logger?.warn({ tokenKey, err: e }, 'model list refresh failed; serving the previous list');
      this.set(tokenKey, { models: stale.models, freshUntil: this.opts.clock.now() + this.errorRetryMs });
      return stale.models;
    }
  }

  private touch(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  private set(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
