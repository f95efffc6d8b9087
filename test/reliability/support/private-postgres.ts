/**
 * A private PostgreSQL cluster for a test that stops and starts its server (the shared server on 5432 serves other
 * tests and must never be restarted): `initdb` into a temp dir, `pg_ctl start` on a free port (trust auth, loopback
 * only, socket in the same dir). The binaries are looked up under `/usr/lib/postgresql/<version>/bin` or on PATH
 * (`MEDIABOT_TEST_PG_BIN` overrides). PostgreSQL refuses to run as root, so as root the commands run as the
 * `postgres` system user (`runuser`), which then owns the temp dir.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from './multi-stack.js';

/** Where initdb and pg_ctl are, or undefined when this machine has none. */
export function postgresBinaries(): string | undefined {
  const explicit = process.env.MEDIABOT_TEST_PG_BIN;
  if (explicit) return existsSync(join(explicit, 'pg_ctl')) ? explicit : undefined;
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl'))).sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], 'bin');
  }
  try {
    const initdb = execFileSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).trim();
    return initdb ? initdb.replace(/\/initdb$/, '') : undefined;
  } catch {
    return undefined;
  }
}

/** A running private cluster. */
export interface PrivatePostgres {
  /** `postgres://postgres@127.0.0.1:<port>/mediabot` (the database exists). */
  url: string;
  port: number;
  /** Stops the server (`-m fast`: open connections are cut, as in a crash of the server or a failover). */
  stop(): void;
  /** Starts it again on the same port and data. */
  start(): void;
  /** Stops it (if running) and deletes its files. */
  destroy(): void;
}

/** Initialises and starts a cluster; throws with the tool's output when that fails. */
export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'mb-private-pg-'));
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const pgUser = execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim();
    const pgGroup = execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim();
    chownSync(dir, Number(pgUser), Number(pgGroup));
  }
  const run = (tool: string, args: string[]) =>
    asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { stdio: 'pipe' }) : execFileSync(join(bin, tool), args, { stdio: 'pipe' });
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const start = () => run('pg_ctl', ['-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', '-t', '30', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
  start();
  run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'mediabot']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/mediabot`,
    port,
    stop,
    start,
    destroy() {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
