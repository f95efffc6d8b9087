import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../src/core/ports/clock.js';
import { runAdminCli, type CliRun } from '../support/run-admin-cli.js';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';
import { generateEncryptionKey } from '../../src/store/crypto.js';
import { openStore } from '../../src/store/sqlite/open-store.js';

// Spawns child processes (tsx start-ups take seconds each on a loaded machine): a wider bound than the default 30 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });


let dir: string;
let sim: SimulatorHandle;
let env: NodeJS.ProcessEnv;

function admin(args: string[], stdin = '', extraEnv: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  return runAdminCli(args, { cwd: dir, env: { ...env, ...extraEnv }, stdin });
}

/** Every byte SQLite may hold the data in: the main file, the WAL and the shared-memory index. */
function databaseBytes(): string {
  return ['', '-wal', '-shm']
    .map((s) => env.DATABASE_PATH + s)
    .filter((p) => existsSync(p))
    .map((p) => readFileSync(p).toString('latin1'))
    .join('');
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'admin-token-'));
  sim = await startSimulator();
  env = { PATH: process.env.PATH, HOME: dir, DATABASE_PATH: join(dir, 'bot.sqlite'), BOT_ENCRYPTION_KEY: generateEncryptionKey(), GATEWAY_BASE_URL: sim.baseUrl, LOG_LEVEL: 'warn' };
});
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('admin CLI: gateway tokens', () => {
  it('links a community token read from stdin after checking it with GET /v1/models, never showing it', async () => {
    const token = sim.tokens.media;
    const link = await admin(['token', 'link', 'discord:31337'], `${token}\n`);
    expect(link.stderr).toBe('');
    expect(link.code).toBe(0);
    // Community tokens go through the chats' own /setup token piece as the operator, and answer in its words.
    expect(link.stdout).toMatch(/This community's requests now use the gateway token sk-…[A-Za-z0-9]{4}\. It reaches [1-9]\d* models\./);
    expect(sim.requests().some((r) => r.endpoint === 'models' && r.token === token)).toBe(true);

    const show = await admin(['token', 'show', 'discord:31337']);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain(`This community uses the gateway token sk-…${token.slice(-4)}, linked`);
    expect(show.stdout).toMatch(/The gateway balance of this community's token is \$1,000\.00 \(\$0\.00 used so far\); it does not expire\./);

    for (const r of [link, show]) expect(r.stdout + r.stderr).not.toContain(token);
    expect(databaseBytes()).not.toContain(token);
    expect(databaseBytes()).not.toContain(token.slice(3, -4));

    const store = await openStore({ path: env.DATABASE_PATH!, encryptionKey: env.BOT_ENCRYPTION_KEY!, defaultAllowanceMicros: null, defaultPeriod: 'day', clock: systemClock });
    try {
      const scope = await store.directory.ensureScope({ platform: 'discord', externalId: '31337' });
      const user = await store.directory.ensureUser({ platform: 'discord', externalId: '5' });
      const resolved = await store.tokens.resolveToken(scope.id, user.id);
      expect(resolved).toMatchObject({ source: 'scope', token });
    } finally {
      await store.close();
    }
  });

  it('refuses a token the gateway rejects and stores nothing', async () => {
    const bad = sim.tokens.invalid;
    const r = await admin(['token', 'link', 'user:telegram:77'], bad);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('the gateway rejected this token');
    expect(r.stdout + r.stderr).not.toContain(bad);
    const show = await admin(['token', 'show', 'user:telegram:77']);
    expect(show.stdout).toContain('No personal token of telegram:77 is linked.');
    const scoped = await admin(['token', 'link', 'telegram:-100999'], bad);
    expect(scoped.code).toBe(1);
    expect(scoped.stderr).toMatch(/^error: .*token/i);
    expect(scoped.stdout + scoped.stderr).not.toContain(bad);
    expect((await admin(['token', 'show', 'telegram:-100999'])).stdout).toContain('This community has no gateway token linked.');
  });

  it('needs a reachable gateway or --no-verify, and a token on stdin', async () => {
    const secret = 'sk-unverified-token-0123456789';
    const noGateway = await admin(['token', 'link', 'user:telegram:77'], secret, { GATEWAY_BASE_URL: '' });
    expect(noGateway.code).toBe(1);
    expect(noGateway.stderr).toContain('--no-verify');
    const empty = await admin(['token', 'link', 'user:telegram:77', '--no-verify'], '\n');
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('no token on stdin');
    const forced = await admin(['token', 'link', 'user:telegram:77', '--no-verify'], secret, { GATEWAY_BASE_URL: '' });
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain('personal token of telegram:77: sk-…6789 (not verified (--no-verify))');
    const scoped = await admin(['token', 'link', '--scope', 'discord:4242', '--no-verify'], secret, { GATEWAY_BASE_URL: '' });
    expect(scoped.code).toBe(0);
    expect(scoped.stdout).toMatch(/This community's requests now use the gateway token sk-…6789\. Not verified \(--no-verify\)\./);
    for (const x of [noGateway, empty, forced, scoped]) expect(x.stdout + x.stderr).not.toContain(secret);
    expect(databaseBytes()).not.toContain(secret);
  });

  it('unlinks, and the audit log records link and unlink without the token', async () => {
    const un = await admin(['token', 'unlink', 'discord:31337']);
    expect(un.code).toBe(0);
    expect(un.stdout).toMatch(/The community gateway token sk-…[A-Za-z0-9]{4} was removed\./);
    const audit = await admin(['audit', 'discord:31337']);
    expect(audit.stdout).toMatch(/operator\s+discord:31337\s+token\.scope\.unlink/);
    expect(audit.stdout).toMatch(/operator\s+discord:31337\s+token\.scope\.link/);
    expect(audit.stdout).not.toContain(sim.tokens.media);
  });
});
