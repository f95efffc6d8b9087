import type { Timers } from '../../../src/platforms/telegram/util/timers.js';

/** Timers driven by hand for unit tests: `advance(ms)` runs due callbacks in time order (including ones they add). */
export class ManualTimers implements Timers {
  private current = 0;
  private seq = 0;
  private readonly queue = new Map<number, { at: number; fn: () => void }>();

  now(): number {
    return this.current;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.queue.set(id, { at: this.current + Math.max(0, ms), fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.queue.delete(handle as number);
  }

  /** Timers not yet fired. */
  get pending(): number {
    return this.queue.size;
  }

  /** Moves time forward, firing due timers; awaits microtasks between firings so promise chains settle. */
  async advance(ms: number): Promise<void> {
    const end = this.current + ms;
    for (;;) {
      await flushMicrotasks();
      const next = [...this.queue.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!next) break;
      this.queue.delete(next[0]);
      this.current = next[1].at;
      next[1].fn();
    }
    this.current = end;
    await flushMicrotasks();
  }
}

/** Lets pending promise callbacks run. */
export async function flushMicrotasks(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}
