/**
 * A real bot process: `node --import tsx src/main.ts` with the given environment (platform variables of the parent
 * removed first), its stdout and stderr captured whole (for the secrets sweep). `ready` resolves at the
 * "mediabot started" log line; `kill()` sends SIGKILL and resolves once the process is gone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** tsx's ESM loader by URL, so the bot can run with any working directory. */
const TSX = new URL('../../../node_modules/tsx/dist/loader.mjs', import.meta.url).href;
const MAIN = fileURLToPath(new URL('../../../src/main.ts', import.meta.url));

/** A started bot process. */
export interface BotProcess {
  child: ChildProcess;
  /** Resolves when the bot logged that it started; rejects if it exits first or within `timeoutMs`. */
  ready: Promise<void>;
  exited: Promise<number | null>;
  /** Everything it printed so far (stdout + stderr). */
  output(): string;
  /** SIGKILL, then waits for the exit. */
  kill(): Promise<void>;
  /** SIGTERM (graceful stop), then waits for the exit (SIGKILL after 10 s). */
  stop(): Promise<void>;
}

const DROP = /^(DISCORD_|TELEGRAM_|GATEWAY_|DATABASE_PATH$|BOT_ENCRYPTION_KEY$|LOG_|OWNER_IDS$|DEFAULT_|POLL_|JOB_DEADLINE|MAX_JOBS|PRICES_FILE)/;

/**
 * Spawns the bot with `env` (over a copy of this process's environment minus bot settings) in `cwd`, so its
 * default `./data/outputs` lands in a temp dir, never in the repository. The web pages are off and so is
 * OPERATOR_DAILY_CAP (its $5 default would stop a 300-job run); a test may set either.
 */
export function spawnBot(env: Record<string, string>, cwd: string, timeoutMs = 30_000): BotProcess {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !DROP.test(k)));
  const child = spawn(process.execPath, ['--import', TSX, MAIN], { cwd, env: { WEB_PORT: '0', OPERATOR_DAILY_CAP: 'off', ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`bot did not start within ${timeoutMs} ms: ${out.slice(-2000)}`)), timeoutMs);
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('"mediabot started"')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`bot exited (${code}) before it started: ${out.slice(-2000)}`));
    });
  });
  ready.catch(() => undefined);
  return {
    child,
    ready,
    exited,
    output: () => out,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(t);
    },
  };
}
