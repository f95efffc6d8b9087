import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, expect, it, vi } from 'vitest';
import type { DeliveryAddress } from '../../src/core/api/actor.js';
import { systemClock } from '../../src/core/ports/clock.js';
import { openStore, type Store } from '../../src/store/open-store.js';
import { describeOnEngines, postgresOnly, type StoreLocation } from '../support/engines.js';
import { createTestStack, TEST_ENCRYPTION_KEY, type TestStack } from '../support/harness.js';
import { ledgerNetCharged, openHolds } from '../support/ledger.js';
import { RecordingDelivery } from '../support/recording-delivery.js';
import { runAdminCli, type CliRun } from '../support/run-admin-cli.js';

// Spawns child processes (tsx start-ups take seconds each on a loaded machine): a wider bound than the default 30 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/**
 * `npm run admin -- migrate-sqlite-to-postgres <file>`: a real bot's SQLite file (made by the app: jobs, charges,
 * an open hold, a linked token, budgets, an adjustment, audit entries) copied into a real, empty PostgreSQL database.
 */

const TOKEN = 'sk-community00112233445566778899c3d4';
const TABLES = ['scopes', 'users', 'scope_members', 'budgets', 'budget_users', 'tokens', 'holds', 'ledger_entries', 'jobs', 'audit_log', 'gateway_losses', 'model_settings', 'retired_tokens'];

const postgres = await postgresOnly();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** Rows of every table, keyed, for comparing the two databases. */
async function snapshot(store: Pick<Store, 'db'>): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const t of TABLES) out[t] = (await sql<Record<string, unknown>>`select * from ${sql.table(t)}`.execute(store.db)).rows.map((r) => JSON.stringify(Object.entries(r).sort())).sort();
  return out;
}

describeOnEngines(postgres, 'admin CLI: migrate-sqlite-to-postgres ($name)', (engine) => {
  it('copies every table with its ids into an empty database, verifies counts, rebuilds totals and refuses a second run', async () => {
    const delivery = new RecordingDelivery('console');
    const t: TestStack = await createTestStack({ deliveries: [delivery], env: { DEFAULT_ALLOWANCE: '5' } });
    cleanups.push(() => t.close());
    const actor = t.actor({ scope: 'guild', user: 'ann' });
    const target: DeliveryAddress = { surface: 'console', chatId: 'chat-1', userExternalId: 'ann' };
    for (let i = 0; i < 3; i++) expect((await t.core.imagine({ ...actor, prompt: `a fox ${i}` })).ok).toBe(true);
    const video = await t.core.startVideo({ ...actor, prompt: 'a wave', seconds: 4, delivery: target });
    if (!video.ok) throw new Error(video.failure.code);
    for (let i = 0; i < 200 && (await t.app.jobs.get(video.value.jobId))?.status !== 'delivered'; i++) await new Promise((r) => setTimeout(r, 25));
    const scope = (await t.store.directory.findScope({ platform: 'console', externalId: 'guild' }))!;
    const ann = (await t.store.directory.findUser({ platform: 'console', externalId: 'ann' }))!;
    await t.store.admin.setPool('operator', scope.id, 3_000_000, 'month');
    await t.store.admin.adjust('operator', scope.id, ann.id, 250_000, 'welcome');
    await t.store.admin.linkToken('operator', { kind: 'scope', ownerId: scope.id }, TOKEN, scope.id);
    const open = await t.store.budgets.reserve({ scopeId: scope.id, userId: ann.id, amountMicros: 70_000, jobId: 'j_open', tokenSource: 'scope' });
    expect(open.ok).toBe(true);
    const before = await t.store.budgets.balance(scope.id, ann.id);
    const sourceRows = await snapshot(t.store);
    const charged = await ledgerNetCharged(t.store);
    await t.app.close(); // the bot is stopped; the file stays
    expect(existsSync(t.dbPath)).toBe(true);

    const location: StoreLocation = await engine.blank();
    cleanups.push(() => engine.drop(location));
    if (location.engine !== 'postgres') throw new Error('expected PostgreSQL');
    const admin = (args: string[], databaseUrl = location.url): Promise<CliRun> =>
      runAdminCli(args, { cwd: t.dir, env: { PATH: process.env.PATH, HOME: t.dir, DATABASE_URL: databaseUrl, BOT_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY } });

    const run = await admin(['migrate-sqlite-to-postgres', t.dbPath]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`copied \\d+ rows of \\d+ tables from .*bot\\.sqlite into PostgreSQL at 127\\.0\\.0\\.1:5432/${location.name} \\(row counts verified\\); [1-9]\\d* budget totals rebuilt\\.`));
    expect(run.stdout).toMatch(/ {2}ledger_entries +\d+/);

    const pg = await openStore({ databaseUrl: location.url, encryptionKey: TEST_ENCRYPTION_KEY, defaultAllowanceMicros: 5_000_000, defaultPeriod: 'day', clock: systemClock });
    try {
      expect(await snapshot(pg)).toEqual(sourceRows);
      expect(await pg.budgets.balance(scope.id, ann.id)).toEqual(before);
      expect(await ledgerNetCharged(pg)).toBe(charged);
      expect(await openHolds(pg)).toBe(1);
      expect(await pg.tokens.resolveToken(scope.id, ann.id)).toMatchObject({ source: 'scope', token: TOKEN });
      // The totals follow the ledger from here: settling the copied open hold moves them as on SQLite.
      if (open.ok) expect(await pg.budgets.settle(open.holdId, 70_000, { units: 1, unit: 'image' })).toMatchObject({ ok: true, chargedMicros: 70_000 });
      expect((await pg.budgets.balance(scope.id, ann.id)).spentMicros).toBe(before.spentMicros + 70_000);
    } finally {
      await pg.close();
    }

    const again = await admin(['migrate-sqlite-to-postgres', t.dbPath]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^error: the target database is not empty \(.*\b1 row in scopes, .*\d+ rows in ledger_entries.*\); copy into a new, empty database\n$/);
    const missing = await admin(['migrate-sqlite-to-postgres', `${t.dir}/nope.sqlite`]);
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringMatching(/^error: no SQLite database at .*nope\.sqlite\n$/) });
    const noUrl = await runAdminCli(['migrate-sqlite-to-postgres', t.dbPath], { cwd: t.dir, env: { PATH: process.env.PATH, HOME: t.dir, BOT_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY } });
    expect(noUrl).toMatchObject({ code: 2, stderr: expect.stringMatching(/set DATABASE_URL to the target PostgreSQL database/) });
    const backup = await admin(['backup', `${t.dir}/copy.sqlite`]);
    expect(backup).toMatchObject({ code: 1, stderr: expect.stringMatching(/this bot stores its data in PostgreSQL \(DATABASE_URL\)\. Back that up with pg_dump/) });
  }, 60_000);
});
