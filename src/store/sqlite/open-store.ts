import type { Kysely } from 'kysely';
import type { StoreRepositories } from '../../core/ports/store.js';
import { parseEncryptionKey } from '../crypto.js';
import { budgetDefaults, type OpenStoreOptions } from '../store-options.js';
import { KyselyAdminStore } from '../kysely/admin-store.js';
import { KyselyBotProcesses } from '../kysely/bot-processes.js';
import { SqliteBudgetLedger } from './budget-ledger.js';
import { checkpoint, openSqlite, stopBackgroundCheckpoint, writeTransaction } from './connection.js';
import { KyselyDirectory } from '../kysely/directory.js';
import { KyselyFailureRefs } from '../kysely/failure-refs.js';
import { KyselySettings } from '../kysely/settings.js';
import { KyselyWebAuth } from '../kysely/web-auth.js';
import { KyselyJobAdmin } from '../kysely/job-admin.js';
import { SqliteJobStore } from './job-store.js';
import { listLinkedTokenOwners, type LinkedTokenOwner } from '../kysely/linked-tokens.js';
import { migrateToLatest } from '../kysely/migrate.js';
import { ModelSettingsRepo } from '../kysely/model-settings.js';
import { KyselyRules } from '../kysely/rules.js';
import type { Database } from '../kysely/schema.js';
import { KyselyTokenVault } from '../kysely/token-vault.js';

/**
 * The opened SQLite store: every repository port (typed by mechanism, so tests and benchmarks can reach the
 * SQLite-only extras such as `KyselyJobStore.claimDueQuery`) and the Kysely handle itself, which only code of
 * this engine, tests and benchmarks may use. Repositories only: the composition root builds the services over them
 * (`AdminService`, the metered ledger; `serveStore` in `src/app/store-services.ts`).
 */
export interface SqliteStore extends StoreRepositories {
  engine: 'sqlite';
  db: Kysely<Database>;
  budgets: SqliteBudgetLedger;
  tokens: KyselyTokenVault;
  directory: KyselyDirectory;
  jobs: SqliteJobStore;
  jobAdmin: KyselyJobAdmin;
  /** Admins' own prices and kinds per community (`ModelSettingsPort` of the core). */
  modelSettings: ModelSettingsRepo;
  /** Every stored token's owner, no secret read (warming model lists at start). */
  linkedTokenOwners(): Promise<LinkedTokenOwner[]>;
  /** The heartbeat registry of bot processes on this database. */
  processes: KyselyBotProcesses;
  /** Migrations applied by this opening (empty when the database was up to date). */
  migrationsApplied: string[];
  /** Re-encrypts every stored token from `oldKey` to `newKey` in one transaction; returns the count (`npm run rekey`). */
  rekeyTokens(oldKey: Buffer, newKey: Buffer): Promise<number>;
}

/**
 * Opens the database, applies pending migrations, and builds the repositories.
 * @throws EncryptionKeyError when `encryptionKey` is given but malformed; MigrationError when a migration fails.
 */
export async function openStore(o: OpenStoreOptions): Promise<SqliteStore> {
  const key = o.encryptionKey === undefined || o.encryptionKey === '' ? undefined : Buffer.isBuffer(o.encryptionKey) ? o.encryptionKey : parseEncryptionKey(o.encryptionKey);
  const db = openSqlite(o.path ?? './data/bot.sqlite');
  let migrationsApplied: string[];
  try {
    migrationsApplied = await migrateToLatest(db);
    // A new database's migrations write ~1 MiB of WAL at once; copied back here, they do not start the background
    // checkpoint thread (a second V8 isolate, ~8 MiB resident) that only steady write traffic needs.
    if (migrationsApplied.length > 0) await checkpoint(db);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  const tokens = new KyselyTokenVault(db, o.clock, key, o.operatorToken, o.onTokenOpened);
  return {
    engine: 'sqlite',
    db,
    budgets: new SqliteBudgetLedger(db, o.clock, budgetDefaults(o)),
    tokens,
    adminStore: new KyselyAdminStore(db, o.clock, tokens, writeTransaction),
    directory: new KyselyDirectory(db, o.clock, writeTransaction),
    refs: new KyselyFailureRefs(db),
    settings: new KyselySettings(db, o.clock, writeTransaction),
    web: new KyselyWebAuth(db),
    jobs: new SqliteJobStore(db, o.clock, o.leaseClockOffsetMs),
    jobAdmin: new KyselyJobAdmin(db, writeTransaction),
    modelSettings: new ModelSettingsRepo(db, o.clock, writeTransaction),
    rules: new KyselyRules(db, o.clock, writeTransaction),
    linkedTokenOwners: () => listLinkedTokenOwners(db),
    processes: new KyselyBotProcesses(db),
    migrationsApplied,
    rekeyTokens: (oldKey, newKey) => KyselyTokenVault.rekey(db, oldKey, newKey, writeTransaction),
    async close() {
      await checkpoint(db).catch(() => undefined);
      await stopBackgroundCheckpoint(db);
      await db.destroy();
    },
  };
}
