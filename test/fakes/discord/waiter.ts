/**
 * A change signal with "wait until a probe returns something". Every state change in the fake calls
 * {@link ChangeSignal.notify}; waiters re-run their probe then, so a wait never depends on timing or sleeps and
 * an event that already happened satisfies a later wait.
 */
export class ChangeSignal {
  private readonly listeners = new Set<() => void>();
  private closed = false;

  constructor(private readonly defaultTimeoutMs: number) {}

  /** Wakes every waiter so it re-checks its probe. */
  notify(): void {
    for (const l of [...this.listeners]) l();
  }

  /** Rejects every pending waiter and every later one (used by close, so no timer outlives the fake). */
  cancelAll(): void {
    this.closed = true;
    for (const l of [...this.listeners]) l();
  }

  /**
   * Resolves with the first non-undefined value of `probe`, checked now and after every change.
   * Rejects after `timeoutMs` (default: the fake's `waitTimeoutMs`) with an error naming `what`.
   */
  waitFor<T>(probe: () => T | undefined, what: string, timeoutMs = this.defaultTimeoutMs): Promise<T> {
    const first = probe();
    if (first !== undefined) return Promise.resolve(first);
    if (this.closed) return Promise.reject(new Error(`fake discord closed while waiting for ${what}`));
    return new Promise<T>((resolve, reject) => {
      const check = (): void => {
        if (this.closed) {
          cleanup();
          reject(new Error(`fake discord closed while waiting for ${what}`));
          return;
        }
        let value: T | undefined;
        try {
          value = probe();
        } catch (err) {
          cleanup();
          reject(err as Error);
          return;
        }
        if (value !== undefined) {
          cleanup();
          resolve(value);
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`fake discord: timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      const cleanup = (): void => {
        clearTimeout(timer);
        this.listeners.delete(check);
      };
      this.listeners.add(check);
    });
  }
}
