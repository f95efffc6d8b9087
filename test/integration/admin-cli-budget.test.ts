import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runAdmin } from '../../src/admin/run.js';
import { runAdminCli, type CliRun } from '../support/run-admin-cli.js';
import { loadConfig } from '../../src/config.js';
import { systemClock } from '../../src/core/ports/clock.js';
import { generateEncryptionKey } from '../../src/store/crypto.js';
import { openStore, type SqliteStore } from '../../src/store/sqlite/open-store.js';

// Spawns child processes (tsx start-ups take seconds each on a loaded machine): a wider bound than the default 30 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });


let dir: string;
let env: NodeJS.ProcessEnv;

/** Runs the real CLI in a child process with a clean environment, in a temp cwd (so no .env is picked up). */
function admin(args: string[], stdin = ''): Promise<CliRun> {
  return runAdminCli(args, { cwd: dir, env, stdin });
}

/** The same command in-process (for the many error cases, where a child per case would be slow). */
async function inProcess(args: string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runAdmin(args, () => loadConfig(env), { out: (t) => (stdout += `${t}\n`), err: (t) => (stderr += `${t}\n`), readSecret: async () => '' });
  return { code, stdout, stderr };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'admin-cli-'));
  env = { PATH: process.env.PATH, HOME: dir, DATABASE_PATH: join(dir, 'bot.sqlite'), BOT_ENCRYPTION_KEY: generateEncryptionKey(), LOG_LEVEL: 'warn', DEFAULT_ALLOWANCE: '1', DEFAULT_PERIOD: 'day' };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('admin CLI: budgets, usage, audit', () => {
  it('prints help with exit 0 and refuses unknown commands with exit 2', async () => {
    const [help, bad] = await Promise.all([admin(['help']), admin(['frobnicate'])]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('budget set <scope> <user> <amount|none> [period]');
    expect(help.stdout).toContain('token link');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('unknown command "frobnicate"');
  });

  it('sets, shows, blocks and adjusts budgets with clear errors and exit codes', async () => {
    const set = await admin(['budget', 'set', 'discord:9001', 'discord:42', '2.50', 'week']);
    expect(set.stderr).toBe('');
    expect(set.code).toBe(0);
    // The CLI runs the chats' own /budget piece as the operator, so it answers in the chats' words.
    expect(set.stdout).toContain("42's allowance here is now $2.50 per week.");

    expect((await inProcess(['budget', 'default', 'discord:9001', '0.75'])).code).toBe(0);
    expect((await inProcess(['budget', 'adjust', 'discord:9001', 'discord:42', '-0.50', 'refund', 'of', 'a', 'test'])).code).toBe(0);

    const scope = await admin(['budget', 'show', 'discord:9001']);
    expect(scope.code).toBe(0);
    expect(scope.stdout).toContain('Default allowance: $0.75 per day.');
    expect(scope.stdout).not.toContain("operator's default");
    const show = await admin(['budget', 'show', '--scope', 'discord:9001', 'discord:42']);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain('Allowance: $2.50 per week, set for 42');
    expect(show.stdout).toContain('$2.00 left of $2.50');
    expect(show.stdout).toContain('$0.50 taken back');

    const comma = await inProcess(['budget', 'set', 'discord:9001', 'discord:42', '1,5']);
    expect(comma.code).toBe(1);
    expect(comma.stderr).toMatch(/^error: .*comma/);
    const period = await inProcess(['budget', 'set', 'discord:9001', 'discord:42', '1', 'year']);
    expect(period.code).toBe(1);
    expect(period.stderr).toContain('"year" is not a valid period');
    const missing = await inProcess(['budget', 'set', 'discord:9001']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('usage: budget set');
    const badScope = await inProcess(['budget', 'show', 'slack:1']);
    expect(badScope.code).toBe(2);
    expect(badScope.stderr).toContain('is not a scope');
    const unknown = await inProcess(['budget', 'show', 'telegram:-100777']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no scope telegram:-100777 is known');

    const block = await inProcess(['budget', 'block', 'discord:9001', 'discord:42']);
    expect(block.code).toBe(0);
    expect((await admin(['budget', 'show', 'discord:9001', 'discord:42'])).stdout).toContain('Status: blocked');
  });

  it('reports usage as a table and as CSV from the real ledger', async () => {
    const store: SqliteStore = await openStore({ path: env.DATABASE_PATH!, encryptionKey: env.BOT_ENCRYPTION_KEY!, defaultAllowanceMicros: 1_000_000, defaultPeriod: 'day', clock: systemClock });
    try {
      const scope = await store.directory.ensureScope({ platform: 'telegram', externalId: '-100555', title: 'Group' });
      const user = await store.directory.ensureUser({ platform: 'telegram', externalId: '77', displayName: 'Ann', username: 'ann' });
      for (const units of [1, 2]) {
        const hold = await store.budgets.reserve({ scopeId: scope.id, userId: user.id, amountMicros: 20_000, jobId: null, tokenSource: 'operator' });
        if (!hold.ok) throw new Error('reserve refused');
        await store.budgets.settle(hold.holdId, units * 10_000, { units, unit: 'image' });
      }
    } finally {
      await store.close();
    }
    const csv = await admin(['usage', 'telegram:-100555', 'day', '--csv']);
    expect(csv.code).toBe(0);
    const lines = csv.stdout.trim().split(/\r?\n/);
    expect(lines[0]).toBe('user_id,display_name,username,jobs,images,video_seconds,tokens,spent_micros,spent_usd,period_start,period_end');
    expect(lines[1]).toMatch(/^u_[a-z0-9]+,Ann,ann,2,3,0,0,30000,0\.030000,\d{4}-\d\d-\d\dT[\d:.]+Z,\d{4}-\d\d-\d\dT[\d:.]+Z$/);
    expect(lines[2]).toMatch(/^TOTAL,,,2,3,0,0,30000,0\.030000,/);

    const table = await inProcess(['usage', 'telegram:-100555']);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/@ann\s+2\s+3\s+0\s+0\s+\$0\.03/);
    expect((await inProcess(['usage', 'telegram:-100555', 'fortnight'])).code).toBe(1);
  });

  it('lists every change in the audit log with actor operator', async () => {
    const all = await admin(['audit']);
    expect(all.code).toBe(0);
    for (const action of ['budget.user.set', 'budget.default.set', 'budget.adjust', 'user.block']) expect(all.stdout).toContain(action);
    expect(all.stdout).toMatch(/operator\s+discord:9001\s+user\.block/);
    expect(all.stdout).toContain('allowanceMicros: null→2500000');
    const limited = await inProcess(['audit', 'discord:9001', '--limit', '1']);
    expect(limited.stdout.trim().split('\n')).toHaveLength(2);
    expect(limited.stdout).toContain('user.block');
    expect((await inProcess(['audit', '--limit', 'x'])).code).toBe(2);
  });

  it('lists, inspects and refuses to re-deliver jobs', async () => {
    const list = await inProcess(['jobs', 'list']);
    expect(list.code).toBe(0);
    expect(list.stdout.trim()).toBe('No jobs.');
    const inspect = await inProcess(['jobs', 'inspect', 'j_nope']);
    expect(inspect.code).toBe(1);
    expect(inspect.stderr).toContain('no job j_nope');
    expect((await inProcess(['jobs', 'retry-delivery'])).code).toBe(2);
  });
});
