import type { Kysely } from 'kysely';
import { AdminService } from '../../core/admin/admin-service.js';
import type { Period } from '../../core/budget/periods.js';
import type { BudgetDefaults } from '../../core/budget/types.js';
import type { Micros } from '../../core/money.js';
import type { Clock } from '../../core/ports/clock.js';
import type { OperatorStore } from '../../core/ports/store.js';
import { parseEncryptionKey } from '../crypto.js';
import { KyselyAdminStore } from './admin-store.js';
import { KyselyBotProcesses } from './bot-processes.js';
import { SqliteBudgetLedger } from './budget-ledger.js';
import { checkpoint, openSqlite, stopBackgroundCheckpoint } from './connection.js';
import { KyselyDirectory } from './directory.js';
import { KyselyFailureRefs } from './failure-refs.js';
import { KyselyJobAdmin } from './job-admin.js';
import { KyselyJobStore } from './job-store.js';
import { listLinkedTokenOwners, type LinkedTokenOwner } from './linked-tokens.js';
import { migrateToLatest } from './migrate.js';
import { ModelSettingsRepo } from './model-settings.js';
import type { Database } from './schema.js';
import { KyselyTokenVault } from './token-vault.js';

/** What the composition root passes to {@link openStore}. */
export interface OpenStoreOptions {
  /** SQLite file (directory created). Default `./data/bot.sqlite`. ':memory:' works for throwaway runs. */
  path?: string;
  /** `BOT_ENCRYPTION_KEY` text (base64 or hex) or its 32 bytes. Without it tokens cannot be linked or read. */
  encryptionKey?: string | Buffer;
  /** The operator's `GATEWAY_TOKEN`, used when neither the user nor the scope linked one. */
  operatorToken?: string;
  /** `PERSON_CAP`: per-person cap across scopes on the operator's token. */
  personCap?: { limitMicros: Micros; period: Period };
  /** Called with every gateway token the vault decrypts (the composition root registers it with the scrubber). */
  onTokenOpened?: (token: string) => void;
  /** Allowance for scopes nobody configured (null = unlimited), e.g. 1_000_000 ($1). */
  defaultAllowanceMicros: Micros | null;
  /** Period of that default, e.g. 'day'. */
  defaultPeriod: Period;
  clock: Clock;
}

/**
 * The opened SQLite store: every repository port (typed by mechanism, so tests and benchmarks can reach the
 * SQLite-only extras such as `KyselyJobStore.claimDueQuery`) and the Kysely handle itself, which only code of
 * this engine, tests and benchmarks may use. Everything else takes the ports (`CoreStore`, `OperatorStore`).
 */
export interface SqliteStore extends OperatorStore {
  engine: 'sqlite';
  db: Kysely<Database>;
  budgets: SqliteBudgetLedger;
  tokens: KyselyTokenVault;
  directory: KyselyDirectory;
  jobs: KyselyJobStore;
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
  } catch (err) {
    await db.destroy();
    throw err;
  }
  const defaults: BudgetDefaults = { defaultAllowanceMicros: o.defaultAllowanceMicros, defaultPeriod: o.defaultPeriod, ...(o.personCap ? { personCap: o.personCap } : {}) };
  const tokens = new KyselyTokenVault(db, o.clock, key, o.operatorToken, o.onTokenOpened);
  return {
    engine: 'sqlite',
    db,
    budgets: new SqliteBudgetLedger(db, o.clock, defaults),
    tokens,
    admin: new AdminService(new KyselyAdminStore(db, o.clock, tokens), defaults, o.clock),
    directory: new KyselyDirectory(db, o.clock),
    refs: new KyselyFailureRefs(db),
    jobs: new KyselyJobStore(db, o.clock),
    jobAdmin: new KyselyJobAdmin(db),
    modelSettings: new ModelSettingsRepo(db, o.clock),
    linkedTokenOwners: () => listLinkedTokenOwners(db),
    processes: new KyselyBotProcesses(db),
    migrationsApplied,
    rekeyTokens: (oldKey, newKey) => KyselyTokenVault.rekey(db, oldKey, newKey),
    async close() {
      await checkpoint(db).catch(() => undefined);
      await stopBackgroundCheckpoint(db);
      await db.destroy();
    },
  };
}
