import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestStack, TEST_ENCRYPTION_KEY, type TestStack } from '../support/harness.js';
import { runAdminCli, type CliRun } from '../support/run-admin-cli.js';

// Spawns child processes (tsx start-ups take seconds each on a loaded machine): a wider bound than the default 30 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let stack: TestStack;

function admin(args: string[]): Promise<CliRun> {
  return runAdminCli(args, { cwd: stack.dir, env: { PATH: process.env.PATH, HOME: stack.dir, DATABASE_PATH: stack.dbPath, BOT_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY } });
}

beforeAll(async () => {
  stack = await createTestStack();
});
afterAll(async () => stack?.close());

describe('admin CLI: backup (online, while the app keeps writing)', () => {
  it('copies the live database with db.backup(), checks the copy, and refuses to overwrite without --force', async () => {
    const actor = stack.actor({ scope: 'local', user: 'me', kind: 'console' });
    for (let i = 0; i < 3; i++) {
      const r = await stack.core.imagine({ ...actor, prompt: `a fox ${i}` });
      expect(r.ok).toBe(true);
    }
    // More jobs are written while the backup runs: the copy is a consistent snapshot of some moment.
    const writing = Promise.all([1, 2].map((i) => stack.core.imagine({ ...actor, prompt: `a cat ${i}` })));
    const file = join(stack.dir, 'backup.sqlite');
    const run = await admin(['backup', file]);
    await writing;
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^backup written: .*backup\.sqlite \([\d.]+ MB, \d+ jobs\), integrity check ok\n$/);

    const copy = new Database(file, { readonly: true });
    try {
      const jobs = (copy.prepare('SELECT COUNT(*) AS n FROM jobs').get() as { n: number }).n;
      expect(jobs).toBeGreaterThanOrEqual(3);
      expect(jobs).toBeLessThanOrEqual(5);
      const ledger = (copy.prepare('SELECT COUNT(*) AS n FROM ledger_entries').get() as { n: number }).n;
      expect(ledger).toBeGreaterThan(0);
    } finally {
      copy.close();
    }

    const again = await admin(['backup', file]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('exists; pass --force to overwrite it');
    expect((await admin(['backup', file, '--force'])).code).toBe(0);
    expect((await admin(['backup'])).code).toBe(2);
  });
});
