import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
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

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'playground-'));
  dirs.push(d);
  return d;
}

/** `npm start` as a child process: fresh cwd (no .env), no platform tokens, a fast simulator and poller. */
function start(cwd: string, stdin: string | null, extra: NodeJS.ProcessEnv = {}): Promise<Run> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: cwd,
    DATABASE_PATH: join(cwd, 'db', 'play.sqlite'),
    OUTPUT_DIR: join(cwd, 'out'),
    LOG_LEVEL: 'warn',
    SIM_VIDEO_QUEUED_MS: '50',
    SIM_VIDEO_RUN_MS: '300',
    POLL_INTERVAL_MS: '100',
    POLL_MAX_INTERVAL_MS: '200',
    PLAYGROUND_WAIT_MS: '20000',
    ...extra,
  };
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', TSX, MAIN], { cwd, env, stdio: [stdin === null ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
    if (stdin !== null) child.stdin?.end(stdin);
  });
}

function filesIn(dir: string, ext: string): string[] {
  return readdirSync(dir).filter((f) => f.endsWith(ext)).map((f) => join(dir, f));
}

/** A real PNG: the 8-byte signature, then an IHDR chunk with non-zero width and height. */
function expectPng(path: string): void {
  const b = readFileSync(path);
  expect(b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  expect(b.subarray(12, 16).toString('latin1')).toBe('IHDR');
  expect(b.readUInt32BE(16)).toBeGreaterThan(0);
  expect(b.readUInt32BE(20)).toBeGreaterThan(0);
}

/** A real MP4: an `ftyp` box first. */
function expectMp4(path: string): void {
  const b = readFileSync(path);
  expect(b.subarray(4, 8).toString('latin1')).toBe('ftyp');
  expect(statSync(path).size).toBeGreaterThan(1000);
}

afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('npm start: terminal playground driven through stdin', () => {
  let cwd: string;
  let run: Run;

  beforeAll(async () => {
    cwd = tempDir();
    run = await start(cwd, ['/imagine a red fox', '/video a wave --seconds 4', '/balance', '/video x --seconds 99', '/imagine', '/imagine a cat --ar 7', ''].join('\n'));
  });

  it('exits 0 at EOF after the running video finished, with the simulator banner', () => {
    expect(run.stderr).not.toMatch(/Error|at .*\.ts:\d+/);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('BUILT-IN gateway simulator');
    expect(run.stdout).toContain('DISCORD_TOKEN');
    expect(run.stdout).toContain('.env.example');
  });

  it('/imagine a red fox writes a real PNG and prints its path', () => {
    const pngs = filesIn(join(cwd, 'out'), '.png');
    expect(pngs).toHaveLength(1);
    expectPng(pngs[0]!);
    expect(run.stdout).toContain(pngs[0]!.slice(cwd.length + 1).replace(/^out\//, ''));
    expect(run.stdout).toContain('Cost: $0.01');
    expect(run.stdout).toContain('Left: $4.99');
    // Actions are typed hints on the console, generated from the command definitions.
    expect(run.stdout).toMatch(/\/reroll j_\w+ .*Reroll/);
    expect(run.stdout).toMatch(/\/edit <prompt> --from j_\w+ .*Edit: What should change\?/);
  });

  it('/video a wave --seconds 4 writes an mp4 once the poller delivered it', () => {
    const mp4s = filesIn(join(cwd, 'out'), '.mp4');
    expect(mp4s).toHaveLength(1);
    expectMp4(mp4s[0]!);
    expect(run.stdout).toMatch(/✓ video j_\w+ ready \(4 s, .*\$0\.20\): .*\.mp4/);
  });

  it('/balance shows the charge and the hold', () => {
    expect(run.stdout).toMatch(/You: \$4\.79 left of \$5\.00 per day; spent \$0\.01 \(\$0\.20 held for running jobs\)/);
  });

  it('bad input prints clear messages and charges nothing', () => {
    expect(run.stdout).toMatch(/✗ 99 seconds is not possible: videos last 4 to 15 seconds.*Nothing was charged/);
    expect(run.stdout).toMatch(/✗ [^\n]*Usage:\s*\/imagine <prompt>/);
    expect(run.stdout).toMatch(/the prompt is missing/i);
    expect(run.stdout).toMatch(/✗ --ar 7 is not valid: use W:H/);
    const db = new Database(join(cwd, 'db', 'play.sqlite'), { readonly: true });
    try {
      const charged = db.prepare("select coalesce(sum(amount_micros), 0) as s from ledger_entries where kind = 'charge'").get() as { s: number };
      const open = db.prepare("select count(*) as n from holds where status = 'open'").get() as { n: number };
      const jobs = db.prepare('select kind, status from jobs order by created_at, id').all() as { kind: string; status: string }[];
      expect(charged.s).toBe(10_000 + 200_000);
      expect(open.n).toBe(0);
      // Only the two valid requests became jobs; the refused ones never reached the store.
      expect(jobs.map((j) => `${j.kind}:${j.status}`).sort()).toEqual(['imagine:delivered', 'video:delivered']);
    } finally {
      db.close();
    }
  });

  it('makes its own key file (0600) when BOT_ENCRYPTION_KEY is missing', () => {
    expect(run.stdout).toContain('generated a local playground key in ./data/playground.key');
    expect(statSync(join(cwd, 'data', 'playground.key')).mode & 0o777).toBe(0o600);
  });
});

describe('npm start < /dev/null: the scripted demo', () => {
  it('runs /imagine, a short /video and /balance, leaves a PNG and an mp4, and exits 0', async () => {
    const cwd = tempDir();
    const run = await start(cwd, null);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('No input on stdin: running the demo script.');
    expect(run.stdout).toContain('> /balance');
    expectPng(filesIn(join(cwd, 'out'), '.png')[0]!);
    expectMp4(filesIn(join(cwd, 'out'), '.mp4')[0]!);
    expect(run.stdout).toMatch(/spent \$0\.21/);
  });
});

/** `npm start` reading `stdin` in `cwd`, resolving once it exited; `start` with a shared database folder. */
function startIn(cwd: string, db: string, stdin: string, extra: NodeJS.ProcessEnv = {}): Promise<Run> {
  return start(cwd, stdin, { DATABASE_PATH: join(db, 'play.sqlite'), ...extra });
}

function jobRows(dbPath: string, sql: string): Record<string, unknown>[] {
  const db = new Database(dbPath, { readonly: true });
  try {
    return db.prepare(sql).all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

describe('playground: one command layer, local files, honest money', () => {
  it('/edit takes --image paths: ~/, quoted, escaped and plain spaces; a missing file is named and nothing runs', async () => {
    const cwd = tempDir();
    const first = await start(cwd, '/imagine a red fox\n');
    const png = filesIn(join(cwd, 'out'), '.png')[0]!;
    mkdirSync(join(cwd, 'my pics'));
    copyFileSync(png, join(cwd, 'my pics', 'fox one.png'));
    expect(first.code).toBe(0);
    const run = await start(
      cwd,
      [
        '/edit make it blue --image ~/my pics/fox one.png',
        `/edit make it green --image '~/my pics/fox one.png' --image "${join(cwd, 'my pics', 'fox one.png')}"`,
        '/edit make it red --image ~/my\\ pics/fox\\ one.png',
        '/edit make it pink --image ~/nope.png',
        '/edit make it gold --image "~/my pics/missing one.png"',
        '',
      ].join('\n'),
    );
    expect(run.code).toBe(0);
    expect(run.stdout.match(/Image ready/g)).toHaveLength(3);
    expect(run.stdout).toContain('✗ No file at ~/nope.png');
    expect(run.stdout).toContain('✗ No file at ~/my pics/missing one.png');
    const edits = jobRows(join(cwd, 'db', 'play.sqlite'), "select prompt from jobs where kind = 'edit' order by created_at, id").map((r) => r.prompt);
    expect(edits).toEqual(['make it blue', 'make it green', 'make it red']);
    // One PNG from /imagine and one per edit that ran; the refused lines wrote nothing.
    expect(filesIn(join(cwd, 'out'), '.png')).toHaveLength(4);
  });

  it('/reroll and /animate work on the console, and /token and /setup token say they are not available here', async () => {
    const cwd = tempDir();
    const first = await start(cwd, '/imagine a red fox\n');
    const job = /\/reroll (j_\w+)/.exec(first.stdout)?.[1];
    expect(job).toBeDefined();
    const run = await start(cwd, [`/reroll ${job}`, `/animate ${job}`, '/token link sk-abc', '/setup token', ''].join('\n'));
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/> \/reroll j_\w+\n[\s\S]*?Image ready\na red fox/);
    expect(run.stdout).toMatch(/✓ video j_\w+ ready \(\d+ s( \(\d+ s requested\))?, .*\): .*\.mp4/);
    // Under the delivered video, the follow-ups the chat surfaces show as buttons, as commands to type.
    expect(run.stdout).toMatch(/✓ video (j_\w+) ready .*\n {2}next:\n {4}\/reroll \1 +Reroll\n/);
    expect(run.stdout).toContain('✗ /token is not available in the playground');
    expect(run.stdout).toContain('✗ /setup token is not available in the playground');
    const rows = jobRows(join(cwd, 'db', 'play.sqlite'), 'select kind, status from jobs order by created_at, id');
    expect(rows.map((r) => `${String(r.kind)}:${String(r.status)}`)).toEqual(['imagine:delivered', 'imagine:delivered', 'video:delivered']);
    expectMp4(filesIn(join(cwd, 'out'), '.mp4')[0]!);
  });

  it('the banner shows the allowance the core reports after spending, not the DEMO_BUDGET text', async () => {
    const cwd = tempDir();
    const first = await start(cwd, '/imagine a red fox\n/budget default 3\n');
    expect(first.stdout).toContain('budget:   $5.00 left of $5.00 per day for you');
    const second = await start(cwd, '/balance\n', { DEMO_BUDGET: '9' });
    expect(second.stdout).toContain('budget:   $2.99 left of $3.00 per day for you');
    expect(second.stdout).not.toContain('DEMO_BUDGET');
  });

  it('two playgrounds on one database each get their own video', async () => {
    const cwd = tempDir();
    const db = join(cwd, 'shared');
    const ready = await startIn(cwd, db, '/balance\n');
    expect(ready.code).toBe(0);
    const [a, b] = [tempDir(), tempDir()];
    const slow = { SIM_VIDEO_QUEUED_MS: '100', SIM_VIDEO_RUN_MS: '1500' };
    const [ra, rb] = await Promise.all([startIn(a, db, '/video waves A --seconds 4\n', slow), startIn(b, db, '/video waves B --seconds 5\n', slow)]);
    const jobOf = (r: Run) => /Job (j_\w+): the video/.exec(r.stdout)?.[1];
    const [ja, jb] = [jobOf(ra), jobOf(rb)];
    expect(ja && jb).toBeTruthy();
    expect(ra.stdout).toContain(`✓ video ${ja} ready (4 s`);
    // Length and size come from the delivered file: the simulator's sample plays 4 s whatever was asked (and says so).
    expect(rb.stdout).toContain(`✓ video ${jb} ready (4 s (5 s requested), 320x180`);
    expect(ra.stdout).not.toContain(jb!);
    expect(rb.stdout).not.toContain(ja!);
    expectMp4(join(a, 'out', `${ja}.mp4`));
    expectMp4(join(b, 'out', `${jb}.mp4`));
    const rows = jobRows(join(db, 'play.sqlite'), "select status from jobs where kind = 'video'");
    expect(rows.map((r) => r.status)).toEqual(['delivered', 'delivered']);
  });

  it('with the built-in simulator, a video still running at the end is cancelled and its hold released, never promised for later', async () => {
    const cwd = tempDir();
    const run = await start(cwd, '/video a very slow wave --seconds 4\n', { SIM_VIDEO_RUN_MS: '600000', PLAYGROUND_WAIT_MS: '300' });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/✗ video j_\w+ cancelled: the built-in simulator keeps its tasks in memory.*Its hold of \$0\.20 was released: nothing was charged\./);
    expect(run.stdout).not.toMatch(/delivered the next time/);
    const dbPath = join(cwd, 'db', 'play.sqlite');
    expect(jobRows(dbPath, 'select status, error_code from jobs')).toEqual([{ status: 'released', error_code: 'job_interrupted' }]);
    expect(jobRows(dbPath, "select count(*) as n from holds where status = 'open'")).toEqual([{ n: 0 }]);
    expect(jobRows(dbPath, "select count(*) as n from ledger_entries where kind = 'charge'")).toEqual([{ n: 0 }]);
    const next = await start(cwd, '/balance\n');
    expect(next.stdout).toContain('budget:   $5.00 left of $5.00 per day for you');
  });
});
