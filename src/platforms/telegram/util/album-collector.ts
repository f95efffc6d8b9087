import { realTimers, type Timers } from './timers.js';

/** One message of an album, as the adapter hands it over. */
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
  /** Called once per album. */
  onGroup: (group: AlbumGroup<T>) => void;
  /** Quiet time after the last part before the album is complete; default 800 ms. */
  quietMs?: number;
  /** Items kept per album; default 10 (Telegram's album maximum). */
  maxItems?: number;
  /** Injectable timers; default real ones. */
  timers?: Timers;
}

interface Pending<T> {
  parts: AlbumPart<T>[];
  timer: unknown;
}

/**
 * Gathers the separate messages of a Telegram album (they share `media_group_id` and arrive one by one) and emits
 * them as one group after `quietMs` without a new part. Trade-off: every album waits the quiet window even when
 * complete, since Telegram never says how many parts are coming. Key albums by chat and `media_group_id`.
 */
export class AlbumCollector<T> {
  private readonly pending = new Map<string, Pending<T>>();
  private readonly quietMs: number;
  private readonly maxItems: number;
  private readonly timers: Timers;

  constructor(private readonly opts: AlbumCollectorOptions<T>) {
    this.quietMs = opts.quietMs ?? 800;
    this.maxItems = Math.max(1, opts.maxItems ?? 10);
    this.timers = opts.timers ?? realTimers;
  }

  /** Adds one part and restarts the album's quiet window. A repeated message id (a re-delivered update) is ignored. */
  add(key: string, part: AlbumPart<T>): void {
    const p = this.pending.get(key) ?? { parts: [], timer: undefined };
    if (p.parts.some((x) => x.messageId === part.messageId)) return;
    p.parts.push(part);
    if (p.timer !== undefined) this.timers.clearTimeout(p.timer);
    p.timer = this.timers.setTimeout(() => this.flush(key), this.quietMs);
    this.pending.set(key, p);
  }

  /** Emits an album now (e.g. at shutdown); returns false when nothing was pending under `key`. */
  flush(key: string): boolean {
    const p = this.pending.get(key);
    if (!p) return false;
    this.pending.delete(key);
    if (p.timer !== undefined) this.timers.clearTimeout(p.timer);
    const parts = [...p.parts].sort((a, b) => a.messageId - b.messageId);
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

  /** Emits every pending album now. */
  flushAll(): void {
    for (const key of [...this.pending.keys()]) this.flush(key);
  }

  /** Albums still collecting. */
  get size(): number {
    return this.pending.size;
  }

  /** Drops every pending album without emitting it. */
  dispose(): void {
    for (const p of this.pending.values()) if (p.timer !== undefined) this.timers.clearTimeout(p.timer);
    this.pending.clear();
  }
}
