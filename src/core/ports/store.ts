/**
 * The repositories the core and the operator CLI need, as one bundle built by a storage engine
 * (`openStore` in `src/store/open-store.ts`: SQLite or PostgreSQL). Interfaces only: nothing here knows SQL.
 */
import type { AdminService } from '../admin/admin-service.js';
import type { AdminStore } from './admin-store.js';
import type { BudgetLedger } from './budget-ledger.js';
import type { Directory } from './directory.js';
import type { FailureRefs } from './failure-refs.js';
import type { JobAdmin } from './job-admin.js';
import type { JobStore } from './job-store.js';
import type { RulesPort } from './rules.js';
import type { SettingsStore } from './settings-store.js';
import type { TokenVault } from './token-vault.js';
import type { WebAuthStore } from './web-auth.js';

/** What the use-cases read and write (`CoreDeps.store`). */
export interface CoreStore {
  /** reserve / settle / release / refund / balance. */
  budgets: BudgetLedger;
  /** Which token pays for a job. */
  tokens: TokenVault;
  /** Audited admin operations over the engine's `AdminStore`. */
  admin: AdminService;
  /** Scopes, users, membership. */
  directory: Directory;
  /** Failure references shown to users (`/job <ref>`, `admin ref`). */
  refs: FailureRefs;
  /** Channel rules and prompt (word) rules (`/setup channel`, `/setup words`). */
  rules: RulesPort;
  /** Members' settings and communities' defaults (`/settings`, `/setup defaults`). */
  settings: SettingsStore;
  /** The web's one-time links and sessions (migration 0018). */
  web: WebAuthStore;
}

/** What the operator CLI and the composition root use: the core's repositories plus jobs. */
export interface OperatorStore extends CoreStore {
  jobs: JobStore;
  /** Cross-scope job listing and re-delivery for the operator. */
  jobAdmin: JobAdmin;
  /** Closes the database (SQLite: checkpoints it first; PostgreSQL: ends the pool). */
  close(): Promise<void>;
}

/**
 * What a storage engine's factory builds: the repositories of {@link OperatorStore} and no service. The composition
 * root builds the services over them (`AdminService` over `adminStore`, the metered ledger) — a store factory never
 * builds a core service.
 */
export interface StoreRepositories extends Omit<OperatorStore, 'admin'> {
  /** The persistence behind `AdminService` (every change audited in its own transaction). */
  adminStore: AdminStore;
}
