import { execFile } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../src/core/ports/clock.js';
import { EncryptionKeyError, maskToken, parseEncryptionKey, TokenDecryptError } from '../../src/store/crypto.js';
import { sql } from 'kysely';
import { makeTempStore, openServedStore, TEST_KEY, type TempStore } from '../fixtures/store/temp-store.js';
import { storeOptions, testEngines, type StoreLocation } from '../support/engines.js';

// Spawns child processes (tsx start-ups take seconds each on a loaded machine): a wider bound than the default 30 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TempStore;
afterEach(async () => t?.cleanup());

const SECRET = 'sk-live9f8e7d6c5b4a39281706abcdefa1b2';
const COMMUNITY = 'sk-community00112233445566778899c3d4';
const root = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

const reopen = (location: StoreLocation, key: string, operatorToken?: string) =>
  openServedStore({ ...storeOptions(location), encryptionKey: key, operatorToken, defaultAllowanceMicros: 1_000_000, defaultPeriod: 'day', clock: new ManualClock(0) });

/** Everything the database holds, as bytes: the SQLite file and its WAL, or every Postgres row as text. */
async function storedBytes(t: TempStore): Promise<Buffer[]> {
  const l = t.location;
  if (l.engine === 'sqlite') return [readFileSync(l.path), existsSync(`${l.path}-wal`) ? readFileSync(`${l.path}-wal`) : Buffer.alloc(0)];
  const s = await reopen(l, TEST_KEY);
  try {
    const out: Buffer[] = [];
    for (const table of ['tokens', 'retired_tokens', 'audit_log', 'jobs', 'ledger_entries']) {
      const r = await sql<{ row: string }>`select t::text as row from ${sql.table(table)} t`.execute(s.db);
      out.push(Buffer.from(r.rows.map((x) => x.row).join('\n')));
    }
    return out;
  } finally {
    await s.close();
  }
}

const engines = await testEngines();

describe('keys', () => {
  it('accepts hex and base64, refuses the rest saying how to make one', () => {
    expect(parseEncryptionKey('ab'.repeat(32))).toHaveLength(32);
    expect(parseEncryptionKey(TEST_KEY)).toHaveLength(32);
    expect(parseEncryptionKey(TEST_KEY.replace(/=$/, ''))).toHaveLength(32);
    for (const bad of ['', 'short', 'ab'.repeat(31), Buffer.alloc(16).toString('base64')]) {
      expect(() => parseEncryptionKey(bad)).toThrow(EncryptionKeyError);
      expect(() => parseEncryptionKey(bad)).toThrow(/run `npm run keygen`/);
    }
    expect(maskToken(SECRET)).toBe('sk-…a1b2');
  });

  it('keygen prints a usable key', async () => {
    const out = await run(process.execPath, ['--import', 'tsx', 'src/store/keygen-cli.ts'], { cwd: root });
    expect(parseEncryptionKey(out.stdout.trim())).toHaveLength(32);
  });
});

describe.each(engines)('token storage ($name)', (engine) => {
  it('resolves personal → scope → operator → none', async () => {
    t = await makeTempStore({ engine, operatorToken: 'sk-operator-xyz9' });
    const { store, scopeId, userId } = t;
    expect(await store.tokens.resolveToken(scopeId, userId)).toMatchObject({ source: 'operator', token: 'sk-operator-xyz9', last4: 'xyz9' });
    await store.admin.linkToken('operator', { kind: 'scope', ownerId: scopeId }, COMMUNITY, scopeId);
    expect(await store.tokens.resolveToken(scopeId, userId)).toMatchObject({ source: 'scope', token: COMMUNITY, last4: 'c3d4' });
    const info = await store.admin.linkToken(userId, { kind: 'personal', ownerId: userId }, SECRET, null);
    expect(info.masked).toBe('sk-…a1b2');
    expect(await store.tokens.resolveToken(scopeId, userId)).toMatchObject({ source: 'personal', token: SECRET, tokenId: info.tokenId });
    expect(await store.admin.showToken({ kind: 'personal', ownerId: userId })).toMatchObject({ masked: 'sk-…a1b2', createdBy: userId });
    await store.admin.unlinkToken(userId, { kind: 'personal', ownerId: userId }, null);
    expect((await store.tokens.resolveToken(scopeId, userId)).source).toBe('scope');
    await store.admin.unlinkToken('operator', { kind: 'scope', ownerId: scopeId }, scopeId);
    await store.close();
    const bare = await reopen(t.location, TEST_KEY);
    expect(await bare.tokens.resolveToken(scopeId, userId)).toEqual({ source: 'none' });
    await bare.close();
    const again = await reopen(t.location, TEST_KEY);
    const audit = JSON.stringify(await again.admin.auditEntries(null));
    await again.close();
    expect(audit).toContain('token.personal.link');
    expect(audit).not.toContain(SECRET);
  });

  it('never writes a token in clear; a wrong key says so; rekey works', async () => {
    t = await makeTempStore({ engine });
    const { store, scopeId, userId, location } = t;
    await store.admin.linkToken(userId, { kind: 'personal', ownerId: userId }, SECRET, null);
    await store.admin.linkToken('operator', { kind: 'scope', ownerId: scopeId }, COMMUNITY, scopeId);
    const before = await storedBytes(t);
    await store.close();
    const stored = [...before, ...(await storedBytes(t))];
    for (const file of stored) {
      for (const secret of [SECRET, COMMUNITY, SECRET.slice(3, 20), COMMUNITY.slice(3, 20)]) expect(file.includes(secret)).toBe(false);
    }
    expect(stored.some((f) => f.includes('a1b2'))).toBe(true); // last4 is stored for display

    const wrong = await reopen(location, Buffer.alloc(32, 9).toString('base64'));
    await expect(wrong.tokens.resolveToken(scopeId, userId)).rejects.toThrow(TokenDecryptError);
    await expect(wrong.tokens.resolveToken(scopeId, userId)).rejects.toThrow('the stored token cannot be decrypted with this BOT_ENCRYPTION_KEY');
    await wrong.close();

    const newKey = Buffer.alloc(32, 3).toString('hex');
    const env = { ...process.env, ...(location.engine === 'postgres' ? { DATABASE_URL: location.url } : { DATABASE_PATH: location.path }), BOT_ENCRYPTION_KEY: TEST_KEY, NEW_BOT_ENCRYPTION_KEY: newKey };
    const out = await run(process.execPath, ['--import', 'tsx', 'src/store/rekey-cli.ts'], { cwd: root, env });
    expect(out.stdout).toContain('Re-encrypted 2 token(s)');
    const rekeyed = await reopen(location, newKey);
    expect(await rekeyed.tokens.resolveToken(scopeId, userId)).toMatchObject({ source: 'personal', token: SECRET });
    await rekeyed.close();
    const old = await reopen(location, TEST_KEY);
    await expect(old.tokens.resolveToken(scopeId, userId)).rejects.toThrow(TokenDecryptError);
    await old.close();

    // a rekey with the wrong old key changes nothing
    const bad = await run(process.execPath, ['--import', 'tsx', 'src/store/rekey-cli.ts'], { cwd: root, env: { ...env, BOT_ENCRYPTION_KEY: TEST_KEY, NEW_BOT_ENCRYPTION_KEY: TEST_KEY } }).catch((e: { stderr: string; code: number }) => e);
    expect('code' in bad && bad.code).toBe(1);
    const still = await reopen(location, newKey);
    expect((await still.tokens.resolveToken(scopeId, userId)).source).toBe('personal');
    await still.close();
  }, 20_000);
});
