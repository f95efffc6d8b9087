import type { Update } from 'grammy/types';
import { apiError, type MethodOutcome } from './types.js';

interface Waiter {
  offset: number | undefined;
  limit: number;
  finish: (outcome: MethodOutcome) => void;
  timer: NodeJS.Timeout;
}

/** The update types delivered when `allowed_updates` is empty or never set (as Telegram: all but these three). */
const NOT_DEFAULT = new Set(['chat_member', 'message_reaction', 'message_reaction_count']);

/**
 * Pending updates and `getUpdates` long polling with Telegram's semantics: `offset` confirms (drops) earlier updates,
 * a negative offset keeps only the last |offset|, `allowed_updates` persists until changed, at most one poll waits
 * (a newer poll ends the older with 409 Conflict), and a poll answers at once when matching updates are queued.
 */
export class UpdateQueue {
  private pending: Update[] = [];
  private nextId = 100_000_001;
  private allowed: string[] = [];
  private waiter: Waiter | undefined;
  private closed = false;
  private readonly pushListeners = new Set<() => void>();

  /** Queues an update (assigning `update_id`), wakes a waiting poll and tells push listeners (webhook delivery). */
  push(update: Omit<Update, 'update_id'>): Update {
    const full = { ...update, update_id: this.nextId++ } as Update;
    this.pending.push(full);
    this.wake();
    for (const l of [...this.pushListeners]) l();
    return full;
  }

  /** Calls `listener` after every {@link push}; returns the unsubscribe function. */
  onPush(listener: () => void): () => void {
    this.pushListeners.add(listener);
    return () => this.pushListeners.delete(listener);
  }

  /** Replaces the persistent `allowed_updates` filter (as `setWebhook` does); `undefined` keeps the current one. */
  setAllowed(allowed: string[] | undefined): void {
    if (allowed !== undefined) this.allowed = allowed;
  }

  /** The oldest pending update of an allowed type, without confirming it (webhook delivery confirms with {@link ack}). */
  peek(): Update | undefined {
    return this.take(1)[0];
  }

  /** Confirms (drops) one delivered update by id; a no-op when it is already gone. */
  ack(updateId: number): void {
    this.pending = this.pending.filter((u) => u.update_id !== updateId);
  }

  /** Updates queued and not yet confirmed. */
  get size(): number {
    return this.pending.length;
  }

  /** Drops every pending update (deleteWebhook/setWebhook with `drop_pending_updates`). */
  dropAll(): void {
    this.pending = [];
  }

  /**
   * Answers a getUpdates call. `onAbort` lets the HTTP layer cancel the wait when the client disconnects.
   * `timeoutSec` 0 answers immediately.
   */
  poll(p: { offset?: number; limit?: number; timeoutSec?: number; allowed?: string[] }, onAbort: (cancel: () => void) => void): Promise<MethodOutcome> {
    if (p.allowed !== undefined) this.allowed = p.allowed;
    const limit = Math.min(100, Math.max(1, p.limit ?? 100));
    this.confirm(p.offset);
    const ready = this.take(limit);
    if (ready.length > 0 || !p.timeoutSec || this.closed) return Promise.resolve({ ok: true, result: ready });
    this.waiter?.finish(apiError(409, 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running'));
    return new Promise((resolve) => {
      const w: Waiter = {
        offset: p.offset,
        limit,
        timer: setTimeout(() => w.finish({ ok: true, result: [] }), p.timeoutSec! * 1000),
        finish: (outcome) => {
          clearTimeout(w.timer);
          if (this.waiter === w) this.waiter = undefined;
          resolve(outcome);
        },
      };
      this.waiter = w;
      onAbort(() => w.finish({ ok: true, result: [] }));
    });
  }

  /** Releases any waiting poll with an empty result; later polls answer at once. */
  close(): void {
    this.closed = true;
    this.waiter?.finish({ ok: true, result: [] });
  }

  private wake(): void {
    const w = this.waiter;
    if (!w) return;
    const ready = this.take(w.limit);
    if (ready.length > 0) w.finish({ ok: true, result: ready });
  }

  private confirm(offset: number | undefined): void {
    if (offset === undefined || offset === 0) return;
    if (offset < 0) this.pending = this.pending.slice(offset);
    else this.pending = this.pending.filter((u) => u.update_id >= offset);
  }

  /** Pending updates of allowed types, up to `limit`; updates of other types are discarded as Telegram does. */
  private take(limit: number): Update[] {
    this.pending = this.pending.filter((u) => this.isAllowed(u));
    return this.pending.slice(0, limit);
  }

  private isAllowed(u: Update): boolean {
    const type = Object.keys(u).find((k) => k !== 'update_id') ?? '';
    return this.allowed.length === 0 ? !NOT_DEFAULT.has(type) : this.allowed.includes(type);
  }
}
