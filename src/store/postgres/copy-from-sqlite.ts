import { existsSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { openSqlite, rawSqlite, stopBackgroundCheckpoint } from '../sqlite/connection.js';
import { migrateToLatest } from '../kysely/migrate.js';
import type { Database } from '../kysely/schema.js';
import type { TotalKind } from '../kysely/ledger-shared.js';
import { rebuildTotals } from './budget-queries.js';
import { openPostgres, pingPostgres } from './connection.js';

/** The copy cannot start or did not verify; the message is one line for the operator. Nothing was written. */
export class CopyRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CopyRefusedError';
  }
}

/** What {@link copySqliteToPostgres} copied. */
export interface CopyReport {
  /** Rows per table, in the order copied (verified equal on both sides). */
  tables: { table: string; rows: number }[];
  /** `budget_totals` rows rebuilt from the copied ledger. */
  totalsRebuilt: number;
}

/** Tables never copied: migration bookkeeping (each side has its own) and the running totals (rebuilt). */
const SKIP = /^(sqlite_|kysely_)|^budget_totals$/;
/** PostgreSQL's limit of bind parameters per statement is 65,535; batches stay under it. */
const MAX_PARAMS = 60_000;

/**
 * Copies every table of an existing bot's SQLite file into an EMPTY PostgreSQL database, in ONE transaction:
 * both sides are first migrated to the latest schema; rows keep their ids; tables are copied parents first (by the
 * target's foreign keys); each table's row count is compared before commit; `budget_totals` is not copied but
 * rebuilt, for every budget the source had a running total for, from the copied ledger and holds (the triggers of
 * migration 0002 keep it from there). A target holding any row is refused, so a second run never duplicates data.
 * The bot must be stopped while this runs (writes made to the file meanwhile would not be copied).
 * @throws CopyRefusedError when the file is missing, the target is not empty, or a count does not match (rolled back).
 */
export async function copySqliteToPostgres(sqlitePath: string, url: string): Promise<CopyReport> {
  if (sqlitePath !== ':memory:' && !existsSync(sqlitePath)) throw new CopyRefusedError(`no SQLite database at ${sqlitePath}`);
  const source = openSqlite(sqlitePath, { backgroundCheckpoint: false });
  const target = openPostgres(url, { poolSize: 2, applicationName: 'mediabot-copy' });
  try {
    await migrateToLatest(source);
    await pingPostgres(target);
    await migrateToLatest(target);
    const tables = orderByForeignKeys(await sourceTables(source), await foreignKeys(target));
    const targetTables = new Set(await listTargetTables(target));
    const missing = tables.filter((t) => !targetTables.has(t));
    if (missing.length) throw new CopyRefusedError(`the target database has no table ${missing.join(', ')}; is it the same version of the bot?`);
    const filled = [];
    for (const t of [...tables, 'budget_totals']) {
      const n = await count(target, t);
      if (n > 0) filled.push(`${n} row${n === 1 ? '' : 's'} in ${t}`);
    }
    if (filled.length) throw new CopyRefusedError(`the target database is not empty (${filled.join(', ')}); copy into a new, empty database`);

    return await target.transaction().execute(async (tx) => {
      const report: CopyReport = { tables: [], totalsRebuilt: 0 };
      for (const table of tables) {
        const copied = await copyTable(source, tx, table);
        const expected = Number((rawSqlite(source).prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n);
        const got = await count(tx, table);
        if (copied !== expected || got !== expected) throw new CopyRefusedError(`${table}: ${expected} rows in the SQLite file but ${got} in PostgreSQL; nothing was copied`);
        report.tables.push({ table, rows: got });
      }
      const totals = rawSqlite(source).prepare(`select kind, scope_id, user_id, since from budget_totals where kind in ('user', 'pool', 'personal')`).all() as { kind: TotalKind; scope_id: string; user_id: string; since: number }[];
      for (const r of totals) {
        const u = await rebuildTotals(tx, r.kind, r.scope_id, r.user_id, Number(r.since));
        await sql`insert into budget_totals (kind, scope_id, user_id, since, spent, adjusted, held)
          values (${r.kind}, ${r.scope_id}, ${r.user_id}, ${Number(r.since)}, ${u.spent}, ${u.adjusted}, ${u.held})`.execute(tx);
      }
      report.totalsRebuilt = totals.length;
      return report;
    });
  } finally {
    await stopBackgroundCheckpoint(source);
    await source.destroy();
    await target.destroy();
  }
}

async function sourceTables(db: Kysely<Database>): Promise<string[]> {
  const rows = rawSqlite(db).prepare(`select name from sqlite_master where type = 'table' order by name`).all() as { name: string }[];
  return rows.map((r) => r.name).filter((n) => !SKIP.test(n));
}

async function listTargetTables(db: Kysely<Database>): Promise<string[]> {
  const r = await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = current_schema()`.execute(db);
  return r.rows.map((x) => x.table_name);
}

async function foreignKeys(db: Kysely<Database>): Promise<{ child: string; parent: string }[]> {
  const r = await sql<{ child: string; parent: string }>`select c.relname as child, p.relname as parent
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
    where k.contype = 'f' and c.relnamespace = current_schema()::regnamespace`.execute(db);
  return r.rows;
}

/** `tables` with every table after the tables it references (stable otherwise). */
function orderByForeignKeys(tables: string[], fks: { child: string; parent: string }[]): string[] {
  const out: string[] = [];
  const visiting = new Set<string>();
  const visit = (t: string) => {
    if (out.includes(t) || visiting.has(t)) return;
    visiting.add(t);
    for (const fk of fks) if (fk.child === t && fk.parent !== t && tables.includes(fk.parent)) visit(fk.parent);
    out.push(t);
  };
  for (const t of tables) visit(t);
  return out;
}

async function count(db: Kysely<Database>, table: string): Promise<number> {
  const r = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** Streams one table from SQLite into PostgreSQL in batches (columns as the source has them). Returns the rows copied. */
async function copyTable(source: Kysely<Database>, tx: Kysely<Database>, table: string): Promise<number> {
  const stmt = rawSqlite(source).prepare(`select * from "${table}"`);
  const columns = stmt.columns().map((c) => c.name);
  const perBatch = Math.max(1, Math.floor(MAX_PARAMS / Math.max(1, columns.length)));
  let batch: Record<string, unknown>[] = [];
  let copied = 0;
  const flush = async () => {
    if (!batch.length) return;
    await tx.insertInto(table as keyof Database).values(batch as never).execute();
    copied += batch.length;
    batch = [];
  };
  for (const row of stmt.iterate() as IterableIterator<Record<string, unknown>>) {
    batch.push(row);
    if (batch.length >= perBatch) await flush();
  }
  await flush();
  return copied;
}
