/**
 * /healthz, /readyz and /metrics of a real bot process (Telegram against the fake Bot API, gateway simulator),
 * scraped over HTTP on 127.0.0.1 (HEALTH_PORT=0: the listener's URL comes from the start-up log line). Each
 * readiness failure is turned on for real and seen, then turned off: another connection holding the database's
 * write lock, the gateway answering 503 on /v1/models, and the Telegram Bot API going away.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../src/simulator/index.js';
import { generateEncryptionKey } from '../../src/store/crypto.js';
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram/index.js';
import { spawnMain, type MainProcess } from '../support/main-process.js';

// Spawns child processes (tsx start-ups take seconds each on a loaded machine): a wider bound than the default 30 s.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

interface Ready {
  status: string;
  checks: Record<string, { ok: boolean; detail: string }>;
}

let sim: SimulatorHandle;
let fake: FakeTelegram;
let dir: string;
let bot: MainProcess;
let health: string;

async function get(path: string): Promise<{ status: number; text: string; type: string | null }> {
  const r = await fetch(`${health}${path}`);
  return { status: r.status, text: await r.text(), type: r.headers.get('content-type') };
}

async function readyz(): Promise<{ status: number; body: Ready }> {
  const r = await get('/readyz');
  return { status: r.status, body: JSON.parse(r.text) as Ready };
}

/** Polls /readyz until `want(answer)` holds (readiness follows the world within a second or two). */
async function readyzUntil(what: string, want: (r: { status: number; body: Ready }) => boolean, timeoutMs = 10_000): Promise<{ status: number; body: Ready }> {
  const end = Date.now() + timeoutMs;
  let last: { status: number; body: Ready } | undefined;
  while (Date.now() < end) {
    last = await readyz();
    if (want(last)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`readyz never showed ${what}; last: ${JSON.stringify(last)}`);
}

beforeAll(async () => {
  sim = await startSimulator();
  fake = await startFakeTelegram();
  dir = mkdtempSync(join(tmpdir(), 'health-'));
  bot = spawnMain(
    {
      TELEGRAM_BOT_TOKEN: fake.token,
      TELEGRAM_API_ROOT: fake.apiRoot,
      GATEWAY_BASE_URL: sim.baseUrl,
      GATEWAY_TOKEN: sim.tokens.media,
      BOT_ENCRYPTION_KEY: generateEncryptionKey(),
      DATABASE_PATH: join(dir, 'bot.sqlite'),
      HEALTH_PORT: '0',
      DEFAULT_ALLOWANCE: '5',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
    },
    dir,
  );
  await bot.waitFor('"mediabot started"');
  const line = bot.out().split('\n').find((l) => l.includes('"mediabot started"'))!;
  const started = JSON.parse(line) as { health: string; operatorDailyCap: string; operatorTokenAccess: string };
  health = started.health;
  expect(health).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  // Who may spend the operator's token is printed at every start (the defaults here).
  expect(started.operatorDailyCap).toBe('$5 per UTC day across every community (OPERATOR_DAILY_CAP)');
  expect(started.operatorTokenAccess).toBe('open to every community (OPERATOR_TOKEN_ACCESS)');
});

afterAll(async () => {
  if (bot.proc.exitCode === null) {
    bot.proc.kill('SIGKILL');
    await bot.exited;
  }
  await fake.close();
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('health listener of a running bot', () => {
  it('/healthz answers ok; /readyz lists database, gateway and telegram, all ok', async () => {
    const live = await get('/healthz');
    expect(live.status).toBe(200);
    expect(live.text).toBe('ok\n');
    const r = await readyzUntil('ready', (x) => x.status === 200);
    expect(r.body.status).toBe('ready');
    expect(Object.keys(r.body.checks).sort()).toEqual(['database', 'gateway', 'telegram']);
    expect(Object.values(r.body.checks).every((c) => c.ok)).toBe(true);
    expect((await get('/nope')).status).toBe(404);
  });

  it('/metrics shows the money counters at zero before the first job (Prometheus convention)', async () => {
    const t = (await get('/metrics')).text;
    for (const movement of ['held', 'charged', 'released', 'refunded']) expect(t).toContain(`mediabot_money_micros_total{movement="${movement}"} 0\n`);
  });

  it('/metrics has jobs, gateway latency, money, poller lag and event-loop delay after an /imagine', async () => {
    const user = fake.user({ firstName: 'Metrics' });
    const chat = fake.privateChat(user);
    fake.sendText({ chat, from: user, text: '/imagine a lighthouse' });
    await fake.waitFor((c) => c.method === 'sendPhoto' && c.ok, 15_000);
    const m = await get('/metrics');
    expect(m.status).toBe(200);
    expect(m.type).toMatch(/^text\/plain/);
    const t = m.text;
    const value = (series: string) => {
      const line = t.split('\n').find((l) => l.startsWith(`${series} `));
      return line === undefined ? undefined : Number(line.slice(series.length + 1));
    };
    await expect.poll(async () => (await get('/metrics')).text).toMatch(/mediabot_jobs_finished_total\{kind="imagine",status="(succeeded|delivered)"\} 1/);
    expect(value('mediabot_gateway_request_duration_seconds_count{endpoint="images.generations",outcome="ok"}')).toBe(1);
    expect(value('mediabot_money_micros_total{movement="held"}')).toBe(10_000);
    expect(value('mediabot_money_micros_total{movement="charged"}')).toBe(10_000);
    expect(t).toContain('# TYPE mediabot_gateway_errors_total counter');
    expect(t).toContain('# TYPE mediabot_deliveries_total counter');
    expect(t).toContain('# TYPE mediabot_delivery_retries_total counter');
    expect(t).toContain('# TYPE mediabot_poller_lag_seconds histogram');
    expect(t).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(t).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(t).not.toContain(fake.token);
    expect(t).not.toContain(sim.tokens.media);
  });

  it('database: another connection holding the write lock makes it not ready, and ready again once released', async () => {
    const other = new Database(join(dir, 'bot.sqlite'));
    other.exec('BEGIN EXCLUSIVE');
    try {
      const r = await readyzUntil('database failing', (x) => x.body.checks.database?.ok === false);
      expect(r.status).toBe(503);
      expect(r.body.status).toBe('not ready');
      expect(r.body.checks.database!.detail).toMatch(/locked/);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    await readyzUntil('database ok again', (x) => x.status === 200);
  });

  it('gateway: /v1/models answering 503 makes it not ready, and ready again once it answers', async () => {
    sim.addFault({ kind: 'unavailable', endpoint: 'models' });
    try {
      const r = await readyzUntil('gateway failing', (x) => x.body.checks.gateway?.ok === false);
      expect(r.status).toBe(503);
      expect(r.body.checks.gateway!.detail).toBe('gateway answered 503');
      expect(r.body.checks.database!.ok).toBe(true);
    } finally {
      sim.clearFaults();
    }
    await readyzUntil('gateway ok again', (x) => x.status === 200);
  });

  it('telegram: the Bot API going away makes it not ready; SIGTERM then exits 0', async () => {
    await fake.close();
    const r = await readyzUntil('telegram failing', (x) => x.body.checks.telegram?.ok === false, 15_000);
    expect(r.status).toBe(503);
    expect(r.body.checks.telegram!.detail).toMatch(/^disconnected: getUpdates failed/);
    expect(JSON.stringify(r.body)).not.toContain(fake.token.split(':')[1]);
    expect((await get('/healthz')).status).toBe(200); // alive, just not ready
    bot.proc.kill('SIGTERM');
    expect(await bot.exited).toBe(0);
    expect(bot.out()).toContain('"mediabot stopped"');
  });
});
