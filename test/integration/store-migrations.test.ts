import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, MIGRATIONS } from '../../src/store/sqlite/migrate.js';
import { openSqlite } from '../../src/store/sqlite/connection.js';

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
    await db.destroy();
  });

  it('down then up again leaves a working schema', async () => {
    const db = openSqlite(join(dir, 'again.sqlite'));
    await migrateToLatest(db);
    await MIGRATIONS['0001-initial']!.down!(db);
    const left = await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = 'ledger_entries'`.execute(db);
    expect(left.rows[0]?.n).toBe(0);
    await db.destroy();
  });
});
