/**
 * Spawns the real bot entry point as a child process, the way an operator runs it:
 * - by default `node --import tsx src/main.ts` (what `npm start` runs);
 * - with `MEDIABOT_TEST_DIST=1` in the test's environment, `node dist/src/main.js` (what `npm run start:prod` and
 *   the container run; `npm run build` first), with no TypeScript loader.
 * The child gets only PATH, HOME and the given variables (never the parent's bot settings), in a fresh temp
 * working directory, so its default `./data` lands there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '../..');

/** True when tests run against the built output (`MEDIABOT_TEST_DIST=1`). */
export const USE_DIST = process.env.MEDIABOT_TEST_DIST === '1';

/** The command line (after `node`) that starts the bot. */
export function mainArgs(): string[] {
  return USE_DIST ? [join(ROOT, 'dist/src/main.js')] : ['--import', pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href, join(ROOT, 'src/main.ts')];
}

/** A started bot process. */
export interface MainProcess {
  proc: ChildProcess;
  cwd: string;
  out(): string;
  err(): string;
  /** Resolves with the exit code once the process closed its streams. */
  exited: Promise<number | null>;
  /** Resolves when `pattern` appears in stdout or stderr; rejects after `timeoutMs` or when the process exits first. */
  waitFor(pattern: RegExp | string, timeoutMs?: number): Promise<void>;
}

/** Starts the bot with `env` in `cwd` (default a new temp dir). */
export function spawnMain(env: NodeJS.ProcessEnv, cwd = mkdtempSync(join(tmpdir(), 'mediabot-main-'))): MainProcess {
  const proc = spawn(process.execPath, mainArgs(), { cwd, env: { PATH: process.env.PATH, HOME: cwd, WEB_PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((r) => proc.on('close', (code) => r(code)));
  const seen = (p: RegExp | string) => (typeof p === 'string' ? (out + err).includes(p) : p.test(out + err));
  return {
    proc,
    cwd,
    out: () => out,
    err: () => err,
    exited,
    async waitFor(pattern, timeoutMs = 20_000) {
      const end = Date.now() + timeoutMs;
      while (!seen(pattern)) {
        if (proc.exitCode !== null || proc.signalCode !== null) {
          await new Promise((r) => setTimeout(r, 50)); // let the last output arrive
          if (seen(pattern)) return;
          throw new Error(`bot exited (${proc.exitCode ?? proc.signalCode}) before printing ${String(pattern)}:\n${(out + err).slice(-3000)}`);
        }
        if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${String(pattern)}:\n${(out + err).slice(-3000)}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
  };
}
