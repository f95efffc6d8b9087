/** The timer functions the Telegram utilities use, injectable so tests can drive time by hand. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Milliseconds since some fixed point (the epoch for the real timers). */
  now(): number;
}

/** The process's real timers (handles are unref'd so a pending timer never keeps Node alive). */
export const realTimers: Timers = {
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref?.();
    return t;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  now: () => Date.now(),
};
