/**
 * compose.yaml and compose.scale.yaml read by a real Compose parser (`docker compose` when a Docker CLI with the
 * compose plugin is installed, else Debian's `docker-compose`; .ci/run installs the latter), with `.env.example`
 * copied to `.env` and only the documented required values filled in, as a new operator does:
 * - `docker compose up -d` (compose.yaml alone) loads: the single bot, nothing asks for POSTGRES_PASSWORD;
 * - the scaled set (compose.yaml + compose.scale.yaml) refuses to load without POSTGRES_PASSWORD, naming it, and with
 *   it puts the password in DATABASE_URL and switches the single bot off.
 * Skipped, saying why, when no Compose parser is installed (a failure with MEDIABOT_REQUIRE_SERVICES=1, as in CI).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

// Spawns child processes (tsx start-ups take seconds each on a loaded machine): a wider bound than the default 30 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const ROOT = resolve(import.meta.dirname, '../..');

/** The Compose command line found here, or undefined. */
function findCompose(): string[] | undefined {
  for (const cmd of [['docker', 'compose'], ['docker-compose']]) {
    const r = spawnSync(cmd[0]!, [...cmd.slice(1), 'version'], { encoding: 'utf8' });
    if (r.status === 0) return cmd;
  }
  return undefined;
}

const compose = findCompose();
const missing = 'neither `docker compose` nor `docker-compose` is installed (apt-get install docker-compose)';
// CI installs a parser and sets MEDIABOT_REQUIRE_SERVICES=1 (scripts/ci-services.sh): there a missing one is a failure.
if (!compose && process.env.MEDIABOT_REQUIRE_SERVICES === '1') throw new Error(`compose files: ${missing} and MEDIABOT_REQUIRE_SERVICES=1`);
if (!compose) console.warn(`[skipped] compose files: ${missing}`);

/** `.env.example` with only the values the docs call required filled in. */
const REQUIRED = { TELEGRAM_BOT_TOKEN: '123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', BOT_ENCRYPTION_KEY: 'Z1+kN+JcEpm2m2IB9i0qE8jAOk4QImnuJHBu6cJ+ZqQ=', GATEWAY_BASE_URL: 'https://gateway.example.com' };

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A folder holding the compose files and a `.env` made from `.env.example` plus `extra` lines. */
function project(extra: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'compose-'));
  dirs.push(dir);
  for (const f of ['compose.yaml', 'compose.scale.yaml']) copyFileSync(join(ROOT, f), join(dir, f));
  let env = readFileSync(join(ROOT, '.env.example'), 'utf8');
  for (const [k, v] of Object.entries(REQUIRED)) {
    expect(env, `.env.example has no empty ${k}= line`).toMatch(new RegExp(`^${k}=$`, 'm'));
    env = env.replace(new RegExp(`^${k}=$`, 'm'), `${k}=${v}`);
  }
  for (const [k, v] of Object.entries(extra)) env += `${k}=${v}\n`;
  writeFileSync(join(dir, '.env'), env);
  return dir;
}

function config(dir: string, files: string[]): { status: number | null; out: string; err: string } {
  const args = [...compose!.slice(1), ...files.flatMap((f) => ['-f', f]), 'config'];
  // Only PATH and HOME: a POSTGRES_PASSWORD in the test's own environment must not stand in for the .env file.
  const r = spawnSync(compose![0]!, args, { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: dir } });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

describe.skipIf(!compose)('compose files over .env.example', () => {
  it('the single bot loads with only the required values (no POSTGRES_PASSWORD needed)', () => {
    const r = config(project(), ['compose.yaml']);
    expect(r.err).not.toMatch(/POSTGRES_PASSWORD/);
    expect(r.status, r.err).toBe(0);
    expect(r.out).toMatch(/^ {2}bot:$/m);
    expect(r.out).not.toMatch(/postgres|gateway-bot|worker/);
    expect(r.out).toContain('DATABASE_PATH: /data/bot.sqlite');
  });

  it('the scaled set refuses to load without POSTGRES_PASSWORD, naming it', () => {
    const r = config(project(), ['compose.yaml', 'compose.scale.yaml']);
    expect(r.status).not.toBe(0);
    expect(r.err).toContain('set POSTGRES_PASSWORD in .env');
  });

  it('the scaled set with POSTGRES_PASSWORD: the password in DATABASE_URL, the single bot switched off', () => {
    const r = config(project({ POSTGRES_PASSWORD: 'k7q2xmPassw0rd' }), ['compose.yaml', 'compose.scale.yaml']);
    expect(r.status, r.err).toBe(0);
    for (const s of ['postgres', 'redis', 'gateway-bot', 'worker']) expect(r.out).toMatch(new RegExp(`^ {2}${s}:$`, 'm'));
    expect(r.out.match(/DATABASE_URL: postgres:\/\/mediabot:k7q2xmPassw0rd@postgres:5432\/mediabot/g)).toHaveLength(2);
    const bot = r.out.slice(r.out.search(/^ {2}bot:$/m)).split(/\n {2}\S/)[0]!;
    expect(bot).toMatch(/profiles:\s*\n?\s*- single-bot-off/);
  });
});
