import type { Logger } from '../ports/logger.js';
import { modelCacheKey, type ModelListCache } from '../models/model-list-cache.js';
import type { Clock } from '../ports/clock.js';
import { isGatewayFailure, type GatewayModel, type MediaGateway } from '../ports/media-gateway.js';
import type { PriceBook } from './price-book.js';
import type { IndexActor, TokenIndex } from './token-index.js';

/** Model lists are asked once per load: the cache, not the client, decides when to ask again. */
const ONE_TRY = { retries: 0 } as const;

/** Settings of {@link Catalog}. */
export interface CatalogOptions {
  gateway: MediaGateway;
  book: PriceBook;
  lists: ModelListCache;
  index: TokenIndex;
  clock: Clock;
  logger: Pick<Logger, 'info' | 'warn' | 'debug'>;
  /** How often every known token's model list is reloaded in the background. Default 5 min (the list TTL). */
  listRefreshMs?: number;
  /** How often the published pricing is read again. Default 1 h. */
  pricingRefreshMs?: number;
  /** Deadline of each warm-up call. Default 15 s. */
  warmTimeoutMs?: number;
}

/**
 * The gateway's catalogue as the bot knows it: per-token model lists (`GET /v1/models`, cached), the published
 * pricing (`GET /api/pricing`), and the in-memory index of which token pays for whom. `warm` loads everything
 * once at start; `start` keeps it fresh in the background (lists every `listRefreshMs`, pricing every
 * `pricingRefreshMs`; timers are unref'd and stopped by `stop`). Requests never wait for a refresh.
 */
export class Catalog {
  private timers: NodeJS.Timeout[] = [];
  private pricingState: 'unknown' | 'published' | 'none' = 'unknown';

  constructor(private readonly o: CatalogOptions) {}

  get book(): PriceBook {
    return this.o.book;
  }

  get index(): TokenIndex {
    return this.o.index;
  }

  /** Whether the gateway publishes prices (`none`: it has no pricing page; `unknown`: not read yet). */
  get pricing(): 'unknown' | 'published' | 'none' {
    return this.pricingState;
  }

  /**
   * The token's list through the cache (loads when missing or expired). Each load is one request, never re-sent: a
   * failure is remembered by the cache for its retry period (the last good list served meanwhile), so a gateway whose
   * `/v1/models` fails costs one request per period, not several per command.
   */
  list(token: string): Promise<GatewayModel[]> {
    return this.o.lists.get(modelCacheKey(token), () => this.o.gateway.listModels(token, ONE_TRY));
  }

  /** Stores a list just fetched (e.g. while validating a token being linked). */
  async put(token: string, list: GatewayModel[]): Promise<void> {
    this.o.lists.invalidate(modelCacheKey(token));
    await this.o.lists.get(modelCacheKey(token), () => Promise.resolve(list));
  }

  /** The cached list of the token that would pay for `a` (personal → community → operator), without waiting. */
  peekFor(a: IndexActor): GatewayModel[] | undefined {
    const key = this.o.index.keyFor(a);
    return key ? this.o.lists.peek(key) : undefined;
  }

  /** The operator token's cached list, if any. */
  peekOperator(): GatewayModel[] | undefined {
    const key = this.o.index.operatorKey;
    return key ? this.o.lists.peek(key) : undefined;
  }

  /** Every cached list of every known token (for start-up checks). */
  cachedLists(): GatewayModel[][] {
    return this.o.index.tokens().flatMap((t) => {
      const l = this.o.lists.peek(modelCacheKey(t));
      return l ? [l] : [];
    });
  }

  /** Reads the published pricing; false (and the previous prices kept) when it could not be read. */
  async refreshPricing(signal?: AbortSignal): Promise<boolean> {
    if (!this.o.gateway.getPricing) {
      this.pricingState = 'none';
      return false;
    }
    try {
      const p = await this.o.gateway.getPricing(signal ? { signal } : undefined);
      this.o.book.setPublished(p.models, this.o.clock.now());
      this.pricingState = 'published';
      return true;
    } catch (e) {
      if (isGatewayFailure(e) && (e.kind === 'not_supported' || e.status === 404)) {
        if (this.pricingState !== 'none') this.o.logger.info('the gateway publishes no pricing (/api/pricing); prices come from PRICES_FILE and admins');
        this.pricingState = 'none';
      } else this.o.logger.warn({ err: e }, 'reading the gateway pricing failed; keeping the previous prices');
      return false;
    }
  }

  /** Loads the published pricing and every known token's model list once, in parallel, each bounded by the warm-up deadline. */
  async warm(): Promise<void> {
    const timeout = this.o.warmTimeoutMs ?? 15_000;
    const lists = this.o.index.tokens().map(async (t) => {
      try {
        await this.o.lists.refresh(modelCacheKey(t), () => this.o.gateway.listModels(t, { ...ONE_TRY, signal: AbortSignal.timeout(timeout) }));
      } catch (e) {
        this.o.logger.warn({ err: e }, 'warming a model list failed; it loads on first use');
      }
    });
    await Promise.all([this.refreshPricing(AbortSignal.timeout(timeout)), ...lists]);
  }

  /** Starts the background refreshes (idempotent). */
  start(): void {
    if (this.timers.length) return;
    const every = (ms: number, fn: () => Promise<unknown>) => {
      const t = setInterval(() => void fn().catch((e: unknown) => this.o.logger.debug({ err: e }, 'catalogue refresh failed')), ms);
      t.unref();
      this.timers.push(t);
    };
    every(this.o.listRefreshMs ?? 300_000, () => Promise.all(this.o.index.tokens().map((t) => this.o.lists.refresh(modelCacheKey(t), () => this.o.gateway.listModels(t, ONE_TRY)).catch(() => undefined))));
    every(this.o.pricingRefreshMs ?? 3_600_000, () => this.refreshPricing());
  }

  /** Stops the background refreshes. */
  stop(): void {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
  }
}
