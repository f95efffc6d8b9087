import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '../..');
const TSX = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const CLI = join(ROOT, 'src/admin/cli.ts');

/** What one CLI run printed and how it exited. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the real operator CLI (`npm run admin -- …`) in a child process with exactly `env` (no inherited variables)
 * in `cwd` (a temp folder, so no `.env` is picked up), writing `stdin` to it.
 */
export function runAdminCli(args: string[], o: { cwd: string; env: NodeJS.ProcessEnv; stdin?: string }): Promise<CliRun> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', TSX, CLI, ...args], { cwd: o.cwd, env: o.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
    child.stdin.end(o.stdin ?? '');
  });
}
