import { realTimers, type Timers } from './timers.js';

/** Options of {@link keepChatAction}. */
export interface ChatActionOptions {
  /** Time between two sends; default 4500 ms (an action shows for 5 s on Telegram). */
  intervalMs?: number;
  /** Time before the first send; default 0 (at once). Stopped sooner, nothing is sent. */
  delayMs?: number;
  /** Injectable timers; default real ones. */
  timers?: Timers;
  /** Told about a failed send; the loop keeps going (a missing "typing…" is cosmetic). Default: ignore. */
  onError?: (err: unknown) => void;
}

/** A running chat-action loop. */
export interface ChatActionHandle {
  /** Stops repeating; idempotent. A send in flight is not awaited. */
  stop(): void;
}

/**
 * Sends a chat action (e.g. `upload_photo`) after `delayMs` (default at once) and again every `intervalMs` until
 * stopped, so the indicator stays on while a job runs. Sends never overlap: the next one is scheduled after the
 * previous settles.
 */
export function keepChatAction(send: () => Promise<unknown>, opts: ChatActionOptions = {}): ChatActionHandle {
  const interval = opts.intervalMs ?? 4500;
  const timers = opts.timers ?? realTimers;
  let stopped = false;
  let timer: unknown;
  const tick = () => {
    timer = undefined;
    if (stopped) return;
    send()
      .catch((err: unknown) => opts.onError?.(err))
      .finally(() => {
        if (!stopped) timer = timers.setTimeout(tick, interval);
      });
  };
  const delay = opts.delayMs ?? 0;
  if (delay > 0) timer = timers.setTimeout(tick, delay);
  else tick();
  return {
    stop() {
      stopped = true;
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
    },
  };
}
