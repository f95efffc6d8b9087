import { realTimers, type Timers } from './timers.js';

/** Options of {@link StatusThrottle}. */
export interface StatusThrottleOptions {
  /** Least time between two edits in one group or supergroup; default 3000 ms (Telegram allows ~20 edits/min). */
  groupIntervalMs?: number;
  /** Least time between two edits in a private chat; default 1000 ms. */
  privateIntervalMs?: number;
  /** Injectable timers; default real ones. */
  timers?: Timers;
  /** Told about a failed edit (e.g. "message is not modified", 429); the editor carries on. Default: ignore. */
  onError?: (err: unknown) => void;
}

/** Edits one status message; obtained from {@link StatusThrottle.editor}. */
export interface StatusEditor {
  /** Asks for `text` to be shown; only the latest text is delivered, identical text is skipped. */
  set(text: string): void;
  /** Delivers the final text now (ignoring the interval), after any edit in flight; later `set` calls are ignored. */
  finish(text?: string): Promise<void>;
  /** Drops pending text without editing. */
  cancel(): void;
}

/**
 * Throttles "status message" edits per chat: every editor in a chat shares that chat's budget (at most one edit per
 * interval), always delivering the latest text and never the same text twice in a row. Trade-off: intermediate
 * states are dropped by design; the final state is flushed at once by `finish`.
 */
export class StatusThrottle {
  private readonly lastEditAt = new Map<number, number>();
  private readonly timers: Timers;

  constructor(private readonly opts: StatusThrottleOptions = {}) {
    this.timers = opts.timers ?? realTimers;
  }

  /** An editor for one message in `chatId`. `initialText` is what the message already shows (skipped if set again). */
  editor(chatId: number, chatType: 'private' | 'group' | 'supergroup' | 'channel', edit: (text: string) => Promise<unknown>, initialText?: string): StatusEditor {
    const interval = chatType === 'private' ? (this.opts.privateIntervalMs ?? 1000) : (this.opts.groupIntervalMs ?? 3000);
    const timers = this.timers;
    const onError = this.opts.onError;
    const chatLast = this.lastEditAt;
    let latest = initialText;
    let shown = initialText;
    let timer: unknown;
    let inFlight: Promise<void> | undefined;
    let done = false;

    const deliver = (): Promise<void> => {
      const text = latest;
      if (text === undefined || text === shown) return Promise.resolve();
      chatLast.set(chatId, timers.now());
      shown = text;
      return edit(text).then(
        () => undefined,
        (err: unknown) => onError?.(err),
      );
    };
    const schedule = (): void => {
      if (done || timer !== undefined || inFlight || latest === shown) return;
      const wait = (chatLast.get(chatId) ?? -Infinity) + interval - timers.now();
      if (wait > 0) {
        timer = timers.setTimeout(() => {
          timer = undefined;
          schedule();
        }, wait);
        return;
      }
      inFlight = deliver().finally(() => {
        inFlight = undefined;
        schedule();
      });
    };

    return {
      set(text) {
        if (done) return;
        latest = text;
        schedule();
      },
      async finish(text) {
        if (done) return;
        done = true;
        if (text !== undefined) latest = text;
        if (timer !== undefined) timers.clearTimeout(timer);
        timer = undefined;
        while (inFlight) await inFlight;
        await deliver();
      },
      cancel() {
        done = true;
        if (timer !== undefined) timers.clearTimeout(timer);
        timer = undefined;
      },
    };
  }
}
