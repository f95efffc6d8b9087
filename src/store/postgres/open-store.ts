import { KyselyBotProcesses } from '../kysely/bot-processes.js';
import { KyselyFailureRefs } from '../kysely/failure-refs.js';
import { KyselySettings } from '../kysely/settings.js';
import { KyselyWebAuth } from '../kysely/web-auth.js';
import type { Kysely } from 'kysely';
import type { StoreRepositories } from '../../core/ports/store.js';
import { parseEncryptionKey } from '../crypto.js';
import { budgetDefaults, type OpenStoreOptions } from '../store-options.js';
import { KyselyAdminStore } from '../kysely/admin-store.js';
import { KyselyDirectory } from '../kysely/directory.js';
import { KyselyJobAdmin } from '../kysely/job-admin.js';
import { listLinkedTokenOwners, type LinkedTokenOwner } from '../kysely/linked-tokens.js';
import { migrateToLatest } from '../kysely/migrate.js';
import { ModelSettingsRepo } from '../kysely/model-settings.js';
import { KyselyRules } from '../kysely/rules.js';
import type { Database } from '../kysely/schema.js';
import { KyselyTokenVault } from '../kysely/token-vault.js';
import { PostgresBudgetLedger } from './budget-ledger.js';
import { openPostgres, pgWriteTransaction, pingPostgres } from './connection.js';
import { PostgresJobStore } from './job-store.js';

/** What {@link openPostgresStore} needs: the SQLite options without the file, plus the server's URL. */
export interface OpenPostgresStoreOptions extends Omit<OpenStoreOptions, 'path'> {
  /** `DATABASE_URL`, e.g. `postgres://bot:secret@db:5432/mediabot`. */
  url: string;
  /** Connections in this process's pool (default 10). */
  poolSize?: number;
}

/**
 * The opened PostgreSQL store: the same repositories as `SqliteStore` — the engine-neutral Kysely ones of
 * `src/store/kysely/` given the Postgres write transaction, plus this engine's ledger and job store — and the
 * Kysely handle, which only code of this engine, tests and benchmarks may use.
 */
export interface PostgresStore extends StoreRepositories {
  engine: 'postgres';
  db: Kysely<Database>;
  budgets: PostgresBudgetLedger;
  tokens: KyselyTokenVault;
  directory: KyselyDirectory;
  jobs: PostgresJobStore;
  jobAdmin: KyselyJobAdmin;
  /** Admins' own prices and kinds per community (`ModelSettingsPort` of the core). */
  modelSettings: ModelSettingsRepo;
  /** Every stored token's owner, no secret read (warming model lists at start). */
  linkedTokenOwners(): Promise<LinkedTokenOwner[]>;
  /** Migrations applied by this opening (empty when the database was up to date). */
  migrationsApplied: string[];
  /** Re-encrypts every stored token from `oldKey` to `newKey` in one transaction; returns the count (`npm run rekey`). */
  rekeyTokens(oldKey: Buffer, newKey: Buffer): Promise<number>;
  /** The heartbeat registry of bot processes on this database. */
  processes: KyselyBotProcesses;
  /** `select 1` on a pool connection (readiness). @throws StoreUnavailableError when the server does not answer. */
  ping(): Promise<void>;
}

/**
 * Connects to `url`, applies pending migrations (Kysely's migrator holds an advisory lock, so processes starting
 * together migrate once), and builds the repositories.
 * @throws StoreUnavailableError when the server cannot be reached; EncryptionKeyError when `encryptionKey` is
 * malformed; MigrationError when a migration fails.
 */
export async function openPostgresStore(o: OpenPostgresStoreOptions): Promise<PostgresStore> {
  const key = o.encryptionKey === undefined || o.encryptionKey === '' ? undefined : Buffer.isBuffer(o.encryptionKey) ? o.encryptionKey : parseEncryptionKey(o.encryptionKey);
  const db = openPostgres(o.url, o.poolSize === undefined ? {} : { poolSize: o.poolSize });
  let migrationsApplied: string[];
  try {
    await pingPostgres(db);
    migrationsApplied = await migrateToLatest(db);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  const tokens = new KyselyTokenVault(db, o.clock, key, o.operatorToken, o.onTokenOpened);
  return {
    engine: 'postgres',
    db,
    budgets: new PostgresBudgetLedger(db, o.clock, budgetDefaults(o)),
    tokens,
    adminStore: new KyselyAdminStore(db, o.clock, tokens, pgWriteTransaction),
    directory: new KyselyDirectory(db, o.clock, pgWriteTransaction),
    jobs: new PostgresJobStore(db, o.clock, o.leaseClockOffsetMs),
    jobAdmin: new KyselyJobAdmin(db, pgWriteTransaction),
    modelSettings: new ModelSettingsRepo(db, o.clock, pgWriteTransaction),
    rules: new KyselyRules(db, o.clock, pgWriteTransaction),
    linkedTokenOwners: () => listLinkedTokenOwners(db),
    migrationsApplied,
    rekeyTokens: (oldKey, newKey) => KyselyTokenVault.rekey(db, oldKey, newKey, pgWriteTransaction),
    refs: new KyselyFailureRefs(db),
    settings: new KyselySettings(db, o.clock, pgWriteTransaction),
    web: new KyselyWebAuth(db),
    processes: new KyselyBotProcesses(db),
    ping: () => pingPostgres(db),
    close: () => db.destroy(),
  };
}
