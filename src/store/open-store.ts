import type { Kysely } from 'kysely';
import { AdminService } from '../core/admin/admin-service.js';
import type { Period } from '../core/budget/periods.js';
import type { BudgetDefaults } from '../core/budget/types.js';
import type { Micros } from '../core/money.js';
import type { Clock } from '../core/ports/clock.js';
import { SqlAdminStore } from './admin-store.js';
import { SqlBudgetLedger } from './budget-ledger.js';
import { parseEncryptionKey } from './crypto.js';
import { DirectoryRepo } from './directory-repo.js';
import { migrateToLatest } from './migrate.js';
import type { Database } from './schema.js';
import { checkpoint, openSqlite } from './sqlite.js';
import { TokenVault } from './token-vault.js';

/** What the composition root passes to {@link openStore}. */
export interface OpenStoreOptions {
  /** SQLite file (directory created). Default `./data/bot.sqlite`. ':memory:' works for throwaway runs. */
  path?: string;
  /** `BOT_ENCRYPTION_KEY` text (base64 or hex) or its 32 bytes. Without it tokens cannot be linked or read. */
  encryptionKey?: string | Buffer;
  /** The operator's `GATEWAY_TOKEN`, used when neither the user nor the scope linked one. */
  operatorToken?: string;
  /** Allowance for scopes nobody configured (null = unlimited), e.g. 1_000_000 ($1). */
  defaultAllowanceMicros: Micros | null;
  /** Period of that default, e.g. 'day'. */
  defaultPeriod: Period;
  clock: Clock;
}

/** The opened store: the database and every repository built on it. */
export interface Store {
  db: Kysely<Database>;
  /** reserve / settle / release / refund / balance. */
  budgets: SqlBudgetLedger;
  /** resolveToken(scopeId, userId) and (inside admin) link/unlink. */
  tokens: TokenVault;
  /** Audited admin operations. */
  admin: AdminService;
  /** ensureScope / ensureUser / touchMember / findMemberByUsername. */
  directory: DirectoryRepo;
  /** Checkpoints the WAL and closes the database. */
  close(): Promise<void>;
}

/**
 * Opens the database, applies pending migrations, and builds the repositories.
 * @throws EncryptionKeyError when `encryptionKey` is given but malformed; MigrationError when a migration fails.
 */
export async function openStore(o: OpenStoreOptions): Promise<Store> {
  const key = o.encryptionKey === undefined || o.encryptionKey === '' ? undefined : Buffer.isBuffer(o.encryptionKey) ? o.encryptionKey : parseEncryptionKey(o.encryptionKey);
  const db = openSqlite(o.path ?? './data/bot.sqlite');
  try {
    await migrateToLatest(db);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  const defaults: BudgetDefaults = { defaultAllowanceMicros: o.defaultAllowanceMicros, defaultPeriod: o.defaultPeriod };
  const tokens = new TokenVault(db, o.clock, key, o.operatorToken);
  return {
    db,
    budgets: new SqlBudgetLedger(db, o.clock, defaults),
    tokens,
    admin: new AdminService(new SqlAdminStore(db, o.clock, tokens), defaults, o.clock),
    directory: new DirectoryRepo(db, o.clock),
    async close() {
      await checkpoint(db).catch(() => undefined);
      await db.destroy();
    },
  };
}
