import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestStack, type TestStack } from '../support/harness.js';
import { gatewayLosses, ledgerNetCharged, openHolds } from '../support/ledger.js';
import { testEngines } from '../support/engines.js';

/**
 * A job whose hold placement throws (the store fails mid-command) must not keep its lease alive: the command path
 * stops renewing, so either it ends the job itself or, when the store stays broken, the lease runs out and the sweep
 * ends it. The failure is real: a database trigger makes every write of a hold (and, in the second case, of a job
 * row) fail on the engine itself; the renewals are counted on the app's own job store as they pass through.
 */

const LEASE_MS = 300; // renewed every 100 ms

let t: TestStack | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  // A PostgreSQL database is reused by later tests (emptied, not dropped): its triggers must go with this test.
  if (t) await allowWrites(t);
  await t?.close();
  t = undefined;
});

const engines = await testEngines();

/** Makes every insert into `table` (or update, with `on: 'UPDATE'`) fail inside the database. */
async function refuseWrites(stack: TestStack, table: 'holds' | 'jobs', on: 'INSERT' | 'UPDATE'): Promise<void> {
  const name = `refuse_${table}_${on.toLowerCase()}`;
  if (stack.store.engine === 'postgres') {
    await sql.raw(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected: ${table} refuses writes'; END $$`).execute(stack.store.db);
    await sql.raw(`CREATE TRIGGER ${name} BEFORE ${on} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`).execute(stack.store.db);
  } else {
    await sql.raw(`CREATE TRIGGER ${name} BEFORE ${on} ON ${table} BEGIN SELECT RAISE(ABORT, 'injected: ${table} refuses writes'); END`).execute(stack.store.db);
  }
}

const INJECTED = [
  ['refuse_holds_insert', 'holds'],
  ['refuse_jobs_update', 'jobs'],
] as const;

/** Removes every trigger (and PostgreSQL function) {@link refuseWrites} may have made. */
async function allowWrites(stack: TestStack): Promise<void> {
  const pg = stack.store.engine === 'postgres';
  for (const [name, table] of INJECTED) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${name}${pg ? ` ON ${table}` : ''}`).execute(stack.store.db);
    if (pg) await sql.raw(`DROP FUNCTION IF EXISTS ${name}()`).execute(stack.store.db);
  }
}

async function onlyJob(stack: TestStack): Promise<{ id: string; status: string; error_code: string | null }> {
  const rows = await stack.store.db.selectFrom('jobs').select(['id', 'status', 'error_code']).execute();
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(engines)('a hold that throws while a job opens ($name)', (engine) => {
  it('stops the lease renewal and ends the job failed, nothing held or charged', async () => {
    t = await createTestStack({ engine, startPoller: false, config: (c) => (c.poller.leaseMs = LEASE_MS) });
    const renewals = vi.spyOn(t.app.jobs, 'renewLease');
    await refuseWrites(t, 'holds', 'INSERT');

    await expect(t.core.imagine({ ...t.actor(), prompt: 'a red fox' })).rejects.toThrow(/injected/);
    const job = await onlyJob(t);
    expect(job.status).toBe('failed');
    expect(job.error_code).toBe('internal');

    const before = renewals.mock.calls.length;
    await sleep(LEASE_MS * 1.5);
    expect(renewals.mock.calls.length - before).toBe(0);
    expect(await openHolds(t.store)).toBe(0);
    expect(await ledgerNetCharged(t.store)).toBe(0);
    expect(t.sim.requests().filter((q) => q.endpoint === 'image')).toHaveLength(0);
  });

  it('when the store cannot end the job either, the lease runs out and the sweep ends it', async () => {
    t = await createTestStack({ engine, startPoller: false, config: (c) => (c.poller.leaseMs = LEASE_MS) });
    const renewals = vi.spyOn(t.app.jobs, 'renewLease');
    await refuseWrites(t, 'holds', 'INSERT');
    await refuseWrites(t, 'jobs', 'UPDATE');

    await expect(t.core.imagine({ ...t.actor(), prompt: 'a red fox' })).rejects.toThrow(/injected/);
    expect((await onlyJob(t)).status).toBe('reserved');
    const before = renewals.mock.calls.length;
    await sleep(LEASE_MS * 1.5);
    expect(renewals.mock.calls.length - before).toBe(0);

    await allowWrites(t);
    await t.app.runner.tick();
    const job = await onlyJob(t);
    expect(job.status).toBe('released');
    expect(job.error_code).toBe('job_interrupted');
    expect(await openHolds(t.store)).toBe(0);
    expect(await ledgerNetCharged(t.store)).toBe(0);
    expect(renewals.mock.calls.length - before).toBe(0);
  });

  it('a hold placed whose id cannot be recorded is released at once; the sweep ends the job, no loss recorded', async () => {
    t = await createTestStack({ engine, startPoller: false, config: (c) => (c.poller.leaseMs = LEASE_MS) });
    const renewals = vi.spyOn(t.app.jobs, 'renewLease');
    await refuseWrites(t, 'jobs', 'UPDATE');

    await expect(t.core.imagine({ ...t.actor(), prompt: 'a red fox' })).rejects.toThrow(/injected/);
    expect(await openHolds(t.store)).toBe(0);
    const before = renewals.mock.calls.length;
    await sleep(LEASE_MS * 1.5);
    expect(renewals.mock.calls.length - before).toBe(0);

    await allowWrites(t);
    await t.app.runner.tick();
    expect((await onlyJob(t)).status).toBe('released');
    expect(await ledgerNetCharged(t.store)).toBe(0);
    expect(await gatewayLosses(t.store)).toBe(0);
    expect(t.sim.requests().filter((q) => q.endpoint === 'image')).toHaveLength(0);
  });
});
