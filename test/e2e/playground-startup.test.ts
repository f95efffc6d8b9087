import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { generateEncryptionKey } from '../../src/store/crypto.js';
import { startFakeTelegram } from '../fakes/telegram/index.js';

// Spawns child processes (tsx start-ups take seconds each on a loaded machine): a wider bound than the default 30 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const ROOT = resolve(import.meta.dirname, '../..');
const TSX = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const MAIN = join(ROOT, 'src/main.ts');

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

interface Child {
  proc: ChildProcess;
  out: () => string;
  err: () => string;
  exited: Promise<number | null>;
}

function spawnMain(env: NodeJS.ProcessEnv): Child {
  const cwd = mkdtempSync(join(tmpdir(), 'main-start-'));
  dirs.push(cwd);
  const proc = spawn(process.execPath, ['--import', TSX, MAIN], { cwd, env: { PATH: process.env.PATH, HOME: cwd, DATABASE_PATH: join(cwd, 'bot.sqlite'), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((r) => proc.on('close', (code) => r(code)));
  return { proc, out: () => out, err: () => err, exited };
}

async function until(cond: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('npm start: configuration problems stop start-up with one line', () => {
  it('a bad variable prints one line naming it and exits 1, without a stack trace', async () => {
    const c = spawnMain({ GATEWAY_CONCURRENCY: 'lots', GATEWAY_BASE_URL: 'not a url' });
    expect(await c.exited).toBe(1);
    const lines = c.err().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Configuration error: (GATEWAY_CONCURRENCY|GATEWAY_BASE_URL) must be/);
    expect(c.out()).toBe('');
  });

  it('a platform token without BOT_ENCRYPTION_KEY says to run npm run keygen; a malformed key says so too', async () => {
    const token = '123456789:AAsecret-bot-token-value-0123456789';
    const [missing, bad] = [spawnMain({ TELEGRAM_BOT_TOKEN: token }), spawnMain({ TELEGRAM_BOT_TOKEN: token, BOT_ENCRYPTION_KEY: 'short' })];
    expect(await missing.exited).toBe(1);
    expect(await bad.exited).toBe(1);
    expect(missing.err().trim().split('\n')).toHaveLength(1);
    expect(missing.err()).toContain('BOT_ENCRYPTION_KEY');
    expect(missing.err()).toContain('npm run keygen');
    expect(bad.err().trim().split('\n')).toHaveLength(1);
    expect(bad.err()).toMatch(/BOT_ENCRYPTION_KEY must be 32 bytes.*npm run keygen/);
    for (const c of [missing, bad]) expect(c.out() + c.err()).not.toContain(token);
  });
});

describe('npm start with TELEGRAM_BOT_TOKEN: runs the bot and stops gracefully', () => {
  it('starts against a fake Bot API, logs a summary without the token, and exits 0 on SIGTERM', async () => {
    const fake = await startFakeTelegram();
    try {
      const c = spawnMain({ TELEGRAM_BOT_TOKEN: fake.token, TELEGRAM_API_ROOT: fake.apiRoot, BOT_ENCRYPTION_KEY: generateEncryptionKey(), USE_SIMULATOR: '1', LOG_LEVEL: 'info', LOG_FORMAT: 'json' });
      await until(() => c.out().includes('mediabot started') || c.proc.exitCode !== null, 15_000);
      expect(c.err()).toBe('');
      const summary = c.out().split('\n').find((l) => l.includes('mediabot started'))!;
      const parsed = JSON.parse(summary) as { platforms: string[]; gateway: string; activeVideoJobs: number };
      expect(parsed.platforms).toEqual(['telegram (long polling)']);
      expect(parsed.gateway).toBe('built-in simulator');
      expect(parsed.activeVideoJobs).toBe(0);
      expect(fake.commands().map((x) => x.command)).toContain('imagine');
      c.proc.kill('SIGTERM');
      expect(await c.exited).toBe(0);
      expect(c.out() + c.err()).not.toContain(fake.token);
      expect(c.out() + c.err()).not.toContain(fake.token.split(':')[1]!);
    } finally {
      await fake.close();
    }
  });
});
