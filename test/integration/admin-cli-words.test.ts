import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../src/admin/run.js';
import { loadConfig } from '../../src/config.js';
import { systemClock } from '../../src/core/ports/clock.js';
import { generateEncryptionKey } from '../../src/store/crypto.js';
import { openStore } from '../../src/store/sqlite/open-store.js';

let dir: string;
let env: NodeJS.ProcessEnv;

/** The CLI in-process (as `npm run admin -- …` runs it), its output and exit code. */
async function admin(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runAdmin(args, () => loadConfig(env), { out: (t) => (stdout += `${t}\n`), err: (t) => (stderr += `${t}\n`), readSecret: async () => '' });
  return { code, stdout, stderr };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'admin-words-'));
  env = { PATH: process.env.PATH, HOME: dir, DATABASE_PATH: join(dir, 'bot.sqlite'), BOT_ENCRYPTION_KEY: generateEncryptionKey(), LOG_LEVEL: 'warn' };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('admin CLI: the global word list', () => {
  it('adds (normalized), lists, removes and clears global prompt rules, audited as the operator', async () => {
    expect((await admin(['words'])).code).toBe(2);
    const added = await admin(['words', 'add', 'ＳＰＡＣＥ*', 'No', 'space', 'here.']);
    expect(added).toMatchObject({ code: 0 });
    expect(added.stdout).toContain('Added "space*" to the global list.');
    expect((await admin(['words', 'add', 'moon'])).code).toBe(0);
    expect((await admin(['words', 'list'])).stdout).toBe('space* — No space here.\nmoon\n');
    expect((await admin(['words', 'remove', 'moon'])).stdout).toContain('Removed "moon"');
    expect((await admin(['words', 'remove', 'moon'])).stdout).toContain('is not in the global list');
    expect((await admin(['words', 'add', '***'])).code).toBe(2);

    const store = await openStore({ path: env.DATABASE_PATH!, encryptionKey: env.BOT_ENCRYPTION_KEY!, defaultAllowanceMicros: 1_000_000, defaultPeriod: 'day', clock: systemClock });
    try {
      expect((await store.rules.wordRules(null)).map((r) => [r.scopeId, r.pattern, r.message])).toEqual([[null, 'space*', 'No space here.']]);
      const audit = await store.db.selectFrom('audit_log').select(['actor', 'action', 'scope_id']).execute();
      expect(audit.map((a) => `${a.actor} ${a.action} ${String(a.scope_id)}`).sort()).toEqual(['operator words.add null', 'operator words.add null', 'operator words.remove null']);
    } finally {
      await store.close();
    }
    expect((await admin(['words', 'clear'])).stdout).toContain('Removed 1 global rule(s).');
  });
});
