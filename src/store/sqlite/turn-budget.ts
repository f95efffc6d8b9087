import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/** Default of {@link TurnBudget}: how long SQLite statements may run in one turn of the event loop (ms). */
export const TURN_BUDGET_MS = 5;

/**
 * Keeps a burst of SQLite statements from holding the event loop. better-sqlite3 is synchronous, so Kysely's promise
 * of an SQLite statement is already settled when it returns: 200 jobs whose gateway answers arrive together run
 * their ~10 statements each back to back, and timers, sockets and other chats wait for all of them (bench:
 * throughput, event-loop p99 160–300 ms at 200 concurrent users). Once statements have run for `budgetMs` in the
 * current turn of the loop, the next statement's result is handed back only after `setImmediate`, so pending I/O and
 * timers run in between. A statement itself is never split or delayed before it runs, and inside a transaction the
 * connection stays held while it waits (Kysely's single SQLite connection), so nothing interleaves with it.
 * Trade-off: a caller past the budget waits one turn (microseconds on an idle loop).
 */
export class TurnBudget implements KyselyPlugin {
  private turnStart: number | undefined;

  constructor(private readonly budgetMs = TURN_BUDGET_MS) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const now = performance.now();
    if (this.turnStart === undefined) {
      this.turnStart = now;
      // The check phase ends this turn: the next statement starts a new count.
      setImmediate(() => (this.turnStart = undefined));
    } else if (now - this.turnStart >= this.budgetMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return args.result;
  }
}
