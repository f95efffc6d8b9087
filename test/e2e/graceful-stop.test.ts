/**
 * SIGTERM during a running video: a real bot process (Telegram, gateway simulator behind a hold-proxy) is stopped
 * while it downloads a finished video (the download is frozen mid-stream, so the work cannot finish in time). It
 * must exit 0 within SHUTDOWN_GRACE_MS (+ process overhead), leave the job in place with its lease handed back
 * (no owner, due now, no attempt counted), and the next process (default 60 s lease) must deliver it at once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';
import { generateEncryptionKey } from '../../src/store/crypto.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import { DbProbe, until } from '../reliability/support/db-probe.js';
import { startHoldProxy, type HoldProxy } from '../reliability/support/hold-proxy.js';
import { spawnMain } from '../support/main-process.js';

// Spawns child processes (tsx start-ups take seconds each on a loaded machine): a wider bound than the default 30 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const GRACE_MS = 1_500;
let sim: SimulatorHandle;
let fake: FakeTelegram;
let proxy: HoldProxy;
let dir: string;
let probe: DbProbe | undefined;

beforeAll(async () => {
  sim = await startSimulator({ video: { queuedMs: 100, runMs: 400, progressSteps: 2 }, videoPaddingBytes: 512 * 1024 });
  fake = await startFakeTelegram();
  proxy = await startHoldProxy(sim.baseUrl);
  dir = mkdtempSync(join(tmpdir(), 'graceful-'));
});

afterAll(async () => {
  probe?.close();
  await proxy.close();
  await fake.close();
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

const env = (): NodeJS.ProcessEnv => ({
  TELEGRAM_BOT_TOKEN: fake.token,
  TELEGRAM_API_ROOT: fake.apiRoot,
  GATEWAY_BASE_URL: proxy.url,
  GATEWAY_TOKEN: sim.tokens.media,
  BOT_ENCRYPTION_KEY: KEY,
  DATABASE_PATH: join(dir, 'bot.sqlite'),
  OUTPUT_DIR: join(dir, 'outputs'),
  POLL_INTERVAL_MS: '100',
  POLL_MAX_INTERVAL_MS: '200',
  SHUTDOWN_GRACE_MS: String(GRACE_MS),
  DEFAULT_ALLOWANCE: '5',
  DEFAULT_VIDEO_SECONDS: '4',
  LOG_FORMAT: 'json',
  LOG_LEVEL: 'info',
});
const KEY = generateEncryptionKey();

describe('graceful stop', () => {
  it('SIGTERM mid-download exits 0 within the grace time; the next process delivers at once, without a lease wait', async () => {
    const first = spawnMain(env(), dir);
    await first.waitFor('"mediabot started"');
    const hold = proxy.hold((m, p) => m === 'GET' && /^\/v1\/videos\/[^/]+\/content$/.test(p), 'body', { afterBytes: 64 * 1024 });
    const user = fake.user({ firstName: 'Stopper' });
    const chat = fake.privateChat(user);
    fake.sendText({ chat, from: user, text: '/video a slow wave --seconds 4' });
    await hold.hit;
    probe = new DbProbe(join(dir, 'bot.sqlite'));
    const leased = await until('a leased downloading job', () => probe!.jobsOfChat(chat.id).find((j) => j.status === 'downloading' && j.lease_owner !== null));
    expect(leased.lease_expires_at! - Date.now()).toBeGreaterThan(30_000); // the default 60 s lease

    const stopAt = Date.now();
    first.proc.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const stopMs = Date.now() - stopAt;
    expect(stopMs).toBeLessThan(GRACE_MS + 2_500);
    expect(first.out()).toContain('handing it back');
    expect(first.out()).toContain('"mediabot stopped"');

    const after = probe.jobsOfChat(chat.id)[0]!;
    expect(after.status).toBe('downloading');
    expect(after.lease_owner).toBeNull();
    expect(after.next_poll_at!).toBeLessThanOrEqual(Date.now());
    expect(after.attempts).toBe(leased.attempts);
    expect(fake.sent(chat.id).some((m) => m.method === 'sendVideo')).toBe(false);

    const second = spawnMain(env(), dir);
    try {
      await second.waitFor('"mediabot started"');
      const startAt = Date.now();
      const done = await until('the video delivered by the next process', () => probe!.jobsOfChat(chat.id).find((j) => j.status === 'delivered'), 20_000);
      const resumeMs = Date.now() - startAt;
      expect(resumeMs).toBeLessThan(20_000); // from its start: far below the 60 s lease it would otherwise wait out
      expect(done.charged_micros).toBe(4 * 50_000);
      expect(fake.sent(chat.id).filter((m) => m.method === 'sendVideo')).toHaveLength(1);
      expect(probe.openHolds()).toBe(0);
      process.stderr.write(`graceful stop: exited in ${stopMs} ms (grace ${GRACE_MS}); next process delivered ${resumeMs} ms after its start\n`);
    } finally {
      second.proc.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  });
});
