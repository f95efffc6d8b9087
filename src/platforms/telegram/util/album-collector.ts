import type { Coordination } from '../../../core/ports/coordination.js';
import { realTimers, type Timers } from './timers.js';

/** One message of an album, as the adapter hands it over. `item` must survive JSON (it may cross processes). */
export interface AlbumPart<T> {
  messageId: number;
  caption?: string;
  item: T;
}

/** A whole album, emitted once its quiet window passed. */
export interface AlbumGroup<T> {
  key: string;
  /** The caption of whichever message carried one (Telegram puts it on one message, usually the first). */
  caption?: string;
  /** Id of the message with the caption, else of the first message (the one to reply to). */
  anchorMessageId: number;
  /** Items in message order, at most `maxItems`. */
  items: T[];
  /** How many items beyond `maxItems` were dropped. */
  extra: number;
}

/** Options of {@link AlbumCollector}. */
export interface AlbumCollectorOptions<T> {
  /** Where the parts wait: shared by every process with Redis, else this process's memory. */
  coordination: Coordination;
  /** Called once per album (in one process). */
  onGroup: (group: AlbumGroup<T>) => void;
  /** Told when the shared state could not be read or written (the album's parts are then lost). */
  onError?: (e: unknown) => void;
  /** Quiet time after the last part before the album is complete; default 800 ms. */
  quietMs?: number;
  /** Items kept per album; default 10 (Telegram's album maximum). */
  maxItems?: number;
  /** Injectable timers; default real ones. */
  timers?: Timers;
}

/** Parts kept per album in the shared list: Telegram's 10, with room for re-delivered ones. */
const MAX_PARTS = 30;

/**
 * Gathers the separate messages of a Telegram album (they share `media_group_id` and arrive one by one, possibly at
 * different processes behind a load balancer) and emits them as one group after `quietMs` without a new part.
 * Each part is appended to a list in the coordination port; the process that appended it arms a timer, and when it
 * fires takes the whole list only if nothing was appended since (the length is still the one it saw), so exactly
 * one process emits the album, the one that received its last part. When the list grew meanwhile, it waits another
 * window for the new length, so an album still completes if the process with its last part died. Trade-off: every
 * album waits the quiet window even when complete, since Telegram never says how many parts are coming. Key albums
 * by chat and `media_group_id`.
 */
export class AlbumCollector<T> {
  private readonly timers: Timers;
  private readonly quietMs: number;
  private readonly maxItems: number;
  /** This process's timer per album key. */
  private readonly armed = new Map<string, unknown>();

  constructor(private readonly opts: AlbumCollectorOptions<T>) {
    this.quietMs = opts.quietMs ?? 800;
    this.maxItems = Math.max(1, opts.maxItems ?? 10);
    this.timers = opts.timers ?? realTimers;
  }

  /** Adds one part and restarts the album's quiet window. A repeated message id (a re-delivered update) counts once. */
  async add(key: string, part: AlbumPart<T>): Promise<void> {
    const length = await this.opts.coordination.append(listKey(key), JSON.stringify(part), Math.max(60_000, this.quietMs * 10), MAX_PARTS);
    this.arm(key, length);
  }

  /** Emits an album now (e.g. at shutdown); false when nothing was pending under `key`. */
  async flush(key: string): Promise<boolean> {
    this.disarm(key);
    const r = await this.opts.coordination.takeList(listKey(key));
    return 'taken' in r && this.emit(key, r.taken);
  }

  /** Emits every album this process is waiting on now. */
  async flushAll(): Promise<void> {
    await Promise.all([...this.armed.keys()].map((k) => this.flush(k).catch((e: unknown) => this.opts.onError?.(e))));
  }

  /** Albums this process is waiting on. */
  get size(): number {
    return this.armed.size;
  }

  /** Stops waiting on every album without emitting (their parts expire in the shared list). */
  dispose(): void {
    for (const key of [...this.armed.keys()]) this.disarm(key);
  }

  private arm(key: string, length: number): void {
    this.disarm(key);
    this.armed.set(
      key,
      this.timers.setTimeout(() => {
        this.armed.delete(key);
        this.opts.coordination.takeList(listKey(key), length).then(
          (r) => {
            if ('taken' in r) this.emit(key, r.taken);
            else if (r.length > 0 && !this.armed.has(key)) this.arm(key, r.length);
          },
          (e: unknown) => this.opts.onError?.(e),
        );
      }, this.quietMs),
    );
  }

  private disarm(key: string): void {
    const t = this.armed.get(key);
    if (t === undefined) return;
    this.timers.clearTimeout(t);
    this.armed.delete(key);
  }

  /** Emits the parts as one group; false when there were none. */
  private emit(key: string, raw: string[]): boolean {
    const byId = new Map<number, AlbumPart<T>>();
    for (const text of raw) {
      const p = JSON.parse(text) as AlbumPart<T>;
      if (!byId.has(p.messageId)) byId.set(p.messageId, p);
    }
    const parts = [...byId.values()].sort((a, b) => a.messageId - b.messageId);
    if (parts.length === 0) return false;
    const withCaption = parts.find((x) => x.caption !== undefined && x.caption.trim() !== '');
    const group: AlbumGroup<T> = {
      key,
      anchorMessageId: (withCaption ?? parts[0])?.messageId ?? 0,
      items: parts.slice(0, this.maxItems).map((x) => x.item),
      extra: Math.max(0, parts.length - this.maxItems),
    };
    if (withCaption?.caption !== undefined) group.caption = withCaption.caption;
    this.opts.onGroup(group);
    return true;
  }
}

const listKey = (key: string) => `album:${key}`;
