import { execFile } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/ports/clock.js';
import { EncryptionKeyError, maskToken, parseEncryptionKey, TokenDecryptError } from '../../src/store/crypto.js';
import { openStore } from '../../src/store/sqlite/open-store.js';
import { makeTempStore, TEST_KEY, type TempStore } from '../fixtures/store/temp-store.js';

let t: TempStore;
afterEach(async () => t?.cleanup());

const SECRET = 'sk-live9f8e7d6c5b4a39281706abcdefa1b2';
const COMMUNITY = 'sk-community00112233445566778899c3d4';
const root = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

const reopen = (path: string, key: string, operatorToken?: string) =>
  openStore({ path, encryptionKey: key, operatorToken, defaultAllowanceMicros: 1_000_000, defaultPeriod: 'day', clock: new ManualClock(0) });

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
});

describe('token storage', () => {
  it('resolves personal → scope → operator → none', async () => {
    t = await makeTempStore({ operatorToken: 'sk-operator-xyz9' });
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
    const bare = await reopen(t.path, TEST_KEY);
    expect(await bare.tokens.resolveToken(scopeId, userId)).toEqual({ source: 'none' });
    await bare.close();
    const again = await reopen(t.path, TEST_KEY);
    const audit = JSON.stringify(await again.admin.auditEntries(null));
    await again.close();
    expect(audit).toContain('token.personal.link');
    expect(audit).not.toContain(SECRET);
  });

  it('never writes a token in clear; a wrong key says so; rekey works', async () => {
    t = await makeTempStore();
    const { store, scopeId, userId, path } = t;
    await store.admin.linkToken(userId, { kind: 'personal', ownerId: userId }, SECRET, null);
    await store.admin.linkToken('operator', { kind: 'scope', ownerId: scopeId }, COMMUNITY, scopeId);
    const walBefore = existsSync(`${path}-wal`) ? readFileSync(`${path}-wal`) : Buffer.alloc(0);
    await store.close();
    for (const file of [readFileSync(path), walBefore, existsSync(`${path}-wal`) ? readFileSync(`${path}-wal`) : Buffer.alloc(0)]) {
      for (const secret of [SECRET, COMMUNITY, SECRET.slice(3, 20), COMMUNITY.slice(3, 20)]) expect(file.includes(secret)).toBe(false);
    }
    expect(readFileSync(path).includes('a1b2')).toBe(true); // last4 is stored for display

    const wrong = await reopen(path, Buffer.alloc(32, 9).toString('base64'));
    await expect(wrong.tokens.resolveToken(scopeId, userId)).rejects.toThrow(TokenDecryptError);
    await expect(wrong.tokens.resolveToken(scopeId, userId)).rejects.toThrow('the stored token cannot be decrypted with this BOT_ENCRYPTION_KEY');
    await wrong.close();

    const newKey = Buffer.alloc(32, 3).toString('hex');
    const env = { ...process.env, DATABASE_PATH: path, BOT_ENCRYPTION_KEY: TEST_KEY, NEW_BOT_ENCRYPTION_KEY: newKey };
    const out = await run(process.execPath, ['--import', 'tsx', 'src/store/rekey-cli.ts'], { cwd: root, env });
    expect(out.stdout).toContain('Re-encrypted 2 token(s)');
    const rekeyed = await reopen(path, newKey);
    expect(await rekeyed.tokens.resolveToken(scopeId, userId)).toMatchObject({ source: 'personal', token: SECRET });
    await rekeyed.close();
    const old = await reopen(path, TEST_KEY);
    await expect(old.tokens.resolveToken(scopeId, userId)).rejects.toThrow(TokenDecryptError);
    await old.close();

    // a rekey with the wrong old key changes nothing
    const bad = await run(process.execPath, ['--import', 'tsx', 'src/store/rekey-cli.ts'], { cwd: root, env: { ...env, BOT_ENCRYPTION_KEY: TEST_KEY, NEW_BOT_ENCRYPTION_KEY: TEST_KEY } }).catch((e: { stderr: string; code: number }) => e);
    expect('code' in bad && bad.code).toBe(1);
    const still = await reopen(path, newKey);
    expect((await still.tokens.resolveToken(scopeId, userId)).source).toBe('personal');
    await still.close();
  }, 20_000);

  it('keygen prints a usable key', async () => {
    const out = await run(process.execPath, ['--import', 'tsx', 'src/store/keygen-cli.ts'], { cwd: root });
    expect(parseEncryptionKey(out.stdout.trim())).toHaveLength(32);
  });
});
