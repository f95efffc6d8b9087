import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';
import { generateEncryptionKey } from '../../src/store/crypto.js';
import { startFakeTelegram } from '../fakes/telegram/index.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/**
 * What an idle Telegram-only bot holds once it polls and has set its command menus (the process `npm start` runs,
 * `src/main.ts`, against the fake Bot API and the gateway simulator, web off as in bench/startup.bench.ts): only the
 * English message bundle — the menus read all six locales once and drop them — so the idle resident set (target
 * ≤ 100 MiB 8 s after start) cannot grow back by a start-up task that keeps every locale. grammY in the `require`
 * cache is the control that the report comes from the bot's process.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PRELOAD = fileURLToPath(new URL('../fixtures/idle/report-idle.mjs', import.meta.url));
let sim: SimulatorHandle;
let report: { installed: boolean; built: string[]; packages: string[] };
let getMeCalls = 0;

beforeAll(async () => {
  sim = await startSimulator();
  const fake = await startFakeTelegram();
  const dir = mkdtempSync(join(tmpdir(), 'idle-bot-'));
  const out = join(dir, 'report.json');
  try {
    const user = fake.user({ firstName: 'Idle' });
    fake.sendText({ chat: fake.privateChat(user), from: user, text: 'hello' });
    const env = {
      PATH: process.env.PATH,
      HOME: dir,
      TELEGRAM_BOT_TOKEN: fake.token,
      TELEGRAM_API_ROOT: fake.apiRoot,
      GATEWAY_BASE_URL: sim.baseUrl,
      GATEWAY_TOKEN: sim.tokens.media,
      BOT_ENCRYPTION_KEY: generateEncryptionKey(),
      DATABASE_PATH: join(dir, 'bot.sqlite'),
      OUTPUT_DIR: join(dir, 'outputs'),
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      WEB_PORT: '0',
      REPORT_IDLE_OUT: out,
    };
    const tsx = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
    const child = spawn(process.execPath, ['--import', tsx, '--import', PRELOAD, join(ROOT, 'src/main.ts')], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stdout.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr.on('data', (d: Buffer) => (log += d.toString()));
    const exited = new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
    try {
      const failed = exited.then((c) => Promise.reject(new Error(`bot exited ${c}: ${log.slice(-1500)}`)));
      await Promise.race([fake.waitFor((c) => c.method === 'getUpdates', 60_000), failed]);
      // The menus are set while receiving starts: wait for the last one (a menu per audience and shipped language).
      const menus = () => fake.calls.filter((c) => c.method === 'setMyCommands').length;
      for (let seen = -1; seen !== menus(); ) {
        seen = menus();
        await new Promise((r) => setTimeout(r, 1_000));
      }
      expect(menus()).toBeGreaterThan(3);
      getMeCalls = fake.calls.filter((c) => c.method === 'getMe').length;
      child.kill('SIGUSR2');
      for (const end = Date.now() + 10_000; !existsSync(out) && Date.now() < end; ) await new Promise((r) => setTimeout(r, 50));
      report = JSON.parse(readFileSync(out, 'utf8')) as typeof report;
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  } finally {
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

afterAll(async () => {
  await sim?.close();
});

describe('an idle Telegram-only bot', () => {
  it('reports from the bot process (control: grammY loaded, a catalogue installed)', () => {
    expect(report.packages).toContain('grammy');
    expect(report.installed).toBe(true);
  });

  it('keeps only the English message bundle built after setting its menus in every language', () => {
    expect(report.built).toEqual(['en']);
  });

  it('does not load prom-client when nothing serves /metrics (no HEALTH_PORT)', () => {
    expect(report.packages).not.toContain('prom-client');
  });

  it('asks Telegram who it is once: the adapter reuses the start-up check\'s getMe', () => {
    expect(getMeCalls).toBe(1);
  });
});
