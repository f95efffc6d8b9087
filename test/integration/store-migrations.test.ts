import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, MIGRATIONS } from '../../src/store/kysely/migrate.js';
import { openSqlite, stopBackgroundCheckpoint } from '../../src/store/sqlite/connection.js';
import { openPostgres } from '../../src/store/postgres/connection.js';
import { postgresOnly } from '../support/engines.js';

const dir = mkdtempSync(join(tmpdir(), 'migr-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('migrations', () => {
  it('go from an empty file to latest, once, with WAL and a busy timeout', async () => {
    const path = join(dir, 'deep', 'er', 'bot.sqlite');
    const db = openSqlite(path);
    expect(existsSync(join(dir, 'deep', 'er'))).toBe(true);
    expect(await migrateToLatest(db)).toEqual(Object.keys(MIGRATIONS));
    expect(await migrateToLatest(db)).toEqual([]);
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(db);
    expect(tables.rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(['scopes', 'users', 'scope_members', 'budgets', 'budget_users', 'tokens', 'holds', 'ledger_entries', 'jobs', 'audit_log']),
    );
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    expect(mode.rows[0]?.journal_mode).toBe('wal');
    const busy = await sql<{ timeout: number }>`pragma busy_timeout`.execute(db);
    expect(Object.values(busy.rows[0]!)[0]).toBe(5000);
    const idx = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master where type = 'index' and tbl_name = 'jobs'`.execute(db);
    expect(idx.rows.find((r) => r.name === 'jobs_remote_task_uq')?.sql).toMatch(/unique.*where.*remote_task_id.*is not null/i);
    const now = Date.now();
    const job = { kind: 'video', status: 'queued', scope_id: 's', user_id: 'u', model: 'm', prompt: 'p', token_source: 'scope', estimate_micros: 1, created_at: now, updated_at: now } as const;
    await db.insertInto('jobs').values([{ id: 'j_1', ...job, remote_task_id: 'task_1' }, { id: 'j_2', ...job }, { id: 'j_3', ...job }]).execute();
    await expect(db.insertInto('jobs').values({ id: 'j_4', ...job, remote_task_id: 'task_1' }).execute()).rejects.toThrow(/UNIQUE/);
    const j = await db.selectFrom('jobs').selectAll().where('id', '=', 'j_2').executeTakeFirstOrThrow();
    expect(j).toMatchObject({ progress: 0, attempts: 0, params: '{}', remote_task_id: null });
    // The checkpoint thread closes its own connection: waited for, so the folder is quiet when it is removed.
    await stopBackgroundCheckpoint(db);
    await db.destroy();
  });

  it('down then up again leaves a working schema', async () => {
    const db = openSqlite(join(dir, 'again.sqlite'));
    await migrateToLatest(db);
    await MIGRATIONS['0001-initial']!.down!(db);
    const left = await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = 'ledger_entries'`.execute(db);
    expect(left.rows[0]?.n).toBe(0);
    await stopBackgroundCheckpoint(db);
    await db.destroy();
  });
});

const postgres = await postgresOnly();

describe.each(postgres)('migrations ($name)', (engine) => {
  it('go from an empty database to latest, once, with the same tables, types and invariants as SQLite', async () => {
    const location = await engine.blank();
    if (location.engine !== 'postgres') throw new Error('expected a Postgres database');
    const db = openPostgres(location.url);
    try {
      expect(await migrateToLatest(db)).toEqual(Object.keys(MIGRATIONS));
      expect(await migrateToLatest(db)).toEqual([]);
      const tables = await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = 'public' order by table_name`.execute(db);
      expect(tables.rows.map((r) => r.table_name)).toEqual(
        expect.arrayContaining(['scopes', 'users', 'scope_members', 'budgets', 'budget_users', 'tokens', 'retired_tokens', 'holds', 'ledger_entries', 'jobs', 'audit_log', 'budget_totals', 'model_settings', 'gateway_losses']),
      );
      const money = await sql<{ data_type: string }>`select data_type from information_schema.columns where table_name = 'holds' and column_name = 'amount_micros'`.execute(db);
      expect(money.rows[0]?.data_type).toBe('bigint');
      const idx = await sql<{ indexdef: string }>`select indexdef from pg_indexes where indexname in ('jobs_remote_task_uq', 'jobs_delivery_secret_idx', 'ledger_refund_uq') order by indexname`.execute(db);
      const defs = idx.rows.map((r) => r.indexdef);
      expect(defs[0]).toMatch(/jobs_delivery_secret_idx .*WHERE \(strpos\(delivery, '"interaction"'::text\) > 0\)/);
      expect(defs[1]).toMatch(/UNIQUE INDEX jobs_remote_task_uq .*WHERE \(remote_task_id IS NOT NULL\)/);
      expect(defs[2]).toMatch(/UNIQUE INDEX ledger_refund_uq .*WHERE \(kind = 'refund'::text\)/);

      // Bigints come back as numbers, as the Database type says; the unique index refuses a second task id.
      const now = Date.now();
      const job = { kind: 'video', status: 'queued', scope_id: 's', user_id: 'u', model: 'm', prompt: 'p', token_source: 'scope', estimate_micros: 2 ** 40, created_at: now, updated_at: now } as const;
      await db.insertInto('jobs').values([{ id: 'j_1', ...job, remote_task_id: 'task_1' }, { id: 'j_2', ...job }]).execute();
      await expect(db.insertInto('jobs').values({ id: 'j_4', ...job, remote_task_id: 'task_1' }).execute()).rejects.toThrow(/unique/i);
      const j = await db.selectFrom('jobs').selectAll().where('id', '=', 'j_2').executeTakeFirstOrThrow();
      expect(j).toMatchObject({ progress: 0, attempts: 0, params: '{}', remote_task_id: null, estimate_micros: 2 ** 40, created_at: now });

      // The triggers keep budget_totals: an open hold counts as held, its charge as spent once settled.
      await sql`insert into budget_totals values ('user', 's', 'u', 0, 0, 0, 0), ('pool', 's', '', 0, 0, 0, 0)`.execute(db);
      const hold = { id: 'h_1', scope_id: 's', user_id: 'u', job_id: 'j_1', amount_micros: 500, charged_micros: null, token_source: 'scope', status: 'open', created_at: now, resolved_at: null } as const;
      await db.insertInto('holds').values(hold).execute();
      await db.updateTable('holds').set({ status: 'settled', charged_micros: 300, resolved_at: now }).where('id', '=', 'h_1').execute();
      await db.insertInto('ledger_entries').values({ id: 'le_1', kind: 'charge', amount_micros: 300, scope_id: 's', user_id: 'u', job_id: 'j_1', hold_id: 'h_1', token_source: 'scope', units: 1, unit: 'image', reason: null, created_at: now }).execute();
      const totals = await db.selectFrom('budget_totals' as 'holds').selectAll().execute();
      expect(totals).toEqual(
        expect.arrayContaining([
          { kind: 'user', scope_id: 's', user_id: 'u', since: 0, spent: 300, adjusted: 0, held: 0 },
          { kind: 'pool', scope_id: 's', user_id: '', since: 0, spent: 300, adjusted: 0, held: 0 },
        ]),
      );
      await db.deleteFrom('ledger_entries').where('id', '=', 'le_1').execute();
      expect(await db.selectFrom('budget_totals' as 'holds').selectAll().execute()).toEqual([]);

      // The reserve rule runs in the application (migration 0011): no reserve function is left in the database.
      const fns = await sql<{ proname: string }>`select proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' order by proname`.execute(db);
      expect(fns.rows.map((r) => r.proname)).toEqual(['holds_totals', 'holds_totals_apply', 'ledger_totals_ai', 'ledger_totals_forget']);
    } finally {
      await db.destroy();
      await engine.drop(location);
    }
  });

  it('every migration goes down in reverse order and up again', async () => {
    const location = await engine.blank();
    if (location.engine !== 'postgres') throw new Error('expected a Postgres database');
    const db = openPostgres(location.url);
    try {
      await migrateToLatest(db);
      for (const name of Object.keys(MIGRATIONS).reverse()) await MIGRATIONS[name]!.down!(db);
      const left = await sql<{ n: number }>`select count(*) as n from information_schema.tables where table_schema = 'public' and table_name not like 'kysely_%'`.execute(db);
      expect(left.rows[0]?.n).toBe(0);
      const fns = await sql<{ n: number }>`select count(*) as n from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'`.execute(db);
      expect(fns.rows[0]?.n).toBe(0);
      await sql`delete from kysely_migration`.execute(db);
      expect(await migrateToLatest(db)).toEqual(Object.keys(MIGRATIONS));
    } finally {
      await db.destroy();
      await engine.drop(location);
    }
  });
});
