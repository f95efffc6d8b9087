import { createHash, createHmac } from 'node:crypto';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { RateLimiter, clientAddress, rateLimited } from '../../src/web/rate-limit.js';
import { ReplayGuard, TELEGRAM_LOGIN_MAX_AGE_S, verifyTelegramLogin } from '../../src/web/telegram-login.js';
import { PreSessions, presignCsrf } from '../../src/web/pre-sessions.js';

const BOT_TOKEN = '123456:AAE-test-bot-token-for-widget';

/** Signs the widget's fields as Telegram does (HMAC-SHA256 keyed by SHA-256 of the bot token). */
function signed(fields: Record<string, string>, token = BOT_TOKEN): Record<string, string> {
  const check = Object.keys(fields).sort().map((k) => `${k}=${fields[k]}`).join('\n');
  const hash = createHmac('sha256', createHash('sha256').update(token).digest()).update(check).digest('hex');
  return { ...fields, hash };
}

describe('Telegram Login Widget verification', () => {
  const now = Date.UTC(2026, 10, 27, 12, 0, 0);
  const authDate = String(Math.floor(now / 1000) - 60);
  const fields = { id: '4242', first_name: 'Ada', last_name: 'L', username: 'Ada_L', auth_date: authDate };

  it('accepts a correctly signed, fresh payload and reads the person', () => {
    const r = verifyTelegramLogin(signed(fields), BOT_TOKEN, now);
    expect(r).toMatchObject({ ok: true, user: { id: '4242', username: 'ada_l', displayName: 'Ada L' } });
  });

  it('refuses a payload signed with another bot token, or with one field changed', () => {
    expect(verifyTelegramLogin(signed(fields, '999:other'), BOT_TOKEN, now)).toEqual({ ok: false, reason: 'bad_hash' });
    const tampered = { ...signed(fields), id: '4243' };
    expect(verifyTelegramLogin(tampered, BOT_TOKEN, now)).toEqual({ ok: false, reason: 'bad_hash' });
    // A field added after signing is signed over when it is one of the widget's fields.
    expect(verifyTelegramLogin({ ...signed(fields), photo_url: 'https://x/y.jpg' }, BOT_TOKEN, now)).toEqual({ ok: false, reason: 'bad_hash' });
  });

  it('refuses an auth_date older than a day (and one from the future), even when correctly signed', () => {
    const old = signed({ ...fields, auth_date: String(Math.floor(now / 1000) - TELEGRAM_LOGIN_MAX_AGE_S - 1) });
    expect(verifyTelegramLogin(old, BOT_TOKEN, now)).toEqual({ ok: false, reason: 'expired' });
    const future = signed({ ...fields, auth_date: String(Math.floor(now / 1000) + 3600) });
    expect(verifyTelegramLogin(future, BOT_TOKEN, now)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses missing or malformed fields without throwing', () => {
    expect(verifyTelegramLogin({}, BOT_TOKEN, now)).toEqual({ ok: false, reason: 'missing' });
    expect(verifyTelegramLogin({ ...signed(fields), hash: 'zz' }, BOT_TOKEN, now)).toEqual({ ok: false, reason: 'missing' });
    expect(verifyTelegramLogin({ ...signed(fields), id: '12a' }, BOT_TOKEN, now)).toEqual({ ok: false, reason: 'missing' });
  });

  it('a replay guard accepts a hash once while it could still be valid, and forgets it afterwards', () => {
    let t = 0;
    const g = new ReplayGuard(1000, () => t);
    expect(g.first('h1')).toBe(true);
    expect(g.first('h1')).toBe(false);
    expect(g.first('h2')).toBe(true);
    t = 1000;
    expect(g.first('h1')).toBe(true);
  });
});

describe('rate limiter', () => {
  it('allows `limit` hits per window per key, then refuses with the seconds until the window turns', () => {
    let t = 1_000_000;
    const l = new RateLimiter({ limit: 3, windowMs: 60_000 }, () => t);
    expect([l.hit('a'), l.hit('a'), l.hit('a')].every((d) => d.ok)).toBe(true);
    t += 15_000;
    expect(l.hit('a')).toEqual({ ok: false, retryAfterSeconds: 45 });
    expect(l.hit('b')).toEqual({ ok: true });
    t += 45_000;
    expect(l.hit('a')).toEqual({ ok: true });
  });

  it('as middleware: the 4th request gets the refusal with Retry-After; X-Forwarded-For counts only when trusted', async () => {
    const build = (trust: boolean) => {
      const app = new Hono();
      const l = new RateLimiter({ limit: 3, windowMs: 60_000 });
      app.use('*', rateLimited(l, (c) => clientAddress(c, trust), (c, s) => c.text(`wait ${s}`, 429)));
      app.get('/x', (c) => c.text('ok'));
      return app;
    };
    const trusted = build(true);
    for (let i = 0; i < 3; i++) expect((await trusted.request('/x', { headers: { 'x-forwarded-for': '10.0.0.1, 203.0.113.5' } })).status).toBe(200);
    const refused = await trusted.request('/x', { headers: { 'x-forwarded-for': '10.0.0.1, 203.0.113.5' } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client behind the same proxy is counted apart.
    expect((await trusted.request('/x', { headers: { 'x-forwarded-for': '198.51.100.7' } })).status).toBe(200);
    // Untrusted: the header is ignored, so changing it does not reset the count.
    const untrusted = build(false);
    for (let i = 0; i < 3; i++) expect((await untrusted.request('/x', { headers: { 'x-forwarded-for': `192.0.2.${i}` } })).status).toBe(200);
    expect((await untrusted.request('/x', { headers: { 'x-forwarded-for': '192.0.2.99' } })).status).toBe(429);
  });
});

describe('pre-sessions', () => {
  it('a state is taken once, only with its own pre-session, and pre-sessions expire after 10 minutes', () => {
    let t = 0;
    const p = new PreSessions(() => t);
    const a = p.open({ state: 'state-a' });
    const b = p.open({ state: 'state-b' });
    expect(p.takeState(b, 'state-a')).toBe(false);
    expect(p.takeState(a, 'state-a')).toBe(true);
    expect(p.takeState(a, 'state-a')).toBe(false);
    expect(presignCsrf(a)).not.toBe(presignCsrf(b));
    t = 10 * 60_000;
    expect(p.get(b)).toBeUndefined();
  });
});
