import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, it } from 'vitest';

/**
 * The storage engines a store/ledger/job test runs on, from ONE set of test files (as Kysely's own suite runs over
 * several dialects): `const engines = await testEngines()`, then `describe.each(engines)('… ($name)', (engine) => …)`.
 *
 * SQLite is always there. PostgreSQL is used when a server answers at `MEDIABOT_TEST_PG_URL` (default
 * `postgres://postgres@127.0.0.1:5432/postgres`, the maintenance database): the test file creates its own databases
 * `mb_<random>` there, so files running at the same time never share one, and drops them after its last test.
 * Within a file a database handed back by {@link TestEngine.drop} is emptied (every table truncated, the migrated
 * schema kept) and handed out again by the next {@link TestEngine.fresh}: creating and migrating a database costs
 * about a second, emptying one a few milliseconds. When no server answers, the Postgres entry is left out and "Postgres suite skipped: <reason>" is
 * printed; with `MEDIABOT_REQUIRE_SERVICES=1` that is an error instead.
 */

/** Where a fresh database lives: the SQLite file, or the PostgreSQL URL. */
export type StoreLocation = { engine: 'sqlite'; path: string; dir: string } | { engine: 'postgres'; url: string; name: string };

/** One engine the suite runs on. */
export interface TestEngine {
  name: 'sqlite' | 'postgres';
  /** A database without rows, which may already carry the migrated schema (a reused Postgres database). */
  fresh(): Promise<StoreLocation>;
  /** A brand-new database without any table (migration tests). */
  blank(): Promise<StoreLocation>;
  /** Hands back what {@link fresh} or {@link blank} gave (SQLite: deletes the directory; Postgres: kept for reuse). Idempotent. */
  drop(location: StoreLocation): Promise<void>;
}

/** The maintenance database the Postgres entry creates and drops test databases through. */
const PG_ADMIN_URL = process.env.MEDIABOT_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** `location` as the options of the engine-neutral `openStore` (`databaseUrl` or `path`). */
export function storeOptions(location: StoreLocation): { databaseUrl: string } | { path: string } {
  return location.engine === 'postgres' ? { databaseUrl: location.url } : { path: location.path };
}

/** The SQLite engine alone (files not yet converted to run on both engines). */
export const sqliteEngine: TestEngine = {
  name: 'sqlite',
  async fresh() {
    return this.blank();
  },
  async blank() {
    const dir = mkdtempSync(join(tmpdir(), 'store-test-'));
    return { engine: 'sqlite', dir, path: join(dir, 'nested', 'bot.sqlite') };
  },
  async drop(location) {
    if (location.engine === 'sqlite') rmSync(location.dir, { recursive: true, force: true });
  },
};

async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3_000 });
  c.on('error', () => undefined);
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** Databases this process created (dropped after the file), and those handed back and free for reuse. */
const created = new Set<string>();
const idle: Extract<StoreLocation, { engine: 'postgres' }>[] = [];

/** Deletes every row of every table but Kysely's migration bookkeeping. */
async function emptyDatabase(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  c.on('error', () => undefined);
  await c.connect();
  try {
    const r = await c.query<{ tablename: string }>(`select tablename from pg_tables where schemaname = 'public' and tablename not like 'kysely_%'`);
    if (r.rows.length) await c.query(`truncate table ${r.rows.map((t) => `"${t.tablename}"`).join(', ')}`);
  } finally {
    await c.end().catch(() => undefined);
  }
}

const postgres: TestEngine = {
  name: 'postgres',
  async fresh() {
    const reused = idle.pop();
    if (!reused) return this.blank();
    await emptyDatabase(reused.url);
    return reused;
  },
  async blank() {
    const name = `mb_${randomBytes(6).toString('hex')}`;
    await withAdmin((c) => c.query(`create database ${name}`));
    created.add(name);
    const u = new URL(PG_ADMIN_URL);
    u.pathname = `/${name}`;
    return { engine: 'postgres', url: u.toString(), name };
  },
  async drop(location) {
    if (location.engine === 'postgres' && created.has(location.name) && !idle.includes(location)) idle.push(location);
  },
};

/** Drops every database this process created (after the file's last test). */
async function dropCreated(): Promise<void> {
  const names = [...created];
  created.clear();
  idle.length = 0;
  if (names.length) await withAdmin(async (c) => {
    for (const n of names) await c.query(`drop database if exists ${n} with (force)`);
  });
}

let probed: Promise<string | undefined> | undefined;

/** Why the Postgres server cannot be used, or undefined when it answers (probed once per test file). */
function postgresUnavailable(): Promise<string | undefined> {
  probed ??= withAdmin((c) => c.query('select 1')).then(
    () => undefined,
    (e: unknown) => (e instanceof Error ? `${(e as { code?: string }).code ?? ''} ${e.message}`.trim() : String(e)) || 'unknown error',
  );
  return probed;
}

/**
 * The engines to run on: SQLite, and PostgreSQL when it answers.
 * @throws Error when PostgreSQL does not answer and `MEDIABOT_REQUIRE_SERVICES=1`.
 */
export async function testEngines(): Promise<TestEngine[]> {
  const reason = await postgresUnavailable();
  if (reason === undefined) {
    afterAll(dropCreated);
    return [sqliteEngine, postgres];
  }
  if (process.env.MEDIABOT_REQUIRE_SERVICES === '1') throw new Error(`PostgreSQL is required (MEDIABOT_REQUIRE_SERVICES=1) but ${PG_ADMIN_URL.replace(/\/\/[^@]*@/, '//')} does not answer: ${reason}`);
  console.log(`Postgres suite skipped: ${reason}`);
  return [sqliteEngine];
}

/**
 * Only the PostgreSQL engine (for tests that exist for it alone, such as the cross-process overspend test), or
 * an empty list when it is unreachable — with the same skip line and the same `MEDIABOT_REQUIRE_SERVICES` rule.
 */
export async function postgresOnly(): Promise<TestEngine[]> {
  return (await testEngines()).filter((e) => e.name === 'postgres');
}

/**
 * `describe.each(engines)(title, body)`, except that with no engine (a {@link postgresOnly} file while PostgreSQL is
 * unreachable) the suite is registered once and skipped: the file is reported as skipped, after the printed
 * "Postgres suite skipped: <reason>" line, instead of failing with "No test suite found in file".
 */
export function describeOnEngines(engines: readonly TestEngine[], title: string, body: (engine: TestEngine) => void): void {
  if (engines.length > 0) {
    describe.each([...engines])(title, body);
    return;
  }
  describe.skip(title.replace('$name', 'postgres'), () => {
    it('needs a reachable PostgreSQL server (see "Postgres suite skipped" above)', () => undefined);
  });
}
