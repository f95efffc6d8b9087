import { AdminService } from '../core/admin/admin-service.js';
import type { BudgetDefaults } from '../core/budget/types.js';
import type { Clock } from '../core/ports/clock.js';
import type { OperatorStore, StoreRepositories } from '../core/ports/store.js';
import { meteredLedger } from '../ops/metered-ledger.js';
import type { BotMetrics } from '../ops/metrics.js';

/** An opened store of either engine with the services the composition root built over its repositories. */
export type ServedStore<S extends StoreRepositories> = S & OperatorStore;

/** {@link ServedStore} with the metered ledger in `budgets` (distributes over a union of engines' stores). */
export type MeteredStore<S extends StoreRepositories> = S extends StoreRepositories ? Omit<S, 'budgets'> & OperatorStore : never;

/**
 * Builds the services over a store factory's repositories: `admin` (the core's {@link AdminService} over
 * `adminStore`) and, when `metrics` is given, `budgets` replaced by the metered ledger, so every holder of the
 * returned object — core, poller, admin CLI — moves money through the measured one. Everything else is `store`'s own.
 * Without `metrics` (tests, benchmarks, CLIs that export no metrics) `budgets` stays the engine's ledger.
 */
export function serveStore<S extends StoreRepositories>(store: S, o: { defaults: BudgetDefaults; clock: Clock }): ServedStore<S>;
export function serveStore<S extends StoreRepositories>(store: S, o: { defaults: BudgetDefaults; clock: Clock; metrics: Pick<BotMetrics, 'money'> }): MeteredStore<S>;
export function serveStore<S extends StoreRepositories>(store: S, o: { defaults: BudgetDefaults; clock: Clock; metrics?: Pick<BotMetrics, 'money'> }): ServedStore<S> | MeteredStore<S> {
  const admin = new AdminService(store.adminStore, o.defaults, o.clock);
  const served = { ...store, admin };
  return o.metrics ? ({ ...served, budgets: meteredLedger(store.budgets, o.metrics) } as MeteredStore<S>) : served;
}
