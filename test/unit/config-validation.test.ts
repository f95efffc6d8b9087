import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadDotEnv } from '../../src/config.js';

const TG = '123456789:AAEhBP0av28nABCDEFghijkLMNOpqrstuvw';

function errorOf(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return e;
    throw e;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig defaults', () => {
  it('runs the playground with nothing configured', () => {
    const c = loadConfig({});
    expect(c.chartFontFiles).toEqual([]);
    expect(loadConfig({ CHART_FONT_FILES: ` ${import.meta.filename} ,` }).chartFontFiles).toEqual([import.meta.filename]);
    expect(c.gateway.baseUrl).toBeUndefined();
    expect(c.gateway.token).toBeUndefined();
    expect(c.gateway.editImageField).toBe('image');
    expect(c.gateway.messagesAuth).toBe('bearer');
    expect(c.gateway.concurrency).toBe(4);
    expect(c.gateway.timeoutMs).toBe(180_000);
    expect(c.databasePath).toBe('./data/bot.sqlite');
    expect(c.discord).toBeUndefined();
    expect(c.telegram).toBeUndefined();
    expect(c.ownerIds).toEqual([]);
    expect(c.log).toEqual({ level: 'info', format: 'auto' });
    // No invented defaults: unset means "the first priced model of that kind the paying token lists".
    expect(c.defaults).toEqual({ imageModel: undefined, videoModel: undefined, textModel: undefined, videoSeconds: 5 });
    expect(c.priceMarkup).toBe(1);
    expect(c.poller).toEqual({ intervalMs: 5_000, maxIntervalMs: 30_000, deadlineMs: 7_200_000, leaseMs: 60_000 });
    expect(c.demoBudget).toBe('5');
    expect(c.defaultAllowance).toEqual({ amount: '1', period: 'day' });
  });

  it('selects PostgreSQL with a postgres:// or postgresql:// DATABASE_URL and keeps SQLite when it is unset', () => {
    expect(loadConfig({}).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: ' ' }).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://bot:pw@db:5432/mediabot' }).databaseUrl).toBe('postgres://bot:pw@db:5432/mediabot');
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/mediabot' }).databaseUrl).toBe('postgresql://db/mediabot');
  });

  it('reads GATEWAY_DEADLINES as seconds per kind and per model id; refuses anything else naming the variable', () => {
    expect(loadConfig({}).gateway.deadlines).toEqual({ kinds: {}, models: {} });
    expect(loadConfig({ GATEWAY_DEADLINES: ' image=300, video=120 ,gpt-image-2=600' }).gateway.deadlines).toEqual({
      kinds: { image: 300_000, video: 120_000 },
      models: { 'gpt-image-2': 600_000 },
    });
    for (const bad of ['image=abc', 'image', 'image=0', 'gpt-image-2=3601', '=30']) {
      const e = errorOf({ GATEWAY_DEADLINES: bad });
      expect(e.variable, bad).toBe('GATEWAY_DEADLINES');
      expect(e.message).toContain('<kind or model>=<seconds>');
    }
  });

  it('treats empty strings as unset and trims a trailing slash off URLs', () => {
    const c = loadConfig({ GATEWAY_BASE_URL: 'https://gw.example.com/', GATEWAY_TOKEN: '', DISCORD_TOKEN: '  ', DATABASE_PATH: '' });
    expect(c.gateway.baseUrl).toBe('https://gw.example.com');
    expect(c.gateway.token).toBeUndefined();
    expect(c.discord).toBeUndefined();
    expect(c.databasePath).toBe('./data/bot.sqlite');
  });

  it('enables Telegram with its defaults and converts MB limits to bytes', () => {
    const c = loadConfig({ TELEGRAM_BOT_TOKEN: TG, TELEGRAM_UPLOAD_LIMIT_MB: '2000' });
    expect(c.telegram?.token).toBe(TG);
    expect(c.telegram?.apiRoot).toBe('https://api.telegram.org');
    expect(c.telegram?.uploadLimitBytes).toBe(2000 * 1024 * 1024);
    expect(c.telegram?.photoLimitBytes).toBe(10 * 1024 * 1024);
    expect(c.telegram?.fullQuality).toBe(false);
  });

  it('parses owner ids, booleans and enums', () => {
    const c = loadConfig({ OWNER_IDS: 'discord:123, telegram:456 789', TELEGRAM_FULL_QUALITY: 'yes', TELEGRAM_BOT_TOKEN: TG, LOG_LEVEL: 'debug', DEFAULT_PERIOD: 'week' });
    expect(c.ownerIds).toEqual(['discord:123', 'telegram:456', '789']);
    expect(c.telegram?.fullQuality).toBe(true);
    expect(c.log.level).toBe('debug');
    expect(c.defaultAllowance.period).toBe('week');
  });
});

describe('loadConfig errors name their variable', () => {
  const cases: [string, NodeJS.ProcessEnv, RegExp][] = [
    ['GATEWAY_BASE_URL', { GATEWAY_BASE_URL: 'gw.example.com' }, /http\(s\) URL/],
    ['TELEGRAM_API_ROOT', { TELEGRAM_API_ROOT: 'ftp://x' }, /http\(s\) URL/],
    ['GATEWAY_CONCURRENCY', { GATEWAY_CONCURRENCY: 'four' }, /whole number from 1 to 256/],
    ['GATEWAY_CONCURRENCY', { GATEWAY_CONCURRENCY: '0' }, /whole number/],
    ['POLL_INTERVAL_MS', { POLL_INTERVAL_MS: '1.5' }, /whole number/],
    ['POLL_LEASE_MS', { POLL_LEASE_MS: '10' }, /whole number from 1000/],
    ['DEFAULT_VIDEO_SECONDS', { DEFAULT_VIDEO_SECONDS: '99' }, /4 to 15/],
    ['GATEWAY_EDIT_IMAGE_FIELD', { GATEWAY_EDIT_IMAGE_FIELD: 'images' }, /one of image, image\[\]/],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }, /one of fatal, error/],
    ['DEFAULT_PERIOD', { DEFAULT_PERIOD: 'year' }, /one of day, week, month, total/],
    ['OWNER_IDS', { OWNER_IDS: 'slack:1' }, /comma-separated user ids/],
    ['OWNER_IDS', { OWNER_IDS: 'discord:12 3;4' }, /comma-separated user ids/],
    ['TELEGRAM_BOT_TOKEN', { TELEGRAM_BOT_TOKEN: 'not-a-token' }, /@BotFather/],
    ['TELEGRAM_BOT_TOKEN', { TELEGRAM_BOT_TOKEN: '123:short' }, /@BotFather/],
    ['TELEGRAM_FULL_QUALITY', { TELEGRAM_FULL_QUALITY: 'maybe' }, /true or false/],
    ['DISCORD_APPLICATION_ID', { DISCORD_APPLICATION_ID: 'abc' }, /application id/],
    ['PRICES_FILE', { PRICES_FILE: '/nonexistent/prices.json' }, /existing JSON price file/],
    ['CHART_FONT_FILES', { CHART_FONT_FILES: `${import.meta.filename}, /nonexistent/font.ttf` }, /existing font files .*"\/nonexistent\/font\.ttf" does not exist/],
    ['POLL_MAX_INTERVAL_MS', { POLL_INTERVAL_MS: '10000', POLL_MAX_INTERVAL_MS: '5000' }, /at least POLL_INTERVAL_MS/],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://bot:pw-secret@db/mediabot' }, /^(?!.*pw-secret).*a PostgreSQL URL such as postgres:\/\//],
  ];
  for (const [variable, env, expected] of cases) {
    it(`${variable}=${Object.values(env).join(',')}`, () => {
      const e = errorOf(env);
      expect(e.variable).toBe(variable);
      expect(e.message).toContain(variable);
      expect(e.message).toMatch(expected);
      expect(e.message).not.toContain('\n');
    });
  }

  it('never echoes a bad Telegram token in the message', () => {
    const secret = '123456:short-secret-value';
    const e = errorOf({ TELEGRAM_BOT_TOKEN: secret });
    expect(e.message).not.toContain(secret);
  });
});

describe('loadDotEnv', () => {
  it('loads a .env file without overriding variables already set', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cfg-'));
    const file = join(dir, '.env');
    const a = `MB_TEST_A_${process.pid}`;
    const b = `MB_TEST_B_${process.pid}`;
    writeFileSync(file, `${a}=from-file\n${b}=from-file\n`);
    process.env[b] = 'already';
    try {
      loadDotEnv(file);
      expect(process.env[a]).toBe('from-file');
      expect(process.env[b]).toBe('already');
    } finally {
      delete process.env[a];
      delete process.env[b];
    }
  });

  it('does nothing when the file is absent', () => {
    expect(() => loadDotEnv(join(tmpdir(), 'no-such-dir-xyz', '.env'))).not.toThrow();
  });
});
