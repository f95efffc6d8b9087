/**
 * Start-up explains itself: each misconfiguration an operator meets ends the real bot process (src/main.ts, or
 * dist/src/main.js with MEDIABOT_TEST_DIST=1) within 10 s with exit code 1 and one line on stderr that names what
 * failed, where and why (docs/troubleshooting.md lists each sentence and its fix).
 */
import { existsSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateEncryptionKey } from '../../src/store/crypto.js';
import { startFakeDiscord, type FakeDiscord } from '../fakes/discord/index.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import { spawnMain } from '../support/main-process.js';

// Spawns child processes (tsx start-ups take seconds each on a loaded machine): a wider bound than the default 30 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const KEY = generateEncryptionKey();
const TG_TOKEN = '123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

let tg: FakeTelegram;
let dc: FakeDiscord;
/** Accepts connections and never answers (a blackholed host). */
let silent: Server;
let silentUrl: string;
/** A loopback port nothing listens on. */
let closedPort: number;
const sockets = new Set<Socket>();

beforeAll(async () => {
  tg = await startFakeTelegram();
  dc = await startFakeDiscord();
  silent = createServer((s) => {
    sockets.add(s);
    s.on('error', () => undefined);
  });
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((r) => probe.close(r));
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((r) => silent.close(r));
  await tg.close();
  await dc.close();
});

/** Runs the bot with `env`; resolves with its stderr once it exited 1 within 10 s. */
async function failsWith(env: NodeJS.ProcessEnv): Promise<string> {
  const started = Date.now();
  const c = spawnMain({ LOG_LEVEL: 'silent', ...env });
  const timer = setTimeout(() => c.proc.kill('SIGKILL'), 10_000);
  const code = await c.exited;
  clearTimeout(timer);
  expect(Date.now() - started, `took too long; printed:\n${c.out()}${c.err()}`).toBeLessThan(10_000);
  expect(code, c.err()).toBe(1);
  const lines = c.err().trim().split('\n');
  expect(lines, c.err()).toHaveLength(1);
  return lines[0]!;
}

const bot = (extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({ BOT_ENCRYPTION_KEY: KEY, GATEWAY_BASE_URL: `http://127.0.0.1:${closedPort}`, ...extra });

describe('start-up errors name what failed', () => {
  it('Telegram refuses the token: "Telegram rejected the bot token (401)"', async () => {
    const line = await failsWith(bot({ TELEGRAM_BOT_TOKEN: TG_TOKEN, TELEGRAM_API_ROOT: tg.apiRoot }));
    expect(line).toMatch(/^Telegram rejected the bot token \(401[^)]*\) at 127\.0\.0\.1:\d+: check TELEGRAM_BOT_TOKEN/);
    expect(line).not.toContain(TG_TOKEN.split(':')[1]);
  });

  it('Telegram host unknown: "cannot reach <host>: ENOTFOUND"', async () => {
    const line = await failsWith(bot({ TELEGRAM_BOT_TOKEN: TG_TOKEN, TELEGRAM_API_ROOT: 'https://api.telegram.invalid' }));
    expect(line).toMatch(/^Telegram: cannot reach api\.telegram\.invalid: (ENOTFOUND|EAI_AGAIN)/);
  });

  it('Telegram host silent: a timeout after N s instead of silence', async () => {
    const line = await failsWith(bot({ TELEGRAM_BOT_TOKEN: TG_TOKEN, TELEGRAM_API_ROOT: silentUrl, STARTUP_TIMEOUT_MS: '1500' }));
    expect(line).toBe(`Telegram: no answer from ${new URL(silentUrl).host} within 1.5 s (STARTUP_TIMEOUT_MS); check the network, a firewall or proxy, and that the host is right.`);
  });

  it('Discord refuses the token: names the host and the 401', async () => {
    const line = await failsWith(bot({ DISCORD_TOKEN: 'not-the-fake-token', DISCORD_APPLICATION_ID: dc.applicationId, DISCORD_API_BASE: dc.apiBase }));
    expect(line).toBe(`Discord rejected the bot token (401) at ${new URL(dc.apiBase).host}: check DISCORD_TOKEN (Developer Portal → your application → Bot → Reset Token).`);
  });

  it('Discord host down: names the host and ECONNREFUSED', async () => {
    const line = await failsWith(bot({ DISCORD_TOKEN: dc.botToken, DISCORD_API_BASE: `http://127.0.0.1:${closedPort}/api` }));
    expect(line).toBe(`Discord: cannot reach 127.0.0.1:${closedPort}: ECONNREFUSED (check DISCORD_API_BASE, DNS and outbound HTTPS).`);
  });

  it('a platform token without GATEWAY_BASE_URL refuses to start unless USE_SIMULATOR=1', async () => {
    const line = await failsWith({ BOT_ENCRYPTION_KEY: KEY, TELEGRAM_BOT_TOKEN: tg.token, TELEGRAM_API_ROOT: tg.apiRoot });
    expect(line).toMatch(/^Configuration error: GATEWAY_BASE_URL must be set when a platform token is set .*USE_SIMULATOR=1/);
  });

  it('OUTPUT_DIR that cannot be created is named at once (it used to hang)', async () => {
    const bots = await failsWith(bot({ TELEGRAM_BOT_TOKEN: tg.token, TELEGRAM_API_ROOT: tg.apiRoot, OUTPUT_DIR: '/proc/x' }));
    expect(bots).toMatch(/^OUTPUT_DIR=\/proc\/x cannot be used: cannot create the directory \/proc\/x \(ENOENT/);
    const playground = await failsWith({ OUTPUT_DIR: '/proc/x' });
    expect(playground).toMatch(/^OUTPUT_DIR=\/proc\/x cannot be used/);
  });

  it('DATABASE_PATH in a directory that cannot be created is named at once', async () => {
    const line = await failsWith(bot({ TELEGRAM_BOT_TOKEN: tg.token, TELEGRAM_API_ROOT: tg.apiRoot, DATABASE_PATH: '/proc/x/bot.sqlite' }));
    expect(line).toMatch(/^DATABASE_PATH \(its directory\)=\/proc\/x cannot be used: cannot create the directory \/proc\/x/);
  });

  it('DATABASE_URL naming a PostgreSQL server that is not there: one line naming the server and ECONNREFUSED, no password', async () => {
    const line = await failsWith(bot({ TELEGRAM_BOT_TOKEN: tg.token, TELEGRAM_API_ROOT: tg.apiRoot, DATABASE_URL: `postgres://bot:hunter2secret@127.0.0.1:${closedPort}/mediabot` }));
    expect(line).toBe(`PostgreSQL at 127.0.0.1:${closedPort}/mediabot: cannot connect: ECONNREFUSED (check DATABASE_URL, that the server runs and accepts connections from this host).`);
    expect(line).not.toContain('hunter2secret');
  });

  it('the container image (MEDIABOT_CONTAINER=1) with an unfilled .env exits naming what is missing, never the playground', async () => {
    // An unfilled .env copied from .env.example: every line present and empty.
    const empty = { DISCORD_TOKEN: '', TELEGRAM_BOT_TOKEN: '', BOT_ENCRYPTION_KEY: '', GATEWAY_BASE_URL: '', GATEWAY_TOKEN: '', OUTPUT_DIR: '' };
    const c = spawnMain({ LOG_LEVEL: 'silent', MEDIABOT_CONTAINER: '1', NODE_ENV: 'production', ...empty });
    expect(await c.exited).toBe(1);
    expect(c.err().trim().split('\n')).toEqual([
      'Nothing to run in this container: set DISCORD_TOKEN or TELEGRAM_BOT_TOKEN, BOT_ENCRYPTION_KEY (npm run keygen), GATEWAY_BASE_URL in .env (see .env.example), then start it again; the terminal playground does not run in a container.',
    ]);
    expect(c.out()).toBe('');
    expect(existsSync(join(c.cwd, 'data')), 'the playground created ./data').toBe(false);
    expect(existsSync(join(c.cwd, 'output')), 'the playground created ./output').toBe(false);
    // Only what is still missing is named.
    const line = await failsWith({ MEDIABOT_CONTAINER: '1', BOT_ENCRYPTION_KEY: KEY, GATEWAY_BASE_URL: 'https://gateway.example.com' });
    expect(line).toBe('Nothing to run in this container: set DISCORD_TOKEN or TELEGRAM_BOT_TOKEN in .env (see .env.example), then start it again; the terminal playground does not run in a container.');
  });

  it('DATABASE_PATH naming a directory is named too', async () => {
    const line = await failsWith(bot({ TELEGRAM_BOT_TOKEN: tg.token, TELEGRAM_API_ROOT: tg.apiRoot, DATABASE_PATH: '/tmp' }));
    expect(line).toBe('DATABASE_PATH=/tmp cannot be used: it is not a regular file.');
  });
});
