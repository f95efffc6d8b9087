import type { Logger } from '../../log.js';

/**
 * Background work of the Telegram adapter. Handlers start jobs here and return at once, so one slow job never blocks
 * the update loop (and other chats). Every task is tracked: its error is caught and logged (never rethrown), and
 * {@link TaskTracker.idle} lets `stop()` wait for everything in flight. Trade-off: no per-chat ordering between tasks;
 * callers that need ordering use {@link TaskTracker.serial}.
 */
export class TaskTracker {
  private readonly running = new Set<Promise<void>>();
  private readonly chains = new Map<string, Promise<void>>();

  constructor(private readonly logger: Logger) {}

  /** Runs `fn` in the background; a thrown error is logged with `label` (no payloads, so no secrets). */
  run(label: string, fn: () => Promise<unknown>): void {
    const p = (async () => {
      try {
        await fn();
      } catch (err) {
        this.logger.error({ err, task: label }, 'telegram background task failed');
      }
    })();
    this.running.add(p);
    void p.finally(() => this.running.delete(p));
  }

  /** Like {@link run}, but tasks with the same `key` run one after another, in call order. */
  serial(key: string, label: string, fn: () => Promise<unknown>): void {
    const prev = this.chains.get(key) ?? Promise.resolve();
    const next = prev.then(async () => {
      try {
        await fn();
      } catch (err) {
        this.logger.error({ err, task: label }, 'telegram background task failed');
      }
    });
    this.chains.set(key, next);
    this.running.add(next);
    void next.finally(() => {
      this.running.delete(next);
      if (this.chains.get(key) === next) this.chains.delete(key);
    });
  }

  /** Tasks in flight. */
  get size(): number {
    return this.running.size;
  }

  /** Resolves when no task is running (tasks started meanwhile are waited for too). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
