import { Migrator, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import * as m0001 from '../../../migrations/0001-initial.js';
import * as m0002 from '../../../migrations/0002-budget-totals.js';
import * as m0003 from '../../../migrations/0003-hold-job-index.js';
import * as m0004 from '../../../migrations/0004-model-settings.js';
import * as m0005 from '../../../migrations/0005-gateway-losses.js';
import * as m0006 from '../../../migrations/0006-job-secrets.js';
import * as m0007 from '../../../migrations/0007-failure-refs.js';
import * as m0008 from '../../../migrations/0008-languages.js';
import * as m0009 from '../../../migrations/0009-bot-processes.js';
import * as m0010 from '../../../migrations/0010-database-identity.js';
import * as m0011 from '../../../migrations/0011-reserve-in-application.js';
import * as m0012 from '../../../migrations/0012-model-price-by-owner.js';
import * as m0013 from '../../../migrations/0013-operator-token-limits.js';
import * as m0014 from '../../../migrations/0014-gateway-billed.js';
import * as m0015 from '../../../migrations/0015-member-settings.js';
import * as m0016 from '../../../migrations/0016-channel-and-word-rules.js';
import * as m0018 from '../../../migrations/0018-web-sessions.js';
import * as m0019 from '../../../migrations/0019-gallery-retention.js';
import type { Database } from './schema.js';

/**
 * Every migration, in order. An explicit import map (rather than scanning the folder) works the same
 * under tsx, vitest and any bundler. Add new files here with the next number.
 */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001-initial': m0001,
  '0002-budget-totals': m0002,
  '0003-hold-job-index': m0003,
  '0004-model-settings': m0004,
  '0005-gateway-losses': m0005,
  '0006-job-secrets': m0006,
  '0007-failure-refs': m0007,
  '0008-languages': m0008,
  '0009-bot-processes': m0009,
  '0010-database-identity': m0010,
  '0011-reserve-in-application': m0011,
  '0012-model-price-by-owner': m0012,
  '0013-operator-token-limits': m0013,
  '0014-gateway-billed': m0014,
  '0015-member-settings': m0015,
  '0016-channel-and-word-rules': m0016,
  '0018-web-sessions': m0018,
  '0019-gallery-retention': m0019,
};

/** A migration failed; the database is left at the last successful one. */
export class MigrationError extends Error {
  constructor(
    readonly migration: string | undefined,
    cause: unknown,
  ) {
    super(`Database migration ${migration ?? '(unknown)'} failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'MigrationError';
  }
}

/** Applies every pending migration. Returns the names applied now (empty when already up to date). */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => ({ ...MIGRATIONS }) } });
  const { error, results }: MigrationResultSet = await migrator.migrateToLatest();
  if (error) throw new MigrationError(results?.find((r) => r.status === 'Error')?.migrationName, error);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
