/**
 * A first admin session in the terminal playground (`npm start` as a child process, stdin piped): who "you" are,
 * naming people in /budget, references only where an admin learns something and worded for the admin, and
 * `/language` honoured by every line the playground prints (refusals of the grammar, progress, /models, /help).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Spawns child processes (tsx start-ups take seconds each on a loaded machine): a wider bound than the default 30 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const ROOT = resolve(import.meta.dirname, '../..');
const TSX = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const MAIN = join(ROOT, 'src/main.ts');

const LINES = [
  '/help budget',
  '/budget set root 0.05 day',
  '/budget clear root',
  '/budget adjust nobodyxyz +1 prize',
  '/budget block nobodyxyz',
  '/budget set me 2 day',
  '/frobnicate',
  '/imagine a fox [[fault:content_policy]]',
  '/help edit',
  '/language es',
  '/frobnicate',
  '/imagine --ar 99 a fox',
  '/imagine a small fox',
  '/models',
  '/language en',
  '/video a wave --seconds 6',
];

/** The answer printed after the prompt line `> <line>`, up to the next prompt. */
function answerTo(stdout: string, line: string): string {
  const at = stdout.indexOf(`> ${line}\n`);
  if (at < 0) throw new Error(`no prompt for ${line}`);
  const rest = stdout.slice(at + line.length + 3);
  const next = rest.indexOf('\n> ');
  return next < 0 ? rest : rest.slice(0, next);
}

describe('playground: a first admin session', () => {
  let dir: string;
  let stdout = '';
  let code: number | null = null;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'playground-first-'));
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: dir,
      DATABASE_PATH: join(dir, 'db', 'play.sqlite'),
      OUTPUT_DIR: join(dir, 'out'),
      LOG_LEVEL: 'warn',
      PLAYGROUND_WAIT_MS: '20000',
      SIM_VIDEO_QUEUED_MS: '50',
      SIM_VIDEO_RUN_MS: '300',
      POLL_INTERVAL_MS: '100',
      POLL_MAX_INTERVAL_MS: '200',
    };
    await new Promise<void>((done, fail) => {
      const child = spawn(process.execPath, ['--import', TSX, MAIN], { cwd: dir, env, stdio: ['pipe', 'pipe', 'pipe'] });
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.resume();
      child.on('error', fail);
      child.on('close', (c) => {
        code = c;
        done();
      });
      child.stdin.end(`${LINES.join('\n')}\n`);
    });
  }, 60_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('exits cleanly', () => {
    expect(code).toBe(0);
  });

  it('the banner and /help budget say who you are and how to name yourself', () => {
    expect(stdout).toMatch(/^ {2}you: +\S.* \(id local\), the admin here; in \/budget and \/usage write me for yourself$/m);
    const help = answerTo(stdout, '/help budget');
    expect(help).toContain('The playground has one person, you: write me. "me" means you:');
    expect(help).toContain('(id local)');
    expect(help).toContain('/budget adjust @ana +1.50 refund for a bad image');
    expect(help).not.toContain('-1.50 refund');
  });

  it('unknown names are refused in /budget set|clear|adjust|block and nothing is stored; me is you', () => {
    for (const line of LINES.slice(1, 5)) {
      const answer = answerTo(stdout, line);
      expect(answer, line).toMatch(/^✗ Nobody called '(root|nobodyxyz)' has been seen here, so nothing was changed\. The playground has one person, you: write me\./);
      expect(answer, line).not.toContain('Reference');
    }
    expect(answerTo(stdout, '/budget set me 2 day')).toMatch(/allowance here is now \$2\.00 per day/);
    const db = new Database(join(dir, 'db', 'play.sqlite'), { readonly: true });
    try {
      const users = db.prepare('SELECT platform, external_id FROM users').all() as { platform: string; external_id: string }[];
      expect(users).toEqual([{ platform: 'console', external_id: 'local' }]);
      const actions = (db.prepare('SELECT action FROM audit_log').all() as { action: string }[]).map((r) => r.action);
      expect(actions.filter((a) => a.startsWith('user.') || a.startsWith('budget.user') || a === 'budget.adjust')).toHaveLength(1);
    } finally {
      db.close();
    }
  });

  it('a typo carries no reference; a real failure carries one that points the admin to /job', () => {
    expect(answerTo(stdout, '/frobnicate')).toBe("✗ There is no command 'frobnicate'. See /help for the list.");
    const refused = answerTo(stdout, '/imagine a fox [[fault:content_policy]]');
    expect(refused).toMatch(/Reference ([A-Z2-7]{6}): \/job \1 shows what went wrong\./);
    expect(refused).not.toContain('ask an admin');
  });

  it('/help edit names --image on the console', () => {
    expect(answerTo(stdout, '/help edit')).toMatch(/^--image PATH — a local image file to send with the command; repeat it for up to 3 files$/m);
  });

  it('after /language es, refusals of the grammar, progress and /models speak Spanish; /models lists once', () => {
    const after = stdout.slice(stdout.indexOf('> /language es'));
    expect(answerTo(after, '/frobnicate')).toBe("✗ No existe el comando 'frobnicate'. Consulta la lista con /help.");
    expect(answerTo(after, '/imagine --ar 99 a fox')).toMatch(/^✗ --ar 99 no es válido/);
    expect(answerTo(after, '/imagine a small fox')).toContain('  trabajando…');
    expect(answerTo(after, '/imagine a small fox')).not.toContain('working…');
    const models = answerTo(after, '/models');
    expect(models.startsWith('Modelos\n')).toBe(true);
    expect(models.match(/alpha-image-2-hd/g)).toHaveLength(1);
    expect(models).toContain('Predeterminados:');
  });

  it('a 6 s video that came back shorter says the length of its file and what was asked', () => {
    const ready = /^✓ video (j_\w+) ready \((.*)\): /m.exec(stdout);
    expect(ready).not.toBeNull();
    // The simulator's file plays for 4 s whatever was asked.
    expect(ready![2]).toMatch(/^4 s \(6 s requested\), 320x180, \$/);
  });
});
